import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { tenantSettingsApi, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { SectionScreen, Toggle } from './parts';

/** Seed 002 §5: an http(s) address containing a dot. */
export const isTeleportUrl = (url: string) => /^https?:\/\/\S+\.\S+$/i.test(url);

type TeleportForm = { enable: boolean; destination: string };

function TeleportForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<TeleportForm>();
  const { busy, save } = useSectionSave(form, 'teleport', m.teleport.saved);
  const enable = Form.useWatch('enable', form) ?? record.teleport?.enable ?? false;
  const initial = { enable: record.teleport?.enable ?? false, destination: record.teleport?.destination ?? '' };
  const onFinish = () => {
    const { enable: on, destination } = form.getFieldsValue(true) as TeleportForm;
    void save((version) => tenantSettingsApi.saveSettings(tenant, { teleport: { enable: on, destination: (destination ?? '').trim() } }, version));
  };
  return (
    <Form<TeleportForm> form={form} layout="vertical" name="teleport" initialValues={initial} requiredMark={false} disabled={busy} noValidate onFinish={onFinish} className="ts-form">
      <p className="ts-hint">While Teleport is on, your public page sends every visitor to the URL below.</p>
      <Toggle name="enable" label="Enable" />
      {/* Seed 002 §2: the URL only when enabled. */}
      {enable && (
        <Form.Item
          label="URL"
          name="destination"
          rules={[
            { required: true, whitespace: true, message: m.teleport.urlRequired },
            { validator: (_r, value?: string) => (!value?.trim() || isTeleportUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(m.teleport.urlInvalid))) },
          ]}
        >
          <Input type="url" placeholder="https://example.com" autoComplete="url" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16, alignSelf: 'flex-start' }}>
        Save Teleport
      </Button>
    </Form>
  );
}

/** Seed 002 §2, §5: Enable and the URL; 'Options Updated'. */
export function Teleport() {
  return <SectionScreen id="teleport" title={m.teleport.title}>{(record) => <TeleportForm record={record} />}</SectionScreen>;
}

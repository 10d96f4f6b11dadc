import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useNavigate } from 'react-router';
import { refreshMeWhen } from '../../auth';
import { tenantSettingsApi } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { usePageTitle } from '../../title';
import { SectionScreen } from './parts';

const nouns = { merchants: 'merchant', venues: 'venue', apps: 'app' } as const;

function DeleteForm() {
  const { tenant } = useSettings();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ confirmation: string }>();
  const { busy, save } = useSectionSave(form, '', `The ${nouns[tenant.collection]} was deleted`);
  const onFinish = () =>
    void save(
      () => tenantSettingsApi.deleteTenant(tenant),
      () => {
        // Seed 001 §4: then to /account/{collection}, once the account's list no longer holds it.
        void refreshMeWhen((me) => !me[tenant.collection].some((card) => card.id === tenant.id)).then(() => navigate(`/account/${tenant.collection}`, { replace: true }));
      },
    );
  return (
    <section className="ts-card" aria-labelledby="delete-card-title">
      <h2 className="ts-card-title" id="delete-card-title">Delete this {nouns[tenant.collection]}</h2>
      <p className="ts-hint">
        It disappears from every list and its public page goes. Orders stay for your records. Its handle is free for others after 30 days.
      </p>
      <Form form={form} layout="vertical" name="delete-tenant" requiredMark={false} disabled={busy} noValidate onFinish={onFinish}>
        <Form.Item
          label={`Type ${m.delete.confirmWord} to confirm`}
          name="confirmation"
          rules={[{ validator: (_r, value?: string) => (value === m.delete.confirmWord ? Promise.resolve() : Promise.reject(new Error(m.delete.typeDelete))) }]}
          validateTrigger="onBlur"
        >
          <Input autoComplete="off" placeholder={m.delete.confirmWord} />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" loading={busy}>
          Delete {nouns[tenant.collection]}
        </Button>
      </Form>
    </section>
  );
}

/** Seed 001 §4, §5: typing DELETE, then the tenant goes and the user lands on /account/{collection}. */
export function DeleteTenant() {
  return <SectionScreen id="delete" title={m.delete.title}>{() => <DeleteForm />}</SectionScreen>;
}

/** Seed 001 §2: a local toggle that shows the JSON of the objects on screen. */
export function Debug() {
  usePageTitle(m.debug.title);
  const { debug, setDebug } = useSettings();
  return (
    <section aria-labelledby="debug-title">
      <div className="ts-head">
        <h1 id="debug-title">{m.debug.title}</h1>
      </div>
      <div className="ts-toggle">
        <label htmlFor="debug-toggle">{m.debug.toggle}</label>
        <Switch id="debug-toggle" checked={debug} onChange={setDebug} />
      </div>
      <p className="ts-hint">Kept in this browser only.</p>
    </section>
  );
}

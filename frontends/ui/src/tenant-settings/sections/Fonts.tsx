import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { tenantSettingsApi, type Font, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { useLoad } from '../useLoad';
import { SectionScreen } from './parts';

type FontsForm = { headlines: string; base: string };

function FontOption({ font, locked }: { font: Font; locked: boolean }) {
  return (
    <span style={{ fontFamily: `"${font.family}", system-ui` }}>
      {font.family}
      {font.pro && <span className="ts-pro" title={locked ? 'Needs the pro plan' : undefined}>{m.fonts.pro}</span>}
    </span>
  );
}

function FontsForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<FontsForm>();
  const { busy, save } = useSectionSave(form, 'fonts', m.fonts.saved, m.fonts.failed);
  const fonts = useLoad((signal) => tenantSettingsApi.listFonts(signal), []);
  // Seed 002 §5, §6: without the pro plan only the free fonts are selectable; the rest are dimmed with a PRO badge.
  const locked = record.plan !== 'pro';
  const options = (fonts.data ?? []).map((font) => ({
    value: font.family,
    label: <FontOption font={font} locked={locked && font.pro} />,
    title: font.family,
    disabled: locked && font.pro,
  }));
  const initial = { headlines: record.fonts?.headlines ?? '', base: record.fonts?.base ?? '' };
  return (
    <Form<FontsForm> form={form} layout="vertical" name="fonts" initialValues={initial} requiredMark={false} disabled={busy} noValidate className="ts-form"
      onFinish={(values) => void save((version) => tenantSettingsApi.saveSettings(tenant, { fonts: values }, version))}>
      {locked && <p className="ts-hint">Fonts marked {m.fonts.pro} need the pro plan.</p>}
      {(['headlines', 'base'] as const).map((key) => (
        <Form.Item key={key} label={key === 'headlines' ? 'Headlines' : 'Base'} name={key} rules={[{ required: true, message: m.required }]}>
          <Select showSearch options={options} loading={fonts.loading} placeholder="Choose a font" optionFilterProp="title" aria-label={key === 'headlines' ? 'Headlines' : 'Base'} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Fonts
      </Button>
    </Form>
  );
}

/** Seed 001 §5, seed 002 §5, §6, §9: headlines and base, free fonts only without the pro plan. */
export function Fonts() {
  return <SectionScreen id="fonts" title={m.fonts.title}>{(record) => <FontsForm record={record} />}</SectionScreen>;
}

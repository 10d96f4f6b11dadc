import { useState, type ChangeEvent } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { errorMessage } from '../shared';
import { useAlerts } from '../../alerts-antd';
import { tenantSettingsApi, type MerchantLink, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { SectionScreen, Toggle } from './parts';
import { ReorderRow } from './Reorder';

/** Seed 001 §3, §9: a new link's defaults. */
const newLink = (): MerchantLink => ({ title: '', url: '', type: 'DEFAULT', icon: null, visible: true, target: '_blank' });

/** The link's icon: its picture and an upload (POST /v1/{collection}/{id}/uploads answers the URL). */
function IconField({ id, value, onChange, label }: { id?: string; value?: string | null; onChange?: (url: string | null) => void; label: string }) {
  const { tenant } = useSettings();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      onChange?.(await tenantSettingsApi.uploadImage(tenant, file));
      alerts.success('Image uploaded');
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="ts-swatch">
      {value ? <img src={value} alt="" width={32} height={32} style={{ objectFit: 'contain' }} /> : null}
      <label className="ts-upload" style={{ height: 32 }}>
        <input id={id} type="file" accept="image/png,image/jpeg" className="ts-sr" disabled={busy} aria-label={label} onChange={(e) => void upload(e)} />
        {busy ? 'Uploading…' : value ? 'Change icon' : 'Upload icon'}
      </label>
      {value ? (
        <Button size="small" onClick={() => onChange?.(null)}>
          Remove icon
        </Button>
      ) : null}
    </span>
  );
}

function LinksForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ links: MerchantLink[] }>();
  const { busy, save } = useSectionSave(form, '', m.links.saved);
  const onFinish = () => void save((version) => tenantSettingsApi.saveSettings(tenant, { links: (form.getFieldsValue(true) as { links?: MerchantLink[] }).links ?? [] }, version));
  return (
    <Form form={form} layout="vertical" name="links" initialValues={{ links: record.links ?? [] }} requiredMark={false} disabled={busy} noValidate className="ts-form" onFinish={onFinish}>
      <p className="ts-hint">Visible links show on your ordering page, in this order.</p>
      <Form.List name="links">
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 ? (
              <p className="ts-empty">{m.links.empty}</p>
            ) : (
              <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Links">
                {fields.map((field, index) => (
                  <ReorderRow key={field.key} index={index} count={fields.length} label={`link ${index + 1}`} move={move} remove={remove}>
                    <Form.Item label="Title" name={[field.name, 'title']} rules={[{ required: true, whitespace: true, message: m.required }]}>
                      <Input aria-label={`Link ${index + 1} title`} />
                    </Form.Item>
                    <Form.Item label="URL" name={[field.name, 'url']} rules={[{ required: true, whitespace: true, message: m.required }]}>
                      <Input type="url" aria-label={`Link ${index + 1} URL`} />
                    </Form.Item>
                    <Form.Item label="Type" name={[field.name, 'type']}>
                      <Input aria-label={`Link ${index + 1} type`} />
                    </Form.Item>
                    <Form.Item label="Opens in" name={[field.name, 'target']}>
                      <select className="ts-select" aria-label={`Link ${index + 1} opens in`}>
                        <option value="_blank">A new tab</option>
                        <option value="_self">The same tab</option>
                      </select>
                    </Form.Item>
                    <Form.Item label="Icon" name={[field.name, 'icon']}>
                      <IconField label={`Link ${index + 1} icon`} />
                    </Form.Item>
                    <Toggle name={[field.name, 'visible']} label="Visible" />
                  </ReorderRow>
                ))}
              </ol>
            )}
            <Button onClick={() => add(newLink())} style={{ alignSelf: 'flex-start' }}>
              Add link
            </Button>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16, alignSelf: 'flex-start' }}>
        Save Links
      </Button>
    </Form>
  );
}

/** Seed 001 §2, §3: links {title, url, type, icon, visible, target}, reorderable; 'Links saved'. */
export function Links() {
  return <SectionScreen id="links" title={m.links.title}>{(record) => <LinksForm record={record} />}</SectionScreen>;
}

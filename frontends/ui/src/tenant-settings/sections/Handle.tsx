import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { tenantSettingsApi, type DomainState, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { publicLinkOf } from '../SettingsLayout';
import { useLoad } from '../useLoad';
import { SectionScreen } from './parts';

/** Seed 001 §5: lowercase, a space becomes a hyphen, other characters go, a double hyphen collapses. */
export const normalizeHandle = (input: string) =>
  input.toLowerCase().replace(/\s/g, '-').replace(/[^a-z0-9-]/g, '').replace(/-{2,}/g, '-');

function HandleCard({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ handle: string }>();
  const [message, setMessage] = useState('Handle updated');
  const { busy, save } = useSectionSave(form, '', message);
  const onFinish = ({ handle }: { handle: string }) =>
    void save(async (version) => {
      const answer = await tenantSettingsApi.changeHandle(tenant, handle, version);
      setMessage(answer.message);
      return answer;
    });
  return (
    <section className="ts-card" aria-labelledby="handle-card-title">
      <h2 className="ts-card-title" id="handle-card-title">Handle</h2>
      <p className="ts-hint">Your ordering page lives at {publicLinkOf(tenant.collection, record.handle) ?? `/${record.handle}`}. After a change the old address sends visitors to the new one for 30 days.</p>
      <Form form={form} layout="vertical" name="handle" initialValues={{ handle: record.handle ?? '' }} requiredMark={false} disabled={busy} noValidate onFinish={onFinish}>
        <Form.Item label="Handle" name="handle" normalize={(value: string) => normalizeHandle(value ?? '')} rules={[{ required: true, message: m.required }]}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save Handle
        </Button>
      </Form>
    </section>
  );
}

function DomainCard() {
  const { tenant } = useSettings();
  const [form] = Form.useForm<{ domain: string }>();
  const loaded = useLoad((signal) => tenantSettingsApi.getDomain(tenant, signal), [tenant.collection, tenant.id]);
  const [state, setState] = useState<DomainState | undefined>();
  const [message, setMessage] = useState('');
  const current = state ?? loaded.data;
  const { busy, save } = useSectionSave(form, '', message || 'Saved');
  const call = (action: (version: number | undefined) => Promise<DomainState & { message: string }>) =>
    void save(async (version) => {
      const answer = await action(version);
      setMessage(answer.message);
      setState(answer);
      return answer;
    });
  return (
    <section className="ts-card" aria-labelledby="domain-card-title" aria-busy={loaded.loading}>
      <h2 className="ts-card-title" id="domain-card-title">{m.domain.title}</h2>
      <p className="ts-hint">Serve your ordering page at your own domain. Add it, create the DNS records shown, then verify.</p>
      {current && (
        <Form form={form} layout="vertical" name="domain" initialValues={{ domain: current.domain }} requiredMark={false} disabled={busy} noValidate
          onFinish={({ domain }) => call((version) => tenantSettingsApi.setDomain(tenant, domain.trim(), version))}>
          <Form.Item label="Domain" name="domain" rules={[{ required: true, whitespace: true, message: m.required }]}>
            <Input placeholder="order.example.com" autoComplete="off" spellCheck={false} />
          </Form.Item>
          <div className="ts-row-actions">
            <Button type="primary" htmlType="submit" loading={busy}>
              Save Domain
            </Button>
            {current.domain && (
              <>
                <Button onClick={() => call(() => tenantSettingsApi.verifyDomain(tenant))}>Verify</Button>
                <Button danger onClick={() => call(async () => {
                  const answer = await tenantSettingsApi.removeDomain(tenant);
                  form.setFieldsValue({ domain: '' });
                  return answer;
                })}>
                  Remove Domain
                </Button>
              </>
            )}
          </div>
        </Form>
      )}
      {current?.domain && (
        <>
          <p data-testid="domain-status" style={{ marginTop: 12 }}>
            {current.domain}: {current.verified ? 'Verified' : 'Waiting for DNS records'}
          </p>
          {current.verification.length > 0 && !current.verified && (
            <table className="ts-records" aria-label="DNS records to create">
              <thead>
                <tr>
                  <th>Type</th>
                  <th>Name</th>
                  <th>Value</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {current.verification.map((record) => (
                  <tr key={`${record.type}-${record.domain}`}>
                    <td>{record.type}</td>
                    <td>{record.domain}</td>
                    <td>
                      <code>{record.value}</code>
                    </td>
                    <td>{record.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

/** Seed 002 §2 'Domain & Handle': the handle (normalised as typed) and a custom domain with its DNS records. */
export function DomainAndHandle() {
  return (
    <SectionScreen id="handle" title={m.handle.title}>
      {(record) => (
        <div className="ts-cards">
          <HandleCard record={record} />
          <DomainCard />
        </div>
      )}
    </SectionScreen>
  );
}

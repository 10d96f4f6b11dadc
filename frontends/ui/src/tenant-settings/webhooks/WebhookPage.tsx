import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { Link, useNavigate } from 'react-router';
import { useAlerts } from '../../alerts-antd';
import { RequireTenantRole } from '../../auth';
import { ModeMismatch, useTestMode } from '../../mode';
import { settingsPath, type Tenant } from '../api';
import { ModeBadge } from '../ApiKeys';
import { ConfirmDialog } from '../ConfirmDialog';
import { SecretDialog, type SecretWords } from '../SecretDialog';
import { errorMessage } from '../shared';
import { useLoad } from '../useLoad';
import { usePageTitle } from '../../title';
import { webhooksApi, type Webhook, type WebhookEventType, type WebhookInput } from './api';
import { webhookMessages as m } from './messages';
import '../styles';
import './styles';

/** The signing secret, shown the once the server answers it (after create, after a rotation). */
const SECRET_WORDS: SecretWords = { title: 'Your signing secret', once: m.secretOnce, copied: m.secretCopied, label: 'Signing secret', noun: 'secret', testId: 'webhook-secret' };

/** The catalogue as checkboxes (seed 002 §2: events picked from the catalogue). */
function EventPicker({ catalogue, value = [], onChange }: { catalogue: WebhookEventType[]; value?: string[]; onChange?: (v: string[]) => void }) {
  const toggle = (event: string, on: boolean) => onChange?.(on ? [...value, event] : value.filter((e) => e !== event));
  return (
    <fieldset className="wh-events" aria-label="Events">
      {catalogue.map((e) => (
        <label key={e.value}>
          <input type="checkbox" checked={value.includes(e.value)} onChange={(ev) => toggle(e.value, ev.target.checked)} />
          <span>
            {e.name} <code>{e.value}</code>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Head({ tenant, title, testMode, webhookId }: { tenant: Tenant; title: string; testMode: boolean; webhookId?: string }) {
  usePageTitle(title);
  return (
    <>
      <p style={{ margin: '0 0 8px' }}>
        <Link to={settingsPath(tenant, 'webhooks')}>← {m.title}</Link>
      </p>
      <div className="ts-head">
        <h1 id="webhook-title">{title}</h1>
        <ModeBadge testMode={testMode} />
        {webhookId && <Link to={settingsPath(tenant, `webhooks/${encodeURIComponent(webhookId)}/logs`)}>Logs</Link>}
      </div>
    </>
  );
}

/** `onSaved`: the webhook was updated (read it again: the server may have changed more than was sent, as turning it on clears its disabledReason). */
function WebhookForm({ tenant, webhook, catalogue, onSaved }: { tenant: Tenant; webhook?: Webhook; catalogue: WebhookEventType[]; onSaved?(): void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const currentMode = useTestMode((s) => s.testMode);
  const testMode = webhook?.testMode ?? currentMode;
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);

  const onFinish = async (values: WebhookInput) => {
    setSaving(true);
    const input = { title: values.title.trim(), url: values.url.trim(), active: values.active, events: values.events ?? [] };
    try {
      if (webhook) {
        alerts.success((await webhooksApi.update(tenant, webhook.id, input)).message);
        onSaved?.();
      } else {
        const answer = await webhooksApi.create(tenant, input, testMode);
        alerts.success(answer.message);
        setCreated({ id: answer.id, secret: answer.secret });
      }
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!webhook) return;
    try {
      alerts.success((await webhooksApi.remove(tenant, webhook.id)).message);
      setConfirming(false);
      navigate(settingsPath(tenant, 'webhooks'), { replace: true });
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  const rotate = async () => {
    if (!webhook) return;
    try {
      const answer = await webhooksApi.rotateSecret(tenant, webhook.id);
      alerts.success(answer.message);
      setRotated(answer.secret);
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby="webhook-title">
      <Head tenant={tenant} title={webhook ? m.editTitle : m.newTitle} testMode={testMode} webhookId={webhook?.id} />
      <Alert
        type={testMode ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 24 }}
        title={testMode ? 'A sandbox webhook receives only test events.' : 'A production webhook receives only live events.'}
      />
      {webhook?.disabledReason && <Alert type="error" showIcon style={{ marginBottom: 24 }} title={`Turned off: ${webhook.disabledReason}`} />}
      <Form<WebhookInput>
        layout="vertical"
        name="webhook"
        initialValues={{ title: webhook?.title ?? '', url: webhook?.url ?? '', active: webhook?.active ?? true, events: webhook?.events ?? [] }}
        onFinish={(v) => void onFinish(v)}
        requiredMark={false}
        disabled={saving || created !== null}
      >
        <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Url" name="url" rules={[{ required: true, whitespace: true, message: m.urlRequired }]}>
          <Input autoComplete="off" inputMode="url" placeholder="https://" />
        </Form.Item>
        <Form.Item label="Active" name="active" valuePropName="checked">
          <Switch aria-label="Active" />
        </Form.Item>
        <Form.Item label="Events" name="events">
          <EventPicker catalogue={catalogue} />
        </Form.Item>
        {webhook?.bearerToken && (
          <Form.Item label="Bearer token">
            <div className="wh-token">
              <code className="ts-secret" data-testid="webhook-bearer-token">
                {webhook.bearerToken}
              </code>
            </div>
            <p className="ts-hint">Receivers get it in the Authorization header (Bearer). Verify the webhook-signature header with your signing secret too.</p>
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {webhook ? 'Save' : 'Create Webhook'}
          </Button>
          {webhook && <Button onClick={() => void rotate()}>Rotate secret</Button>}
          {webhook && (
            <Button danger onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog open={confirming} title="Delete Webhook" text={m.deleteConfirm} onCancel={() => setConfirming(false)} onConfirm={remove} />
      {/* Seed 002 §5: after creation the user goes to the new webhook's page (once the secret is saved). */}
      <SecretDialog
        secret={created?.secret ?? rotated}
        words={SECRET_WORDS}
        onClose={() => {
          if (created) navigate(settingsPath(tenant, `webhooks/${encodeURIComponent(created.id)}`), { replace: true });
          setRotated(null);
        }}
      />
    </section>
  );
}

function EditWebhook({ tenant, webhookId, catalogue }: { tenant: Tenant; webhookId: string; catalogue: WebhookEventType[] }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const webhook = useLoad((signal) => webhooksApi.get(tenant, webhookId, signal), [tenant.id, webhookId]);
  const testMode = useTestMode((s) => s.testMode);
  const listPath = settingsPath(tenant, 'webhooks');
  useEffect(() => {
    if (webhook.error === undefined) return;
    alerts.error(errorMessage(webhook.error));
    navigate(listPath, { replace: true });
  }, [webhook.error, listPath]);
  if (!webhook.data) return <p className="ts-empty">Loading…</p>;
  // Seed 001 §4: a webhook of the other mode asks to switch (or go back to the list) before it shows.
  if (webhook.data.testMode !== testMode) return <ModeMismatch entity="Webhook" listPath={listPath} />;
  return <WebhookForm tenant={tenant} webhook={webhook.data} catalogue={catalogue} onSaved={webhook.reload} />;
}

function WebhookScreen({ tenant, webhookId }: { tenant: Tenant; webhookId?: string }) {
  const catalogue = useLoad((signal) => webhooksApi.events(signal), []);
  if (catalogue.error !== undefined) return <Alert type="error" showIcon title={errorMessage(catalogue.error)} />;
  if (!catalogue.data) return <p className="ts-empty">Loading…</p>;
  return webhookId ? (
    <EditWebhook key={webhookId} tenant={tenant} webhookId={webhookId} catalogue={catalogue.data} />
  ) : (
    <WebhookForm key="new" tenant={tenant} catalogue={catalogue.data} />
  );
}

/** 'New Webhook' (no webhookId) or 'Edit Webhook' (seed 002 §2), for the merchant's admins. Render inside a <UiProvider>. */
export function WebhookPage({ webhookId, ...tenant }: Tenant & { webhookId?: string }) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      <WebhookScreen tenant={tenant} webhookId={webhookId} />
    </RequireTenantRole>
  );
}

import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import { RequireTenantRole } from '../auth';
import { settingsPath, tenantSettingsApi, type ApiKey, type Tenant } from './api';
import { ModeBadge } from './ApiKeys';
import { ConfirmDialog } from './ConfirmDialog';
import { apiKeyMessages as m } from './messages';
import { ModeMismatch, useTestMode } from '../mode';
import { usePageTitle } from '../title';
import { SecretDialog } from './SecretDialog';
import { useLoad } from './useLoad';
import './styles';

interface TitleForm {
  title: string;
}

function ModeBanner({ testMode, creating }: { testMode: boolean; creating: boolean }) {
  const text = creating
    ? testMode
      ? 'You are creating a sandbox API key: it sees and manages sandbox data only.'
      : 'You are creating a production API key: it acts on live data.'
    : testMode
      ? 'This is a sandbox API key: it sees and manages sandbox data only.'
      : 'This is a production API key: it acts on live data.';
  return <Alert type={testMode ? 'warning' : 'info'} showIcon title={text} style={{ marginBottom: 24 }} data-testid="api-key-mode" />;
}

function Head({ tenant, title, testMode }: { tenant: Tenant; title: string; testMode: boolean }) {
  usePageTitle(title);
  return (
    <>
      <p style={{ margin: '0 0 8px' }}>
        <Link to={settingsPath(tenant, 'api-keys')}>← API Keys</Link>
      </p>
      <div className="ts-head">
        <h1 id="api-key-title">{title}</h1>
        <ModeBadge testMode={testMode} />
      </div>
    </>
  );
}

function NewApiKey({ tenant }: { tenant: Tenant }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const testMode = useTestMode((s) => s.testMode);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ id: string; apiKey: string } | null>(null);

  const onFinish = async ({ title }: TitleForm) => {
    setSaving(true);
    try {
      const answer = await tenantSettingsApi.createApiKey(tenant, (title ?? '').trim(), testMode);
      alerts.success(answer.message);
      setCreated({ id: answer.id, apiKey: answer.apiKey });
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="api-key-title">
      <Head tenant={tenant} title={m.newTitle} testMode={testMode} />
      <ModeBanner testMode={testMode} creating />
      <Form<TitleForm> layout="vertical" name="api-key" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={saving || created !== null}>
        <Form.Item label="Title" name="title">
          <Input autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Create API Key
        </Button>
      </Form>
      {/* The secret lives only in this component's state: the key's own page never has it. */}
      <SecretDialog
        secret={created?.apiKey ?? null}
        onClose={() => created && navigate(settingsPath(tenant, `api-keys/${encodeURIComponent(created.id)}`), { replace: true })}
      />
    </section>
  );
}

function EditApiKeyForm({ tenant, apiKey }: { tenant: Tenant; apiKey: ApiKey }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onFinish = async ({ title }: TitleForm) => {
    setSaving(true);
    try {
      alerts.success((await tenantSettingsApi.updateApiKey(tenant, apiKey.id, (title ?? '').trim())).message);
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      alerts.success((await tenantSettingsApi.deleteApiKey(tenant, apiKey.id)).message);
      setConfirming(false);
      navigate(settingsPath(tenant, 'api-keys'), { replace: true });
    } catch (err) {
      alerts.error(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby="api-key-title">
      <Head tenant={tenant} title={m.editTitle} testMode={apiKey.testMode} />
      <ModeBanner testMode={apiKey.testMode} creating={false} />
      {apiKey.keyPrefix && (
        <p>
          Key: <code>{apiKey.keyPrefix}…</code>
        </p>
      )}
      <Form<TitleForm> layout="vertical" name="api-key" initialValues={{ title: apiKey.title }} onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={saving}>
        <Form.Item label="Title" name="title">
          <Input autoComplete="off" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
          <Button danger onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </Form>
      <ConfirmDialog open={confirming} title="Delete API Key" text={m.deleteConfirm} onCancel={() => setConfirming(false)} onConfirm={remove} />
    </section>
  );
}

function EditApiKey({ tenant, apiKeyId }: { tenant: Tenant; apiKeyId: string }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const key = useLoad((signal) => tenantSettingsApi.getApiKey(tenant, apiKeyId, signal), [tenant.collection, tenant.id, apiKeyId]);
  const listPath = settingsPath(tenant, 'api-keys');
  useEffect(() => {
    // Seed 002 §7: a key that cannot be read sends the user back to the list.
    if (key.error === undefined) return;
    alerts.error(errorMessage(key.error));
    navigate(listPath, { replace: true });
  }, [key.error, listPath]);
  const testMode = useTestMode((s) => s.testMode);
  if (!key.data) return <p className="ts-empty">Loading…</p>;
  // Seed 001 §4: a key of the other mode asks to switch (or go back to the list) before it shows, as a webhook does.
  if (key.data.testMode !== testMode) return <ModeMismatch entity="API Key" listPath={listPath} />;
  return <EditApiKeyForm tenant={tenant} apiKey={key.data} />;
}

/** 'New Api Key' (no apiKeyId) or 'Edit API Key' (seed 002 §2), for the tenant's admins. Render inside a <UiProvider>. */
export function ApiKeyPage({ apiKeyId, ...tenant }: Tenant & { apiKeyId?: string }) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      {/* A fresh page per key: nothing (least of all a secret) carries over from the create form. */}
      {apiKeyId ? <EditApiKey key={apiKeyId} tenant={tenant} apiKeyId={apiKeyId} /> : <NewApiKey key="new" tenant={tenant} />}
    </RequireTenantRole>
  );
}

import Alert from 'antd/es/alert';
import { Link } from 'react-router';
import { RequireTenantRole } from '../../auth';
import { useTestMode } from '../../mode';
import { settingsPath, type Tenant } from '../api';
import { ModeBadge } from '../ApiKeys';
import { errorMessage } from '../shared';
import { useLoad } from '../useLoad';
import { usePageTitle } from '../../title';
import { webhooksApi, type Webhook } from './api';
import { webhookMessages as m } from './messages';
import '../styles';
import './styles';

function WebhookRow({ tenant, webhook }: { tenant: Tenant; webhook: Webhook }) {
  const title = webhook.title.trim() || m.untitled;
  const path = settingsPath(tenant, `webhooks/${encodeURIComponent(webhook.id)}`);
  return (
    <li className="ts-row" data-testid="webhook">
      <ModeBadge testMode={webhook.testMode} />
      <div className="ts-row-main">
        <span className="ts-row-title">
          {title}
          {!webhook.active && <span className="wh-off"> · Inactive</span>}
        </span>
        <span className="ts-row-sub wh-url">{webhook.url}</span>
      </div>
      <div className="ts-row-actions">
        <Link to={path} aria-label={`Edit ${title}`}>
          Edit
        </Link>
        <Link to={`${path}/logs`} aria-label={`Logs of ${title}`}>
          Logs
        </Link>
      </div>
    </li>
  );
}

function WebhooksScreen({ tenant }: { tenant: Tenant }) {
  usePageTitle(m.title);
  const testMode = useTestMode((s) => s.testMode);
  const list = useLoad((signal) => webhooksApi.list(tenant, testMode, signal), [tenant.id, testMode]);
  const inMode = list.data?.filter((w) => w.testMode === testMode);
  return (
    <section aria-labelledby="webhooks-title" aria-busy={list.loading}>
      <div className="ts-head">
        <h1 id="webhooks-title">{m.title}</h1>
        <Link className="ts-button" to={settingsPath(tenant, 'webhooks/new')}>
          {m.newTitle}
        </Link>
      </div>
      {list.error !== undefined ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} />
      ) : inMode === undefined ? (
        <p className="ts-empty">Loading…</p>
      ) : inMode.length === 0 ? (
        <p className="ts-empty">{m.empty}</p>
      ) : (
        <ul className="ts-list" aria-label="Webhooks">
          {inMode.map((webhook) => (
            <WebhookRow key={webhook.id} tenant={tenant} webhook={webhook} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A merchant's webhooks in the current mode (seed 002 §2 "Webhooks"), for its admins. Render inside a <UiProvider>. */
export function Webhooks(tenant: Tenant) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      <WebhooksScreen tenant={tenant} />
    </RequireTenantRole>
  );
}

import Alert from 'antd/es/alert';
import { Link } from 'react-router';
import { errorMessage } from './shared';
import { RequireTenantRole } from '../auth';
import { settingsPath, tenantSettingsApi, type ApiKey, type Tenant } from './api';
import { apiKeyMessages as m } from './messages';
import { useTestMode } from '../mode';
import { usePageTitle } from '../title';
import { useLoad } from './useLoad';
import './styles';

export function ModeBadge({ testMode }: { testMode: boolean }) {
  return <span className={`ts-badge ${testMode ? 'ts-badge-sandbox' : 'ts-badge-production'}`}>{testMode ? m.sandbox : m.production}</span>;
}

function ApiKeyRow({ tenant, apiKey }: { tenant: Tenant; apiKey: ApiKey }) {
  const title = apiKey.title.trim() || m.untitled;
  return (
    <li className="ts-row" data-testid="api-key">
      <ModeBadge testMode={apiKey.testMode} />
      <div className="ts-row-main">
        <span className="ts-row-title">{title}</span>
        {apiKey.keyPrefix && <span className="ts-row-sub">{apiKey.keyPrefix}…</span>}
      </div>
      <Link to={settingsPath(tenant, `api-keys/${encodeURIComponent(apiKey.id)}`)} aria-label={`Edit ${title}`}>
        Edit
      </Link>
    </li>
  );
}

const TITLE = 'API Keys';

function ApiKeysScreen({ tenant }: { tenant: Tenant }) {
  usePageTitle(TITLE);
  const testMode = useTestMode((s) => s.testMode);
  const keys = useLoad((signal) => tenantSettingsApi.listApiKeys(tenant, testMode, signal), [tenant.collection, tenant.id, testMode]);
  // The server filters by mode; filtering again keeps the list right whatever it answers.
  const inMode = keys.data?.filter((key) => key.testMode === testMode);
  return (
    <section aria-labelledby="api-keys-title" aria-busy={keys.loading}>
      <div className="ts-head">
        <h1 id="api-keys-title">{TITLE}</h1>
        <Link className="ts-button" to={settingsPath(tenant, 'api-keys/new')}>
          New API Key
        </Link>
      </div>
      {keys.error !== undefined ? (
        <Alert type="error" showIcon title={errorMessage(keys.error)} />
      ) : inMode === undefined ? (
        <p className="ts-empty">Loading…</p>
      ) : inMode.length === 0 ? (
        <p className="ts-empty">{m.empty}</p>
      ) : (
        <ul className="ts-list" aria-label="API keys">
          {inMode.map((apiKey) => (
            <ApiKeyRow key={apiKey.id} tenant={tenant} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The API keys of a tenant in the current mode (seed 002 §2 "API keys"), for its admins. Render inside a <UiProvider>. */
export function ApiKeys(tenant: Tenant) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      <ApiKeysScreen tenant={tenant} />
    </RequireTenantRole>
  );
}

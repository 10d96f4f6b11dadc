import { Navigate, Route, Routes, useParams } from 'react-router';
import type { Tenant } from './api';
import { ApiKeyPage } from './ApiKeyPage';
import { ApiKeys } from './ApiKeys';
import { TenantSettingsLayout } from './SettingsLayout';
import { TeamUsers } from './TeamUsers';

function ApiKeyRoute({ tenant }: { tenant: Tenant }) {
  const { apiKeyId } = useParams();
  return <ApiKeyPage {...tenant} apiKeyId={apiKeyId} />;
}

/**
 * The settings of one tenant under a route ending in `/settings/*` (descendant routes, so the paths
 * here are relative to it): users, api-keys, api-keys/new, api-keys/:apiKeyId, with the side menu.
 * The default export so a remote can load it lazily. Render inside a <UiProvider>.
 */
export default function TenantSettingsRoutes({ tenant }: { tenant: Tenant }) {
  return (
    <TenantSettingsLayout tenant={tenant}>
      <Routes>
        <Route index element={<Navigate to="users" replace />} />
        <Route path="users" element={<TeamUsers {...tenant} />} />
        <Route path="api-keys" element={<ApiKeys {...tenant} />} />
        <Route path="api-keys/new" element={<ApiKeyPage {...tenant} />} />
        <Route path="api-keys/:apiKeyId" element={<ApiKeyRoute tenant={tenant} />} />
        <Route path="*" element={<p className="ts-empty">This settings section arrives with a later issue.</p>} />
      </Routes>
    </TenantSettingsLayout>
  );
}


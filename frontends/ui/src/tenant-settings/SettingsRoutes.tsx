import { Navigate, Route, Routes, useParams } from 'react-router';
import type { Tenant } from './api';
import { ApiKeyPage } from './ApiKeyPage';
import { ApiKeys } from './ApiKeys';
import { Branding } from './Branding';
import { sectionsOf, TenantSettingsLayout } from './SettingsLayout';
import { TeamUsers } from './TeamUsers';
import { TestData } from './TestData';

function ApiKeyRoute({ tenant }: { tenant: Tenant }) {
  const { apiKeyId } = useParams();
  return <ApiKeyPage {...tenant} apiKeyId={apiKeyId} />;
}

/**
 * The settings of one tenant under a route ending in `/settings/*` (descendant routes, so the paths
 * here are relative to it): branding, users, api-keys(/new, /:apiKeyId) and, for merchants,
 * test-data, with the side menu; the index opens the menu's first section. The default export so a
 * remote can load it lazily. Render inside a <UiProvider>.
 */
export default function TenantSettingsRoutes({ tenant }: { tenant: Tenant }) {
  const sections = sectionsOf(tenant.collection);
  return (
    <TenantSettingsLayout tenant={tenant}>
      <Routes>
        <Route index element={<Navigate to={sections[0]?.section ?? 'users'} replace />} />
        <Route path="branding" element={<Branding {...tenant} />} />
        <Route path="users" element={<TeamUsers {...tenant} />} />
        <Route path="api-keys" element={<ApiKeys {...tenant} />} />
        <Route path="api-keys/new" element={<ApiKeyPage {...tenant} />} />
        <Route path="api-keys/:apiKeyId" element={<ApiKeyRoute tenant={tenant} />} />
        {sections.some((s) => s.section === 'test-data') && <Route path="test-data" element={<TestData {...tenant} />} />}
        <Route path="*" element={<p className="ts-empty">This settings section is not available yet.</p>} />
      </Routes>
    </TenantSettingsLayout>
  );
}

import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { settingsPath, type Tenant } from './api';
import { ApiKeyPage } from './ApiKeyPage';
import { ApiKeys } from './ApiKeys';
import { Branding } from './Branding';
import { sectionsOf, TenantSettingsLayout } from './SettingsLayout';
import { TeamUsers } from './TeamUsers';
import { TestData } from './TestData';
import { Address, Colors, Details, GooglePlaceId } from './sections/Basics';
import { Debug, DeleteTenant } from './sections/Danger';
import { Fonts } from './sections/Fonts';
import { Goals } from './sections/Goals';
import { DomainAndHandle } from './sections/Handle';
import { Hours } from './sections/Hours';
import { Links } from './sections/Links';
import { Ordering } from './sections/Ordering';
import { NotificationPreferencesSection } from './sections/Notifications';
import { Teleport } from './sections/Teleport';
import { TextTranslations } from './sections/Translations';
import { WebhookLogs } from './webhooks/WebhookLogs';
import { WebhookPage } from './webhooks/WebhookPage';
import { Webhooks } from './webhooks/Webhooks';

function WebhookRoute({ tenant, logs }: { tenant: Tenant; logs?: boolean }) {
  const { webhookId = '' } = useParams();
  return logs ? <WebhookLogs {...tenant} webhookId={webhookId} /> : <WebhookPage {...tenant} webhookId={webhookId} />;
}

function ApiKeyRoute({ tenant }: { tenant: Tenant }) {
  const { apiKeyId } = useParams();
  return <ApiKeyPage {...tenant} apiKeyId={apiKeyId} />;
}

/** Small screens open on the menu (the layout shows only it at the index); wider ones on the first section. */
function SettingsIndex({ first }: { first: string }) {
  const small = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches;
  return small ? null : <Navigate to={first} replace />;
}

/**
 * The settings of one tenant under a route ending in `/settings/*` (descendant routes, so the paths
 * here are relative to it), with the header card and the side menu (seed 002 §2). A section the
 * tenant's collection does not have sends back to the first; `extra` adds a remote's own screens (a
 * merchant's payment connection). The default export so a remote can load it lazily. Render inside a <UiProvider>.
 */
export default function TenantSettingsRoutes({ tenant, extra }: { tenant: Tenant; extra?: Partial<Record<string, ReactElement>> }) {
  const sections = sectionsOf(tenant.collection);
  const has = (section: string) => sections.some((s) => s.section === section);
  const first = sections[0]?.section ?? 'details';
  const screens: Record<string, ReactElement> = {
    details: <Details />,
    address: <Address />,
    ordering: <Ordering />,
    'notification-preferences': <NotificationPreferencesSection />,
    webhooks: <Webhooks {...tenant} />,
    branding: <Branding {...tenant} />,
    colors: <Colors />,
    hours: <Hours />,
    users: <TeamUsers {...tenant} />,
    handle: <DomainAndHandle />,
    teleport: <Teleport />,
    fonts: <Fonts />,
    goals: <Goals />,
    links: <Links />,
    'text-translations': <TextTranslations />,
    'api-keys': <ApiKeys {...tenant} />,
    'google-place-id': <GooglePlaceId />,
    'test-data': <TestData {...tenant} />,
    delete: <DeleteTenant />,
    debug: <Debug />,
    ...extra,
  };
  return (
    <TenantSettingsLayout tenant={tenant}>
      <Routes>
        <Route index element={<SettingsIndex first={first} />} />
        {Object.entries(screens)
          .filter(([section]) => has(section) || (extra && section in extra))
          .map(([section, element]) => (
            <Route key={section} path={section} element={element} />
          ))}
        {has('webhooks') && <Route path="webhooks/new" element={<WebhookPage {...tenant} />} />}
        {has('webhooks') && <Route path="webhooks/:webhookId" element={<WebhookRoute tenant={tenant} />} />}
        {has('webhooks') && <Route path="webhooks/:webhookId/logs" element={<WebhookRoute tenant={tenant} logs />} />}
        {has('api-keys') && <Route path="api-keys/new" element={<ApiKeyPage {...tenant} />} />}
        {has('api-keys') && <Route path="api-keys/:apiKeyId" element={<ApiKeyRoute tenant={tenant} />} />}
        {/* Absolute: a relative path under the splat would be resolved below the unknown section, again and again. */}
        <Route path="*" element={<Navigate to={settingsPath(tenant, first)} replace />} />
      </Routes>
    </TenantSettingsLayout>
  );
}

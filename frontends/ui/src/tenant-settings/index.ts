// Branding, test data, team users and API keys of a tenant (seed 002 §2), shared by the dashboard and
// venue remotes. Not in the package barrel (antd): import from '@seatside/ui/src/tenant-settings'
// inside a <UiProvider>.
export { TeamUsers } from './TeamUsers';
export { ApiKeys, ModeBadge } from './ApiKeys';
export { ApiKeyPage } from './ApiKeyPage';
export { Branding } from './Branding';
export { TestData } from './TestData';
export { TenantSettingsLayout, merchantSettingsSections, sectionsOf, tenantSettingsSections, venueSettingsSections, type SettingsSection } from './SettingsLayout';
export { useTestMode, TEST_MODE_STORAGE_KEY, type TestModeState } from '../mode';
export { settingsPath, tenantSettingsApi, type ApiKey, type BrandKey, type TenantBranding, type SampleMerchant, type TeamRole, type TeamUser, type Tenant, type TenantCollection } from './api';
export { apiKeyMessages, brandImages, brandingMessages, roleLabels, settingsMessages, teamUserMessages, testDataMessages } from './messages';
export { default as TenantSettingsRoutes } from './SettingsRoutes';
export { Webhooks } from './webhooks/Webhooks';
export { WebhookPage } from './webhooks/WebhookPage';
export { WebhookLogs } from './webhooks/WebhookLogs';
export { webhookMessages, statusColour } from './webhooks/messages';

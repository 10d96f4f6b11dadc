import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { settingsPath, type Tenant, type TenantCollection } from './api';
import './styles';

export interface SettingsSection {
  section: string;
  label: string;
  /** Only these tenants have it (all when omitted). */
  only?: readonly TenantCollection[];
}

/**
 * The sections this package provides, in the side menu's order (seed 002 §2: details, address,
 * ordering, notification-preferences, branding, colors, hours, users, handle, …, api-keys, …,
 * test-data, delete, debug; the venue order keeps the same relative order). A remote may list more.
 */
export const tenantSettingsSections: readonly SettingsSection[] = [
  { section: 'branding', label: 'Branding' },
  { section: 'users', label: 'Users' },
  { section: 'api-keys', label: 'API Keys' },
  { section: 'test-data', label: 'Test Data', only: ['merchants'] },
];

/** The sections a tenant of this collection has. */
export const sectionsOf = (collection: TenantCollection, sections: readonly SettingsSection[] = tenantSettingsSections) =>
  sections.filter((s) => !s.only || s.only.includes(collection));

/** A settings page: the side menu (a row on small screens) and the section's content. */
export function TenantSettingsLayout({ tenant, children, sections }: { tenant: Tenant; children: ReactNode; sections?: readonly SettingsSection[] }) {
  return (
    <div className="ts-page">
      <nav className="ts-menu" aria-label="Settings">
        <ul>
          {sectionsOf(tenant.collection, sections).map(({ section, label }) => (
            <li key={section}>
              <NavLink to={settingsPath(tenant, section)}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ts-content">{children}</div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { settingsPath, type Tenant } from './api';
import './styles';

/** The sections this package provides; a remote may list more. */
export const tenantSettingsSections = [
  { section: 'users', label: 'Users' },
  { section: 'api-keys', label: 'API Keys' },
] as const;

/** A settings page: the side menu (a row on small screens) and the section's content. */
export function TenantSettingsLayout({ tenant, children, sections = tenantSettingsSections }: { tenant: Tenant; children: ReactNode; sections?: ReadonlyArray<{ section: string; label: string }> }) {
  return (
    <div className="ts-page">
      <nav className="ts-menu" aria-label="Settings">
        <ul>
          {sections.map(({ section, label }) => (
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

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Form from 'antd/es/form';
import { NavLink, useLocation } from 'react-router';
import { useAlerts } from '../alerts-antd';
import { refreshMeWhen, useMe } from '../auth';
import { settingsPath, tenantSettingsApi, type Tenant, type TenantCollection, type TenantRecord } from './api';
import { cardAgrees } from './card';
import { onSettingsFormChange, SettingsContext, useSettings } from './context';
import { useIsTenantAdmin } from './current-user';
import { settingsMessages as m } from './messages';
import { useLoad } from './useLoad';
import './styles';

export interface SettingsSection {
  section: string;
  label: string;
  /** A path outside the settings (the merchant's request logs are one level up: `../logs`). */
  href?: (tenant: Tenant) => string;
}

const s = (section: string, label: string, extra: Partial<SettingsSection> = {}): SettingsSection => ({ section, label, ...extra });

/**
 * Seed 002 §2: the merchant settings menu, in this order (logs one level up). Seed 001 §2 adds the
 * payment provider connection, listed after Links; the dashboard remote gives its screen (`extra`).
 */
export const merchantSettingsSections: readonly SettingsSection[] = [
  s('details', 'Details'), s('address', 'Address'), s('ordering', 'Ordering'), s('notification-preferences', 'Notification Preferences'),
  s('branding', 'Branding'), s('colors', 'Colors'), s('hours', 'Hours'), s('users', 'Users'), s('handle', 'Domain & Handle'),
  s('teleport', 'Teleport'), s('fonts', 'Fonts'), s('goals', 'Goals'), s('webhooks', 'Webhooks'), s('links', 'Links'), s('payments', 'Payments'),
  s('text-translations', 'Text Translations'), s('api-keys', 'API Keys'), s('google-place-id', 'Google Place ID'),
  s('logs', 'Logs', { href: ({ id }) => `/dashboard/merchants/${encodeURIComponent(id)}/logs` }),
  s('test-data', 'Test Data'), s('delete', 'Delete'), s('debug', 'Debug'),
];

/** Seed 002 §2: a venue's sections, in the seed's order (apps have the same). */
export const venueSettingsSections: readonly SettingsSection[] = [
  s('details', 'Details'), s('branding', 'Branding'), s('address', 'Address'), s('colors', 'Colors'), s('hours', 'Hours'),
  s('users', 'Users'), s('api-keys', 'API Keys'), s('handle', 'Domain & Handle'), s('teleport', 'Teleport'), s('fonts', 'Fonts'),
  s('text-translations', 'Text Translations'), s('delete', 'Delete'),
];

/** The sections a tenant of this collection has, in its menu's order. */
export const sectionsOf = (collection: TenantCollection): readonly SettingsSection[] =>
  collection === 'merchants' ? merchantSettingsSections : venueSettingsSections;

/** Kept for the remotes that imported the first list: every section of a merchant. */
export const tenantSettingsSections = merchantSettingsSections;

const DEBUG_KEY = 'seatside.settings.debug';
const readDebug = () => {
  try {
    return localStorage.getItem(DEBUG_KEY) === 'true';
  } catch {
    return false;
  }
};

/** The tenant's public page: `/{handle}` on this site (apps have none). */
export const publicLinkOf = (collection: TenantCollection, handle: string | undefined) =>
  collection !== 'apps' && handle ? `${window.location.origin}/${handle}` : null;

/** Seed 001 §2: name, description, the shareable link with copy ('Link Copied! Paste & Share') and open. */
function HeaderCard() {
  const { tenant, record } = useSettings();
  const alerts = useAlerts();
  const link = publicLinkOf(tenant.collection, record?.handle);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      alerts.success(m.linkCopied);
    } catch {
      alerts.error('The link could not be copied. Select it and copy it by hand.');
    }
  };
  return (
    <header className="ts-card ts-header" data-testid="settings-header">
      <div className="ts-header-main">
        <p className="ts-header-name">{record?.name ?? '\u00a0'}</p>
        {record?.description ? <p className="ts-hint">{record.description}</p> : null}
        {link && (
          <p className="ts-header-link">
            <span className="ts-sr">Public page: </span>
            <code data-testid="public-link">{link}</code>
          </p>
        )}
      </div>
      {link && (
        <div className="ts-row-actions">
          <Button onClick={() => void copy()}>Copy link</Button>
          <a className="ts-button" href={link} target="_blank" rel="noreferrer">
            Open
          </a>
        </div>
      )}
    </header>
  );
}

/** Debug: the JSON of the objects on screen (the tenant record), while the local toggle is on. */
function DebugJson() {
  const { debug, record } = useSettings();
  if (!debug || !record) return null;
  return (
    <pre className="ts-debug" data-testid="debug-json" aria-label="Debug JSON">
      {JSON.stringify(record, null, 2)}
    </pre>
  );
}

/** The one section a team member changes: their own notification preferences. */
const PERSONAL_SECTION = 'notification-preferences';

/**
 * After a save changes what the account's card shows (name, description, handle, icon, banner), the
 * top bar, the tenant switcher and the account list follow without a reload: /auth/me is asked again
 * until identity's copy has caught up with the record. Only on a record's change, and only for a card
 * the account has (a platform admin who is no member has none).
 */
function useCardFollowsRecord(tenant: Tenant, record: TenantRecord | null | undefined) {
  const card = useMe().me?.[tenant.collection]?.find((c) => c.id === tenant.id);
  const latest = useRef(card);
  latest.current = card;
  useEffect(() => {
    if (!record || !latest.current || cardAgrees(latest.current, record)) return;
    void refreshMeWhen((me) => cardAgrees(me[tenant.collection].find((c) => c.id === tenant.id), record));
  }, [record, tenant.collection, tenant.id]);
}

/**
 * A settings page: the header card, the side menu and the section. On small screens either the
 * menu (at `/settings`) or the section (with a way back to the menu) shows, not both.
 */
export function TenantSettingsLayout({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const record = useLoad((signal) => tenantSettingsApi.getTenant(tenant, signal), [tenant.collection, tenant.id]);
  const [debug, setDebugState] = useState(readDebug);
  const { pathname } = useLocation();
  const atIndex = pathname.replace(/\/+$/, '') === settingsPath(tenant);
  // A team member reads the settings; only admins save them (the catalog refuses the rest), but for
  // their own notification preferences.
  const readOnly = useIsTenantAdmin(tenant) === false && !pathname.includes(`/settings/${PERSONAL_SECTION}`);
  useCardFollowsRecord(tenant, record.data);
  // Each section opens on the record as it is now, and saves over that version (If-Match): the layout
  // read it once, and since then a brand image may have landed or someone else saved. Its forms wait
  // for this read (SectionScreen), so what they show and the version they send belong together.
  const [opening, setOpening] = useState(false);
  const shownPath = useRef(pathname);
  const { reload } = record;
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpening(true);
    reload();
  }, [pathname, reload]);
  useEffect(() => {
    if (!record.loading) setOpening(false);
  }, [record.loading]);
  const state = useMemo(
    () => ({
      tenant,
      record: record.data,
      loading: record.loading,
      opening,
      reload: record.reload,
      debug,
      setDebug(on: boolean) {
        setDebugState(on);
        try {
          localStorage.setItem(DEBUG_KEY, String(on));
        } catch {
          // Private mode: the toggle lasts this visit.
        }
      },
    }),
    [tenant, record.data, record.loading, opening, record.reload, debug],
  );
  return (
    <SettingsContext.Provider value={state}>
      <div className="ts-page ts-settings" data-view={atIndex ? 'menu' : 'section'}>
        <HeaderCard />
        <div className="ts-settings-body">
          <nav className="ts-menu" aria-label="Settings">
            <ul>
              {sectionsOf(tenant.collection).map(({ section, label, href }) => (
                <li key={section}>
                  <NavLink to={href ? href(tenant) : settingsPath(tenant, section)}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ts-content">
            <NavLink className="ts-back" to={settingsPath(tenant)} end>
              ← All settings
            </NavLink>
            {readOnly ? <Alert type="info" showIcon title={m.adminsOnly} data-testid="settings-read-only" /> : null}
            {/* The fieldset disables every control natively; antd's own look follows componentDisabled. */}
            <fieldset className="ts-fieldset" disabled={readOnly}>
              <ConfigProvider componentDisabled={readOnly}>
                <Form.Provider onFormChange={onSettingsFormChange}>{children}</Form.Provider>
              </ConfigProvider>
            </fieldset>
            <DebugJson />
          </div>
        </div>
      </div>
    </SettingsContext.Provider>
  );
}

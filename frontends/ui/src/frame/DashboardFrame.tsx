import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { hasTenantRole, RequireTenantRole, signOut, useMe, type Me, type TenantCard } from '../auth';
import { ModeToggle, useTestMode, useTestModeOf } from '../mode';
import { mayLeave } from '../unsaved/leave';
import { frameIcons } from './icons';
import { frameMessages as m } from './messages';
import './styles';

export type FrameCollection = 'merchants' | 'venues';

export interface FrameSection {
  /** The path under /dashboard/{collection}/{id} ('' is home). */
  path: string;
  label: string;
  icon: ReactNode;
  /** Shown to the tenant's admins (and the admin claim) only. */
  adminOnly?: boolean;
  /** A page outside the dashboard (e.g. 'Visit Venue': the public page), from the user's tenant card; hidden while unknown. */
  href?: (card: TenantCard | undefined) => string | undefined;
}

export interface FrameTenant {
  collection: FrameCollection;
  id: string;
}

export const tenantPath = ({ collection, id }: FrameTenant, section = '') =>
  `/dashboard/${collection}/${encodeURIComponent(id)}${section ? `/${section}` : ''}`;

const COLLAPSED_KEY = 'seatside.drawer.collapsed';

function readCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The tenant as /auth/me lists it (a platform admin may open one they are no member of). */
export function useTenantCard({ collection, id }: FrameTenant): TenantCard | undefined {
  const { me } = useMe();
  return me?.[collection]?.find((tenant) => tenant.id === id);
}

const initialOf = (name: string | undefined) => (name?.trim()[0] ?? '?').toUpperCase();

function TenantAvatar({ card }: { card: TenantCard | undefined }) {
  const icon = card?.branding?.icon;
  return <span className="df-avatar">{icon ? <img src={icon} alt="" /> : initialOf(card?.name)}</span>;
}

/** Every tenant of the user, merchants then venues; a change opens that tenant's home. */
function TenantSwitcher({ me, tenant }: { me: Me; tenant: FrameTenant }) {
  const navigate = useNavigate();
  const options = [
    ...me.merchants.map((card) => ({ collection: 'merchants' as const, card })),
    ...me.venues.map((card) => ({ collection: 'venues' as const, card })),
  ];
  const current = `${tenant.collection}/${tenant.id}`;
  const known = options.some((o) => `${o.collection}/${o.card.id}` === current);
  return (
    <select
      className="df-switcher"
      aria-label={m.switchTenant}
      value={current}
      onChange={(event) => {
        const [collection, id] = event.target.value.split('/') as [FrameCollection, string];
        void navigate(tenantPath({ collection, id }));
      }}
    >
      {!known && <option value={current}>{m.thisTenant}</option>}
      {options.map(({ collection, card }) => (
        <option key={`${collection}/${card.id}`} value={`${collection}/${card.id}`}>
          {card.name}
          {collection === 'venues' ? ` (${m.venue})` : ''}
        </option>
      ))}
    </select>
  );
}

/** The account menu: who is signed in, the account pages, sign out. */
function AccountMenu({ me }: { me: Me | null }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const name = me ? me.displayName || `${me.userDetails?.firstName ?? ''} ${me.userDetails?.lastName ?? ''}`.trim() || me.email : '';
  return (
    <div className="df-account" ref={ref}>
      <button type="button" className="df-account-btn" aria-label={m.accountMenu} aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)} data-testid="account-menu">
        {me?.photoURL ? <img src={me.photoURL} alt="" /> : initialOf(name)}
      </button>
      {open && (
        <div className="df-menu">
          {/* Who is signed in: beside the menu, not in it (a menu holds only its items). */}
          {me && <p className="df-menu-who">{me.email}</p>}
          <ul id={menuId} role="menu" aria-label={m.accountMenu}>
            <li role="none">
              <Link role="menuitem" to="/account" onClick={() => setOpen(false)}>
                {m.account}
              </Link>
            </li>
            <li role="none">
              <Link role="menuitem" to="/account/settings" onClick={() => setOpen(false)}>
                {m.accountSettings}
              </Link>
            </li>
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={async () => {
                  setOpen(false);
                  // An editor with unsaved work asks first; Stay keeps the session too.
                  if (!(await mayLeave())) return;
                  await signOut();
                  void navigate('/auth/login');
                }}
              >
                {m.signOut}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The dashboard of a merchant or a venue (issue 24 item 1): a full-height application layout with a
 * top bar (the tenant's icon and name, a switcher between the user's tenants, the sandbox/production
 * switch, the account menu), the side drawer (`sections`, in the spec's order, each with an icon;
 * collapsible to icons, remembered; a sheet behind the burger under 720 px) and the page as the
 * `main` landmark. The page is guarded by the tenant role (the sign-in and 401 pages show in the
 * frame too) and renders once the user's sandbox/production choice is in place.
 * Render inside a <UiProvider>.
 */
export function DashboardFrame({ tenant, sections, role, children }: { tenant: FrameTenant; sections: readonly FrameSection[]; role?: 'admin' | 'teamMember'; children: ReactNode }) {
  const { me } = useMe();
  const card = useTenantCard(tenant);
  const testMode = useTestMode((s) => s.testMode);
  const ready = useTestModeOf(me?.uid ?? null);
  const allowed = !!me && hasTenantRole(me, tenant.collection, tenant.id);
  const isAdmin = !!me && hasTenantRole(me, tenant.collection, tenant.id, 'admin');
  const shown = sections.filter((section) => (!section.adminOnly || isAdmin) && (!section.href || section.href(card)));
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const drawerId = useId();
  // A section chosen in the phone's sheet closes it.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [drawerOpen]);
  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      globalThis.localStorage?.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // Storage may be unavailable; the choice holds for this page.
    }
  };
  const fallbackName = tenant.collection === 'venues' ? m.venueName : m.merchantName;
  const classes = ['df-app', testMode && 'df-sandbox', collapsed && 'df-collapsed', drawerOpen && 'df-drawer-open'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={tenant.collection === 'venues' ? 'venue-frame' : 'merchant-frame'}>
      <header className="df-bar">
        {allowed && (
          <button type="button" className="df-icon-btn df-burger" aria-label={m.openMenu} aria-expanded={drawerOpen} aria-controls={drawerId} onClick={() => setDrawerOpen(!drawerOpen)} data-testid="drawer-burger">
            {frameIcons.burger}
          </button>
        )}
        <div className="df-tenant">
          <TenantAvatar card={card} />
          <p className="df-name" data-testid="tenant-name">
            {card?.name ?? fallbackName}
            {testMode && <span className="df-badge">{m.sandbox}</span>}
          </p>
        </div>
        <div className="df-tools">
          {me && allowed && <TenantSwitcher me={me} tenant={tenant} />}
          <ModeToggle />
          <AccountMenu me={me} />
        </div>
      </header>
      {allowed && (
        <>
          <button type="button" className="df-scrim" aria-label={m.closeMenu} tabIndex={-1} onClick={() => setDrawerOpen(false)} />
          <nav className="df-drawer" id={drawerId} aria-label={tenant.collection === 'venues' ? m.venueNav : m.merchantNav}>
            {me && <TenantSwitcher me={me} tenant={tenant} />}
            <ul data-testid={tenant.collection === 'venues' ? 'venue-drawer' : 'merchant-drawer'}>
              {shown.map((section) => (
                <li key={section.label}>
                  {section.href ? (
                    <a href={section.href(card)} title={collapsed ? section.label : undefined}>
                      {section.icon}
                      <span>{section.label}</span>
                    </a>
                  ) : (
                    <NavLink to={tenantPath(tenant, section.path)} end={section.path === ''} title={collapsed ? section.label : undefined}>
                      {section.icon}
                      <span>{section.label}</span>
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
            <button type="button" className="df-collapse" aria-pressed={collapsed} onClick={toggleCollapsed} data-testid="drawer-collapse">
              {frameIcons.collapse}
              <span>{collapsed ? m.expand : m.collapse}</span>
            </button>
          </nav>
        </>
      )}
      <main id="main-content" tabIndex={-1} className="df-main">
        <RequireTenantRole collection={tenant.collection} id={tenant.id} role={role}>
          {ready ? children : null}
        </RequireTenantRole>
      </main>
    </div>
  );
}

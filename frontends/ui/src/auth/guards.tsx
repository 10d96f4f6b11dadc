import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
// The shared session store (see session.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { useSession } from '@seatside/ui';
import { FONT_FAMILY } from '../theme';
import { usePageTitle } from '../title';
import { serverMessage } from './form-errors';
import { LoginForm } from './LoginForm';
import { useMe, type Me } from './me';
import { authMessages } from './messages';

type Landmark = 'main' | 'div';

// The site's own type: the admin area has no layout around these pages (never the browser's default serif).
const page: CSSProperties = { maxWidth: 420, margin: '0 auto', padding: '3rem 1.5rem', fontFamily: FONT_FAMILY, color: '#111827', lineHeight: 1.5 };

/** Seed 000 §2: the sign-in page a signed-out visitor sees on a guarded page. */
export function SignInPage({ as: Tag = 'div' }: { as?: Landmark }) {
  usePageTitle(authMessages.signInTitle);
  return (
    <Tag style={page} data-testid="sign-in-page" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" style={{ marginTop: 0 }}>
        {authMessages.signInTitle}
      </h1>
      <LoginForm name="guard-login" />
    </Tag>
  );
}

/** Seed 000 §8 and 002 §6: 'Unauthorized / 401 Error: You do not have access to this page.' */
export function UnauthorizedPage({ as: Tag = 'div' }: { as?: Landmark }) {
  const navigate = useNavigate();
  usePageTitle(authMessages.unauthorized);
  return (
    <Tag style={{ ...page, textAlign: 'center' }} data-testid="unauthorized-page" aria-labelledby="unauthorized-title">
      <h1 id="unauthorized-title" style={{ marginTop: 0 }}>
        {authMessages.unauthorized}
      </h1>
      <p>{authMessages.unauthorizedText}</p>
      <Button
        type="primary"
        href="/account"
        onClick={(event) => {
          event.preventDefault();
          void navigate('/account');
        }}
      >
        {authMessages.backToAccount}
      </Button>
    </Tag>
  );
}

function Checking({ as: Tag }: { as: Landmark }) {
  return (
    <Tag style={{ ...page, textAlign: 'center' }} role="status" aria-live="polite" data-testid="auth-loading">
      <p>Checking your access…</p>
    </Tag>
  );
}

function CouldNotCheck({ as: Tag, error, retry }: { as: Landmark; error: unknown; retry: () => void }) {
  return (
    <Tag style={page}>
      <Alert type="error" showIcon title="We could not check your access." description={serverMessage(error)} />
      <Button style={{ marginTop: 16 }} onClick={retry}>
        Retry
      </Button>
    </Tag>
  );
}

/**
 * Renders `children` when `allowed(me)`; signed out → the sign-in page; signed in but not allowed →
 * the 401 page; while /auth/me loads → a loading state. A 401 from /auth/me ends the session (the API
 * client), which shows the sign-in page.
 */
type Verdict = 'allow' | 'unauthorized' | 'signIn';

function Guard({ verdict, as, children }: { verdict: (me: Me) => Verdict; as: Landmark; children: ReactNode }) {
  const signedIn = useSession((s) => s.signedIn && !!s.token);
  const { me, loading, error, reload } = useMe();
  if (!signedIn) return <SignInPage as={as} />;
  if (loading) return <Checking as={as} />;
  if (!me) return <CouldNotCheck as={as} error={error} retry={reload} />;
  switch (verdict(me)) {
    case 'allow':
      return <>{children}</>;
    case 'unauthorized':
      return <UnauthorizedPage as={as} />;
    case 'signIn':
      return <SignInPage as={as} />;
  }
}

/**
 * Admin guard (seed 000 §2): signed out → 'Sign in to your account' with a forgot-password link;
 * signed in without the admin claim → 'Unauthorized / 401 Error: You do not have access to this page.'
 * with Back to Account. Its pages are the page's `main` landmark (the admin area has no layout of its own).
 */
export function RequirePlatformAdmin({ children }: { children: ReactNode }) {
  return (
    <Guard as="main" verdict={(me) => (me.claims?.admin === true ? 'allow' : 'unauthorized')}>
      {children}
    </Guard>
  );
}

/** Whether `me` may use a tenant's section: the platform admin claim, or a member with the role (a tenant admin has every role). */
export function hasTenantRole(me: Me, collection: 'merchants' | 'venues' | 'apps', id: string, role?: 'admin' | 'teamMember'): boolean {
  if (me.claims?.admin === true) return true;
  const membership = (me[collection] ?? []).find((tenant) => tenant.id === id);
  if (!membership) return false;
  return !role || membership.role === 'admin' || membership.role === role;
}

const isMember = (me: Me, collection: 'merchants' | 'venues' | 'apps', id: string) => (me[collection] ?? []).some((tenant) => tenant.id === id);

/**
 * Venue and tenant sections (seed 002 §6): a member with the role (or admin, or the admin claim).
 * A member lacking the role → the 401 page (inside the section's layout); signed out, or signed in
 * with neither a role nor a membership → the sign-in page ('Sign in to your account').
 */
export function RequireTenantRole(props: { collection: 'merchants' | 'venues' | 'apps'; id: string; role?: 'admin' | 'teamMember'; children: ReactNode }) {
  const { collection, id, role } = props;
  return (
    <Guard as="div" verdict={(me) => (hasTenantRole(me, collection, id, role) ? 'allow' : isMember(me, collection, id) ? 'unauthorized' : 'signIn')}>
      {props.children}
    </Guard>
  );
}

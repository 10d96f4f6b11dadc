import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { useSession } from '@seatside/ui';
import { GOOGLE_SIGN_IN_PATH, LoginForm, SUBMIT_DELAY_MS, SignOutButton, authMessages, fetchProviders, safeRedirect } from '@seatside/ui/src/auth';
import { AuthPage } from './AuthPage';
import { SignUpForm } from './SignUpForm';

export type AuthTab = 'signup' | 'login';

const titles: Record<AuthTab, string> = { signup: 'Create your account', login: authMessages.signInTitle };

/** 'Sign in with Google', offered only when GET /v1/auth/providers says so; a full page navigation. */
function GoogleButton() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchProviders(abort.signal).then(
      (providers) => setOffered(providers.google === true),
      () => setOffered(false),
    );
    return () => abort.abort();
  }, []);
  if (!offered) return null;
  return (
    <Button block size="large" style={{ marginTop: 16 }} onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}>
      Sign in with Google
    </Button>
  );
}

/** Someone already signed in: where they are, their account, and signing out. */
function SignedIn({ email, onSignedOut }: { email: string; onSignedOut: () => void }) {
  return (
    <div data-testid="signed-in">
      <p>
        You are signed in as <strong>{email}</strong>.
      </p>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Link to="/account">Go to your account</Link>
        <SignOutButton onSignedOut={onSignedOut} />
      </div>
    </div>
  );
}

/**
 * The auth widget (seed 001 §2, §4): two tabs, Sign Up (the default) and Login; after either, the
 * session is established and the visitor goes to /account or to a same-origin `?redirect=` path.
 */
export function AuthWidget({ defaultTab = 'signup' }: { defaultTab?: AuthTab }) {
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((s) => (s.signedIn ? s.user : null));
  // Shown to someone who arrives signed in; a sign-in made here goes straight on to the next page.
  const [arrivedSignedIn, setArrivedSignedIn] = useState(() => user !== null);
  const done = () => void navigate(safeRedirect(params.get('redirect')), { replace: true });

  if (arrivedSignedIn && user) {
    return (
      <AuthPage title="You are signed in">
        <SignedIn email={user.email} onSignedOut={() => setArrivedSignedIn(false)} />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={titles[tab]}>
      {params.get('error') === 'google' && <Alert type="error" showIcon title={authMessages.checkEmailAndPassword} style={{ marginBottom: 16 }} data-testid="google-error" />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AuthTab)}
        destroyOnHidden
        items={[
          { key: 'signup', label: 'Sign Up', children: <SignUpForm onSignedUp={done} /> },
          { key: 'login', label: 'Login', children: <LoginForm name="widget-login" delayMs={SUBMIT_DELAY_MS} emailLink onSignedIn={done} /> },
        ]}
      />
      <GoogleButton />
    </AuthPage>
  );
}

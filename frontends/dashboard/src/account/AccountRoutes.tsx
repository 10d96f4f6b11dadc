import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SiteLayout, UiProvider, errorMessage, useSession } from '@seatside/ui';
import { useMe } from '@seatside/ui/src/auth';
import { AccountHome } from './AccountHome';
import { AccountSettings } from './settings/AccountSettings';
import './styles';

function Loading() {
  return (
    <p className="acc-page" role="status">
      Loading your account…
    </p>
  );
}

function SignedInAccount() {
  const { me, error, reload } = useMe();
  if (!me && error) {
    return (
      <div className="acc-page">
        <Alert type="error" showIcon title="We could not load your account." description={errorMessage(error)} />
        <Button style={{ marginTop: 16 }} onClick={reload}>
          Retry
        </Button>
      </div>
    );
  }
  if (!me) return <Loading />;
  return (
    <Routes>
      {/* Descendant routes: paths are relative to /account. */}
      <Route index element={<AccountHome me={me} />} />
      <Route path="settings" element={<AccountSettings key={me.uid} me={me} refresh={reload} />} />
      <Route path="*" element={<Navigate to="/account" replace />} />
    </Routes>
  );
}

/** /account/*: the signed-in user's tenants and settings; signed out, the sign-in page comes back here. */
export default function AccountRoutes() {
  const signedIn = useSession((s) => s.signedIn && !!s.token);
  const { pathname } = useLocation();
  if (!signedIn) {
    // The path stays readable in the query (`?redirect=/account`); only characters a query would misread are escaped.
    const back = encodeURIComponent(pathname.replace(/\/$/, '') || '/account').replace(/%2F/g, '/');
    return <Navigate to={`/auth/login?redirect=${back}`} replace />;
  }
  return (
    <SiteLayout>
      <UiProvider>
        <SignedInAccount />
      </UiProvider>
    </SiteLayout>
  );
}

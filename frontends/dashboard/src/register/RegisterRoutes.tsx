import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SiteLayout, UiProvider, useSession } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { registerKinds, type RegisterKind } from './messages';
import { RegisterForm } from './RegisterForm';
import './styles';

function RegisterPage({ kind }: { kind: RegisterKind }) {
  usePageTitle(kind.title);
  return (
    <div className="reg-page">
      <h1>{kind.title}</h1>
      <p className="reg-lead">Find your business, then choose the name and handle your customers will see.</p>
      <div className="reg-card">
        {/* A new form per kind: /register/merchant to /register/venue starts over. */}
        <RegisterForm key={kind.path} kind={kind} />
      </div>
    </div>
  );
}

/** /register/*: merchant, venue and app registration (seed 000 §2, §4); signed out → sign in, then back here. */
export default function RegisterRoutes() {
  const signedIn = useSession((s) => s.signedIn && !!s.token);
  const { pathname } = useLocation();
  if (!signedIn) {
    const back = encodeURIComponent(pathname.replace(/\/$/, '') || '/register/merchant').replace(/%2F/g, '/');
    return <Navigate to={`/auth/login?redirect=${back}`} replace />;
  }
  return (
    <SiteLayout>
      <UiProvider>
        <Routes>
          {/* Descendant routes: paths are relative to /register. */}
          {registerKinds.map((kind) => (
            <Route key={kind.path} path={kind.path} element={<RegisterPage kind={kind} />} />
          ))}
          <Route path="*" element={<Navigate to="/register/merchant" replace />} />
        </Routes>
      </UiProvider>
    </SiteLayout>
  );
}

import { Navigate, Route, Routes } from 'react-router';
import { SiteLayout, UiProvider } from '@seatside/ui';
import { AuthWidget } from './AuthWidget';
import AuthAction from './AuthAction';
import ForgotPassword from './ForgotPassword';
import GoogleComplete from './GoogleComplete';
import SignOut from './SignOut';

/**
 * Sign-up, login, passwords and e-mail links (seed 001 §2 Authentication, docs/identity-api.md),
 * mounted at /auth/* by App. The paths here are relative to that mount: a descendant <Routes> matches
 * what follows its parent route's path (react-router), so '/auth/login' is `login` here. The public
 * site's header and footer frame them.
 */
export default function AuthRoutes() {
  return (
    <SiteLayout>
      <UiProvider>
        <Routes>
          <Route path="sign-up" element={<AuthWidget key="signup" defaultTab="signup" />} />
          <Route path="login" element={<AuthWidget key="login" defaultTab="login" />} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="action" element={<AuthAction />} />
          <Route path="complete" element={<GoogleComplete />} />
          <Route path="sign-out" element={<SignOut />} />
          <Route path="*" element={<Navigate to="/auth/login" replace />} />
        </Routes>
      </UiProvider>
    </SiteLayout>
  );
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@seatside/ui/src/auth';
import { AuthPage } from './AuthPage';

/** /auth/sign-out: a link-friendly sign-out (POST /v1/auth/logout), then the login page. */
export default function SignOut() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void signOut().then(() => live && navigate('/auth/login', { replace: true }));
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <AuthPage title="Signing out">
      <p role="status">Signing you out…</p>
    </AuthPage>
  );
}

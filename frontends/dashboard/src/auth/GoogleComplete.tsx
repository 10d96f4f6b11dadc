import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import { authMessages, establishSession, flashSuccess, refreshSession } from '@seatside/ui/src/auth';
import { AuthPage } from './AuthPage';

/**
 * /auth/complete: the Google callback has set the session cookie; POST /v1/auth/refresh gives the
 * token, the session is established and the visitor goes on to /account (001 §8 for the texts).
 */
export default function GoogleComplete() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const token = await refreshSession();
      if (!token) throw new Error('no session');
      await establishSession(token);
    })().then(
      () => {
        flashSuccess(authMessages.authenticated);
        void navigate('/account', { replace: true });
      },
      () => setFailed(true),
    );
  }, [navigate]);

  return (
    <AuthPage title="Signing in with Google">
      {failed ? (
        <>
          <Alert type="error" showIcon title={authMessages.checkEmailAndPassword} data-testid="google-error" />
          <p style={{ marginTop: 16 }}>
            <Link to="/auth/login">Back to login</Link>
          </p>
        </>
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </AuthPage>
  );
}

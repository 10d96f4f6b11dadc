import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { api, errorMessage } from '@seatside/ui';
import { applyServerErrors, authMessages, confirmPasswordReset, flashSuccess, safeRedirect, signInWithEmailLink, statusOf, verifyResetCode } from '@seatside/ui/src/auth';
import { AuthPage } from './AuthPage';

/** 001 §8: a 400 is an expired, used or unknown code; anything else 'Error, perhaps no account exists'. */
const failureText = (error: unknown) => (statusOf(error) === 400 ? authMessages.tokenExpired : authMessages.noAccount);

function LinkFailed({ message }: { message: string }) {
  return (
    <>
      <Alert type="error" showIcon title={message} data-testid="action-result" />
      <p style={{ marginTop: 16 }}>
        <Link to="/auth/forgot-password">Send another link</Link> or <Link to="/auth/login">go to login</Link>.
      </p>
    </>
  );
}

type ResetState = { step: 'verifying' } | { step: 'ready'; email: string } | { step: 'failed'; message: string };

/** mode=resetPassword: verify the code, then the set-new-password form (001 §5, §8); a new password signs in and opens the account (001 §7). */
function ResetPassword({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<ResetState>({ step: 'verifying' });
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    verifyResetCode(oobCode).then(
      ({ email }) => live && setState({ step: 'ready', email }),
      (error: unknown) => live && setState({ step: 'failed', message: failureText(error) }),
    );
    return () => {
      live = false;
    };
  }, [oobCode]);

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      const { signedIn } = await confirmPasswordReset(oobCode, password);
      flashSuccess(authMessages.passwordChanged);
      void navigate(signedIn ? '/account' : '/auth/login', { replace: true });
    } catch (error) {
      if (!applyServerErrors(form, error, ['password'])) setState({ step: 'failed', message: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  if (state.step === 'verifying') return <p role="status">Checking your link…</p>;
  if (state.step === 'failed') return <LinkFailed message={state.message} />;
  return (
    <Form<{ password: string }> form={form} name="set-password" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy} noValidate>
      <p>
        Choose a new password for <strong>{state.email}</strong>.
      </p>
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
      <Form.Item label="New password" name="password" rules={[{ required: true, message: authMessages.passwordRequired }]}>
        <Input.Password autoComplete="new-password" aria-required="true" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Set new password
      </Button>
    </Form>
  );
}

/** mode=signIn: the e-mail link signs in (a code works once, so it is sent once) and goes on to the account. */
function EmailLinkSignIn({ oobCode, email }: { oobCode: string; email: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    signInWithEmailLink(email, oobCode).then(
      () => {
        flashSuccess(authMessages.authenticated);
        void navigate(safeRedirect(params.get('redirect')), { replace: true });
      },
      (error: unknown) => setFailure(failureText(error)),
    );
  }, [email, navigate, oobCode, params]);

  return failure ? <LinkFailed message={failure} /> : <p role="status">Signing you in…</p>;
}

/** mode=recoverEmail: the address an account left undoes the change (sent once: a code works once). */
function RecoverEmail({ oobCode }: { oobCode: string }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<{ message: string }>('/auth/email/recover', { oobCode }, { bearer: false }).then(
      ({ message }) => setResult({ ok: true, message }),
      (error: unknown) => setResult({ ok: false, message: statusOf(error) === 400 ? authMessages.tokenExpired : errorMessage(error) }),
    );
  }, [oobCode]);
  if (!result) return <p role="status">Restoring your email…</p>;
  if (!result.ok) return <LinkFailed message={result.message} />;
  return (
    <>
      <Alert type="success" showIcon title={result.message} data-testid="action-result" />
      <p style={{ marginTop: 16 }}>
        <Link to="/auth/forgot-password">Reset your password</Link> or <Link to="/auth/login">go to login</Link>.
      </p>
    </>
  );
}

/** /auth/action?mode=resetPassword|signIn|recoverEmail&oobCode=…[&email=…]: where the links in our mails land. */
export default function AuthAction() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const email = params.get('email');
  if (mode === 'resetPassword' && oobCode) {
    return (
      <AuthPage title="Set a new password">
        <ResetPassword oobCode={oobCode} />
      </AuthPage>
    );
  }
  if (mode === 'recoverEmail' && oobCode) {
    return (
      <AuthPage title="Undo the email change">
        <RecoverEmail oobCode={oobCode} />
      </AuthPage>
    );
  }
  if (mode === 'signIn' && oobCode && email) {
    return (
      <AuthPage title="Signing in">
        <EmailLinkSignIn oobCode={oobCode} email={email} />
      </AuthPage>
    );
  }
  return (
    <AuthPage title="This link does not work">
      <LinkFailed message={authMessages.tokenExpired} />
    </AuthPage>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { flashSuccess } from './flash';
import { authMessages, EMAIL_PATTERN } from './messages';
import { sendSignInLink, signInWithPassword, type TokenAnswer } from './session';
import { applyServerErrors, pause, serverMessage } from './form-errors';

const LOGIN_FIELDS = ['email', 'password'] as const;

interface LoginValues {
  email: string;
  password: string;
}

export interface LoginFormProps {
  /** Called once the session is established (after the success alert). */
  onSignedIn?: (answer: TokenAnswer) => void;
  /** Wait this long before sending (the auth widget's 0.4 s, 001 §4). */
  delayMs?: number;
  /** Also offer 'Email me a sign-in link' (POST /v1/auth/email-link with the e-mail typed). */
  emailLink?: boolean;
  /** The antd form name: field ids are `<name>_email`, so two forms on a page need two names. */
  name?: string;
}

/** Seed 002 §5 Login: e-mail and password, the server's message, and the forgot-password link. */
export function LoginForm({ onSignedIn, delayMs = 0, emailLink = false, name = 'login' }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState<'login' | 'link' | null>(null);
  const [result, setResult] = useState<{ type: 'success' | 'error'; message: string } | null>(null);

  const onFinish = async ({ email, password }: LoginValues) => {
    setBusy('login');
    setResult(null);
    try {
      await pause(delayMs);
      const answer = await signInWithPassword(email.trim(), password);
      flashSuccess(authMessages.authenticated);
      onSignedIn?.(answer);
    } catch (error) {
      if (!applyServerErrors(form, error, LOGIN_FIELDS)) setResult({ type: 'error', message: serverMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const onEmailLink = async () => {
    setResult(null);
    try {
      const { email } = await form.validateFields(['email']);
      setBusy('link');
      const { message } = await sendSignInLink(email.trim());
      setResult({ type: 'success', message });
    } catch (error) {
      // A failed validation has put its message under the field already.
      if (error && typeof error === 'object' && 'errorFields' in error) return;
      if (!applyServerErrors(form, error, LOGIN_FIELDS)) setResult({ type: 'error', message: serverMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<LoginValues> form={form} name={name} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy !== null} noValidate>
      {result && <Alert type={result.type} title={result.message} showIcon style={{ marginBottom: 16 }} data-testid="login-result" />}
      <Form.Item
        label="Email"
        name="email"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: authMessages.emailRequired },
          { pattern: EMAIL_PATTERN, message: authMessages.invalidEmail, transform: (v: string) => v?.trim() },
        ]}
      >
        <Input type="email" inputMode="email" autoComplete="email" aria-required="true" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: authMessages.passwordRequired }]}>
        <Input.Password autoComplete="current-password" aria-required="true" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy === 'login'}>
        Login
      </Button>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginTop: 12 }}>
        <Link to="/auth/forgot-password">{authMessages.forgotPassword}</Link>
        {emailLink && (
          <Button type="link" size="small" onClick={onEmailLink} loading={busy === 'link'} style={{ paddingInline: 0 }}>
            Email me a sign-in link
          </Button>
        )}
      </div>
    </Form>
  );
}

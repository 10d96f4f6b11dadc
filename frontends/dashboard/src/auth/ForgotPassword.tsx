import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { EMAIL_PATTERN, applyServerErrors, authMessages, sendPasswordReset } from '@seatside/ui/src/auth';
import { AuthPage } from './AuthPage';

type Result = { type: 'success' | 'error'; message: string };

/** Seed 001 §5, §7, §8: the forgot-password form (POST /v1/users/forget-password). */
export default function ForgotPassword() {
  const [form] = Form.useForm<{ email: string }>();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    setResult(null);
    try {
      await sendPasswordReset(email.trim());
      alerts.success(authMessages.resetSent);
      setResult({ type: 'success', message: authMessages.resetSent });
    } catch (error) {
      if (!applyServerErrors(form, error, ['email'])) {
        alerts.error(authMessages.resetFailed);
        setResult({ type: 'error', message: authMessages.resetFailed });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage title="Reset your password">
      <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      {result && <Alert type={result.type} title={result.message} showIcon style={{ marginBottom: 16 }} data-testid="forgot-result" />}
      <Form<{ email: string }> form={form} name="forgot-password" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy} noValidate>
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
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Send reset link
        </Button>
      </Form>
      <p style={{ marginTop: 16 }}>
        <Link to="/auth/login">Back to login</Link>
      </p>
    </AuthPage>
  );
}

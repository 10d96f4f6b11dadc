import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, SUBMIT_DELAY_MS, applyServerErrors, authMessages, flashSuccess, pause, serverMessage, signUp, type SignUpForm as SignUpValues, type TokenAnswer } from '@seatside/ui/src/auth';

const SIGN_UP_FIELDS = ['email', 'firstName', 'lastName', 'password'] as const;

/**
 * Seed 001 §5 / 002 §5 sign-up: email 'Required*' / 'Invalid email', first name 'Required*', last name
 * optional, password 'Required*' / 'Please try a longer password'. Sent after the widget's 0.4 s delay.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (answer: TokenAnswer) => void }) {
  const [form] = Form.useForm<SignUpValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: SignUpValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await pause(SUBMIT_DELAY_MS);
      const answer = await signUp({ ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName?.trim() ?? '' });
      flashSuccess(authMessages.registered);
      onSignedUp(answer);
    } catch (error) {
      if (!applyServerErrors(form, error, SIGN_UP_FIELDS)) setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<SignUpValues> form={form} name="sign-up" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy} noValidate>
      {failure && <Alert type="error" title={failure} showIcon style={{ marginBottom: 16 }} data-testid="sign-up-result" />}
      <Form.Item
        label="Email"
        name="email"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: authMessages.required },
          { pattern: EMAIL_PATTERN, message: authMessages.invalidEmail, transform: (v: string) => v?.trim() },
        ]}
      >
        <Input type="email" inputMode="email" autoComplete="email" aria-required="true" />
      </Form.Item>
      <Form.Item label="First name" name="firstName" rules={[{ required: true, whitespace: true, message: authMessages.required }]}>
        <Input autoComplete="given-name" aria-required="true" />
      </Form.Item>
      <Form.Item label="Last name (optional)" name="lastName">
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        validateFirst
        rules={[
          { required: true, message: authMessages.required },
          { min: PASSWORD_MIN_LENGTH, message: authMessages.shortPassword },
        ]}
      >
        <Input.Password autoComplete="new-password" aria-required="true" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Sign Up
      </Button>
    </Form>
  );
}

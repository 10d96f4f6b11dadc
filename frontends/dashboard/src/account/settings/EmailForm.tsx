import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { EMAIL_PATTERN } from '@seatside/ui/src/auth';
import { accountApi } from '../api';
import { accountMessages as m } from '../messages';
import { useFormAction } from './useFormAction';

interface Values {
  email: string;
  currentPassword?: string;
}

/**
 * Email change (seed 000 §5): 'Email is required', 'Invalid email'. The current password goes with it;
 * an account without one is not asked for it (a recent sign-in proves its owner). The server's message
 * for it shows under the field.
 */
export function EmailForm({ initial, hasPassword, onSaved }: { initial: string; hasPassword: boolean; onSaved(): unknown }) {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useFormAction(form);
  return (
    <section className="acc-form" aria-labelledby="acc-email">
      <h2 id="acc-email">Email</h2>
      <Form<Values>
        form={form}
        layout="vertical"
        name="email"
        initialValues={{ email: initial }}
        onFinish={({ email, currentPassword }) =>
          void run(() => accountApi.updateEmail(email.trim(), currentPassword ?? ''), () => {
            form.setFieldValue('currentPassword', '');
            return onSaved();
          })
        }
        requiredMark={false}
        disabled={busy}
        noValidate
      >
        <Form.Item
          label="Email"
          name="email"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: m.emailRequired },
            { pattern: EMAIL_PATTERN, message: m.invalidEmail, transform: (value: string) => value?.trim() },
          ]}
        >
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        {hasPassword ? (
          <Form.Item label="Current password" name="currentPassword">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          Save email
        </Button>
      </Form>
    </section>
  );
}

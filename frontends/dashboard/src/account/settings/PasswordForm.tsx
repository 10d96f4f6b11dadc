import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { accountApi, type PasswordValues } from '../api';
import { accountMessages as m } from '../messages';
import { useFormAction } from './useFormAction';

const required = { required: true, message: m.required };

/**
 * Password change (seed 000 §5): each field 'Required*'; the confirmation must equal the new one. An
 * account without a password (invited, or signed in by a mailed link or Google) has no current one to
 * give: it sets its first.
 */
export function PasswordForm({ hasPassword, onSaved }: { hasPassword: boolean; onSaved(): unknown }) {
  const [form] = Form.useForm<PasswordValues>();
  const { busy, run } = useFormAction(form);
  return (
    <section className="acc-form" aria-labelledby="acc-password">
      <h2 id="acc-password">Password</h2>
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        name="password"
        onFinish={(values) =>
          void run(() => accountApi.updatePassword(values), () => {
            form.resetFields();
            return hasPassword ? undefined : onSaved();
          })
        }
        requiredMark={false}
        disabled={busy}
        noValidate
      >
        {hasPassword ? (
          <Form.Item label="Current password" name="currentPassword" rules={[required]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : (
          <p className="acc-note">{m.noPasswordYet}</p>
        )}
        <Form.Item label="New password" name="newPassword" rules={[required]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(m.passwordsDoNotMatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {hasPassword ? 'Update password' : 'Set password'}
        </Button>
      </Form>
    </section>
  );
}

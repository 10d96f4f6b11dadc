import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { accountApi, type ProfileValues } from '../api';
import { accountMessages as m } from '../messages';
import { useFormAction } from './useFormAction';

const required = [{ required: true, whitespace: true, message: m.required }];

/** Profile (seed 000 §5): firstName, lastName and phone, each 'Required*'. */
export function ProfileForm({ initial, onSaved }: { initial: ProfileValues; onSaved(): unknown }) {
  const [form] = Form.useForm<ProfileValues>();
  const { busy, run } = useFormAction(form);
  const onFinish = (values: ProfileValues) =>
    run(() => accountApi.updateProfile({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: values.phone.trim() }), onSaved);
  return (
    <section className="acc-form" aria-labelledby="acc-profile">
      <h2 id="acc-profile">Profile</h2>
      <Form<ProfileValues> form={form} layout="vertical" name="profile" initialValues={initial} onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={busy} noValidate>
        <div className="acc-row">
          <Form.Item label="First name" name="firstName" rules={required}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={required}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Phone" name="phone" rules={required}>
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save profile
        </Button>
      </Form>
    </section>
  );
}

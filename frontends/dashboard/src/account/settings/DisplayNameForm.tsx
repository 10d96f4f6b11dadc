import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { accountApi } from '../api';
import { accountMessages as m } from '../messages';
import { useFormAction } from './useFormAction';

interface Values {
  displayName: string;
}

/** Display name (seed 000 §5): 'Display name is required'. */
export function DisplayNameForm({ initial, onSaved }: { initial: string; onSaved(): unknown }) {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useFormAction(form);
  return (
    <section className="acc-form" aria-labelledby="acc-display-name">
      <h2 id="acc-display-name">Display name</h2>
      <Form<Values>
        form={form}
        layout="vertical"
        name="display-name"
        initialValues={{ displayName: initial }}
        onFinish={({ displayName }) => void run(() => accountApi.updateDisplayName(displayName.trim()), onSaved)}
        requiredMark={false}
        disabled={busy}
        noValidate
      >
        <Form.Item label="Display name" name="displayName" rules={[{ required: true, whitespace: true, message: m.displayNameRequired }]}>
          <Input autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save display name
        </Button>
      </Form>
    </section>
  );
}

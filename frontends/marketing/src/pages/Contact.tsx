import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { ApiError, UiProvider, errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { sendContact, type ContactForm } from '../api';

/** Seed 000 §5: the contact page validates only the name and the message. */
export const contactMessages = {
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
} as const;

type Result = { type: 'success' | 'error'; message: string };

const TITLE = 'Contact';

export default function Contact() {
  usePageTitle(TITLE);
  const [form] = Form.useForm<ContactForm>();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const onFinish = async (values: ContactForm) => {
    setSending(true);
    setResult(null);
    try {
      const answer = await sendContact(values, 'page');
      setResult({ type: 'success', message: answer.message });
      form.resetFields();
    } catch (err) {
      // The server's per-field messages go under the fields; its message (or the thrown one) in the alert.
      if (err instanceof ApiError && err.errors) {
        form.setFields(Object.entries(err.errors).map(([name, message]) => ({ name: name as keyof ContactForm, errors: [message] })));
      }
      setResult({ type: 'error', message: errorMessage(err) });
    } finally {
      setSending(false);
    }
  };

  // antd screens render inside UiProvider (theme); the shell itself loads no antd, keeping `/` light.
  return (
    <UiProvider>
      <div className="mk-container mk-page-head">
        <h1>{TITLE}</h1>
        <p className="mk-lead">Questions, partnerships or enterprise pricing: send us a message and we will get back to you.</p>
      </div>
      <div className="mk-section" style={{ paddingTop: 24 }}>
        <div className="mk-container" style={{ maxWidth: 640, margin: 0 }}>
          {result && (
            <Alert
              data-testid="contact-result"
              type={result.type}
              title={result.message}
              showIcon
              style={{ marginBottom: 24 }}
            />
          )}
          <Form<ContactForm> form={form} layout="vertical" name="contact" onFinish={onFinish} requiredMark={false} disabled={sending} noValidate>
            <Form.Item label="Name" name="fullname" rules={[{ required: true, whitespace: true, message: contactMessages.nameRequired }]}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item label="Email" name="email">
              <Input inputMode="email" autoComplete="email" />
            </Form.Item>
            <Form.Item label="Phone" name="phone">
              <Input inputMode="tel" autoComplete="tel" />
            </Form.Item>
            <Form.Item label="Message" name="message" rules={[{ required: true, whitespace: true, message: contactMessages.messageRequired }]}>
              <Input.TextArea rows={5} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={sending} size="large">
              Send
            </Button>
          </Form>
        </div>
      </div>
    </UiProvider>
  );
}

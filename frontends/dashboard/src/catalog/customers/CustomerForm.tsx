import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { RecordFormActions, type RecordFormProps } from '@seatside/ui/src/lists';
import type { Customer, CustomerInput, CustomerMetadata } from './api';
import { customerMessages as m } from './messages';

export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  metadata: CustomerMetadata[];
}

export const customerFields = ['firstName', 'lastName', 'email', 'phone', 'metadata'] as const;

export function toFormValues(customer?: Customer): CustomerFormValues {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    metadata: (customer?.metadata ?? []).map(({ key, value }) => ({ key, value })),
  };
}

export function toCustomerInput(values: CustomerFormValues, testMode: boolean): CustomerInput {
  return {
    firstName: values.firstName.trim(),
    lastName: (values.lastName ?? '').trim(),
    email: values.email.trim(),
    phone: (values.phone ?? '').trim(),
    // A pair with neither key nor value is a row the user added and left empty.
    metadata: (values.metadata ?? [])
      .map((pair) => ({ key: (pair?.key ?? '').trim(), value: (pair?.value ?? '').trim() }))
      .filter((pair) => pair.key !== '' || pair.value !== ''),
    testMode,
  };
}

const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

function MetadataList() {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
      <legend style={{ fontSize: 14, marginBottom: 8, color: '#111827', border: 0 }}>{m.metadata}</legend>
      <Form.List name="metadata">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <p style={{ color: '#4b5563', margin: '0 0 8px' }}>{m.noMetadata}</p>}
            {fields.map((field, index) => (
              <div key={field.key} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                <Form.Item name={[field.name, 'key']} noStyle>
                  <Input aria-label={`Metadata key ${index + 1}`} placeholder="Key" autoComplete="off" />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} noStyle>
                  <Input aria-label={`Metadata value ${index + 1}`} placeholder="Value" autoComplete="off" />
                </Form.Item>
                <Button onClick={() => remove(field.name)} aria-label={`Remove metadata ${index + 1}`}>
                  Remove
                </Button>
              </div>
            ))}
            <Button onClick={() => add({ key: '', value: '' })}>{m.addMetadata}</Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/** First and last name, e-mail, phone and metadata (seed 001 §3) with the §5 messages. */
export function CustomerForm({ form, initial, saving, submitLabel, onSubmit, extra }: RecordFormProps<CustomerFormValues>) {
  return (
    <Form<CustomerFormValues> form={form} name="customer" layout="vertical" initialValues={initial} onFinish={onSubmit} requiredMark={false} className="ls-form">
      <Form.Item label="First name" name="firstName" rules={required(m.firstNameRequired)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName">
        <Input autoComplete="off" />
      </Form.Item>
      {/* Not type="email": the browser's own check would stop the submit before the form's message. */}
      <Form.Item label="Email" name="email" rules={required(m.emailRequired)}>
        <Input inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Phone" name="phone">
        <Input inputMode="tel" autoComplete="off" />
      </Form.Item>
      <MetadataList />
      <RecordFormActions saving={saving} submitLabel={submitLabel} extra={extra} />
    </Form>
  );
}

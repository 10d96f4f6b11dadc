import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { applyServerErrors, flashSuccess, refreshMeWhen, serverMessage } from '@seatside/ui/src/auth';
import { registerApi, type PlaceOption, type TenantFields } from './api';
import { normalizeHandle } from './handle';
import { HANDLE_MIN_LENGTH, registerMessages as m, type RegisterKind } from './messages';
import { browserTimeZone, timeZoneOptions } from './timeZones';

const FIELDS = ['name', 'handle', 'googlePlaceId', 'timeZone'] as const;

/** Seed 000 §4 step 1 and §5: name, handle (normalized as typed), time zone; creates the tenant. */
export function DetailsStep(props: { kind: RegisterKind; place: PlaceOption; onBack(): void; onFailure(message: string | null): void }) {
  const { kind, place, onBack, onFailure } = props;
  const [form] = Form.useForm<TenantFields>();
  // The hint shows the public page's address as the handle is typed (never a literal '{handle}').
  const handle = Form.useWatch('handle', form) as string | undefined;
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  async function submit(values: TenantFields) {
    onFailure(null);
    setSubmitting(true);
    try {
      const answer = await registerApi.create(kind, { ...values, googlePlaceId: place.placeId });
      // The place's address goes with the business (an app has no address section).
      if (place.addressParts && kind.collection !== 'apps') await registerApi.saveAddress(kind, answer.id, place.addressParts).catch(() => undefined);
      // The dashboard's guard reads /auth/me, which lists the new tenant once identity has heard of it.
      await refreshMeWhen((me) => me[kind.collection].some((tenant) => tenant.id === answer.id));
      // The dashboard is another screen with its own antd App: a toast that outlives this one.
      flashSuccess(answer.message);
      void navigate(`/dashboard/${kind.collection}/${encodeURIComponent(answer.id)}`);
    } catch (error) {
      applyServerErrors(form, error, FIELDS);
      onFailure(serverMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      name="register-details"
      requiredMark={false}
      initialValues={{ name: place.name, handle: normalizeHandle(place.handle || place.name), timeZone: place.timeZone ?? browserTimeZone() }}
      onFinish={(values) => void submit(values)}
    >
      <p style={{ marginTop: 0 }} data-testid="picked-place">
        <strong>{place.name}</strong> · {place.address}
      </p>
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
        <Input size="large" autoComplete="organization" />
      </Form.Item>
      <Form.Item
        label="Handle"
        name="handle"
        normalize={(value?: string) => normalizeHandle(value ?? '')}
        extra={`Your public page: ${location.host}/${handle || 'your-handle'}`}
        rules={[
          { required: true, message: m.handleRequired },
          { min: HANDLE_MIN_LENGTH, message: m.handleTooShort },
        ]}
      >
        <Input size="large" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Time zone" name="timeZone" rules={[{ required: true, message: 'Time zone is required' }]}>
        <Select size="large" showSearch={{ optionFilterProp: 'label' }} options={timeZoneOptions} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Button size="large" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" htmlType="submit" size="large" loading={submitting}>
          Create {kind.singular}
        </Button>
      </div>
    </Form>
  );
}

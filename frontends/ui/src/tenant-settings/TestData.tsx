import { useState, type SelectHTMLAttributes } from 'react';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import { ApiError, errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import { RequireTenantRole } from '../auth';
import { usePageTitle } from '../title';
import { tenantSettingsApi, type SampleMerchant, type Tenant } from './api';
import { testDataMessages as m } from './messages';
import { useLoad } from './useLoad';
import './styles';

/**
 * Runs one card's call: the spec's success alert, or the server's message as an error alert and,
 * when it names a field (`fields` maps the server's names to the form's), under that field too.
 */
function useCardCall<T extends object>(form: FormInstance<T>, fields: Record<string, keyof T & string>) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await call();
      alerts.success(success);
      form.resetFields();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        const named = Object.entries(err.errors).filter(([name]) => name in fields);
        form.setFields(named.map(([name, message]) => ({ name: fields[name] as never, errors: [message] })));
      }
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

interface DeleteForm {
  confirmation: string;
}

/** Seed 002 §2, §5: type DELETE, then the sandbox records go. */
function DeleteTestDataCard({ tenant }: { tenant: Tenant }) {
  const [form] = Form.useForm<DeleteForm>();
  const { busy, run } = useCardCall(form, { 'teleport.delete': 'confirmation' });
  const onFinish = ({ confirmation }: DeleteForm) => run(() => tenantSettingsApi.deleteTestData(tenant, confirmation), m.deleted);
  return (
    <section className="ts-card" aria-labelledby="delete-test-data-title">
      <h2 className="ts-card-title" id="delete-test-data-title">
        {m.deleteTitle}
      </h2>
      <p className="ts-hint">Deletes every sandbox record of this {tenant.collection === 'merchants' ? 'merchant' : 'account'}. Production data stays as it is.</p>
      <Form<DeleteForm> form={form} layout="vertical" name="delete-test-data" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={busy} noValidate>
        <Form.Item
          label={`Type ${m.confirmWord} to confirm`}
          name="confirmation"
          rules={[{ validator: (_rule, value?: string) => (value === m.confirmWord ? Promise.resolve() : Promise.reject(new Error(m.typeDelete))) }]}
          // Not on every keystroke: a half-typed word is no mistake yet.
          validateTrigger="onBlur"
        >
          <Input autoComplete="off" placeholder={m.confirmWord} />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" loading={busy}>
          {m.deleteTitle}
        </Button>
      </Form>
    </section>
  );
}

type MerchantSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  merchants: SampleMerchant[];
  value?: string;
  onChange?: (name: string) => void;
};

// Form.Item passes the field id and its aria-invalid/aria-describedby through these props.
function MerchantSelect({ merchants, value, onChange, ...rest }: MerchantSelectProps) {
  return (
    <select {...rest} className="ts-select" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)}>
      <option value="">Select a sample merchant</option>
      {merchants.map((merchant) => (
        <option key={merchant.name} value={merchant.name}>
          {merchant.name}
        </option>
      ))}
    </select>
  );
}

interface ImportForm {
  merchant: string;
}

/** Seed 002 §2, §5: one of the sample merchants' products and menus, into the sandbox. */
function ImportTestDataCard({ tenant }: { tenant: Tenant }) {
  const [form] = Form.useForm<ImportForm>();
  const samples = useLoad((signal) => tenantSettingsApi.listSampleMerchants(signal), []);
  const { busy, run } = useCardCall(form, { merchant: 'merchant' });
  const merchants = samples.data ?? [];
  const onFinish = ({ merchant }: ImportForm) => run(() => tenantSettingsApi.importSampleData(tenant, merchant), m.imported);
  const validMerchant = (_rule: unknown, value?: string) =>
    !value ? Promise.reject(new Error(m.selectMerchant)) : merchants.some((s) => s.name === value) ? Promise.resolve() : Promise.reject(new Error(m.validMerchant));
  return (
    <section className="ts-card" aria-labelledby="import-test-data-title" aria-busy={samples.loading}>
      <h2 className="ts-card-title" id="import-test-data-title">
        {m.importTitle}
      </h2>
      <p className="ts-hint">Copies a sample merchant&apos;s products and menus into the sandbox.</p>
      <Form<ImportForm> form={form} layout="vertical" name="import-test-data" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={busy} noValidate>
        <Form.Item label="Sample merchant" name="merchant" rules={[{ validator: validMerchant }]}>
          <MerchantSelect merchants={merchants} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {m.importTitle}
        </Button>
      </Form>
    </section>
  );
}

function TestDataScreen({ tenant }: { tenant: Tenant }) {
  usePageTitle(m.title);
  return (
    <section aria-labelledby="test-data-title">
      <div className="ts-head">
        <h1 id="test-data-title">{m.title}</h1>
      </div>
      <div className="ts-cards">
        <DeleteTestDataCard tenant={tenant} />
        <ImportTestDataCard tenant={tenant} />
      </div>
    </section>
  );
}

/**
 * Test Data (seed 002 §2): delete the sandbox data, import a sample merchant's; for the tenant's
 * admins (as the server has it). Render inside a <UiProvider>.
 */
export function TestData(tenant: Tenant) {
  return (
    <RequireTenantRole collection={tenant.collection} id={tenant.id} role="admin">
      <TestDataScreen tenant={tenant} />
    </RequireTenantRole>
  );
}

import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { tenantSettingsApi, type TenantRecord } from '../api';
import { useSectionSave, useSettings } from '../context';
import { settingsMessages as m } from '../messages';
import { numberOrZero, SectionScreen } from './parts';

/** Seed 001 §5: within the bounds, or zero or empty. */
const within = (min: number, max: number, message: string): Rule => ({
  validator: (_rule, value: unknown) => {
    const n = numberOrZero(value);
    const blank = value === undefined || value === null || value === '';
    return blank || n === 0 || (Number.isFinite(Number(value)) && n >= min && n <= max) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

type GoalsForm = { dailyOrderVolume: string | number; dailyOrderRevenue: string | number };

function GoalsForm({ record }: { record: TenantRecord }) {
  const { tenant } = useSettings();
  const [form] = Form.useForm<GoalsForm>();
  const { busy, save } = useSectionSave(form, 'goals', m.goals.saved);
  const initial = { dailyOrderVolume: record.goals?.dailyOrderVolume || '', dailyOrderRevenue: record.goals?.dailyOrderRevenue || '' };
  const onFinish = (values: GoalsForm) =>
    void save((version) => tenantSettingsApi.saveSettings(tenant, { goals: { dailyOrderVolume: numberOrZero(values.dailyOrderVolume), dailyOrderRevenue: numberOrZero(values.dailyOrderRevenue) } }, version));
  return (
    <Form<GoalsForm> form={form} layout="vertical" name="goals" initialValues={initial} requiredMark={false} disabled={busy} noValidate onFinish={onFinish} className="ts-form">
      <Form.Item label="Daily order volume" name="dailyOrderVolume" rules={[within(10, 10_000, m.goals.volume)]} extra="Orders a day, 10 to 10,000.">
        <Input type="number" min={0} max={10000} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="Daily order revenue" name="dailyOrderRevenue" rules={[within(100, 10_000, m.goals.revenue)]} extra="Revenue a day, 100 to 10,000.">
        <Input type="number" min={0} max={10000} inputMode="decimal" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        Save Goals
      </Button>
    </Form>
  );
}

/** Seed 001 §5: dailyOrderVolume 10–10,000, dailyOrderRevenue 100–10,000 (zero or empty pass); 'Goals updated.'. */
export function Goals() {
  return <SectionScreen id="goals" title={m.goals.title}>{(record) => <GoalsForm record={record} />}</SectionScreen>;
}

import type { ReactNode } from 'react';
import Form from 'antd/es/form';
import Switch from 'antd/es/switch';
import { usePageTitle } from '../../title';
import { useSettings } from '../context';
import type { TenantRecord } from '../api';

/** A section's page: its title, then its content once the tenant record is read. */
export function SectionScreen({ id, title, children }: { id: string; title: string; children: (record: TenantRecord) => ReactNode }) {
  const { record, loading, opening } = useSettings();
  usePageTitle(title);
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={(loading && !record) || opening} data-testid={`section-${id}`}>
      <div className="ts-head">
        <h1 id={`${id}-title`}>{title}</h1>
      </div>
      {record && !opening ? children(record) : <p role="status">Loading…</p>}
    </section>
  );
}

/** A labelled switch bound to a form field (`name` may be a path). */
export function Toggle({ name, label, hint }: { name: string | (string | number)[]; label: string; hint?: string }) {
  const id = `toggle-${(Array.isArray(name) ? name.join('-') : name).replace(/[^\w-]/g, '')}`;
  return (
    <div className="ts-toggle">
      <label htmlFor={id}>
        {label}
        {hint && <span className="ts-hint" style={{ display: 'block', margin: 0 }}>{hint}</span>}
      </label>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch id={id} />
      </Form.Item>
    </div>
  );
}

/** A blank number field is saved as 0 (seed 001 §5, seed 002 §5). */
export const numberOrZero = (value: unknown): number => {
  if (value === undefined || value === null || value === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The currency symbol a money field shows (seed 002 §9: USD $, EUR €). */
export { currencySymbol } from '@seatside/rules';

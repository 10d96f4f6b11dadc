import { useState, type ComponentType, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlerts } from '../alerts-antd';
import { applyServerErrors } from '../auth/form-errors';
import { ModeMismatch, useRecordInMode, useTestMode } from '../mode';
import { usePageTitle } from '../title';
import { useConfirmDelete } from './confirm';
import { errorMessage } from './shared';
import './styles';

/** The strings a record page says (seed 001 §2, §8), in the feature's own messages. */
export interface RecordMessages {
  /** The back link's text: 'Coupons'. */
  listTitle: string;
  newTitle: string;
  editTitle: string;
  /** The kind in a sentence ('coupon'); also names the heading's id ('coupon-title'). */
  entity: string;
  /** The kind as a title ('Coupon'), for the mode prompt. */
  entityTitle: string;
  created: string;
  updated: string;
  deleted: string;
  create: string;
  save: string;
  delete: string;
}

/** A record form's footer: the submit button, then what the page adds beside it (the edit page's Delete). */
export function RecordFormActions({ saving, submitLabel, extra }: { saving: boolean; submitLabel: string; extra?: ReactNode }) {
  return (
    <div className="ls-actions">
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitLabel}
      </Button>
      {extra}
    </div>
  );
}

/** What a record page gives its form: antd's form, the values to start from and the submit button. */
export interface RecordFormProps<V> {
  form: FormInstance<V>;
  initial: V;
  saving: boolean;
  submitLabel: string;
  onSubmit(values: V): void;
  /** Beside the submit button (the edit page's Delete). */
  extra?: ReactNode;
  merchantId: string;
  /** The record's mode (new: the current one). */
  testMode: boolean;
}

/**
 * One kind of record under /dashboard/merchants/{merchantId}/…: its API, its paths, its form and the
 * mapping between the record, the form's values `V` and the create/update body `I`.
 */
export interface RecordKind<T extends { id: string; testMode: boolean }, V, I extends { testMode: boolean }> {
  messages: RecordMessages;
  /** The list screen; `rest` ('new', an encoded id) goes below it. */
  page(merchantId: string, rest?: string): string;
  load(merchantId: string, id: string, signal: AbortSignal): Promise<T>;
  create(merchantId: string, input: I): Promise<{ id: string }>;
  /** `version` is the record's as loaded (sent as If-Match: a record changed meanwhile is refused, not overwritten). */
  update(merchantId: string, id: string, changes: Omit<I, 'testMode'>, version?: number): Promise<unknown>;
  remove(merchantId: string, id: string): Promise<unknown>;
  /** The form's fields: a server error naming one shows under it. */
  fields: readonly string[];
  toFormValues(record?: T): V;
  toInput(values: V, testMode: boolean): I;
  Fields: ComponentType<RecordFormProps<V>>;
  /** The record's name (a product's title): the browser tab's title once the record is loaded. */
  name(record: T): string;
  /** Above the edit form (created at, times redeemed). */
  meta?(record: T): ReactNode;
}

// The kinds differ in their types; a page only passes values between a kind's own functions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = RecordKind<any, any, any>;

function Head({ kind, merchantId, title, testMode }: { kind: AnyKind; merchantId: string; title: string; testMode: boolean }) {
  return (
    <>
      <Link className="ls-back" to={kind.page(merchantId)}>
        ← {kind.messages.listTitle}
      </Link>
      <div className="ls-head">
        <h1 id={`${kind.messages.entity}-title`}>{title}</h1>
        {testMode && <span className="ls-badge">Sandbox</span>}
      </div>
    </>
  );
}

/** new: creates in the current mode, then goes to the new record's page (seed 001 §4). */
function NewRecord({ kind, merchantId }: { kind: AnyKind; merchantId: string }) {
  const m = kind.messages;
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [initial] = useState(() => kind.toFormValues());
  usePageTitle(m.newTitle);

  const submit = async (values: unknown) => {
    setSaving(true);
    try {
      const answer = await kind.create(merchantId, kind.toInput(values, testMode));
      alerts.success(m.created);
      void navigate(kind.page(merchantId, encodeURIComponent(answer.id)));
    } catch (error) {
      if (!applyServerErrors(form, error, kind.fields)) alerts.error(errorMessage(error));
      setSaving(false);
    }
  };

  const { Fields } = kind;
  return (
    <section className="ls-screen" aria-labelledby={`${m.entity}-title`}>
      <Head kind={kind} merchantId={merchantId} title={m.newTitle} testMode={testMode} />
      <Fields form={form} initial={initial} saving={saving} submitLabel={m.create} onSubmit={(v) => void submit(v)} merchantId={merchantId} testMode={testMode} />
    </section>
  );
}

/** The loaded record's form: update stays on the page; delete asks first, then goes back to the list. */
function EditForm({ kind, merchantId, record, onSaved }: { kind: AnyKind; merchantId: string; record: { id: string; testMode: boolean; version?: number }; onSaved(record: unknown): void }) {
  const m = kind.messages;
  const alerts = useAlerts();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const submit = async (values: unknown) => {
    setSaving(true);
    try {
      const { testMode: _mode, ...changes } = kind.toInput(values, record.testMode) as { testMode: boolean };
      await kind.update(merchantId, record.id, changes, record.version);
      alerts.success(m.updated);
      // An update appends one event to the record's stream, so the version it leaves is the next one.
      onSaved({ ...record, ...changes, ...(record.version === undefined ? {} : { version: record.version + 1 }) });
    } catch (error) {
      if (!applyServerErrors(form, error, kind.fields)) alerts.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!(await confirmDelete(m.entity))) return;
    try {
      await kind.remove(merchantId, record.id);
      alerts.success(m.deleted);
      void navigate(kind.page(merchantId), { replace: true });
    } catch (error) {
      alerts.error(errorMessage(error));
    }
  };

  const { Fields } = kind;
  return (
    <>
      {kind.meta?.(record)}
      <Fields
        form={form}
        initial={kind.toFormValues(record)}
        saving={saving}
        submitLabel={m.save}
        onSubmit={(v) => void submit(v)}
        merchantId={merchantId}
        testMode={record.testMode}
        extra={
          <Button danger onClick={() => void remove()} disabled={saving}>
            {m.delete}
          </Button>
        }
      />
    </>
  );
}

function EditRecord({ kind, merchantId, id }: { kind: AnyKind; merchantId: string; id: string }) {
  const m = kind.messages;
  const listPath = kind.page(merchantId);
  const { record, error, mismatch, setRecord } = useRecordInMode<{ id: string; testMode: boolean }>((signal) => kind.load(merchantId, id, signal), listPath, [merchantId, id]);
  usePageTitle(record ? kind.name(record) : m.editTitle);
  if (mismatch) return <ModeMismatch entity={m.entityTitle} listPath={listPath} />;
  return (
    <section className="ls-screen" aria-labelledby={`${m.entity}-title`} aria-busy={!record && !error}>
      <Head kind={kind} merchantId={merchantId} title={m.editTitle} testMode={record?.testMode ?? false} />
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} />
      ) : record ? (
        <EditForm key={record.id} kind={kind} merchantId={merchantId} record={record} onSaved={(saved) => setRecord(saved as typeof record)} />
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}

export interface RecordPageProps<T extends { id: string; testMode: boolean }, V, I extends { testMode: boolean }> {
  kind: RecordKind<T, V, I>;
}

/**
 * A record's new/edit page (seed 001 §2, §4): back link, title and Sandbox badge over the kind's form.
 * Mount it at 'new' and at ':id' of the kind's routes; without an `:id` it creates. Inside a <UiProvider>.
 *
 *   <Route path="new" element={<RecordPage kind={couponRecord} />} />
 *   <Route path=":id" element={<RecordPage kind={couponRecord} />} />
 */
export function RecordPage<T extends { id: string; testMode: boolean }, V, I extends { testMode: boolean }>({ kind }: RecordPageProps<T, V, I>) {
  const { merchantId = '', id } = useParams();
  const anyKind = kind as AnyKind;
  // Distinct components (and a key per id) so a create that navigates to its record starts afresh.
  return id === undefined ? <NewRecord kind={anyKind} merchantId={merchantId} /> : <EditRecord key={id} kind={anyKind} merchantId={merchantId} id={id} />;
}

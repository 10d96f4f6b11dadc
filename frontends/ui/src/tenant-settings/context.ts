import { createContext, useContext, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { FormProviderProps } from 'antd/es/form/context';
import { ApiError, errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import type { Tenant, TenantRecord } from './api';

export interface SettingsState {
  tenant: Tenant;
  record: TenantRecord | undefined;
  loading: boolean;
  /** A section just opened and the record is being read again for it (its forms wait: see TenantSettingsLayout). */
  opening: boolean;
  reload(): void;
  /** Debug section: show the JSON of the objects on screen. */
  debug: boolean;
  setDebug(on: boolean): void;
}

export const SettingsContext = createContext<SettingsState | null>(null);

export function useSettings(): SettingsState {
  const state = useContext(SettingsContext);
  if (!state) throw new Error('useSettings needs the TenantSettingsLayout around it');
  return state;
}

/** 'goals.dailyOrderVolume' under prefix 'goals' → ['dailyOrderVolume']; list indices as numbers. */
export const fieldPath = (key: string, prefix: string): (string | number)[] | undefined => {
  const rest = prefix ? (key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key === prefix ? '' : undefined) : key;
  if (rest === undefined || rest === '') return undefined;
  return rest.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
};

/**
 * The fields under which each form shows a server's message, as JSON name paths. Such a message
 * answers what was sent: it goes when its field changes (`onSettingsFormChange`) and they all go when
 * the form saves or the server answers again. Client rules need none of this: antd checks a field
 * with rules again as it changes, but leaves a message it was given on a field without rules.
 */
const serverErrorFields = new WeakMap<object, Set<string>>();

// The provider hands rc-field-form's type of the very instance `Form.useForm()` made.
function clearServerErrors(form: Pick<FormInstance, 'setFields'>, only?: readonly (string | number)[][]) {
  const shown = serverErrorFields.get(form);
  if (!shown?.size) return;
  const keys = only ? only.map((name) => JSON.stringify(name)).filter((key) => shown.has(key)) : [...shown];
  for (const key of keys) shown.delete(key);
  if (keys.length > 0) form.setFields(keys.map((key) => ({ name: JSON.parse(key) as never, errors: [] })));
}

function showServerErrors(form: FormInstance, errors: Record<string, string>, prefix: string) {
  clearServerErrors(form);
  const named = Object.entries(errors).flatMap(([key, message]) => {
    const name = fieldPath(key, prefix);
    return name ? [{ name, errors: [message] }] : [];
  });
  serverErrorFields.set(form, new Set(named.map(({ name }) => JSON.stringify(name))));
  form.setFields(named.map(({ name, errors: messages }) => ({ name: name as never, errors: messages })));
}

/**
 * For the `Form.Provider` around every section (TenantSettingsLayout): a field a person changes loses
 * the server's message under it. Reaches the forms that have a `name` (the provider knows them by it).
 */
export const onSettingsFormChange: NonNullable<FormProviderProps['onFormChange']> = (name, { changedFields, forms }) => {
  const form = forms[name];
  if (form) clearServerErrors(form, changedFields.map(({ name: path }) => (Array.isArray(path) ? path : [path])));
};

/**
 * A section's save: the seed's success alert and the record reloaded, or the server's message as an
 * error alert (or `failure`) and each field error it names under that field, until that field changes
 * or a save succeeds. The form needs a `name` (see `onSettingsFormChange`).
 *
 * `call` gets the version of the record the screen shows, to send as If-Match: a record someone else
 * changed meanwhile answers 412, whose 'This record was changed by someone else. Reload it and try
 * again.' shows as the lists show it (never replaced by `failure`).
 */
export function useSectionSave(form: FormInstance | undefined, prefix: string, success: string, failure?: string) {
  const alerts = useAlerts();
  const { reload, record } = useSettings();
  const [busy, setBusy] = useState(false);
  const save = async (call: (version: number | undefined) => Promise<unknown>, onDone?: (answer: unknown) => void): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await call(record?.version);
      if (form) clearServerErrors(form);
      alerts.success(success);
      onDone?.(answer);
      reload();
      return true;
    } catch (err) {
      if (form && err instanceof ApiError && err.errors) showServerErrors(form, err.errors, prefix);
      const stale = err instanceof ApiError && err.code === 'version_conflict';
      alerts.error(failure && !stale ? failure : errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

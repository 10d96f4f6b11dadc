import { createContext, useContext, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { ApiError, errorMessage } from './shared';
import { useAlerts } from '../alerts-antd';
import type { Tenant, TenantRecord } from './api';

export interface SettingsState {
  tenant: Tenant;
  record: TenantRecord | undefined;
  loading: boolean;
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
 * A section's save: the seed's success alert and the record reloaded, or the server's message as an
 * error alert (or `failure`) and each field error it names under that field.
 */
export function useSectionSave(form: FormInstance | undefined, prefix: string, success: string, failure?: string) {
  const alerts = useAlerts();
  const { reload } = useSettings();
  const [busy, setBusy] = useState(false);
  const save = async (call: () => Promise<unknown>, onDone?: (answer: unknown) => void): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await call();
      alerts.success(success);
      onDone?.(answer);
      reload();
      return true;
    } catch (err) {
      if (form && err instanceof ApiError && err.errors) {
        const named = Object.entries(err.errors).flatMap(([key, message]) => {
          const name = fieldPath(key, prefix);
          return name ? [{ name: name as never, errors: [message] }] : [];
        });
        form.setFields(named);
      }
      alerts.error(failure ?? errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

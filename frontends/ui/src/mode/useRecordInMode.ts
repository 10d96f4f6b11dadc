import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
// The shared ApiError class (one per page, from the package root).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ApiError } from '@seatside/ui';
import { useTestMode } from './store';

export interface RecordInMode<T> {
  /** The record, once loaded (also while its mode differs: the screen shows <ModeMismatch/> then). */
  record: T | null;
  loading: boolean;
  /** Any failure but a 404 (which navigates to the list). */
  error: unknown;
  /** The record belongs to the other mode: render <ModeMismatch/> instead of the form. */
  mismatch: boolean;
  reload(): void;
  /** Puts a saved record in place without a round trip. */
  setRecord(record: T): void;
}

/**
 * Loads a record for a detail screen (seed 001 §4): a missing record (404) navigates to the list;
 * one of the other mode is flagged as `mismatch` so the screen asks to switch.
 *
 *   const coupon = useRecordInMode(() => couponsApi.get(merchantId, couponId), listPath, [couponId]);
 *   if (coupon.mismatch) return <ModeMismatch entity="Coupon" listPath={listPath} />;
 */
export function useRecordInMode<T extends { testMode?: boolean }>(
  load: (signal: AbortSignal) => Promise<T>,
  listPath: string,
  deps: readonly unknown[],
): RecordInMode<T> {
  const navigate = useNavigate();
  const testMode = useTestMode((s) => s.testMode);
  const [state, setState] = useState<{ record: T | null; loading: boolean; error: unknown }>({ record: null, loading: true, error: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (record) => !controller.signal.aborted && setState({ record, loading: false, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          void navigate(listPath, { replace: true });
          return;
        }
        setState({ record: null, loading: false, error });
      },
    );
    return () => controller.abort();
    // `load` is a new function each render; `deps` says when it loads something else.
  }, [...deps, version, listPath, navigate]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setRecord = useCallback((record: T) => setState({ record, loading: false, error: null }), []);
  const mismatch = !!state.record && (state.record.testMode ?? false) !== testMode;
  return { ...state, mismatch, reload, setRecord };
}

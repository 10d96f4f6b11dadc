import { startTransition, useEffect, useState } from 'react';
import { ApiError, fetchStorefront } from './api';
import type { StorefrontDocument, VenueDocument } from './domain/types';
import { useSearchParams } from './router';

export type StorefrontLoad =
  | { state: 'loading' }
  | { state: 'ready'; doc: StorefrontDocument }
  | { state: 'venue'; venue: VenueDocument }
  | { state: 'error'; status: number; message: string };

// Documents already read this visit: the menu, checkout and confirmation screens share one.
const cache = new Map<string, StorefrontDocument | VenueDocument>();

const loadOf = (doc: StorefrontDocument | VenueDocument): StorefrontLoad => ('venue' in doc ? { state: 'venue', venue: doc } : { state: 'ready', doc });

/** The public document of a handle in a mode: cached for the visit, read again in the background. */
export function useStorefront(handle: string, testMode: boolean): StorefrontLoad & { retry(): void } {
  const key = `${testMode}:${handle}`;
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<StorefrontLoad>(() => {
    const cached = cache.get(key);
    return cached ? loadOf(cached) : { state: 'loading' };
  });

  useEffect(() => {
    const controller = new AbortController();
    const cached = cache.get(key);
    setLoad(cached ? loadOf(cached) : { state: 'loading' });
    fetchStorefront(handle, testMode, controller.signal).then(
      (doc) => {
        cache.set(key, doc);
        // The page renders in slices (a transition), not in one long task on a phone's main thread.
        startTransition(() => setLoad(loadOf(doc)));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (cache.has(key)) return;
        const status = error instanceof ApiError ? error.status : 0;
        setLoad({ state: 'error', status, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key, handle, testMode, attempt]);

  return { ...load, retry: () => setAttempt((n) => n + 1) };
}

/** Sandbox or production: the sandbox site is the same page with `?testMode=true` (docs/storefront-api.md). */
export function useTestMode(): boolean {
  const [params] = useSearchParams();
  return params.get('testMode') === 'true';
}

/** A storefront path in the current mode. */
export const inMode = (path: string, testMode: boolean): string => (testMode ? `${path}${path.includes('?') ? '&' : '?'}testMode=true` : path);

/** The time now, moving on every `everyMs` so open hours and pickup times stay current. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

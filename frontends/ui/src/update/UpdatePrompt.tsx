import { Suspense, lazy, useEffect, useState } from 'react';

/** Dispatched on window with `{ waiting }` to show the prompt for a worker found another way (and by tests). */
export const SW_WAITING_EVENT = 'seatside:sw-waiting';
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** The part of a ServiceWorker the prompt uses. */
export interface WaitingWorker {
  postMessage(message: unknown): void;
}

const noop = () => undefined;

// The prompt itself (its markup and CSS) is a lazily loaded chunk: it shows only when an update waits.
const UpdateDialog = lazy(() => import('./UpdateDialog'));

/** Clears every Cache Storage cache this origin holds. */
export async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

/**
 * Registers the service worker and calls `onWaiting` whenever a new worker is installed and waiting
 * while an older one controls the page. Returns a cleanup.
 */
export function watchServiceWorker(url: string, onWaiting: (worker: WaitingWorker) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return noop;
  const sw = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  let stopped = false;

  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (!stopped && worker.state === 'installed' && sw.controller) onWaiting(worker);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  const onUpdateFound = () => track(registration?.installing ?? null);
  const onVisible = () => {
    if (document.visibilityState === 'visible') registration?.update().catch(noop);
  };

  sw.register(url, { scope: '/' }).then(
    (reg) => {
      if (stopped) return;
      registration = reg;
      if (reg.waiting && sw.controller) onWaiting(reg.waiting);
      track(reg.installing);
      reg.addEventListener('updatefound', onUpdateFound);
      document.addEventListener('visibilitychange', onVisible);
    },
    // No worker (e.g. sw.js not deployed): the site works the same, it just never prompts.
    (err: unknown) => console.warn('Service worker registration failed', err),
  );

  return () => {
    stopped = true;
    registration?.removeEventListener('updatefound', onUpdateFound);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export interface UpdatePromptProps {
  /** The service worker script; served from the shell's public folder. */
  swUrl?: string;
}

/**
 * The update prompt (seed 002 §2, §4): when a new service worker is waiting, offer Update Now
 * (clear caches, activate the waiting worker, reload once it controls the page) or Update Later.
 */
export function UpdatePrompt({ swUrl = '/sw.js' }: UpdatePromptProps) {
  const [waiting, setWaiting] = useState<WaitingWorker>();

  useEffect(() => {
    const show = (worker: WaitingWorker) => setWaiting(() => worker);
    const onEvent = (e: Event) => {
      const worker = (e as CustomEvent<{ waiting?: WaitingWorker }>).detail?.waiting;
      if (worker && typeof worker.postMessage === 'function') show(worker);
    };
    window.addEventListener(SW_WAITING_EVENT, onEvent);
    const stop = watchServiceWorker(swUrl, show);
    return () => {
      window.removeEventListener(SW_WAITING_EVENT, onEvent);
      stop();
    };
  }, [swUrl]);

  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog waiting={waiting} onLater={() => setWaiting(undefined)} />
    </Suspense>
  );
}

import { useEffect, useState } from 'react';

/** Dispatched on window with `{ waiting }` to show the prompt for a worker found another way (and by tests). */
export const SW_WAITING_EVENT = 'seatside:sw-waiting';
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** The part of a ServiceWorker the prompt uses. */
export interface WaitingWorker {
  postMessage(message: unknown): void;
}

const noop = () => undefined;

const css = `
.ssu-prompt{position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:1002;width:360px;max-width:calc(100vw - 32px);
background:#fff;color:#1f1f1f;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.22);padding:16px 18px;box-sizing:border-box;
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ssu-prompt h2{margin:0 0 4px;font-size:16px}
.ssu-prompt p{margin:0 0 12px;color:#434343}
.ssu-actions{display:flex;gap:8px;justify-content:flex-end}
.ssu-btn{border:1px solid #0958d9;border-radius:8px;padding:6px 14px;font:inherit;font-weight:600;cursor:pointer;background:#fff;color:#0958d9}
.ssu-btn-primary{background:#0958d9;color:#fff}
.ssu-btn:focus-visible{outline:3px solid #91caff;outline-offset:2px}
`;

function injectCss() {
  if (typeof document === 'undefined' || document.getElementById('ssu-css')) return;
  const style = document.createElement('style');
  style.id = 'ssu-css';
  style.textContent = css;
  document.head.appendChild(style);
}

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
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    const show = (worker: WaitingWorker) => {
      injectCss();
      setWaiting(() => worker);
    };
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

  const updateNow = async () => {
    setUpdating(true);
    if ('serviceWorker' in navigator) {
      let reloaded = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (reloaded) return;
        reloaded = true;
        window.location.reload();
      });
    }
    try {
      await clearCaches();
    } finally {
      waiting.postMessage(SKIP_WAITING);
    }
  };

  return (
    <section className="ssu-prompt" role="alertdialog" aria-modal="false" aria-labelledby="ssu-title" aria-describedby="ssu-desc" data-testid="update-prompt">
      <h2 id="ssu-title">Update available</h2>
      <p id="ssu-desc">A new version of Seatside is ready.</p>
      <div className="ssu-actions">
        <button type="button" className="ssu-btn" onClick={() => setWaiting(undefined)} disabled={updating}>
          Update Later
        </button>
        <button type="button" className="ssu-btn ssu-btn-primary" onClick={() => void updateNow()} disabled={updating}>
          Update Now
        </button>
      </div>
    </section>
  );
}

import { useSyncExternalStore } from 'react';

/**
 * The browser's location without react-router: what the shell needs to pick a remote and what the
 * storefront (the diner's phone page, which ships no router) routes on. Deep-import it
 * (`@seatside/ui/src/location`); it is not in the shared `@seatside/ui` on purpose (each importer
 * bundles these few lines instead of downloading the whole package).
 *
 * history.pushState/replaceState fire no event, so the first importer wraps them (once per page,
 * whoever imports it) to dispatch LOCATION_CHANGE_EVENT when the URL changed; popstate covers Back
 * and Forward. react-router's own navigations go through the same history calls, so every
 * listener here sees every navigation.
 */
export const LOCATION_CHANGE_EVENT = 'seatside:locationchange';

const PATCHED = '__seatsideHistoryPatched';
const POP_STATE_GATE = '__seatsidePopStateGate';

type PopStateGate = (event: PopStateEvent) => boolean;

function patchHistory(): void {
  const w = window as unknown as Record<string, unknown>;
  if (w[PATCHED]) return;
  w[PATCHED] = true;
  // The first popstate listener of the page (patched as the shell loads this file, below, before any
  // router listens), so a gate sees Back and Forward before react-router and the shell do. On
  // window: each importer bundles its own copy of this file.
  addEventListener('popstate', (event) => {
    const gate = w[POP_STATE_GATE] as PopStateGate | undefined;
    if (gate?.(event)) event.stopImmediatePropagation();
  });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const before = location.href;
      original.apply(this, args);
      if (location.href !== before) dispatchEvent(new Event(LOCATION_CHANGE_EVENT));
    };
  }
}

/**
 * While set, `gate` sees every Back/Forward first; answering true holds the event from every other
 * listener (react-router, the shell), which then never learn of the step: the gate steps back itself
 * (`history.go`). One gate at a time (the editors' leave guard, `@seatside/ui/src/unsaved`); null clears it.
 */
export function gatePopState(gate: PopStateGate | null): void {
  patchHistory();
  (window as unknown as Record<string, unknown>)[POP_STATE_GATE] = gate ?? undefined;
}

// At load, not at the first subscription: react-router's BrowserRouter may listen before the
// shell's first effects run, and the popstate gate must be the page's first listener.
if (typeof window !== 'undefined') patchHistory();

/** Calls `onChange` after every navigation (push, replace, Back/Forward); answers the unsubscribe. */
export function subscribeLocation(onChange: () => void): () => void {
  patchHistory();
  addEventListener('popstate', onChange);
  addEventListener(LOCATION_CHANGE_EVENT, onChange);
  return () => {
    removeEventListener('popstate', onChange);
    removeEventListener(LOCATION_CHANGE_EVENT, onChange);
  };
}

/** Re-renders on every navigation; answers `location.pathname`. */
export function usePathname(): string {
  return useSyncExternalStore(subscribeLocation, () => location.pathname);
}

/** Re-renders on every navigation; answers `location.search` ('' or '?…'). */
export function useSearch(): string {
  return useSyncExternalStore(subscribeLocation, () => location.search);
}

/** Goes to `to` (a path on this origin) as a new history entry, or in place with `replace`. */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  patchHistory();
  history[options.replace ? 'replaceState' : 'pushState'](options.state ?? null, '', to);
}

/** The `state` the current history entry was pushed with (see navigate). */
export const historyState = <T>(): T | undefined => (history.state ?? undefined) as T | undefined;

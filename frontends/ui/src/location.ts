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

function patchHistory(): void {
  const w = window as unknown as Record<string, unknown>;
  if (w[PATCHED]) return;
  w[PATCHED] = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const before = location.href;
      original.apply(this, args);
      if (location.href !== before) dispatchEvent(new Event(LOCATION_CHANGE_EVENT));
    };
  }
}

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

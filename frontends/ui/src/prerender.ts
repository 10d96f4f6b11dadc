import { useLayoutEffect } from 'react';

/**
 * The prerendered first view (docs/ARCHITECTURE.md, "The first paint"): the gateway serves `/` and a
 * merchant's `/{handle}` with the page's first view already in the HTML, in
 * `<div id="prerender" data-remote="…">` before the app's `#root`. While it is there, `#root` is not
 * displayed (the page's own CSS: `#prerender~#root{display:none}`), so the app renders its loading
 * states unseen; the remote's page ends the prerender once its own view is in the DOM, in the same
 * frame (a layout effect), and the page is then the app's. Nothing moves on the screen that was
 * there before: the old nodes go, the new ones come.
 */
export const PRERENDER_ID = 'prerender';

/** The CSS that keeps the app's root out of view while the prerendered view is shown. */
export const PRERENDER_CSS = `#${PRERENDER_ID}~#root{display:none}`;

/** The remote the prerendered view belongs to, if there is one in the page. */
export function prerenderedRemote(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.getElementById(PRERENDER_ID)?.dataset.remote;
}

/** Drops the prerendered view: the app's root shows instead. */
export function endPrerender(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(PRERENDER_ID)?.remove();
}

/** Ends the prerendered view when the calling component's view is in the DOM (before it is painted). */
export function useEndPrerender(when = true): void {
  useLayoutEffect(() => {
    if (when) endPrerender();
  }, [when]);
}

const STYLE_ATTR = 'data-seatside-style';

/** Every stylesheet injected so far, by id: a server render (a prerendered page) writes them into the HTML. */
const injected = new Map<string, string>();

/**
 * Injects a component's CSS once, at module load, as a `<style>` element: no bundler CSS pipeline
 * is needed, so it works the same in the shell, in a remote and standalone. A page whose HTML has
 * the stylesheet already (prerendered: injectedStylesHtml) keeps that one.
 */
export function injectStyles(id: string, css: string): void {
  injected.set(id, css);
  if (typeof document === 'undefined') return;
  const attr = STYLE_ATTR;
  if (document.head.querySelector(`style[${attr}="${id}"]`)) return;
  const style = document.createElement('style');
  style.setAttribute(attr, id);
  style.textContent = css;
  document.head.appendChild(style);
}

/** The stylesheets injected so far as `<style data-seatside-style="id">` elements, for a server-rendered page. */
export function injectedStylesHtml(): string {
  // A stylesheet is ours, never user input; '<' cannot end it early once escaped as CSS allows.
  return [...injected].map(([id, css]) => `<style ${STYLE_ATTR}="${id}">${css.replace(/</g, '\\3c ')}</style>`).join('');
}

/** Brand colours; each text/background pair meets WCAG AA contrast. */
export const colors = {
  brand: '#1f5eff',
  brandDark: '#1e3a8a',
  text: '#111827',
  muted: '#4b5563',
  border: '#e5e7eb',
  surface: '#ffffff',
  subtle: '#f3f4f6',
  focus: '#f59e0b',
} as const;

/**
 * Injects a component's CSS once, at module load, as a `<style>` element: no bundler CSS pipeline
 * is needed, so it works the same in the shell, in a remote and standalone.
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined') return;
  const attr = `data-seatside-style`;
  if (document.head.querySelector(`style[${attr}="${id}"]`)) return;
  const style = document.createElement('style');
  style.setAttribute(attr, id);
  style.textContent = css;
  document.head.appendChild(style);
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

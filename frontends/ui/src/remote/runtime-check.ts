declare global {
  interface Window {
    /** React's version, set by the first frontend that starts. */
    __SEATSIDE_REACT_VERSION__?: string;
    /** Every distinct React (by `useState` identity) a frontend started with: one when sharing works. */
    __SEATSIDE_REACTS__?: Set<unknown>;
  }
}

/** Records the React a frontend runs with, so tests can prove react is one shared singleton. */
export function registerReact(react: { version: string; useState: unknown }): void {
  if (typeof window === 'undefined') return;
  window.__SEATSIDE_REACT_VERSION__ ??= react.version;
  // The hook's identity, not the namespace object: each build wraps a shared module in its own namespace.
  (window.__SEATSIDE_REACTS__ ??= new Set()).add(react.useState);
}

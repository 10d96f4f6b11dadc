import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useEndPrerender } from '../prerender';

export const REMOTE_ERROR_TEXT = 'This part of Seatside could not be loaded.';

interface BoundaryProps {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Seatside: a part of the app failed to load or render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

// Plain elements, not antd: the shell draws these on every first visit, before any antd is needed.
const css = `
.seatside-retry{font:inherit;font-size:15px;color:#fff;background:#1f5eff;border:0;border-radius:6px;padding:8px 20px;cursor:pointer}
.seatside-retry:hover{background:#163ca8}
.seatside-retry:focus-visible{outline:3px solid #93b4ff;outline-offset:2px}
.seatside-spinner{width:28px;height:28px;border:3px solid #d6def5;border-top-color:#1f5eff;border-radius:50%;animation:seatside-spin .8s linear infinite}
@keyframes seatside-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.seatside-spinner{animation-duration:3s}}`;

function RemoteStyles() {
  return <style>{css}</style>;
}

/** The panel shown in place of a remote that could not be loaded. */
export function RemoteError({ onRetry }: { onRetry: () => void }) {
  // The page's prerendered view (if any) gives way: the failure must be seen.
  useEndPrerender();
  return (
    <div role="alert" data-testid="remote-error" style={{ margin: '4rem auto', maxWidth: 480, padding: '0 1rem', textAlign: 'center' }}>
      <RemoteStyles />
      <p style={{ fontSize: 18, marginBottom: 16 }}>{REMOTE_ERROR_TEXT}</p>
      <button type="button" className="seatside-retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function RemoteLoading() {
  return (
    <div aria-busy="true" aria-label="Loading" style={{ display: 'flex', justifyContent: 'center', padding: '4rem 0' }}>
      <RemoteStyles />
      <span className="seatside-spinner" />
    </div>
  );
}

export interface RemoteBoundaryProps {
  /** Which remote this is (a new name starts over). */
  name: string;
  /** Loads the remote's component; `attempt` counts retries (0 first), so a retry can bypass caches. */
  load: (attempt: number) => Promise<ComponentType>;
}

/**
 * Loads a remote lazily: a spinner while it loads, an error panel with Retry when it cannot be
 * loaded (or throws while rendering). Retry loads it again.
 */
export function RemoteBoundary({ name, load }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazy(async () => ({ default: await load(attempt) })), [name, attempt]);
  return (
    <ErrorBoundary key={`${name}:${attempt}`} fallback={() => <RemoteError onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<RemoteLoading />}>
        <Remote />
      </Suspense>
    </ErrorBoundary>
  );
}

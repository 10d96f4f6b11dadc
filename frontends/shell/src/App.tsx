import { Suspense, lazy, useLayoutEffect, useMemo } from 'react';
import { RemoteBoundary, RemoteLoading } from '@seatside/ui/src/remote/RemoteBoundary';
import { usePathname } from '@seatside/ui/src/location';
import { endPrerender, prerenderedRemote } from '@seatside/ui/src/prerender';
import { GlobalOverlays } from './GlobalOverlays';
import { loadRemoteApp, takeRemoteApp } from './remotes';
import { remoteFor, showsSupportWidget, type RemoteName } from './routes';

// The remotes that route with react-router get the one BrowserRouter from this chunk; the
// storefront (a diner's phone page) routes on the location itself, so its visit ships no router.
const RouterScope = lazy(() => import('./RouterScope'));
const ROUTERLESS: ReadonlySet<RemoteName> = new Set(['storefront']);

/** The shell: picks the remote for the URL and renders it, plus the global overlays. */
export function App() {
  const pathname = usePathname();
  const remote = remoteFor(pathname);
  // The page's prerendered first view (the gateway's HTML) is its remote's to replace; another remote's page drops it.
  useLayoutEffect(() => {
    const prerendered = prerenderedRemote();
    if (prerendered && prerendered !== remote) endPrerender();
  }, [remote]);
  // The entry started loading the page's remote (index.ts); another remote starts now, alongside the
  // router chunk, not after it. A retry loads afresh.
  const first = useMemo(() => {
    const loading = takeRemoteApp(remote);
    loading.catch(() => undefined); // RemoteBoundary reports a failure (this only marks it handled).
    return loading;
  }, [remote]);
  const boundary = <RemoteBoundary key={remote} name={remote} load={(attempt) => (attempt === 0 ? first : loadRemoteApp(remote, attempt))} />;
  return (
    <>
      {ROUTERLESS.has(remote) ? (
        boundary
      ) : (
        <Suspense fallback={<RemoteLoading />}>
          <RouterScope>{boundary}</RouterScope>
        </Suspense>
      )}
      {/* Seatside's support widget is for visitors and merchants: never on a diner's pages (the storefront: /{handle}, /tag/{code}, venue and order pages), nor for the staff who answer it, nor over the kitchen display or the runner view. */}
      <GlobalOverlays widget={showsSupportWidget(pathname)} />
    </>
  );
}

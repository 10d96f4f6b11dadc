import { useLocation } from 'react-router';
import { RemoteBoundary } from '@seatside/ui';
import { GlobalOverlays } from './GlobalOverlays';
import { loadRemoteApp } from './remotes';
import { remoteFor } from './routes';

/** The shell: picks the remote for the URL and renders it, plus the global overlays. */
export function App() {
  const { pathname } = useLocation();
  const remote = remoteFor(pathname);
  return (
    <>
      <RemoteBoundary key={remote} name={remote} load={(attempt) => loadRemoteApp(remote, attempt)} />
      <GlobalOverlays />
    </>
  );
}

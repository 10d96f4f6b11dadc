import { matchPath } from 'react-router';

export type RemoteName = 'marketing' | 'dashboard' | 'admin' | 'venue' | 'storefront';

/**
 * Which remote owns a URL, first match wins. Remotes route on absolute paths inside their own
 * `<Routes>`, so the shell picks the remote from the pathname instead of nesting them under a route.
 */
export const ROUTE_TABLE: ReadonlyArray<readonly [pattern: string, remote: RemoteName]> = [
  ['/', 'marketing'],
  ['/features', 'marketing'],
  ['/pricing', 'marketing'],
  ['/blog/*', 'marketing'],
  ['/contact', 'marketing'],
  ['/dashboard/venues/*', 'venue'],
  ['/dashboard/*', 'dashboard'],
  ['/account/*', 'dashboard'],
  ['/register/*', 'dashboard'],
  ['/auth/*', 'dashboard'],
  ['/admin/*', 'admin'],
  ['/tag/*', 'storefront'],
  // The public page of a merchant or a venue: /{handle} (the storefront resolves which one).
  ['/:handle/*', 'storefront'],
];

export function remoteFor(pathname: string): RemoteName {
  for (const [pattern, remote] of ROUTE_TABLE) {
    if (matchPath({ path: pattern, end: true }, pathname)) return remote;
  }
  return 'marketing';
}

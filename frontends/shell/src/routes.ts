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
  ['/tag-activation', 'marketing'],
  ['/partners', 'marketing'],
  ['/appclip', 'marketing'],
  ['/mockup', 'marketing'],
  // A venue's tag screens are the dashboard's (frontends/dashboard/src/tags) until the venue remote has its own.
  ['/dashboard/venues/:venueId/tags/*', 'dashboard'],
  ['/dashboard/venues/:venueId/templates/*', 'dashboard'],
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

/**
 * A pattern as react-router's matchPath reads it with `end: true` (the shell ships no router):
 * `:name` is one segment, a trailing `/*` is anything (or nothing) after it, trailing slashes are
 * allowed, and case does not matter.
 */
export function patternToRegExp(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const base = (splat ? pattern.slice(0, -2) : pattern).replace(/\/+$/, '');
  const source = base
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}${splat ? '(?:/.*)?' : '/*'}$`, 'i');
}

const COMPILED = ROUTE_TABLE.map(([pattern, remote]) => [patternToRegExp(pattern), remote] as const);

export function remoteFor(pathname: string): RemoteName {
  for (const [pattern, remote] of COMPILED) {
    if (pattern.test(pathname)) return remote;
  }
  return 'marketing';
}

/** The dashboard's station screens, full screen on a kitchen tablet or a runner's phone (issue 27). */
const STATION_SCREENS = ['/dashboard/merchants/:merchantId/kitchen', '/dashboard/merchants/:merchantId/runner'].map(patternToRegExp);

/**
 * Whether Seatside's support widget shows: it is for visitors and merchants, never on a diner's pages
 * (the storefront), nor for the staff who answer it (admin), nor over a station screen, where its
 * floating button covered the bottom ticket's Accept or Delivered button.
 */
export function showsSupportWidget(pathname: string): boolean {
  const remote = remoteFor(pathname);
  return remote !== 'storefront' && remote !== 'admin' && !STATION_SCREENS.some((screen) => screen.test(pathname));
}

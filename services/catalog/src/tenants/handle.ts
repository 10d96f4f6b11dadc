/** The shortest handle a tenant may take (seed 000 §9). */
export const HANDLE_MIN_LENGTH = 4;

/**
 * `/{handle}` shares the web app's first path segment with the platform's own pages and the
 * gateway's routes: a tenant may not take one of those, or its page would never be reached.
 * tools/test/reserved-handles.spec.ts keeps this list in step with the shell's route table.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  // the web app's pages (frontends/shell/src/routes.ts)
  'features', 'pricing', 'blog', 'contact', 'tag-activation', 'partners', 'appclip', 'mockup', 'dashboard', 'account', 'register', 'auth', 'admin', 'tag',
  // the gateway's own paths and ones the platform is likely to need
  'v1', 'graphql', 'remotes', 'healthz', 'readyz', 'metrics', 'docs', 'qr', 'api', 'static', 'assets', 'help', 'news',
  'voice', 'login', 'logout', 'signup', 'sign-up', 'settings', 'support', 'status', 'www',
]);

export const isReservedHandle = (handle: string): boolean => RESERVED_HANDLES.has(handle);

/**
 * Seed 000 §5: lowercase; spaces become hyphens; characters other than letters, digits and hyphens
 * removed; double hyphens collapse.
 */
export function normalizeHandle(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

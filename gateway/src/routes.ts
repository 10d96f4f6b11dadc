import { tenantCollections } from '@seatside/chassis/src/auth/tenant';

/**
 * The one route table: which service answers which /v1 paths. The embedded topology mounts the
 * service's router for these paths; the distributed one proxies them to the service's URL.
 * Patterns are path prefixes; `:name` matches one segment; a pattern ending in `$` matches that path
 * exactly (no deeper paths). First match wins.
 */
export interface RouteEntry {
  service: string;
  prefixes: string[];
}

const perTenant = (...leaves: string[]) => tenantCollections.flatMap((c) => leaves.map((leaf) => `/v1/${c}/:id/${leaf}`));

export const routeTable: RouteEntry[] = [
  {
    service: 'identity',
    prefixes: ['/v1/auth', '/v1/users', '/v1/admin/users', '/v1/subscribers', '/v1/admin/subscribers', '/v1/dev/mailbox', '/v1/dev/mailbox.json', '/.well-known/jwks.json', ...perTenant('users', 'api-keys', 'logs')],
  },
  // Before catalog: its `/v1/merchants/:id$` would take the public catalogue's path.
  { service: 'webhooks', prefixes: ['/v1/merchants/webhook-events$', '/v1/merchants/:id/webhooks', '/v1/webhooks'] },
  {
    service: 'catalog',
    prefixes: [
      ...tenantCollections.map((c) => `/v1/${c}/create`),
      '/v1/handles',
      '/v1/places',
      '/v1/demo/merchants',
      '/v1/storefront',
      ...['merchants', 'venues'].map((c) => `/v1/admin/${c}`),
      '/v1/fonts',
      '/v1/public-pages',
      '/v1/page-builder',
      ...['products', 'menus', 'services', 'coupons', 'customers', 'modifiers', 'page'].map((entity) => `/v1/merchants/:id/${entity}`),
      ...perTenant('import', 'delete-test-data', 'handle', 'delete', 'domains'),
      // A venue's linked merchants and the merchants' answers to link requests (issue 20).
      '/v1/venues/:id/merchants',
      '/v1/venues/:id/link',
      '/v1/merchants/:id/venue-requests',
      ...tenantCollections.map((c) => `/v1/${c}/:id$`),
    ],
  },
  {
    service: 'media',
    prefixes: [...perTenant('brand', 'uploads', 'upload'), '/v1/merchants/:id/objects', '/v1/media', '/v1/admin/media', '/api/mockup'],
  },
  { service: 'orders', prefixes: ['/v1/merchants/:id/orders', '/v1/merchants/:id/payments', '/v1/merchants/:id/stripe', '/v1/merchants/:id/production/square', '/v1/merchants/:id/sandbox/square', '/v1/square', '/v1/merchants/:id/wait', '/v1/merchants/:id/stats', '/v1/orders', '/v1/payments', '/v1/merchants/:id/groups', '/v1/groups', '/v1/:id/order/join', '/v1/merchants/:id/tabs', '/v1/tabs'] },
  { service: 'tags', prefixes: [...perTenant('tags', 'qr-download', 'templates'), '/v1/tags', '/qr', '/api/template', '/appclip/:code'] },
  { service: 'chat', prefixes: ['/v1/contact', '/v1/contact-submissions', '/v1/faqs', '/v1/chats', '/v1/chat', '/v1/live', '/v1/admin/chats', '/v1/admin/online-staff', '/v1/articles', '/v1/admin/articles', '/v1/admin/contact-submissions'] },
  { service: 'ai-voice', prefixes: ['/v1/merchants/:id/voice', '/api/ai/order'] },
  { service: 'notifications', prefixes: ['/v1/notifications', '/v1/webpush', '/v1/merchants/:id/notification-preferences', '/v1/merchants/:id/webpush'] },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** A prefix split once: every request is matched against the whole table. */
const compiled = new Map<string, { exact: boolean; want: string[] }>();
const compile = (prefix: string) => {
  let pattern = compiled.get(prefix);
  if (!pattern) {
    const exact = prefix.endsWith('$');
    pattern = { exact, want: segments(exact ? prefix.slice(0, -1) : prefix) };
    compiled.set(prefix, pattern);
  }
  return pattern;
};

export function matchesPrefix(prefix: string, path: string, have: string[] = segments(path)): boolean {
  const { exact, want } = compile(prefix);
  if (have.length < want.length || (exact && have.length !== want.length)) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/** The service that owns a path, or undefined. */
export function resolveService(path: string, table: RouteEntry[] = routeTable): string | undefined {
  const have = segments(path);
  return table.find((entry) => entry.prefixes.some((prefix) => matchesPrefix(prefix, path, have)))?.service;
}

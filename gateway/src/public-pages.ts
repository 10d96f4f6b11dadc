import { isIP } from 'node:net';
import type { RequestHandler } from 'express';

/** What the catalog says about a public page (services/catalog/src/tenants/manage.ts, `GET /v1/public-pages…`). */
export interface PublicPage {
  type: string;
  id: string;
  handle: string;
  redirect: string | null;
}

/** Looks a page up by handle or by custom domain; undefined when there is none. */
export interface PublicPageLookup {
  byHandle(handle: string): Promise<PublicPage | undefined>;
  byHost(host: string): Promise<PublicPage | undefined>;
}

/** Settings take effect within this long (a teleport switched on, a domain verified). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The catalog's public-page lookup over HTTP (`baseUrl()` is the catalog in the distributed topology,
 * the gateway itself in the embedded one), each answer remembered for a few seconds, misses too, and
 * concurrent asks for one key shared.
 */
export function httpPublicPageLookup(baseUrl: () => string, fetchImpl: typeof fetch = fetch): PublicPageLookup {
  const cache = new Map<string, { at: number; page: Promise<PublicPage | undefined> }>();
  const ask = (key: string, path: string) => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.page;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const page = fetchImpl(`${baseUrl().replace(/\/$/, '')}${path}`, { headers: { accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as PublicPage) : undefined))
      // A lookup that fails serves the page as if nothing applied: the web app still loads.
      .catch(() => undefined);
    cache.set(key, { at: Date.now(), page });
    return page;
  };
  return {
    byHandle: (handle) => ask(`h:${handle}`, `/v1/public-pages/${encodeURIComponent(handle)}`),
    byHost: (host) => ask(`d:${host}`, `/v1/public-pages?host=${encodeURIComponent(host)}`),
  };
}

/** `/{handle}`: one path segment a handle could be (letters, digits, hyphens; at least 4). */
const HANDLE_PATH = /^\/([A-Za-z0-9-]{4,100})\/?$/;

/** A host that may be a tenant's custom domain: a DNS name with a dot, not an address or localhost, not the platform's own. */
const customHostOf = (hostname: string | undefined, ownHosts: ReadonlySet<string>) => {
  const host = (hostname ?? '').toLowerCase();
  if (!host.includes('.') || isIP(host) || host.endsWith('.localhost') || ownHosts.has(host)) return undefined;
  return host;
};

/**
 * Before the web app answers a page: a verified custom domain's `/` shows its tenant's page
 * (`/{handle}` on that domain), a teleported tenant's page redirects (302) to its destination, and a
 * former handle redirects to the current one for 30 days.
 */
export function publicPages(lookup: PublicPageLookup, options: { ownHosts?: readonly string[] } = {}): RequestHandler {
  const ownHosts = new Set((options.ownHosts ?? []).map((h) => h.toLowerCase()));
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.accepts('html')) return next();
    const handle = HANDLE_PATH.exec(req.path)?.[1];
    const host = req.path === '/' ? customHostOf(req.hostname, ownHosts) : undefined;
    if (!handle && !host) return next();
    const found = handle ? lookup.byHandle(handle.toLowerCase()) : lookup.byHost(host!);
    found.then((page) => {
      const location = page ? (handle ? page.redirect : `/${page.handle}`) : null;
      if (!location) return next();
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, location);
    }, next);
  };
}

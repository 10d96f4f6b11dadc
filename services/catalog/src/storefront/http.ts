import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseInput, type ServiceDeps } from '@seatside/chassis';
import { tenantMessages } from '../tenants/tenant';
import { sendPage } from './pages';
import { storefrontReader } from './read';
import { manifestOf } from './document';
import { normalizeHandle } from '../tenants/handle';
import { handleClaims, tenants, type TenantDoc } from '../tenants/projections';

export const storefrontMessages = { testMode: "testMode must be 'true' or 'false'" } as const;

/** `?testMode=true` reads the sandbox; production otherwise. */
export const storefrontQuery = z.object({ testMode: z.enum(['true', 'false'], { error: storefrontMessages.testMode }).optional() });

/** Diners may see a page this old; an ETag revalidates it for free. */
const CACHE_CONTROL = 'public, max-age=5';

/**
 * `GET /v1/storefront/{handle}` (docs/storefront-api.md; a tenant id works too): public, no sign-in. The answer is the
 * same for every diner, so it is sent as prebuilt bytes (Brotli or gzip when accepted) with a 304 for a
 * matching `If-None-Match`.
 */
export function storefrontRouter(deps: ServiceDeps): Router {
  const router = Router();
  const read = storefrontReader(deps);

  router.get('/v1/storefront/:handle/manifest.webmanifest', async (req, res) => {
    const handle = normalizeHandle(req.params.handle);
    const owner = await handleClaims(deps.schema).ownerOf(deps.pool, handle);
    const doc = owner ? await deps.readModels.collection<TenantDoc>(tenants).get(owner.split('/')[1] ?? '') : undefined;
    if (!doc || doc.collection !== 'merchants' || doc.handle !== handle) throw notFound(tenantMessages.handleNotFound);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.type('application/manifest+json').send(JSON.stringify(manifestOf(doc)));
  });

  router.get('/v1/storefront/:handle', async (req, res) => {
    const { testMode } = parseInput(storefrontQuery, req.query);
    const page = await read(req.params.handle, testMode === 'true' ? 'sandbox' : 'production');
    if (!page) throw notFound(tenantMessages.handleNotFound, 'handle_not_found');
    res.setHeader('Cache-Control', CACHE_CONTROL);
    sendPage(req, res, page);
  });

  return router;
}

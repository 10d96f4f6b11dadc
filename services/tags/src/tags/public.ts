import { Router } from 'express';
import { notFound, type ServiceDeps } from '@seatside/chassis';
import { publicTags, type PublicTagDoc } from './projections';
import { tagMessages } from './tag';
import type { ScanCounter } from '../stats/counter';
import { statsTenant } from '../stats/store';

/**
 * `GET /v1/tags/{code}` (no sign-in): what the storefront's `/tag/{code}` attaches to an order.
 * One primary-key read of the public copy, which holds only the visible metadata pairs. Each
 * resolution counts a scan of the tag (not a bot's, nor a reload within 30 s).
 */
export function publicTagsRouter(deps: ServiceDeps, counter?: ScanCounter): Router {
  const router = Router();
  router.get('/v1/tags/:code', async (req, res) => {
    const link = await deps.readModels.collection<PublicTagDoc>(publicTags).get(req.params.code);
    if (!link) throw notFound(tagMessages.notFound, 'tag_not_found');
    const { id: code, tagId, name, collection, tenantId, testMode, metadata } = link;
    // In memory only: the batch is written every second (stats/counter.ts).
    counter?.scan({ tenant: statsTenant(link), tagId }, { ip: req.ip, userAgent: req.get('user-agent') });
    res.json({ id: tagId, code, name, collection, tenantId, testMode, metadata });
  });
  return router;
}

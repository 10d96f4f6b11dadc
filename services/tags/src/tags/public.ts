import { Router } from 'express';
import { notFound, type ServiceDeps } from '@seatside/chassis';
import { publicTags, type PublicTagDoc } from './projections';
import { tagMessages } from './tag';

/**
 * `GET /v1/tags/{code}` (no sign-in): what the storefront's `/tag/{code}` attaches to an order.
 * One primary-key read of the public copy, which holds only the visible metadata pairs.
 */
export function publicTagsRouter(deps: ServiceDeps): Router {
  const router = Router();
  router.get('/v1/tags/:code', async (req, res) => {
    const link = await deps.readModels.collection<PublicTagDoc>(publicTags).get(req.params.code);
    if (!link) throw notFound(tagMessages.notFound);
    const { id: code, tagId, name, collection, tenantId, testMode, metadata } = link;
    res.json({ id: tagId, code, name, collection, tenantId, testMode, metadata });
  });
  return router;
}

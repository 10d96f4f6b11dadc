import { Router, type Request } from 'express';
import { isTenantCollection, metadataFrom, notFound, parseInput, validationFailed, type ServiceDeps, type TenantAccess, type TenantCollection } from '@seatside/chassis';
import { importSample } from './import';
import { deleteSandbox } from './sandbox';
import { confirmsDeletion, importInput, testDataMessages as m } from './testdata';

/**
 * The tenant's admins, or an API key in sandbox mode (a production key may not touch test data);
 * only merchants hold catalog records. Answers the merchant id.
 */
async function sandboxAdmin(req: Request, access: TenantAccess, collection: TenantCollection, id: string): Promise<string> {
  await access.authorize(req, { collection, id, role: 'admin', mode: 'sandbox' });
  if (collection !== 'merchants') throw notFound(m.merchantsOnly);
  return id;
}

/** Seed 002 §2 Test Data screen, §5, §7: import a sample merchant into the sandbox; delete the sandbox. */
export function testDataRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();

  router.post('/v1/:collection/:id/import', async (req, res, next) => {
    const { collection, id } = req.params;
    if (!isTenantCollection(collection)) return next();
    const merchantId = await sandboxAdmin(req, access, collection, id);
    const { merchant: sample } = parseInput(importInput, req.body ?? {});
    await importSample(deps, merchantId, sample, metadataFrom(req, { tenantId: merchantId }));
    res.json({ message: m.imported });
  });

  router.post('/v1/:collection/:id/delete-test-data', async (req, res, next) => {
    const { collection, id } = req.params;
    if (!isTenantCollection(collection)) return next();
    const merchantId = await sandboxAdmin(req, access, collection, id);
    if (!confirmsDeletion(req.body)) throw validationFailed(m.confirmDelete, { 'teleport.delete': m.confirmDelete });
    await deleteSandbox(deps, merchantId, metadataFrom(req, { tenantId: merchantId }));
    res.json({ message: m.deleted });
  });

  return router;
}

import { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand, ifMatchVersion, metadataFrom, parseInput, requestedMode, setVersionTag, TEXT_MAX, type ServiceDeps, type TenantAccess } from '@seatside/chassis';
import { requireAi, type Ai } from '@seatside/chassis/src/ai';
import { menus as menuSpec, type MenuDoc } from '../menus/projections';
import { products as productSpec, type ProductDoc } from '../products/projections';
import { all } from '../storefront/read';
import { assist, aiMessages, kindOf, type CatalogFacts } from './ai';
import { pageJsonSchemas, pageMessages, pageSchema, type Page } from './blocks';
import { pageDecider, pageStream, type PageCommand } from './page';
import { pages, projectPages, type PageDoc } from './projections';

export const assistBody = z.object({
  prompt: z.string({ error: aiMessages.promptRequired }).trim().min(1, aiMessages.promptRequired).max(TEXT_MAX.long),
  /** A dotted path in the draft ('blocks.2', 'blocks.0.props.button.action', 'drawers.0'); absent or '' = the whole page. */
  path: z.string().trim().max(TEXT_MAX.title).default(''),
  /** The element as the editor holds it now (unsaved edits); the saved draft's otherwise. */
  state: z.unknown().optional(),
  testMode: z.boolean().optional(),
});

/**
 * The merchant's page (docs/catalog-api.md "Page builder"): read the draft and the published page,
 * save the draft (validated against every block's and action's schema: a 400 names the path),
 * publish it (the storefront shows it), and the AI assistant.
 */
export function pageRouter(deps: ServiceDeps, access: TenantAccess, ai: Ai): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<PageDoc>(pages);
  // Publishing changes the storefront: the one rule (authorizeTenant) refuses a sandbox key with its own words.
  const member = (req: Request, merchantId: string, changesStorefront = false) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: 'any', changesStorefront });
  const run = (req: Request, merchantId: string, command: PageCommand) =>
    handleCommand(deps.eventStore, pageStream(merchantId), pageDecider, command, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: [projectPages(deps.readModels)],
      expectedVersion: ifMatchVersion(req),
    });

  /** The block, action and page JSON Schemas with the editor's defaults and enums (public: they are the same for everyone). */
  router.get('/v1/page-builder/schema', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(pageJsonSchemas());
  });

  router.get('/v1/merchants/:merchantId/page', async (req, res) => {
    const { merchantId } = req.params;
    await member(req, merchantId);
    const doc = await docs().get(merchantId);
    const version = doc?.version ?? 0;
    setVersionTag(res, version);
    res.json({ draft: doc?.draft ?? null, published: doc?.published ?? null, version, updatedAt: doc?.updatedAt ?? null, publishedAt: doc?.publishedAt ?? null });
  });

  router.post('/v1/merchants/:merchantId/page', async (req, res) => {
    const { merchantId } = req.params;
    await member(req, merchantId);
    const page = parseInput(pageSchema, req.body ?? {}) as Page;
    const { nextExpectedVersion } = await run(req, merchantId, { type: 'SavePageDraft', data: { merchantId, page, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: merchantId, message: pageMessages.saved, version: nextExpectedVersion, draft: page });
  });

  router.post('/v1/merchants/:merchantId/page/publish', async (req, res) => {
    const { merchantId } = req.params;
    await member(req, merchantId, true);
    const { nextExpectedVersion } = await run(req, merchantId, { type: 'PublishPage', data: { merchantId, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: merchantId, message: pageMessages.published, version: nextExpectedVersion });
  });

  router.post('/v1/merchants/:merchantId/page/ai', async (req, res) => {
    const { merchantId } = req.params;
    await member(req, merchantId);
    // The request is checked first: a bad one is a 400 whether or not the AI is configured.
    const { prompt, path, state, testMode: explicit } = parseInput(assistBody, req.body ?? {});
    kindOf(path);
    const configured = requireAi(ai);
    const testMode = requestedMode(req, explicit);
    const [menus, products, doc] = await Promise.all([
      all(deps.readModels.collection<MenuDoc>(menuSpec), merchantId, testMode, 'title'),
      all(deps.readModels.collection<ProductDoc>(productSpec), merchantId, testMode, 'code'),
      docs().get(merchantId),
    ]);
    const facts: CatalogFacts = {
      menus: menus.map(({ id, title, products: ids }) => ({ id, title, products: ids })),
      products: products.map(({ id, title, price }) => ({ id, title, price })),
    };
    res.json(await assist(configured, { prompt, path, state, draft: doc?.draft ?? doc?.published ?? null, facts }));
  });

  return router;
}

import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, modeOf, notFound, parseInput, parseListQuery, requiredText, setVersionTag,
  MIN_SEARCH_LENGTH, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { productDecider, productMessages as m, productStream, type ProductCommand } from './product';
import { minorUnits, productOf, products, projectProducts, type ProductDoc } from './projections';

/** Seed 001 §9: a search answers at most 25 results. */
const SEARCH_RESULTS = 25;

/** Major units as a number or numeric string (forms send either); stored as minor units. */
const price = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: m.priceRequired });
    return z.NEVER;
  }
  const major = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(major) || major < 0 || major > 1e9) {
    ctx.addIssue({ code: 'custom', message: m.priceNotANumber });
    return z.NEVER;
  }
  return minorUnits(major);
});

const fields = {
  title: requiredText(m.titleRequired).pipe(z.string().max(300)),
  description: z.string().trim().max(5000),
  price,
  manageStock: z.boolean(),
  stockQuantity: z.number({ error: m.stockQuantityInvalid }).int(m.stockQuantityInvalid).min(0, m.stockQuantityInvalid).max(1e9, m.stockQuantityInvalid),
  images: z.array(z.string().trim().min(1).max(2048)).max(50),
  code: z.string().trim().max(100),
  modifiers: z.array(z.string().min(1).max(200)).max(500),
};

const createProduct = z.object({
  ...fields,
  description: fields.description.default(''),
  manageStock: fields.manageStock.default(false),
  stockQuantity: fields.stockQuantity.default(0),
  images: fields.images.default([]),
  code: fields.code.default(''),
  modifiers: fields.modifiers.default([]),
  testMode: z.boolean().default(false),
});

/** Partial; a record keeps the testMode it was created with, so testMode is not taken here. */
const updateProduct = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  price: fields.price.optional(),
  manageStock: fields.manageStock.optional(),
  stockQuantity: fields.stockQuantity.optional(),
  images: fields.images.optional(),
  code: fields.code.optional(),
  modifiers: fields.modifiers.optional(),
});

const withoutPrice = <T extends { price?: number }>({ price: priceMinor, ...rest }: T) =>
  ({ ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) }) as Omit<T, 'price'> & { priceMinor: T['price'] };

/** Products of a merchant (docs/catalog-api.md): any member, or an API key in its own mode. */
export function productsRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectProducts(deps.readModels);
  const docs = () => deps.readModels.collection<ProductDoc>(products);
  const run = (req: Request, merchantId: string, productId: string, command: ProductCommand) =>
    handleCommand(deps.eventStore, productStream(productId), productDecider, command, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });

  /** Membership first, then the record; another merchant's record is 404; an API key must match its mode. */
  const owned = async (req: Request, merchantId: string, productId: string) => {
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member' });
    const doc = await docs().get(productId);
    if (!doc || doc.merchantId !== merchantId) throw notFound(m.notFound);
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(doc.testMode) });
    return doc;
  };

  router.get('/v1/merchants/:merchantId/products', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(req.query.testMode === 'true') });
    const { testMode, ...query } = parseListQuery(req.query, { sort: 'code', order: 'asc' });
    const searching = [...(query.q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;
    const limit = searching ? Math.min(query.limit ?? SEARCH_RESULTS, SEARCH_RESULTS) : query.limit;
    const page = await docs().find({ ...query, limit, filter: { merchantId, testMode } });
    res.json({ data: page.data.map(productOf), nextCursor: searching ? null : page.nextCursor, total: page.total });
  });

  router.get('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const doc = await owned(req, req.params.merchantId, req.params.productId);
    setVersionTag(res, doc.version);
    res.json(productOf(doc));
  });

  router.post('/v1/merchants/:merchantId/products', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(req.body?.testMode === true) });
    const input = withoutPrice(parseInput(createProduct, req.body ?? {}));
    const productId = deps.newId();
    const { nextExpectedVersion } = await run(req, merchantId, productId, {
      type: 'CreateProduct',
      data: { productId, merchantId, ...input, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: productId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const { merchantId, productId } = req.params;
    await owned(req, merchantId, productId);
    const changes = withoutPrice(parseInput(updateProduct, req.body ?? {}));
    const { nextExpectedVersion } = await run(req, merchantId, productId, {
      type: 'UpdateProduct',
      data: { productId, merchantId, ...changes, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: productId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const { merchantId, productId } = req.params;
    await owned(req, merchantId, productId);
    await run(req, merchantId, productId, { type: 'DeleteProduct', data: { productId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: productId, message: m.deleted });
  });

  return router;
}

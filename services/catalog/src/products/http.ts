import { Router } from 'express';
import { z } from 'zod';
import { listOrSearch, moneyInput, parseInput, requiredText, setVersionTag, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, imageUrl, listCache, merchantCurrency, merchantRecords, withPriceMinor } from '../entities';
import { MAX_STOCK_QUANTITY, productDecider, productMessages as m, productStream } from './product';
import { productOf, products, projectProducts, type ProductDoc } from './projections';

/** Major units as a number or numeric string (forms send either); stored as minor units (the chassis' one money parser). */
const price = moneyInput({ missing: m.priceRequired, invalid: m.priceNotANumber, negative: m.priceNegative, tooPrecise: m.priceTooPrecise, tooLarge: m.priceTooLarge });

const fields = {
  title: requiredText(m.titleRequired).pipe(z.string().max(300)),
  description: z.string().trim().max(TEXT_MAX.indexed),
  price,
  manageStock: z.boolean(),
  stockQuantity: z.number({ error: m.stockQuantityInvalid }).max(MAX_STOCK_QUANTITY, m.stockQuantityTooLarge).int(m.stockQuantityInvalid).min(0, m.stockQuantityInvalid),
  images: z.array(imageUrl).max(50),
  code: z.string().trim().max(100),
  modifiers: z.array(z.string().min(1).max(200)).max(500),
};

export const createProduct = z.object({
  ...fields,
  description: fields.description.default(''),
  manageStock: fields.manageStock.default(false),
  stockQuantity: fields.stockQuantity.default(0),
  images: fields.images.default([]),
  code: fields.code.default(''),
  modifiers: fields.modifiers.default([]),
  testMode: z.boolean().optional(),
});

/** Partial; a record keeps the testMode it was created with, so testMode is not taken here. */
export const updateProduct = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  price: fields.price.optional(),
  manageStock: fields.manageStock.optional(),
  stockQuantity: fields.stockQuantity.optional(),
  images: fields.images.optional(),
  code: fields.code.optional(),
  modifiers: fields.modifiers.optional(),
});

/** Products of a merchant (docs/catalog-api.md): any member, or an API key in its own mode. */
export function productsRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectProducts(deps.readModels);
  const docs = () => deps.readModels.collection<ProductDoc>(products);
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, productDecider, project);

  const lists = listCache(deps.readModels, products.name);

  router.get('/v1/merchants/:merchantId/products', async (req, res) => {
    const options = await records.listOptions(req, req.params.merchantId, { sort: 'code', order: 'asc' });
    await lists(req, res, options, async () => {
      const page = await listOrSearch((query) => docs().find(query), options);
      return { ...page, data: page.data.map(productOf) };
    });
  });

  router.get('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const doc = await records.existing(req, req.params.merchantId, req.params.productId);
    setVersionTag(res, doc.version);
    res.json(productOf(doc));
  });

  router.post('/v1/merchants/:merchantId/products', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, createProduct);
    const productId = deps.newId();
    const { nextExpectedVersion } = await run(req, productStream(productId), {
      type: 'CreateProduct',
      data: { productId, merchantId, testMode, ...withPriceMinor(fields), currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: productId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const { merchantId, productId } = req.params;
    await records.existing(req, merchantId, productId);
    const changes = withPriceMinor(parseInput(updateProduct, req.body ?? {}));
    const { nextExpectedVersion } = await run(req, productStream(productId), {
      type: 'UpdateProduct',
      data: { productId, merchantId, ...changes, currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: productId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/products/:productId', async (req, res) => {
    const { merchantId, productId } = req.params;
    await records.existing(req, merchantId, productId);
    await run(req, productStream(productId), { type: 'DeleteProduct', data: { productId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: productId, message: m.deleted });
  });

  return router;
}

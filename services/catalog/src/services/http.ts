import { Router } from 'express';
import { z } from 'zod';
import { listOrSearch, moneyInput, parseInput, requiredText, requirePrincipal, setVersionTag, type FindOptions, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, imageUrl, merchantRecords, withPriceMinor } from '../entities';
import { serviceDecider, serviceMessages as m, serviceStream } from './service';
import { projectServices, serviceOrderId, serviceOrders, services, type ServiceDoc, type ServiceOrderDoc } from './projections';
import { inCallerOrder } from './order';

/** The longest duration a service may take. */
const MAX_DURATION = 1e9;

/** A required positive number (forms send numbers or numeric strings), with seed 001 §5's two messages. */
const positiveNumber = (required: string, positive: string) =>
  z.unknown().transform((value, ctx) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(n) || n > MAX_DURATION) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (n <= 0) {
      ctx.addIssue({ code: 'custom', message: positive });
      return z.NEVER;
    }
    return n;
  });

const fields = {
  title: requiredText(m.titleRequired).pipe(z.string().max(300)),
  description: z.string().trim().max(TEXT_MAX.indexed),
  price: moneyInput(
    { missing: m.priceRequired, invalid: m.priceRequired, negative: m.pricePositive, notPositive: m.pricePositive, tooPrecise: m.priceTooPrecise, tooLarge: m.priceTooLarge },
    { positive: true },
  ),
  duration: positiveNumber(m.durationRequired, m.durationPositive),
  images: z.array(imageUrl).max(50),
  visible: z.boolean(),
  taxable: z.boolean(),
  taxRate: z.number({ error: m.taxRateInvalid }).min(0, m.taxRateInvalid).max(100, m.taxRateInvalid),
  useCustomTaxRate: z.boolean(),
};

export const createService = z.object({
  ...fields,
  description: fields.description.default(''),
  images: fields.images.default([]),
  visible: fields.visible.default(true),
  taxable: fields.taxable.default(false),
  taxRate: fields.taxRate.default(0),
  useCustomTaxRate: fields.useCustomTaxRate.default(false),
  testMode: z.boolean().optional(),
});

/** Partial; testMode is kept from creation. */
export const updateService = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  price: fields.price.optional(),
  duration: fields.duration.optional(),
  images: fields.images.optional(),
  visible: fields.visible.optional(),
  taxable: fields.taxable.optional(),
  taxRate: fields.taxRate.optional(),
  useCustomTaxRate: fields.useCustomTaxRate.optional(),
});

/** `testMode` only picks the mode the caller works in (docs/catalog-api.md): the order is one per user. */
export const saveOrder = z.object({
  ids: z.array(z.string({ error: m.idsInvalid }).min(1, m.idsInvalid).max(200), { error: m.idsInvalid }).max(5000, m.idsInvalid),
  testMode: z.boolean().optional(),
});

/** Services of a merchant (seed 001 §2, §7): any member, or an API key in its own mode. */
export function servicesRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectServices(deps.readModels);
  const docs = () => deps.readModels.collection<ServiceDoc>(services);
  const orders = () => deps.readModels.collection<ServiceOrderDoc>(serviceOrders);
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, serviceDecider, project);

  /** Without `sort`: the caller's order, then createdAt (seed 001 §7); with `sort`: that column. */
  router.get('/v1/merchants/:merchantId/services', async (req, res) => {
    const { merchantId } = req.params;
    const options = await records.listOptions(req, merchantId, {});
    const order = (await orders().get(serviceOrderId(merchantId, requirePrincipal(req).uid)))?.ids ?? [];
    const byCallerOrder = (query: FindOptions) => inCallerOrder((o) => docs().find({ ...o, filter: query.filter, q: query.q }), order, query);
    const page = await listOrSearch((o) => (o.sort ? docs().find(o) : byCallerOrder(o)), options);
    const rank = new Map(order.map((id, index) => [id, index]));
    res.json({ ...page, data: page.data.map((doc) => ({ ...doc, order: rank.get(doc.id) ?? null })) });
  });

  router.post('/v1/merchants/:merchantId/services/order', async (req, res) => {
    const { merchantId } = req.params;
    await records.authorize(req, merchantId);
    const { ids, testMode } = parseInput(saveOrder, req.body ?? {});
    await records.authorizeMode(req, merchantId, testMode);
    const { uid } = requirePrincipal(req);
    await orders().put({ id: serviceOrderId(merchantId, uid), merchantId, uid, ids: [...new Set(ids)], updatedAt: deps.now().toISOString() });
    res.json({ message: m.orderSaved });
  });

  router.get('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const doc = await records.existing(req, req.params.merchantId, req.params.serviceId);
    setVersionTag(res, doc.version);
    res.json(doc);
  });

  router.post('/v1/merchants/:merchantId/services', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, createService);
    const serviceId = deps.newId();
    const { nextExpectedVersion } = await run(req, serviceStream(serviceId), {
      type: 'CreateService',
      data: { serviceId, merchantId, testMode, ...withPriceMinor(fields), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: serviceId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const { merchantId, serviceId } = req.params;
    await records.existing(req, merchantId, serviceId);
    const changes = withPriceMinor(parseInput(updateService, req.body ?? {}));
    const { nextExpectedVersion } = await run(req, serviceStream(serviceId), {
      type: 'UpdateService',
      data: { serviceId, merchantId, ...changes, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: serviceId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const { merchantId, serviceId } = req.params;
    await records.existing(req, merchantId, serviceId);
    await run(req, serviceStream(serviceId), { type: 'DeleteService', data: { serviceId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: serviceId, message: m.deleted });
  });

  return router;
}

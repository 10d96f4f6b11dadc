import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, modeOf, notFound, parseInput, parseListQuery, requiredText, requirePrincipal, setVersionTag,
  MIN_SEARCH_LENGTH, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { serviceDecider, serviceMessages as m, serviceStream, type ServiceCommand } from './service';
import { minorUnits, projectServices, serviceOrderId, serviceOrders, services, type ServiceDoc, type ServiceOrderDoc } from './projections';
import { inCallerOrder } from './order';

/** Seed 001 §9: a search answers at most 25 results. */
const SEARCH_RESULTS = 25;
const MAX_AMOUNT = 1e9;

/** A required positive number (forms send numbers or numeric strings), with seed 001 §5's two messages. */
const positiveNumber = (required: string, positive: string) =>
  z.unknown().transform((value, ctx) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(n) || n > MAX_AMOUNT) {
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
  description: z.string().trim().max(5000),
  price: positiveNumber(m.priceRequired, m.pricePositive).transform(minorUnits),
  duration: positiveNumber(m.durationRequired, m.durationPositive),
  images: z.array(z.string().trim().min(1).max(2048)).max(50),
  visible: z.boolean(),
  taxable: z.boolean(),
  taxRate: z.number({ error: m.taxRateInvalid }).min(0, m.taxRateInvalid).max(100, m.taxRateInvalid),
  useCustomTaxRate: z.boolean(),
};

const createService = z.object({
  ...fields,
  description: fields.description.default(''),
  images: fields.images.default([]),
  visible: fields.visible.default(true),
  taxable: fields.taxable.default(false),
  taxRate: fields.taxRate.default(0),
  useCustomTaxRate: fields.useCustomTaxRate.default(false),
  testMode: z.boolean().default(false),
});

/** Partial; testMode is kept from creation. */
const updateService = z.object({
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

const saveOrder = z.object({ ids: z.array(z.string({ error: m.idsInvalid }).min(1, m.idsInvalid).max(200), { error: m.idsInvalid }).max(5000, m.idsInvalid) });

const withoutPrice = <T extends { price?: number }>({ price: priceMinor, ...rest }: T) =>
  ({ ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) }) as Omit<T, 'price'> & { priceMinor: T['price'] };

/** Services of a merchant (seed 001 §2, §7): any member, or an API key in its own mode. */
export function servicesRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectServices(deps.readModels);
  const docs = () => deps.readModels.collection<ServiceDoc>(services);
  const orders = () => deps.readModels.collection<ServiceOrderDoc>(serviceOrders);
  const run = (req: Request, merchantId: string, serviceId: string, command: ServiceCommand) =>
    handleCommand(deps.eventStore, serviceStream(serviceId), serviceDecider, command, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });

  /** Membership first, then the record; another merchant's record is 404; an API key must match its mode. */
  const owned = async (req: Request, merchantId: string, serviceId: string) => {
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member' });
    const doc = await docs().get(serviceId);
    if (!doc || doc.merchantId !== merchantId) throw notFound(m.notFound);
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(doc.testMode) });
    return doc;
  };

  /** Without `sort`: the caller's order, then createdAt (seed 001 §7); with `sort`: that column. */
  router.get('/v1/merchants/:merchantId/services', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(req.query.testMode === 'true') });
    const { testMode, ...query } = parseListQuery(req.query);
    const searching = [...(query.q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;
    const limit = searching ? Math.min(query.limit ?? SEARCH_RESULTS, SEARCH_RESULTS) : query.limit;
    const filter = { merchantId, testMode };
    const order = (await orders().get(serviceOrderId(merchantId, requirePrincipal(req).uid)))?.ids ?? [];
    const page = query.sort
      ? await docs().find({ ...query, limit, filter })
      : await inCallerOrder((options) => docs().find({ ...options, filter, q: query.q }), order, { ...query, limit });
    const rank = new Map(order.map((id, index) => [id, index]));
    res.json({
      data: page.data.map((doc) => ({ ...doc, order: rank.get(doc.id) ?? null })),
      nextCursor: searching ? null : page.nextCursor,
      total: page.total,
    });
  });

  router.post('/v1/merchants/:merchantId/services/order', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member' });
    const { ids } = parseInput(saveOrder, req.body ?? {});
    const { uid } = requirePrincipal(req);
    await orders().put({ id: serviceOrderId(merchantId, uid), merchantId, uid, ids: [...new Set(ids)], updatedAt: deps.now().toISOString() });
    res.json({ message: m.orderSaved });
  });

  router.get('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const doc = await owned(req, req.params.merchantId, req.params.serviceId);
    setVersionTag(res, doc.version);
    res.json(doc);
  });

  router.post('/v1/merchants/:merchantId/services', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(req.body?.testMode === true) });
    const input = withoutPrice(parseInput(createService, req.body ?? {}));
    const serviceId = deps.newId();
    const { nextExpectedVersion } = await run(req, merchantId, serviceId, {
      type: 'CreateService',
      data: { serviceId, merchantId, ...input, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: serviceId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const { merchantId, serviceId } = req.params;
    await owned(req, merchantId, serviceId);
    const changes = withoutPrice(parseInput(updateService, req.body ?? {}));
    const { nextExpectedVersion } = await run(req, merchantId, serviceId, {
      type: 'UpdateService',
      data: { serviceId, merchantId, ...changes, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: serviceId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/services/:serviceId', async (req, res) => {
    const { merchantId, serviceId } = req.params;
    await owned(req, merchantId, serviceId);
    await run(req, merchantId, serviceId, { type: 'DeleteService', data: { serviceId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: serviceId, message: m.deleted });
  });

  return router;
}

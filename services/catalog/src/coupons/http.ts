import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, MIN_SEARCH_LENGTH, modeOf, notFound, parseInput, parseListQuery, requiredText, setVersionTag,
  type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { couponDecider, couponMessages as m, couponStream, couponTypes, type CouponCommand } from './coupon';
import { coupons, projectCoupons, type CouponDoc } from './projections';

/** Seed 001 §9: a search answers at most 25 coupons. */
export const COUPON_SEARCH_LIMIT = 25;

/** A number, or a numeric form text; '' and null are missing (0 is a value: "required unless 0"). */
const amount = (requiredMessage: string) =>
  z.unknown().transform((input, ctx): number | undefined => {
    if (input === undefined) return undefined;
    if (input === null || (typeof input === 'string' && input.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const value = typeof input === 'number' ? input : typeof input === 'string' ? Number(input.trim()) : Number.NaN;
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: m.notANumber });
      return z.NEVER;
    }
    return value;
  });

/** Every field as an update may send it; a create adds what is required and the defaults (seed 001 §3). */
const couponChanges = z.object({
  title: requiredText(m.titleRequired).optional(),
  description: z.string().trim().optional(),
  code: requiredText(m.codeRequired).transform((code) => code.toUpperCase()).optional(),
  type: z.string({ error: m.typeRequired }).trim().toUpperCase().pipe(z.enum(couponTypes, { error: m.typeRequired })).optional(),
  active: z.boolean().optional(),
  value: amount(m.valueRequired).optional(),
  minimumOrderAmount: amount(m.minimumOrderAmountRequired).optional(),
  individualUse: z.boolean().optional(),
  timesRedeemed: z.number().int().min(0).optional(),
  applyToAllProducts: z.boolean().optional(),
  products: z.array(z.string()).optional(),
});

const newCoupon = couponChanges.extend({
  title: requiredText(m.titleRequired),
  code: requiredText(m.codeRequired).transform((code) => code.toUpperCase()),
  type: z.string({ error: m.typeRequired }).trim().toUpperCase().pipe(z.enum(couponTypes, { error: m.typeRequired })),
  testMode: z.boolean().optional(),
});

const withDefaults = (fields: z.output<typeof newCoupon>) => ({
  title: fields.title,
  description: fields.description ?? '',
  code: fields.code,
  type: fields.type,
  active: fields.active ?? true,
  value: fields.value ?? 0,
  minimumOrderAmount: fields.minimumOrderAmount ?? 0,
  individualUse: fields.individualUse ?? true,
  timesRedeemed: fields.timesRedeemed ?? 0,
  applyToAllProducts: fields.applyToAllProducts ?? true,
  products: fields.products ?? [],
});

/** Without an explicit mode, an API key works in its own mode and a user in production. */
const requestedMode = (req: Request, explicit: boolean | undefined): boolean => explicit ?? req.principal?.tenant?.testMode ?? false;

/** Coupons of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function couponsRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<CouponDoc>(coupons);
  const project = projectCoupons(deps.readModels, deps.schema);
  const authorize = (req: Request, merchantId: string, testMode?: boolean) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: testMode === undefined ? 'any' : modeOf(testMode) });
  const run = (req: Request, couponId: string, command: CouponCommand) =>
    handleCommand(deps.eventStore, couponStream(couponId), couponDecider, command, {
      metadata: metadataFrom(req, { tenantId: command.data.merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });
  /** This merchant's coupon, after the caller may see its mode; another merchant's is not found. */
  const existing = async (req: Request, merchantId: string, couponId: string) => {
    await authorize(req, merchantId);
    const coupon = await docs().get(couponId);
    if (!coupon || coupon.merchantId !== merchantId) throw notFound(m.notFound);
    await authorize(req, merchantId, coupon.testMode);
    return coupon;
  };

  router.get('/v1/merchants/:merchantId/coupons', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode: parsedMode, ...query } = parseListQuery(req.query, { sort: 'code', order: 'asc' });
    const testMode = requestedMode(req, req.query.testMode === undefined ? undefined : parsedMode);
    await authorize(req, merchantId, testMode);
    const filter = { merchantId, testMode };
    const searching = [...(query.q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;
    if (!searching) return void res.json(await docs().find({ ...query, filter }));
    // A search is one short answer, not a paged list: the first 25 matches in the list's order.
    const { data } = await docs().find({ ...query, filter, cursor: undefined, limit: COUPON_SEARCH_LIMIT });
    res.json({ data, nextCursor: null, total: data.length });
  });

  router.get('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const coupon = await existing(req, req.params.merchantId, req.params.couponId);
    setVersionTag(res, coupon.version);
    res.json(coupon);
  });

  router.post('/v1/merchants/:merchantId/coupons', async (req, res) => {
    const { merchantId } = req.params;
    await authorize(req, merchantId);
    const { testMode: explicitMode, ...fields } = parseInput(newCoupon, req.body ?? {});
    const testMode = requestedMode(req, explicitMode);
    await authorize(req, merchantId, testMode);
    const couponId = deps.newId();
    const { nextExpectedVersion } = await run(req, couponId, {
      type: 'CreateCoupon',
      data: { couponId, merchantId, testMode, ...withDefaults(fields), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: couponId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const { merchantId, couponId } = req.params;
    await existing(req, merchantId, couponId);
    const changes = parseInput(couponChanges, req.body ?? {});
    const { nextExpectedVersion } = await run(req, couponId, {
      type: 'UpdateCoupon',
      data: { couponId, merchantId, changes: withoutUndefined(changes), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: couponId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const { merchantId, couponId } = req.params;
    await existing(req, merchantId, couponId);
    await run(req, couponId, { type: 'DeleteCoupon', data: { couponId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: couponId, message: m.deleted });
  });

  return router;
}

/** A partial update names only the fields sent: an absent field must not overwrite the record's. */
function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

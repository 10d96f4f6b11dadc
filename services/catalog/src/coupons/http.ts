import { Router } from 'express';
import { z } from 'zod';
import { moneyInput, parseInput, requiredText, roundToMinor, setVersionTag, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, merchantCurrency, merchantRecords, withoutUndefined } from '../entities';
import { couponDecider, couponMessages as m, couponStream, couponTypes, discountOf, isPercentageTooLarge, type CouponFields, type CouponType } from './coupon';
import { coupons, projectCoupons, type CouponDoc } from './projections';

/**
 * A number, or a numeric form text, by the chassis' one money parser into hundredths (cents, or
 * hundredths of a percent); '' and null are missing (0 is a value: "required unless 0").
 */
const amount = (requiredMessage: string) =>
  moneyInput({ missing: requiredMessage, invalid: m.notANumber, negative: m.valueNegative, tooPrecise: m.valueTooPrecise, tooLarge: m.valueTooLarge });

/** Every field as an update may send it; a create adds what is required and the defaults (seed 001 §3). */
export const couponChanges = z.object({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title).optional(),
  description: z.string().trim().max(TEXT_MAX.indexed).optional(),
  code: requiredText(m.codeRequired).max(TEXT_MAX.code).transform((code) => code.toUpperCase()).optional(),
  type: z.string({ error: m.typeRequired }).trim().toUpperCase().pipe(z.enum(couponTypes, { error: m.typeRequired })).optional(),
  active: z.boolean().optional(),
  value: amount(m.valueRequired).optional(),
  minimumOrderAmount: amount(m.minimumOrderAmountRequired).optional(),
  individualUse: z.boolean().optional(),
  timesRedeemed: z.number().int().min(0).optional(),
  applyToAllProducts: z.boolean().optional(),
  products: z.array(z.string().max(TEXT_MAX.id)).optional(),
});

export const newCoupon = couponChanges.extend({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title),
  code: requiredText(m.codeRequired).max(TEXT_MAX.code).transform((code) => code.toUpperCase()),
  type: z.string({ error: m.typeRequired }).trim().toUpperCase().pipe(z.enum(couponTypes, { error: m.typeRequired })),
  testMode: z.boolean().optional(),
});

/**
 * A PERCENTAGE `value` over 100 is refused on `value` within the same parse as every other field, so
 * one 400 names every invalid field (docs/catalog-api.md). It is judged once `type` and `value` have
 * parsed; an update judges what the record would become: a type or value not sent is the record's.
 */
const withPercentageRule = <S extends z.ZodType<{ type?: CouponType; value?: number }>>(schema: S, record?: { type: CouponType; value: number }) =>
  schema.refine((coupon) => !isPercentageTooLarge(coupon.type ?? record?.type, coupon.value ?? record?.value ?? 0), {
    path: ['value'],
    message: m.percentageTooLarge,
    when: ({ issues }) => !issues.some((issue) => ['type', 'value'].includes(String(issue.path?.[0]))),
  });

const newCouponChecked = withPercentageRule(newCoupon);

const withDefaults = (fields: Omit<z.output<typeof newCoupon>, 'testMode'>): CouponFields => ({
  title: fields.title,
  description: fields.description ?? '',
  code: fields.code,
  active: fields.active ?? true,
  discount: discountOf(fields.type, fields.value ?? 0),
  minimumOrderAmountMinor: fields.minimumOrderAmount ?? 0,
  individualUse: fields.individualUse ?? true,
  timesRedeemed: fields.timesRedeemed ?? 0,
  applyToAllProducts: fields.applyToAllProducts ?? true,
  products: fields.products ?? [],
});

/**
 * The changes in event units. A new type or value makes a new discount; the one not sent is the
 * record's, so the API's `value` keeps its number when only the type changes.
 */
function changesOf({ type, value, minimumOrderAmount, ...rest }: z.output<typeof couponChanges>, coupon: CouponDoc): Partial<CouponFields> {
  const discount = type === undefined && value === undefined ? undefined : discountOf(type ?? coupon.type, value ?? roundToMinor(coupon.value));
  return withoutUndefined({ ...rest, discount, minimumOrderAmountMinor: minimumOrderAmount });
}

/** Coupons of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function couponsRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<CouponDoc>(coupons);
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, couponDecider, projectCoupons(deps.readModels, deps.schema));

  router.get('/v1/merchants/:merchantId/coupons', async (req, res) => {
    res.json(await records.list(req, req.params.merchantId, { sort: 'code', order: 'asc' }));
  });

  router.get('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const coupon = await records.existing(req, req.params.merchantId, req.params.couponId);
    setVersionTag(res, coupon.version);
    res.json(coupon);
  });

  router.post('/v1/merchants/:merchantId/coupons', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, newCouponChecked);
    const couponId = deps.newId();
    const { nextExpectedVersion } = await run(req, couponStream(couponId), {
      type: 'CreateCoupon',
      data: { couponId, merchantId, testMode, ...withDefaults(fields), currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: couponId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const { merchantId, couponId } = req.params;
    const coupon = await records.existing(req, merchantId, couponId);
    const checked = withPercentageRule(couponChanges, { type: coupon.type, value: roundToMinor(coupon.value) });
    const changes = changesOf(parseInput(checked, req.body ?? {}), coupon);
    const { nextExpectedVersion } = await run(req, couponStream(couponId), {
      type: 'UpdateCoupon',
      data: { couponId, merchantId, changes, currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: couponId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/coupons/:couponId', async (req, res) => {
    const { merchantId, couponId } = req.params;
    await records.existing(req, merchantId, couponId);
    await run(req, couponStream(couponId), { type: 'DeleteCoupon', data: { couponId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: couponId, message: m.deleted });
  });

  return router;
}

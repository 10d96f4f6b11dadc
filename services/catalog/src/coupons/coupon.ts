import { MAX_AMOUNT_TEXT, conflict, notFound, validationFailed, type Decider } from '@seatside/chassis';
import { toMajor, type Denominated } from '../entities';

/** Seed 001 §5 and §8: the coupon screens' strings. */
export const couponMessages = {
  titleRequired: 'Title is required',
  codeRequired: 'Code is required',
  valueRequired: 'Discount value is required',
  notANumber: 'Value must be a number',
  typeRequired: 'Discount type is required',
  minimumOrderAmountRequired: 'Minimum order amount is required',
  valueNegative: 'Value must be 0 or more',
  valueTooPrecise: 'Value must have at most 2 decimal places',
  valueTooLarge: `Value must be at most ${MAX_AMOUNT_TEXT}`,
  percentageTooLarge: 'A percentage must be between 0 and 100',
  codeTaken: 'A coupon with this code already exists',
  notFound: 'Coupon not found',
  created: 'Coupon Created',
  updated: 'Coupon Updated',
  deleted: 'Coupon Deleted',
} as const;

export const couponTypes = ['PERCENTAGE', 'FIXED'] as const;
export type CouponType = (typeof couponTypes)[number];

/**
 * The discount, by type: a percentage off (12.5 = 12.5 %, not money) or a fixed amount off in
 * integer minor units. The API shows both as `value` (docs/catalog-api.md "Event amounts").
 */
export type CouponDiscount = { type: 'PERCENTAGE'; percentOff: number } | { type: 'FIXED'; amountOffMinor: number };

/** 100 %, in hundredths of a percent. */
export const MAX_PERCENT_HUNDREDTHS = 10_000;

/** A `value` (hundredths) of this type is over 100 %: the one rule the HTTP schema and `discountOf` share. */
export const isPercentageTooLarge = (type: CouponType | undefined, hundredths: number): boolean => type === 'PERCENTAGE' && hundredths > MAX_PERCENT_HUNDREDTHS;

/**
 * The API's `type` and `value` as the event's discount. `value` arrives parsed by the money parser
 * (a decimal of 0 or more with at most 2 places) as hundredths: cents off, or hundredths of a
 * percent; a percentage above 100 is refused on `value` (the router's schema says so first, with
 * every other invalid field; this stays the decider-side guard).
 */
export function discountOf(type: CouponType, hundredths: number): CouponDiscount {
  if (type === 'FIXED') return { type, amountOffMinor: hundredths };
  if (isPercentageTooLarge(type, hundredths)) throw validationFailed(couponMessages.percentageTooLarge, { value: couponMessages.percentageTooLarge });
  return { type, percentOff: hundredths / 100 };
}

/** The event's discount as the API shows it: `type` and `value` (a percent, or major units). */
export const valueOf = (discount: CouponDiscount): { type: CouponType; value: number } =>
  discount.type === 'FIXED' ? { type: discount.type, value: toMajor(discount.amountOffMinor) } : { type: discount.type, value: discount.percentOff };

/** What a merchant edits (seed 001 §3), as events carry it: money in integer minor units. */
export type CouponFields = {
  title: string;
  description: string;
  /** Upper case: customers type it at checkout. */
  code: string;
  active: boolean;
  discount: CouponDiscount;
  /** Before taxes and fees, minor units; 0 = none. */
  minimumOrderAmountMinor: number;
  /** true: cannot be combined with other coupons. */
  individualUse: boolean;
  timesRedeemed: number;
  applyToAllProducts: boolean;
  /** Product ids, when not all products. */
  products: string[];
};

/** The whole record: Created and Updated events carry it, so a consumer upserts the snapshot. */
export type Coupon = CouponFields & Denominated & { couponId: string; merchantId: string; testMode: boolean; createdAt: string; updatedAt: string };

export type CouponEvent =
  | { type: 'CouponCreated'; data: Coupon }
  | { type: 'CouponUpdated'; data: Coupon }
  | { type: 'CouponDeleted'; data: { couponId: string; merchantId: string; testMode: boolean; at: string } };

export type CouponCommand =
  | { type: 'CreateCoupon'; data: CouponFields & Denominated & { couponId: string; merchantId: string; testMode: boolean; at: string } }
  | { type: 'UpdateCoupon'; data: Denominated & { couponId: string; merchantId: string; changes: Partial<CouponFields>; at: string } }
  | { type: 'DeleteCoupon'; data: { couponId: string; merchantId: string; at: string } };

export type CouponState = { status: 'none' } | { status: 'live'; coupon: Coupon } | { status: 'deleted' };

/** The live coupon of this merchant, or NotFound: another merchant's coupon id is not found either. */
function liveCoupon(state: CouponState, merchantId: string): Coupon {
  if (state.status !== 'live' || state.coupon.merchantId !== merchantId) throw notFound(couponMessages.notFound);
  return state.coupon;
}

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateCoupon': {
        if (state.status !== 'none') throw conflict('This coupon already exists');
        const { at, ...coupon } = command.data;
        return [{ type: 'CouponCreated', data: { ...coupon, createdAt: at, updatedAt: at } }];
      }
      case 'UpdateCoupon': {
        const coupon = liveCoupon(state, command.data.merchantId);
        const { changes, currency, at } = command.data;
        return [{ type: 'CouponUpdated', data: { ...coupon, ...changes, ...(currency === undefined ? {} : { currency }), updatedAt: at } }];
      }
      case 'DeleteCoupon': {
        const { couponId, merchantId, testMode } = liveCoupon(state, command.data.merchantId);
        return [{ type: 'CouponDeleted', data: { couponId, merchantId, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'CouponCreated':
      case 'CouponUpdated':
        return { status: 'live', coupon: event.data };
      case 'CouponDeleted':
        return { status: 'deleted' };
    }
  },
};

export const couponStream = (couponId: string) => `coupon-${couponId}`;

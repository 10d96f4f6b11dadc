import { MAX_AMOUNT_MINOR } from '@seatside/chassis';
import { toBasisPoints, toMajor, toMinor } from '../pricing/money';
import type { FeeSettings } from '../pricing/pricing';

/**
 * A merchant's checkoutOptions (seed 001 §3, seed 002 §3) as the catalog's CheckoutOptionsChanged
 * carries them (services/catalog/src/tenants/checkout-options.ts, copied: services never import
 * each other): complete after every change, money in integer minor units (`…Minor`), taxRate a
 * percent. Until the first such event a merchant has the defaults below.
 */
export interface CheckoutOptions {
  /** TAG: staff deliver to the tag's table or seat (seed 002 §2–§3). */
  fulfillmentTypes: { DELIVERY: boolean; PICKUP: boolean; SELF_CHECKOUT: boolean; TAG: boolean; TAB: boolean };
  pickupMethods: { COUNTER: boolean; TABLE: boolean; CURBSIDE: boolean; DRIVE_THROUGH: boolean };
  /** Spelt so in the spec; miles. */
  deliveryRaduis: number;
  deliveryFeeMinor: number;
  paused: boolean;
  paymentProcessor: 'STRIPE' | 'SQUARE';
  forwardOrdersToSquare: boolean;
  collectTips: boolean;
  preparationTime: number;
  minimumOrderAmountMinor: number;
  enablePayLater: boolean;
  enableCoupons: boolean;
  anonymousSelfCheckout: boolean;
  restrictUPCItemsToMenuTimes: boolean;
  requireAgeRestriction: boolean;
  ageRestriction: number;
  enableGroupOrdering: boolean;
  pickUpPaddingTime: number;
  pickupTimeSlotsInterval: number;
  taxRate: number;
  currency: 'USD' | 'EUR';
  chargePlatformFeeToCustomer: boolean;
  chargeCustomerProcessingFee: boolean;
  chargeConvenienceFeeForCashTransactions: boolean;
  convenienceFeeMinor: number;
  tagDeliveryFeeMinor: number;
  /** The diner may correct a TAG order's metadata values (a seat moved) before placing. */
  enableTagMetadataEdit: boolean;
  /** Pacing: at most this many orders per 5-minute window (checkout/pacing.ts); 0 = no cap. */
  maxOrdersPerSlot: number;
}

/** A new merchant (the catalog's defaults): PICKUP at the COUNTER, paid in CASH, in USD, with no tax and no fees. */
export const defaultCheckoutOptions = (): CheckoutOptions => ({
  fulfillmentTypes: { DELIVERY: false, PICKUP: true, SELF_CHECKOUT: false, TAG: false, TAB: false },
  pickupMethods: { COUNTER: true, TABLE: false, CURBSIDE: false, DRIVE_THROUGH: false },
  deliveryRaduis: 0,
  deliveryFeeMinor: 0,
  paused: false,
  paymentProcessor: 'STRIPE',
  forwardOrdersToSquare: false,
  collectTips: false,
  preparationTime: 15,
  minimumOrderAmountMinor: 0,
  enablePayLater: false,
  enableCoupons: false,
  anonymousSelfCheckout: false,
  restrictUPCItemsToMenuTimes: false,
  requireAgeRestriction: false,
  ageRestriction: 21,
  enableGroupOrdering: false,
  pickUpPaddingTime: 0,
  pickupTimeSlotsInterval: 15,
  taxRate: 0,
  currency: 'USD',
  chargePlatformFeeToCustomer: false,
  chargeCustomerProcessingFee: false,
  chargeConvenienceFeeForCashTransactions: false,
  convenienceFeeMinor: 0,
  tagDeliveryFeeMinor: 0,
  enableTagMetadataEdit: false,
  maxOrdersPerSlot: 0,
});

/** The settings form's major-unit names, accepted too (the shape first announced for the event). */
const majorNames = { deliveryFee: 'deliveryFeeMinor', minimumOrderAmount: 'minimumOrderAmountMinor', convenienceFee: 'convenienceFeeMinor', tagDeliveryFee: 'tagDeliveryFeeMinor' } as const;

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps each default unless the sent value has the same kind (a flag, or a finite amount ≥ 0). */
function mergeKnown<T extends object>(defaults: T, sent: unknown): T {
  if (!isRecord(sent)) return defaults;
  const merged: Raw = { ...(defaults as Raw) };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = sent[key];
    if (typeof fallback === 'boolean' && typeof value === 'boolean') merged[key] = value;
    else if (typeof fallback === 'number' && typeof value === 'number' && Number.isFinite(value) && value >= 0) merged[key] = value;
    else if (isRecord(fallback)) merged[key] = mergeKnown(fallback, value);
  }
  return merged as T;
}

/**
 * Major-unit amounts under the form's names as minor units under the event's, unless those are sent.
 * One outside 0..MAX_AMOUNT (an older event's) is left out, so the default stands.
 */
function withMinorNames(raw: Raw): Raw {
  const renamed: Raw = { ...raw };
  for (const [major, minor] of Object.entries(majorNames)) {
    const value = raw[major];
    const amount = typeof value === 'number' && value >= 0 && value <= toMajor(MAX_AMOUNT_MINOR);
    if (renamed[minor] === undefined && amount) renamed[minor] = toMinor(value);
  }
  return renamed;
}

/**
 * The options of a CheckoutOptionsChanged event: a complete snapshot, laid over the defaults
 * anyway (a missing or malformed field keeps its default, so a bad event cannot stop checkout).
 */
export function checkoutOptionsOf(sent: unknown): CheckoutOptions {
  const defaults = defaultCheckoutOptions();
  const raw = isRecord(sent) ? withMinorNames(sent) : {};
  const options = mergeKnown(defaults, raw);
  return {
    ...options,
    currency: raw.currency === 'EUR' || raw.currency === 'USD' ? raw.currency : defaults.currency,
    paymentProcessor: raw.paymentProcessor === 'SQUARE' || raw.paymentProcessor === 'STRIPE' ? raw.paymentProcessor : defaults.paymentProcessor,
  };
}

/** The fee and tax part of the options (minor units, basis points), for priceOrder. */
export const feeSettingsOf = (options: CheckoutOptions): FeeSettings => ({
  taxBasisPoints: toBasisPoints(options.taxRate),
  chargePlatformFeeToCustomer: options.chargePlatformFeeToCustomer,
  chargeCustomerProcessingFee: options.chargeCustomerProcessingFee,
  chargeConvenienceFeeForCashTransactions: options.chargeConvenienceFeeForCashTransactions,
  convenienceFeeMinor: options.convenienceFeeMinor,
  deliveryFeeMinor: options.deliveryFeeMinor,
  tagDeliveryFeeMinor: options.tagDeliveryFeeMinor,
});

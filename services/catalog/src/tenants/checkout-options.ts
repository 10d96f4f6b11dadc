import { z } from 'zod';
import { MAX_AMOUNT_TEXT, moneyInput, roundToMinor } from '@seatside/chassis';
import { checkoutCurrencies, checkoutMoneyFields, defaultCheckoutOptions, fulfillmentTypes, pickupMethods, type CheckoutOptions } from '@seatside/rules';
import { toMajor } from '../entities';

/**
 * A merchant's checkoutOptions (seed 001 §3, seed 002 §2–§3): how diners may order and pay. The
 * API speaks major units (as the settings forms send them); events and read models keep money as
 * integer minor units (`…Minor`), taxRate as a percent. Their shape and defaults are the one rule in
 * `@seatside/rules` (proto/rules/src/checkout-options.ts), which the orders service reads too.
 */

export { defaultCheckoutOptions, fulfillmentTypes, pickupMethods, type CheckoutOptions };
export const currencies = checkoutCurrencies;

export const checkoutMessages = {
  saved: 'Settings saved',
  taxRate: 'Tax rate must be between 0 and 100',
  amount: 'Please enter an amount of 0 or more',
  amountTooPrecise: 'Please enter an amount with at most 2 decimal places',
  amountTooLarge: `Please enter an amount of at most ${MAX_AMOUNT_TEXT}`,
  minutes: 'Please enter a whole number of minutes',
  age: 'Please enter an age in years',
  ordersPerSlot: 'Please enter a whole number of orders',
  nothing: 'Nothing to update',
} as const;

const flags = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])) as Record<K, z.ZodOptional<z.ZodBoolean>>).strict();

/** Blank saved as 0 (seed 002 §5), otherwise an amount ≥ 0 in major units, kept as minor units (the chassis' one money parser). */
const money = moneyInput(
  { invalid: checkoutMessages.amount, tooPrecise: checkoutMessages.amountTooPrecise, tooLarge: checkoutMessages.amountTooLarge },
  { blank: 'zero' },
);

const minutes = z.number({ error: checkoutMessages.minutes }).int(checkoutMessages.minutes).min(0, checkoutMessages.minutes).max(24 * 60, checkoutMessages.minutes);

/** The fields a merchant may change, each optional: a save sends only what the form holds. */
export const checkoutOptionsChanges = z
  .object({
    fulfillmentTypes: flags(fulfillmentTypes).optional(),
    pickupMethods: flags(pickupMethods).optional(),
    deliveryRaduis: z.number().min(0).optional(), // spelt so (seed 001 §3); miles
    deliveryFee: money.optional(),
    paused: z.boolean().optional(),
    paymentProcessor: z.enum(['STRIPE', 'SQUARE']).optional(),
    forwardOrdersToSquare: z.boolean().optional(),
    collectTips: z.boolean().optional(),
    preparationTime: minutes.optional(),
    minimumOrderAmount: money.optional(),
    enablePayLater: z.boolean().optional(),
    enableCoupons: z.boolean().optional(),
    anonymousSelfCheckout: z.boolean().optional(),
    restrictUPCItemsToMenuTimes: z.boolean().optional(),
    requireAgeRestriction: z.boolean().optional(),
    ageRestriction: z.number({ error: checkoutMessages.age }).int(checkoutMessages.age).min(0, checkoutMessages.age).max(150, checkoutMessages.age).optional(),
    enableGroupOrdering: z.boolean().optional(),
    pickUpPaddingTime: minutes.optional(),
    pickupTimeSlotsInterval: minutes.optional(),
    taxRate: z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
      const rate = value === null || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value);
      if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
        ctx.addIssue({ code: 'custom', message: checkoutMessages.taxRate });
        return z.NEVER;
      }
      return roundToMinor(rate) / 100; // 2 decimals, rounded as money is (1.005 → 1.01)
    }).optional(),
    currency: z.enum(currencies).optional(),
    chargePlatformFeeToCustomer: z.boolean().optional(),
    chargeCustomerProcessingFee: z.boolean().optional(),
    chargeConvenienceFeeForCashTransactions: z.boolean().optional(),
    convenienceFee: money.optional(),
    tagDeliveryFee: money.optional(),
    enableTagMetadataEdit: z.boolean().optional(),
    /** Pacing: at most this many orders per 5-minute window; 0 = no cap. */
    maxOrdersPerSlot: z.number({ error: checkoutMessages.ordersPerSlot }).int(checkoutMessages.ordersPerSlot).min(0, checkoutMessages.ordersPerSlot).max(100_000, checkoutMessages.ordersPerSlot).optional(),
  })
  .strict();

type Parsed = z.output<typeof checkoutOptionsChanges>;

const renamed = checkoutMoneyFields;
type MoneyKey = keyof typeof renamed;

/** The parsed changes with money renamed to its minor-unit fields. */
export function toStoredChanges(changes: Parsed): Partial<CheckoutOptions> {
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    stored[key in renamed ? renamed[key as MoneyKey] : key] = value;
  }
  return stored as Partial<CheckoutOptions>;
}

/** Options after a change: nested flag groups merge key by key. */
export function mergeCheckoutOptions(current: CheckoutOptions, changes: Partial<CheckoutOptions>): CheckoutOptions {
  // Options saved before TAB, TAG and enableTagMetadataEdit existed read as off.
  const defaults = defaultCheckoutOptions();
  return {
    ...defaults,
    ...current,
    ...changes,
    fulfillmentTypes: { ...defaults.fulfillmentTypes, ...current.fulfillmentTypes, ...changes.fulfillmentTypes },
    pickupMethods: { ...current.pickupMethods, ...changes.pickupMethods },
  };
}

/** The API's view: money back in major units under the spec's names. */
export function checkoutOptionsView(stored: CheckoutOptions) {
  const options = mergeCheckoutOptions(stored, {});
  const { deliveryFeeMinor, minimumOrderAmountMinor, convenienceFeeMinor, tagDeliveryFeeMinor, ...rest } = options;
  return {
    ...rest,
    deliveryFee: toMajor(deliveryFeeMinor),
    minimumOrderAmount: toMajor(minimumOrderAmountMinor),
    convenienceFee: toMajor(convenienceFeeMinor),
    tagDeliveryFee: toMajor(tagDeliveryFeeMinor),
  };
}

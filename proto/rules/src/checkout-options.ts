/**
 * A merchant's checkoutOptions (seed 001 §3, seed 002 §2–§3): how diners may order and pay. The
 * catalog owns and changes them; the orders service checks carts against them (from the catalog's
 * published stream); the settings screens show them. Events and read models keep money in integer
 * minor units (`…Minor`) and taxRate as a percent; the API answers major units (CheckoutOptionsView).
 */

/** Seed 001 §3 (DELIVERY, PICKUP, SELF_CHECKOUT) and seed 002 §3 (TAB, TAG: tab and tag ordering). */
export const fulfillmentTypes = ['DELIVERY', 'PICKUP', 'SELF_CHECKOUT', 'TAB', 'TAG'] as const;
export const pickupMethods = ['COUNTER', 'TABLE', 'CURBSIDE', 'DRIVE_THROUGH'] as const;
export const checkoutCurrencies = ['USD', 'EUR'] as const;

/** checkoutOptions as events and read models keep them: money in minor units. */
export interface CheckoutOptions {
  /** TAG: staff deliver to the tag's table or seat (seed 002 §2–§3). */
  fulfillmentTypes: Record<(typeof fulfillmentTypes)[number], boolean>;
  pickupMethods: Record<(typeof pickupMethods)[number], boolean>;
  /** Spelt so in the spec (seed 001 §3); miles. */
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
  currency: (typeof checkoutCurrencies)[number];
  chargePlatformFeeToCustomer: boolean;
  chargeCustomerProcessingFee: boolean;
  chargeConvenienceFeeForCashTransactions: boolean;
  convenienceFeeMinor: number;
  tagDeliveryFeeMinor: number;
  /** Seed 002 §2: diners may edit a tag's metadata (their seat) when ordering by tag. */
  enableTagMetadataEdit: boolean;
  /** Pacing: at most this many orders per 5-minute window; 0 = no cap. */
  maxOrdersPerSlot: number;
}

/** The money fields: the API's major-unit name and the stored minor-unit one. */
export const checkoutMoneyFields = {
  deliveryFee: 'deliveryFeeMinor',
  minimumOrderAmount: 'minimumOrderAmountMinor',
  convenienceFee: 'convenienceFeeMinor',
  tagDeliveryFee: 'tagDeliveryFeeMinor',
} as const;
type MoneyFields = typeof checkoutMoneyFields;

/** checkoutOptions as the API answers them (docs/catalog-api.md): money in major units under the spec's names. */
export type CheckoutOptionsView = Omit<CheckoutOptions, MoneyFields[keyof MoneyFields]> & { [K in keyof MoneyFields]: number };

/** What a new merchant starts with: PICKUP at the COUNTER, paid in cash, in USD, with no tax and no fees. */
export const defaultCheckoutOptions = (): CheckoutOptions => ({
  fulfillmentTypes: { DELIVERY: false, PICKUP: true, SELF_CHECKOUT: false, TAB: false, TAG: false },
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

/** A modifier's selection rules (seed 001 §3); `selectRestriction` 0 means no limit. */
export interface SelectionRules {
  required: boolean;
  allowedMultiple: boolean;
  selectRestriction: number;
  requireSelectRestriction: boolean;
}

/**
 * The selections a modifier allows, from its rules (the catalog's list shows them, checkout enforces
 * them): one option unless several are allowed, then up to selectRestriction (every option when 0);
 * at least one when required, or exactly selectRestriction when that is required.
 */
export function selectionsOf({ options, rules }: { options: readonly unknown[]; rules: SelectionRules }): { minSelections: number; maxSelections: number } {
  const maxSelections = rules.allowedMultiple ? (rules.selectRestriction > 0 ? rules.selectRestriction : options.length) : 1;
  const exact = rules.allowedMultiple && rules.requireSelectRestriction && rules.selectRestriction > 0;
  const minSelections = exact ? maxSelections : rules.required ? 1 : 0;
  return { minSelections, maxSelections };
}

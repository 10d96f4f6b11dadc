import { percentOf } from './money';

/**
 * The billing summary of an order (seed 001 §3, seed 002 §3), computed on the server from the
 * catalog's prices and the merchant's checkoutOptions; a client's totals are never read.
 * Every amount is integer minor units; see money.ts for the one rounding rule.
 */

/** Seed 002 §3: the platform's fee per order, charged to the customer only when the merchant says so. */
export const PLATFORM_FEE_MINOR = 99;

/** The card processing fee passed to the customer when the merchant asks for it: 2.9 % + 30 ¢. */
export const CARD_PROCESSING_FEE = { basisPoints: 290, fixedMinor: 30 } as const;

export type FulfillmentType = 'DELIVERY' | 'PICKUP' | 'SELF_CHECKOUT' | 'TAG' | 'TAB';
export type PaymentProcessor = 'CASH' | 'STRIPE' | 'SQUARE' | 'TBD';
export type CouponType = 'PERCENTAGE' | 'FIXED';

/** One line of the cart as the catalog prices it: the product plus its chosen options, per unit. */
export interface PricedLine {
  productId: string;
  quantity: number;
  unitPriceMinor: number;
}

/** The coupon as the catalog holds it; `value` is basis points for PERCENTAGE, minor units for FIXED. */
export interface CouponTerms {
  code: string;
  type: CouponType;
  value: number;
  minimumOrderMinor: number;
  applyToAllProducts: boolean;
  products: readonly string[];
}

/** The fee and tax settings of checkoutOptions, in minor units and basis points. */
export interface FeeSettings {
  taxBasisPoints: number;
  chargePlatformFeeToCustomer: boolean;
  chargeCustomerProcessingFee: boolean;
  chargeConvenienceFeeForCashTransactions: boolean;
  convenienceFeeMinor: number;
  deliveryFeeMinor: number;
  /** Seed 002 §2: staff carrying an order to a tag's table or seat. */
  tagDeliveryFeeMinor: number;
}

export interface PricingInput {
  lines: readonly PricedLine[];
  coupon?: CouponTerms;
  fees: FeeSettings;
  tipMinor: number;
  fulfillment: FulfillmentType;
  /** Delivered by staff to a tag's table or seat (TAG): the tag delivery fee applies. */
  fromTag: boolean;
  paymentProcessor: PaymentProcessor;
}

export interface BillingTotals {
  subtotal: number;
  discounts: number;
  tax: number;
  tip: number;
  cashAmount: number;
  amountDue: number;
}

/** Field names as seed 001 §3 gives them (`platformFeeToByPaidByCustomer` is spelt so). */
export interface BillingFees {
  deliveryFee: number;
  /** Staff carrying a TAG order to the seat (seed 002 §2): its own line. */
  tagDeliveryFee: number;
  convenienceFee: number;
  processingFeeToBePaidByCustomer: number;
  platformFeeToByPaidByCustomer: number;
}

export interface BillingSummaryMinor {
  totals: BillingTotals;
  fees: BillingFees;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export const lineTotal = (line: PricedLine) => line.unitPriceMinor * line.quantity;

/** The part of the subtotal a coupon may discount: every line, or the lines of its products. */
export function couponBase(lines: readonly PricedLine[], coupon: CouponTerms): number {
  const scoped = coupon.applyToAllProducts ? lines : lines.filter((line) => coupon.products.includes(line.productId));
  return sum(scoped.map(lineTotal));
}

/** Why a coupon does not apply to a cart, or undefined when it does. */
export type CouponRefusal = 'belowMinimum' | 'noEligibleProducts';

export function couponRefusal(lines: readonly PricedLine[], coupon: CouponTerms): CouponRefusal | undefined {
  // Seed 001 §3: the minimum is counted before taxes and fees.
  if (sum(lines.map(lineTotal)) < coupon.minimumOrderMinor) return 'belowMinimum';
  if (couponBase(lines, coupon) === 0) return 'noEligibleProducts';
  return undefined;
}

/** The discount of an applicable coupon: never more than what it may discount. */
export function couponDiscount(lines: readonly PricedLine[], coupon: CouponTerms): number {
  const base = couponBase(lines, coupon);
  const discount = coupon.type === 'PERCENTAGE' ? percentOf(base, Math.min(coupon.value, 10_000)) : coupon.value;
  return Math.max(0, Math.min(discount, base));
}

/** The fees of an order, before the card processing fee (which is charged on everything else). */
function feesBeforeProcessing(input: PricingInput): Omit<BillingFees, 'processingFeeToBePaidByCustomer'> {
  const { fees } = input;
  const delivery = input.fulfillment === 'DELIVERY' ? fees.deliveryFeeMinor : 0;
  const tagDelivery = input.fromTag ? fees.tagDeliveryFeeMinor : 0;
  const cash = input.paymentProcessor === 'CASH' && fees.chargeConvenienceFeeForCashTransactions;
  return {
    deliveryFee: delivery,
    tagDeliveryFee: tagDelivery,
    convenienceFee: cash ? fees.convenienceFeeMinor : 0,
    platformFeeToByPaidByCustomer: fees.chargePlatformFeeToCustomer ? PLATFORM_FEE_MINOR : 0,
  };
}

const paidByCard = (processor: PaymentProcessor) => processor === 'STRIPE' || processor === 'SQUARE';

/**
 * The billing summary: subtotal − discounts + tax + tip + fees = amountDue, every part ≥ 0.
 * Tax is charged on the discounted subtotal. The card processing fee, when passed on, is
 * 2.9 % of everything else due plus 30 ¢. The caller has already refused a coupon that does not
 * apply (couponRefusal).
 */
export function priceOrder(input: PricingInput): BillingSummaryMinor {
  const subtotal = sum(input.lines.map(lineTotal));
  const discounts = input.coupon ? couponDiscount(input.lines, input.coupon) : 0;
  const tax = percentOf(subtotal - discounts, input.fees.taxBasisPoints);
  const tip = input.tipMinor;
  const before = feesBeforeProcessing(input);
  const beforeProcessing = subtotal - discounts + tax + tip + before.deliveryFee + before.tagDeliveryFee + before.convenienceFee + before.platformFeeToByPaidByCustomer;
  const processing =
    paidByCard(input.paymentProcessor) && input.fees.chargeCustomerProcessingFee
      ? percentOf(beforeProcessing, CARD_PROCESSING_FEE.basisPoints) + CARD_PROCESSING_FEE.fixedMinor
      : 0;
  return {
    totals: { subtotal, discounts, tax, tip, cashAmount: 0, amountDue: beforeProcessing + processing },
    fees: { ...before, processingFeeToBePaidByCustomer: processing },
  };
}

import { MAX_AMOUNT_MINOR, conflict, validationFailed } from '@seatside/chassis';
import { feeSettingsOf, type CheckoutOptions } from '../catalog/checkout-options';
import type { CouponView } from '../catalog/view';
import { couponRefusal, lineTotal, type BillingSummaryMinor, type CouponTerms, type PricedLine, type PricingInput } from '../pricing/pricing';
import { alwaysOpen, checkMenuTimes, checkOpeningHours, type StoreTimes } from './hours';
import { checkoutMessages as m, formatMoney } from './messages';
import type { CheckoutRequest, QuoteRequest } from './request';

const refuse = (field: string, message: string) => validationFailed(message, { [field]: message });

/** Paused store, fulfillment type and pickup method the merchant offers. */
export function checkFulfillment(options: CheckoutOptions, fulfillment: QuoteRequest['fulfillment']): void {
  if (options.paused) throw conflict(m.storePaused);
  if (!options.fulfillmentTypes[fulfillment.type]) throw refuse('fulfillment.type', m.fulfillmentNotAvailable[fulfillment.type]);
  if (fulfillment.type === 'PICKUP') {
    if (!fulfillment.pickupMethod) throw refuse('fulfillment.pickupMethod', m.pickupMethodRequired);
    if (!options.pickupMethods[fulfillment.pickupMethod]) throw refuse('fulfillment.pickupMethod', m.pickupMethodNotAvailable);
  }
}

/** A delivery goes to an address. */
export function checkAddress(fulfillment: CheckoutRequest['fulfillment']): void {
  if (fulfillment.type === 'DELIVERY' && !fulfillment.address) throw refuse('fulfillment.address', m.addressRequired);
}

/** A chosen slot may lie this much before the earliest pickup: the diner read the slots a moment ago. */
export const PICKUP_GRACE_MINUTES = 5;
/** Pickups are for today's slots: at most this far ahead. */
export const PICKUP_HORIZON_HOURS = 24;

/**
 * A chosen pickup time (the storefront offers slots from preparationTime, pickUpPaddingTime and
 * pickupTimeSlotsInterval) is no sooner than preparation plus padding from now, less a short grace,
 * and within a day. Without one, the order is for as soon as it is ready.
 */
export function checkPickupTime(options: CheckoutOptions, fulfillment: CheckoutRequest['fulfillment'], now: Date): void {
  if (fulfillment.type !== 'PICKUP' || !fulfillment.pickupTime) return;
  const at = Date.parse(fulfillment.pickupTime);
  const leadMinutes = options.preparationTime + options.pickUpPaddingTime;
  if (at < now.getTime() + (leadMinutes - PICKUP_GRACE_MINUTES) * 60_000) throw refuse('fulfillment.pickupTime', m.pickupTimeTooSoon(leadMinutes));
  if (at > now.getTime() + PICKUP_HORIZON_HOURS * 3_600_000) throw refuse('fulfillment.pickupTime', m.pickupTimeTooFar);
}

/**
 * CASH always; TBD (pay later) when the merchant enables it; a card through the merchant's own
 * processor (`checkoutOptions.paymentProcessor`; whether it can charge is the payments step's).
 */
export function checkPayment(options: CheckoutOptions, request: Pick<CheckoutRequest, 'paymentProcessor'> & { fulfillment?: { type: string } }): void {
  const card = request.paymentProcessor === 'STRIPE' || request.paymentProcessor === 'SQUARE';
  if (card && request.paymentProcessor !== options.paymentProcessor) throw refuse('paymentProcessor', m.paymentNotAvailableYet);
  // A tab's round is paid once, when the tab closes (tabs/).
  if (request.paymentProcessor === 'TBD' && !options.enablePayLater && request.fulfillment?.type !== 'TAB') throw refuse('paymentProcessor', m.payLaterNotAvailable);
}

/** The customer may stay anonymous only at a self checkout that allows it; then the age gate. */
export function checkCustomer(options: CheckoutOptions, request: Pick<CheckoutRequest, 'customer' | 'fulfillment' | 'ageConfirmed'>): void {
  const anonymous = request.fulfillment.type === 'SELF_CHECKOUT' && options.anonymousSelfCheckout;
  if (!request.customer && !anonymous) throw refuse('customer', m.customerRequired);
  if (options.requireAgeRestriction && request.ageConfirmed !== true) throw refuse('ageConfirmed', m.ageConfirmationRequired(options.ageRestriction));
}

/** A tip only where the merchant collects tips. */
export function checkTip(options: CheckoutOptions, request: Pick<CheckoutRequest, 'tipMinor'>): void {
  if (request.tipMinor !== undefined && request.tipMinor > 0 && !options.collectTips) throw refuse('tip', m.tipsNotAccepted);
}

export const couponTermsOf = (coupon: CouponView): CouponTerms => ({
  code: coupon.code,
  type: coupon.type,
  value: coupon.value,
  minimumOrderMinor: coupon.minimumOrderMinor,
  applyToAllProducts: coupon.applyToAllProducts,
  products: coupon.products,
});

/** The coupon a cart may use: accepted by the store, existing in this mode, active, and applicable. */
export function checkCoupon(options: CheckoutOptions, lines: readonly PricedLine[], code: string | undefined, coupon: CouponView | undefined): CouponTerms | undefined {
  if (!code) return undefined;
  if (!options.enableCoupons) throw refuse('couponCode', m.couponsNotAccepted);
  if (!coupon) throw refuse('couponCode', m.couponNotFound);
  if (!coupon.active) throw refuse('couponCode', m.couponInactive);
  const terms = couponTermsOf(coupon);
  const refusal = couponRefusal(lines, terms);
  if (refusal === 'belowMinimum') throw refuse('couponCode', m.couponBelowMinimum(formatMoney(terms.minimumOrderMinor, options.currency)));
  if (refusal === 'noEligibleProducts') throw refuse('couponCode', m.couponNoEligibleProducts);
  return terms;
}

/** The store's minimum, counted like the coupon's: the subtotal before discounts, taxes and fees. */
export function checkMinimum(options: CheckoutOptions, lines: readonly PricedLine[]): void {
  const minimumMinor = options.minimumOrderAmountMinor;
  const subtotal = lines.reduce((total, line) => total + lineTotal(line), 0);
  if (subtotal < minimumMinor) throw validationFailed(m.belowMinimum(formatMoney(minimumMinor, options.currency)));
}

/** An order totals at most the largest amount (docs/orders-api.md "Amounts"): no more than a diner may pay or be refunded. */
export function checkTotal(summary: BillingSummaryMinor): BillingSummaryMinor {
  if (summary.totals.amountDue > MAX_AMOUNT_MINOR) throw validationFailed(m.totalTooLarge);
  return summary;
}

/** What priceOrder needs, once the rules have passed. */
const pricingInputOf = (options: CheckoutOptions, request: QuoteRequest, lines: readonly PricedLine[], terms: CouponTerms | undefined): PricingInput => ({
  lines,
  ...(terms ? { coupon: terms } : {}),
  fees: feeSettingsOf(options),
  tipMinor: request.tipMinor ?? 0,
  fulfillment: request.fulfillment.type,
  fromTag: request.fulfillment.type === 'TAG',
  paymentProcessor: request.paymentProcessor,
});

/**
 * Every checkout rule, in the order a diner would fix them, then what priceOrder needs. Throws the
 * first refusal (400, or 409 for a paused store). `times` is the merchant's clock (hours, zone,
 * menus: hours.ts); without it the store is always open.
 */
export function checkoutPricing(options: CheckoutOptions, request: CheckoutRequest, lines: readonly PricedLine[], coupon: CouponView | undefined, now: Date, times: StoreTimes = alwaysOpen()): PricingInput {
  checkFulfillment(options, request.fulfillment);
  checkAddress(request.fulfillment);
  checkPickupTime(options, request.fulfillment, now);
  checkOpeningHours(options, times, request.fulfillment, now);
  checkMenuTimes(options, times, request, lines, now);
  checkPayment(options, request);
  checkCustomer(options, request);
  checkTip(options, request);
  checkMinimum(options, lines);
  return pricingInputOf(options, request, lines, checkCoupon(options, lines, request.couponCode, coupon));
}

/**
 * The rules that change the price (fulfillment, payment, tip, coupon), then what priceOrder needs:
 * the same billing summary the order would get. The store's hours, the pickup time, the minimum, who
 * orders and where a delivery goes are placement's to check.
 */
export function quotePricing(options: CheckoutOptions, request: QuoteRequest, lines: readonly PricedLine[], coupon: CouponView | undefined): PricingInput {
  checkFulfillment(options, request.fulfillment);
  checkPayment(options, request);
  checkTip(options, request);
  return pricingInputOf(options, request, lines, checkCoupon(options, lines, request.couponCode, coupon));
}

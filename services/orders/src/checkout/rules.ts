import { conflict, validationFailed } from '@seatside/chassis';
import { feeSettingsOf, type CheckoutOptions } from '../catalog/checkout-options';
import type { CouponView } from '../catalog/view';
import { toMinor } from '../pricing/money';
import { couponRefusal, lineTotal, type CouponTerms, type PricedLine, type PricingInput } from '../pricing/pricing';
import { alwaysOpen, checkMenuTimes, checkOpeningHours, type StoreTimes } from './hours';
import { checkoutMessages as m, formatMoney } from './messages';
import type { CheckoutRequest } from './request';

const refuse = (field: string, message: string) => validationFailed(message, { [field]: message });

/** Paused store, fulfillment type and pickup method the merchant offers, a delivery address. */
export function checkFulfillment(options: CheckoutOptions, fulfillment: CheckoutRequest['fulfillment']): void {
  if (options.paused) throw conflict(m.storePaused);
  if (!options.fulfillmentTypes[fulfillment.type]) throw refuse('fulfillment.type', m.fulfillmentNotAvailable[fulfillment.type]);
  if (fulfillment.type === 'PICKUP') {
    if (!fulfillment.pickupMethod) throw refuse('fulfillment.pickupMethod', m.pickupMethodRequired);
    if (!options.pickupMethods[fulfillment.pickupMethod]) throw refuse('fulfillment.pickupMethod', m.pickupMethodNotAvailable);
  }
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
 * The customer may stay anonymous only at a self checkout that allows it.
 */
export function checkPaymentAndCustomer(options: CheckoutOptions, request: Pick<CheckoutRequest, 'paymentProcessor' | 'customer' | 'fulfillment'>): void {
  const card = request.paymentProcessor === 'STRIPE' || request.paymentProcessor === 'SQUARE';
  if (card && request.paymentProcessor !== options.paymentProcessor) throw refuse('paymentProcessor', m.paymentNotAvailableYet);
  if (request.paymentProcessor === 'TBD' && !options.enablePayLater) throw refuse('paymentProcessor', m.payLaterNotAvailable);
  const anonymous = request.fulfillment.type === 'SELF_CHECKOUT' && options.anonymousSelfCheckout;
  if (!request.customer && !anonymous) throw refuse('customer', m.customerRequired);
}

/** The age gate and the tip. */
export function checkAgeAndTip(options: CheckoutOptions, request: Pick<CheckoutRequest, 'ageConfirmed' | 'tip'>): void {
  if (options.requireAgeRestriction && request.ageConfirmed !== true) throw refuse('ageConfirmed', m.ageConfirmationRequired(options.ageRestriction));
  if (request.tip !== undefined && request.tip > 0 && !options.collectTips) throw refuse('tip', m.tipsNotAccepted);
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

/**
 * Every checkout rule, in the order a diner would fix them, then what priceOrder needs. Throws the
 * first refusal (400, or 409 for a paused store). `times` is the merchant's clock (hours, zone,
 * menus: hours.ts); without it the store is always open.
 */
export function checkoutPricing(options: CheckoutOptions, request: CheckoutRequest, lines: readonly PricedLine[], coupon: CouponView | undefined, now: Date, times: StoreTimes = alwaysOpen()): PricingInput {
  checkFulfillment(options, request.fulfillment);
  checkPickupTime(options, request.fulfillment, now);
  checkOpeningHours(options, times, request.fulfillment, now);
  checkMenuTimes(options, times, request, lines, now);
  checkPaymentAndCustomer(options, request);
  checkAgeAndTip(options, request);
  checkMinimum(options, lines);
  const terms = checkCoupon(options, lines, request.couponCode, coupon);
  return {
    lines,
    ...(terms ? { coupon: terms } : {}),
    fees: feeSettingsOf(options),
    tipMinor: toMinor(request.tip ?? 0),
    fulfillment: request.fulfillment.type,
    fromTag: request.tagId !== undefined,
    paymentProcessor: request.paymentProcessor,
  };
}

import { defaultCheckoutOptions, type CheckoutOptions } from '../catalog/checkout-options';
import type { CouponView } from '../catalog/view';
import type { CheckoutRequest } from './request';
import { checkCoupon, checkMinimum, checkoutPricing, checkPickupTime } from './rules';
import { refusal } from '../testing/refusal';

const options = (over: Partial<CheckoutOptions> = {}): CheckoutOptions => ({ ...defaultCheckoutOptions(), ...over });
const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  lineItems: [{ productId: 'p', quantity: 1, modifiers: [] }],
  fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
  paymentProcessor: 'CASH',
  customer: { firstName: 'D', lastName: 'D', email: 'd@example.com', phone: '' },
  ...over,
});
const lines = [{ productId: 'p', quantity: 2, unitPriceMinor: 500 }];
const now = new Date('2026-11-22T18:00:00.000Z');
const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const coupon = (over: Partial<CouponView> = {}): CouponView => ({
  id: 'c', merchantId: 'm', testMode: false, code: 'TEN', active: true, type: 'PERCENTAGE', value: 1000, minimumOrderMinor: 0, applyToAllProducts: true, products: [], ...over,
});

describe('checkoutPricing', () => {
  it('given the defaults and a cash pickup at the counter, then pricing input with no fees, no tax, no tip', () => {
    expect(checkoutPricing(options(), request(), lines, undefined, now)).toEqual({
      lines, fees: { taxBasisPoints: 0, chargePlatformFeeToCustomer: false, chargeCustomerProcessingFee: false, chargeConvenienceFeeForCashTransactions: false, convenienceFeeMinor: 0, deliveryFeeMinor: 0, tagDeliveryFeeMinor: 0 },
      tipMinor: 0, fulfillment: 'PICKUP', fromTag: false, paymentProcessor: 'CASH',
    });
  });

  it('given a tag, a tip (parsed to minor units) and an 8.875 % tax, then minor units, basis points and the tag flag', () => {
    const input = checkoutPricing(options({ collectTips: true, taxRate: 8.875, tagDeliveryFeeMinor: 150, fulfillmentTypes: { ...defaultCheckoutOptions().fulfillmentTypes, TAG: true } }), request({ tipMinor: 29, tagId: 't1', fulfillment: { type: 'TAG', tagId: 't1' } }), lines, undefined, now);
    expect([input.tipMinor, input.fees.taxBasisPoints, input.fees.tagDeliveryFeeMinor, input.fromTag]).toEqual([29, 888, 150, true]);
  });

  it.each([
    ['a paused store', options({ paused: true }), request(), ['Conflict', 'This store is not taking orders right now', undefined]],
    ['a table pickup', options(), request({ fulfillment: { type: 'PICKUP', pickupMethod: 'TABLE' } }), ['ValidationFailed', 'This pickup method is not available', { 'fulfillment.pickupMethod': 'This pickup method is not available' }]],
    ['pay later', options(), request({ paymentProcessor: 'TBD' }), ['ValidationFailed', 'Pay later is not available', { paymentProcessor: 'Pay later is not available' }]],
    ['a card of another processor than the merchant\'s', options({ enablePayLater: true, paymentProcessor: 'SQUARE' }), request({ paymentProcessor: 'STRIPE' }), ['ValidationFailed', 'This payment method is not available yet', { paymentProcessor: 'This payment method is not available yet' }]],
    ['no customer at an anonymous-disabled self checkout', options({ fulfillmentTypes: { ...defaultCheckoutOptions().fulfillmentTypes, SELF_CHECKOUT: true } }), request({ customer: undefined, fulfillment: { type: 'SELF_CHECKOUT' } }), ['ValidationFailed', 'Your name and email are required', { customer: 'Your name and email are required' }]],
    ['no age confirmation', options({ requireAgeRestriction: true, ageRestriction: 18 }), request({ ageConfirmed: false }), ['ValidationFailed', 'Please confirm that you are at least 18 years old', { ageConfirmed: 'Please confirm that you are at least 18 years old' }]],
    ['a tip without collectTips', options(), request({ tipMinor: 100 }), ['ValidationFailed', 'This store does not accept tips', { tip: 'This store does not accept tips' }]],
  ])('given %s, then refused', (_label, opts, req, expected) => {
    expect(refusal(() => checkoutPricing(opts, req, lines, undefined, now))).toEqual(expected);
  });

  it('given a tip of 0 without collectTips, then accepted', () => {
    expect(checkoutPricing(options(), request({ tipMinor: 0 }), lines, undefined, now).tipMinor).toBe(0);
  });
});

describe('checkPickupTime', () => {
  const pickupAt = (pickupTime: string) => ({ type: 'PICKUP' as const, pickupMethod: 'COUNTER' as const, pickupTime });
  const withLead = options({ preparationTime: 20, pickUpPaddingTime: 10 });

  it('given preparation 20 and padding 10 minutes, when the pickup is 30 minutes away (or 25, within the grace), then accepted', () => {
    expect(refusal(() => checkPickupTime(withLead, pickupAt(minutesFromNow(30)), now))).toEqual(['none', undefined, undefined]);
    expect(refusal(() => checkPickupTime(withLead, pickupAt(minutesFromNow(25)), now))).toEqual(['none', undefined, undefined]);
  });

  it('given preparation 20 and padding 10 minutes, when the pickup is 24 minutes away, then "at least 30 minutes from now" on the field', () => {
    const message = 'Pickup time must be at least 30 minutes from now';
    expect(refusal(() => checkPickupTime(withLead, pickupAt(minutesFromNow(24)), now))).toEqual(['ValidationFailed', message, { 'fulfillment.pickupTime': message }]);
  });

  it('given a pickup more than a day ahead, then refused; given no pickup time or another fulfillment, then nothing to check', () => {
    const message = 'Pickup time must be within the next 24 hours';
    expect(refusal(() => checkPickupTime(withLead, pickupAt(minutesFromNow(24 * 60 + 1)), now))).toEqual(['ValidationFailed', message, { 'fulfillment.pickupTime': message }]);
    expect(refusal(() => checkPickupTime(withLead, { type: 'PICKUP', pickupMethod: 'COUNTER' }, now))).toEqual(['none', undefined, undefined]);
    expect(refusal(() => checkPickupTime(withLead, { type: 'SELF_CHECKOUT', pickupTime: minutesFromNow(1) }, now))).toEqual(['none', undefined, undefined]);
  });
});

describe('checkMinimum and checkCoupon', () => {
  it('given a 10.00 cart and a 10.01 minimum, then refused in the currency; 10.00, then accepted', () => {
    expect(refusal(() => checkMinimum(options({ minimumOrderAmountMinor: 1001, currency: 'EUR' }), lines))[1]).toBe('The minimum order amount is €10.01');
    expect(refusal(() => checkMinimum(options({ minimumOrderAmountMinor: 1000 }), lines))[0]).toBe('none');
  });

  it('given coupons on, then a found active coupon gives its terms; missing, inactive, below minimum and out of scope are refused', () => {
    const on = options({ enableCoupons: true });
    expect(checkCoupon(on, lines, 'TEN', coupon())).toMatchObject({ code: 'TEN', type: 'PERCENTAGE', value: 1000 });
    expect(checkCoupon(on, lines, undefined, undefined)).toBeUndefined();
    expect(refusal(() => checkCoupon(on, lines, 'X', undefined))[1]).toBe('This coupon code is not valid');
    expect(refusal(() => checkCoupon(on, lines, 'TEN', coupon({ active: false })))[1]).toBe('This coupon is not active');
    expect(refusal(() => checkCoupon(on, lines, 'TEN', coupon({ minimumOrderMinor: 1001 })))[1]).toBe('This coupon needs an order of at least $10.01 before taxes and fees');
    expect(refusal(() => checkCoupon(on, lines, 'TEN', coupon({ applyToAllProducts: false, products: ['q'] })))[1]).toBe('This coupon does not apply to the items in your order');
    expect(refusal(() => checkCoupon(options(), lines, 'TEN', coupon()))[2]).toEqual({ couponCode: 'This store does not accept coupons' });
  });
});

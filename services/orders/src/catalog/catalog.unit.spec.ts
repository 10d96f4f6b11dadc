import { checkoutOptionsOf, defaultCheckoutOptions, feeSettingsOf } from './checkout-options';
import { couponViewOf, optionCostMinor, productPatchOf } from './events';

describe('checkoutOptions', () => {
  it('given no event yet, then a new merchant takes PICKUP at COUNTER, USD, no tax, no fees, no tips, coupons or pay later', () => {
    const defaults = defaultCheckoutOptions();
    expect(defaults).toMatchObject({
      fulfillmentTypes: { DELIVERY: false, PICKUP: true, SELF_CHECKOUT: false, TAG: false }, pickupMethods: { COUNTER: true, TABLE: false, CURBSIDE: false, DRIVE_THROUGH: false },
      currency: 'USD', taxRate: 0, deliveryFeeMinor: 0, convenienceFeeMinor: 0, tagDeliveryFeeMinor: 0, minimumOrderAmountMinor: 0, collectTips: false, enableCoupons: false, enablePayLater: false, paused: false,
    });
    expect(feeSettingsOf(defaults)).toEqual({ taxBasisPoints: 0, chargePlatformFeeToCustomer: false, chargeCustomerProcessingFee: false, chargeConvenienceFeeForCashTransactions: false, convenienceFeeMinor: 0, deliveryFeeMinor: 0, tagDeliveryFeeMinor: 0 });
  });

  it('given a form snapshot, then it lies over the defaults; wrong kinds, negatives and unknown currencies keep the default', () => {
    const options = checkoutOptionsOf({ taxRate: 8.25, deliveryFeeMinor: -1, convenienceFeeMinor: '2', currency: 'EUR', paused: 'yes', pickupMethods: { TABLE: true }, extra: 1 });
    expect(options).toMatchObject({ taxRate: 8.25, deliveryFeeMinor: 0, convenienceFeeMinor: 0, currency: 'EUR', paused: false, pickupMethods: { COUNTER: true, TABLE: true } });
    expect(options).not.toHaveProperty('extra');
    expect(checkoutOptionsOf(null)).toEqual(defaultCheckoutOptions());
  });

  it("given the catalog's event (minor units), then fee settings in minor units and the tax rate in basis points", () => {
    expect(feeSettingsOf(checkoutOptionsOf({ taxRate: 8.875, deliveryFeeMinor: 300, convenienceFeeMinor: 50, tagDeliveryFeeMinor: 200 }))).toMatchObject({ taxBasisPoints: 888, deliveryFeeMinor: 300, convenienceFeeMinor: 50, tagDeliveryFeeMinor: 200 });
  });

  it('given the form\'s major-unit names instead, then they are taken as minor units (money.ts rounding); the minor name wins when both come', () => {
    expect(checkoutOptionsOf({ deliveryFee: 0.29, convenienceFee: 1.005, minimumOrderAmount: 5 })).toMatchObject({ deliveryFeeMinor: 29, convenienceFeeMinor: 101, minimumOrderAmountMinor: 500 });
    expect(checkoutOptionsOf({ deliveryFee: 1e300, convenienceFee: 1e-7, minimumOrderAmount: -5 })).toMatchObject({ deliveryFeeMinor: 0, convenienceFeeMinor: 0, minimumOrderAmountMinor: 0 });
    expect(checkoutOptionsOf({ deliveryFee: 9, deliveryFeeMinor: 300 }).deliveryFeeMinor).toBe(300);
  });
});

describe('catalog events as the view', () => {
  it('given an option cost in minor units (the catalog today), or in major units (older events), then minor units', () => {
    expect(optionCostMinor({ id: 'o', label: 'o', additionalCost: 0.29 })).toBe(29);
    expect(optionCostMinor({ id: 'o', label: 'o', additionalCostMinor: 125, additionalCost: 1.25 })).toBe(125);
    expect(optionCostMinor({ id: 'o', label: 'o' })).toBe(0);
  });

  it('given coupons, then codes upper case, percentages as basis points and fixed amounts in minor units', () => {
    const base = { couponId: 'c', merchantId: 'm', testMode: false, code: 'ten', active: true, minimumOrderAmountMinor: 500, applyToAllProducts: true, products: [] };
    expect(couponViewOf({ ...base, discount: { type: 'PERCENTAGE', percentOff: 12.5 } })).toMatchObject({ code: 'TEN', type: 'PERCENTAGE', value: 1250, minimumOrderMinor: 500 });
    expect(couponViewOf({ ...base, discount: { type: 'FIXED', amountOffMinor: 300 } })).toMatchObject({ type: 'FIXED', value: 300 });
  });

  it('given an older coupon event with a percent outside 0–100 (1e300, -5, null), then 0 to 10,000 basis points and no throw', () => {
    const base = { couponId: 'c', merchantId: 'm', testMode: false, code: 'x', active: true, minimumOrderAmountMinor: 0, applyToAllProducts: true, products: [] };
    const percentOf = (percentOff: unknown) => couponViewOf({ ...base, discount: { type: 'PERCENTAGE', percentOff: percentOff as number } }).value;
    expect([percentOf(1e300), percentOf(-5), percentOf(null), percentOf(1e-7), percentOf(100)]).toEqual([10_000, 0, 0, 0, 10_000]);
  });

  it('given a partial ProductUpdated, then only the fields it names', () => {
    expect(productPatchOf({ priceMinor: 500 })).toEqual({ priceMinor: 500 });
    expect(productPatchOf({ title: 'Pie', modifiers: ['a'] })).toEqual({ title: 'Pie', modifiers: ['a'] });
  });
});

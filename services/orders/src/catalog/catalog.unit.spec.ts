import { checkoutOptionsOf, defaultCheckoutOptions, feeSettingsOf } from './checkout-options';
import { create } from '@bufbuild/protobuf';
import { catalogV1 } from '@seatside/proto';
import { checkoutOptionsMessage } from '../testing/fixture';
import { checkoutOptionsFromMessage, couponViewOf, modifierViewOf, productViewOf } from './messages';

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

  it('given the form\'s major-unit names, which the published message never carries, then they are not read: the defaults stand', () => {
    expect(checkoutOptionsOf({ deliveryFee: 0.29, convenienceFee: 1.005, minimumOrderAmount: 5 })).toMatchObject({ deliveryFeeMinor: 0, convenienceFeeMinor: 0, minimumOrderAmountMinor: 0 });
  });
});

describe("the catalog's messages as the view", () => {
  const owner = { merchantId: 'm', testMode: false };

  it('given a modifier, then its options in minor units and its rules', () => {
    const modifier = create(catalogV1.ModifierSchema, { modifierId: 'size', title: 'Size', options: [{ optionId: 'l', label: 'Large', additionalCostMinor: 29n }], rules: { required: true } });
    expect(modifierViewOf(modifier, owner)).toEqual({ id: 'size', ...owner, title: 'Size', options: [{ id: 'l', label: 'Large', additionalCostMinor: 29 }], rules: { required: true, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false } });
  });

  it('given coupons, then codes upper case, percentages as basis points and fixed amounts in minor units', () => {
    const base = { couponId: 'c', code: 'ten', active: true, minimumOrderAmountMinor: 500n, applyToAllProducts: true };
    expect(couponViewOf(create(catalogV1.CouponSchema, { ...base, discount: { case: 'percentOff', value: 12.5 } }), owner)).toMatchObject({ code: 'TEN', type: 'PERCENTAGE', value: 1250, minimumOrderMinor: 500 });
    expect(couponViewOf(create(catalogV1.CouponSchema, { ...base, discount: { case: 'amountOffMinor', value: 300n } }), owner)).toMatchObject({ type: 'FIXED', value: 300 });
  });

  it('given a percent outside 0–100 (1e300, -5, NaN), then 0 to 10,000 basis points and no throw', () => {
    const percentOf = (value: number) => couponViewOf(create(catalogV1.CouponSchema, { couponId: 'c', code: 'x', discount: { case: 'percentOff', value } }), owner).value;
    expect([percentOf(1e300), percentOf(-5), percentOf(Number.NaN), percentOf(1e-7), percentOf(100)]).toEqual([10_000, 0, 0, 0, 10_000]);
  });

  it('given a product, then its price in minor units and its modifiers', () => {
    const product = create(catalogV1.ProductSchema, { productId: 'p', title: 'Pie', priceMinor: 450n, manageStock: true, stockQuantity: 7n, modifierIds: ['a'] });
    expect(productViewOf(product, owner)).toEqual({ id: 'p', ...owner, title: 'Pie', priceMinor: 450, manageStock: true, modifiers: ['a'] });
  });

  it('given checkout options round-tripped through the message, then the same options; none, then the defaults', () => {
    const options = checkoutOptionsOf({ taxRate: 8.875, deliveryFeeMinor: 300, currency: 'EUR', pickupMethods: { TABLE: true } });
    expect(checkoutOptionsFromMessage(create(catalogV1.CheckoutOptionsSchema, checkoutOptionsMessage(options as unknown as Record<string, unknown>)))).toEqual(options);
    expect(checkoutOptionsFromMessage(undefined)).toEqual(defaultCheckoutOptions());
  });
});

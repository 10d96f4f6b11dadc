import fc from 'fast-check';
import { percentOf, toBasisPoints, toMajor, toMinor } from './money';
import {
  CARD_PROCESSING_FEE, PLATFORM_FEE_MINOR, couponDiscount, couponRefusal, priceOrder,
  type CouponTerms, type FeeSettings, type PricedLine, type PricingInput,
} from './pricing';

const noFees: FeeSettings = {
  taxBasisPoints: 0,
  chargePlatformFeeToCustomer: false,
  chargeCustomerProcessingFee: false,
  chargeConvenienceFeeForCashTransactions: false,
  convenienceFeeMinor: 0,
  deliveryFeeMinor: 0,
  tagDeliveryFeeMinor: 0,
};

const cashPickup = (lines: PricedLine[], more: Partial<PricingInput> = {}): PricingInput => ({
  lines,
  fees: noFees,
  tipMinor: 0,
  fulfillment: 'PICKUP',
  fromTag: false,
  paymentProcessor: 'CASH',
  ...more,
});

const nachos: PricedLine = { productId: 'nachos', quantity: 2, unitPriceMinor: 950 };
const soda: PricedLine = { productId: 'soda', quantity: 1, unitPriceMinor: 400 };

const coupon = (terms: Partial<CouponTerms>): CouponTerms => ({
  code: 'GAMEDAY',
  type: 'PERCENTAGE',
  value: 1000,
  minimumOrderMinor: 0,
  applyToAllProducts: true,
  products: [],
  ...terms,
});

describe('money at the edge', () => {
  it('given major units, then minor units are exact cents (0.29 is 29, 19.5 is 1950)', () => {
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(19.5)).toBe(1950);
    expect(toMinor(1.005)).toBe(101);
    expect(toMajor(1950)).toBe(19.5);
  });

  it('given a stored amount below a cent (1e-7), then 0 and never NaN', () => {
    expect(toMinor(1e-7)).toBe(0);
    expect(toBasisPoints(1e-7)).toBe(0);
  });

  it('given a percentage with decimals, then basis points (8.25 % is 825)', () => {
    expect(toBasisPoints(8.25)).toBe(825);
    expect(toBasisPoints(100)).toBe(10_000);
  });

  it('given an amount between two cents, then it rounds half away from zero', () => {
    expect(percentOf(50, 1000)).toBe(5); // 5.0
    expect(percentOf(25, 1000)).toBe(3); // 2.5 → 3
    expect(percentOf(24, 1000)).toBe(2); // 2.4 → 2
    expect(percentOf(-25, 1000)).toBe(-3);
    expect(percentOf(1999, 825)).toBe(165); // 164.9175 → 165
  });

  it('given a product beyond 2^53 (a very large cart), then still the exact rounding', () => {
    // 2,000,000,000,000,005 × 10,000 / 10,000 is exact only in integers of more than 53 bits
    expect(percentOf(2_000_000_000_000_005, 10_000)).toBe(2_000_000_000_000_005);
    expect(percentOf(1_999_999_980_000_000, 8_875)).toBe(1_774_999_982_250_000);
    expect(percentOf(99_999_999_999_999, 1)).toBe(10_000_000_000); // 9,999,999,999.9999 → 10,000,000,000
  });
});

describe('the billing summary', () => {
  it('given a new merchant (no fees, no tax) and a cash pickup, then amountDue is the subtotal', () => {
    const { totals, fees } = priceOrder(cashPickup([nachos, soda]));
    expect(totals).toEqual({ subtotal: 2300, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue: 2300 });
    expect(fees).toEqual({ deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 });
  });

  it('given tax, a tip and a 10 % coupon, then tax is charged on the discounted subtotal and each is its own line', () => {
    const { totals } = priceOrder(cashPickup([nachos, soda], { coupon: coupon({}), tipMinor: 300, fees: { ...noFees, taxBasisPoints: 825 } }));
    // 2300 − 230 = 2070; tax 8.25 % = 170.775 → 171.
    expect(totals).toEqual({ subtotal: 2300, discounts: 230, tax: 171, tip: 300, cashAmount: 0, amountDue: 2070 + 171 + 300 });
  });

  it('given the platform fee is charged to the customer, then 0.99 is added as its own line', () => {
    const { totals, fees } = priceOrder(cashPickup([soda], { fees: { ...noFees, chargePlatformFeeToCustomer: true } }));
    expect(fees.platformFeeToByPaidByCustomer).toBe(PLATFORM_FEE_MINOR);
    expect(totals.amountDue).toBe(400 + 99);
  });

  it('given a convenience fee on cash, then a cash order pays it and a card order does not', () => {
    const fees = { ...noFees, chargeConvenienceFeeForCashTransactions: true, convenienceFeeMinor: 50 };
    expect(priceOrder(cashPickup([soda], { fees })).fees.convenienceFee).toBe(50);
    expect(priceOrder(cashPickup([soda], { fees, paymentProcessor: 'STRIPE' })).fees.convenienceFee).toBe(0);
  });

  it('given the card fee is passed on, then a card order pays 2.9 % of everything else plus 30 ¢, and cash does not', () => {
    const fees = { ...noFees, chargeCustomerProcessingFee: true };
    const card = priceOrder(cashPickup([nachos], { fees, paymentProcessor: 'STRIPE' }));
    expect(card.fees.processingFeeToBePaidByCustomer).toBe(percentOf(1900, CARD_PROCESSING_FEE.basisPoints) + 30); // 55.1 → 55, + 30
    expect(card.totals.amountDue).toBe(1900 + 85);
    expect(priceOrder(cashPickup([nachos], { fees })).fees.processingFeeToBePaidByCustomer).toBe(0);
  });

  it('given delivery, then the delivery fee; given a tag order, then the tag delivery fee', () => {
    const fees = { ...noFees, deliveryFeeMinor: 499, tagDeliveryFeeMinor: 200 };
    expect(priceOrder(cashPickup([soda], { fees, fulfillment: 'DELIVERY' })).fees.deliveryFee).toBe(499);
    expect(priceOrder(cashPickup([soda], { fees, fromTag: true })).fees).toMatchObject({ deliveryFee: 0, tagDeliveryFee: 200 });
    expect(priceOrder(cashPickup([soda], { fees })).fees.deliveryFee).toBe(0);
  });
});

describe('coupons', () => {
  it('given a cart under the coupon minimum (before taxes and fees), then the coupon is refused', () => {
    expect(couponRefusal([soda], coupon({ minimumOrderMinor: 401 }))).toBe('belowMinimum');
    expect(couponRefusal([soda], coupon({ minimumOrderMinor: 400 }))).toBeUndefined();
  });

  it('given a coupon scoped to products, then it discounts only their lines, and refuses a cart without them', () => {
    const scoped = coupon({ applyToAllProducts: false, products: ['soda'], value: 5000 });
    expect(couponDiscount([nachos, soda], scoped)).toBe(200);
    expect(couponRefusal([nachos], scoped)).toBe('noEligibleProducts');
  });

  it('given a FIXED coupon larger than the cart, then the discount stops at the cart and nothing goes negative', () => {
    const big = coupon({ type: 'FIXED', value: 10_000 });
    expect(couponDiscount([soda], big)).toBe(400);
    expect(priceOrder(cashPickup([soda], { coupon: big, fees: { ...noFees, taxBasisPoints: 1000 } })).totals).toMatchObject({ discounts: 400, tax: 0, amountDue: 0 });
  });
});

describe('pricing properties (fast-check)', () => {
  const line = fc.record({
    productId: fc.constantFrom('a', 'b', 'c', 'd'),
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPriceMinor: fc.integer({ min: 0, max: 50_000 }),
  });
  const couponTerms = fc.record({
    code: fc.constant('X'),
    type: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
    value: fc.integer({ min: 0, max: 20_000 }),
    minimumOrderMinor: fc.integer({ min: 0, max: 100_000 }),
    applyToAllProducts: fc.boolean(),
    products: fc.subarray(['a', 'b', 'c', 'd']),
  });
  const fees = fc.record({
    taxBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    chargePlatformFeeToCustomer: fc.boolean(),
    chargeCustomerProcessingFee: fc.boolean(),
    chargeConvenienceFeeForCashTransactions: fc.boolean(),
    convenienceFeeMinor: fc.integer({ min: 0, max: 1_000 }),
    deliveryFeeMinor: fc.integer({ min: 0, max: 2_000 }),
    tagDeliveryFeeMinor: fc.integer({ min: 0, max: 1_000 }),
  });
  const input: fc.Arbitrary<PricingInput> = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 12 }),
    coupon: fc.option(couponTerms, { nil: undefined }),
    fees,
    tipMinor: fc.integer({ min: 0, max: 10_000 }),
    fulfillment: fc.constantFrom('DELIVERY' as const, 'PICKUP' as const, 'SELF_CHECKOUT' as const),
    fromTag: fc.boolean(),
    paymentProcessor: fc.constantFrom('CASH' as const, 'STRIPE' as const, 'SQUARE' as const, 'TBD' as const),
  });
  const applicable = input.map((i) => (i.coupon && couponRefusal(i.lines, i.coupon) ? { ...i, coupon: undefined } : i));

  it('for any cart, coupon, fees and tax, then subtotal − discounts + tax + tip + fees = amountDue', () => {
    fc.assert(
      fc.property(applicable, (i) => {
        const { totals, fees: f } = priceOrder(i);
        const feeTotal = f.deliveryFee + f.tagDeliveryFee + f.convenienceFee + f.processingFeeToBePaidByCustomer + f.platformFeeToByPaidByCustomer;
        expect(totals.subtotal - totals.discounts + totals.tax + totals.tip + feeTotal).toBe(totals.amountDue);
      }),
    );
  });

  it('for any input, then every amount is a whole number of cents and none is negative', () => {
    fc.assert(
      fc.property(applicable, (i) => {
        const { totals, fees: f } = priceOrder(i);
        for (const amount of [...Object.values(totals), ...Object.values(f)]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('for any input, then discounts never exceed the subtotal and tax follows the rounding rule on the discounted subtotal', () => {
    fc.assert(
      fc.property(applicable, (i) => {
        const { totals } = priceOrder(i);
        expect(totals.discounts).toBeLessThanOrEqual(totals.subtotal);
        const exact = ((totals.subtotal - totals.discounts) * i.fees.taxBasisPoints) / 10_000;
        expect(Math.abs(totals.tax - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

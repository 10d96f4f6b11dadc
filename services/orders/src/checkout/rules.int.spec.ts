import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages as m } from './messages';
import { paymentMessages } from '../payments/messages';

describe("checkout: the merchant's checkoutOptions", () => {
  let f: OrdersFixture;
  const place = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', newKey()).send(body);
  const anonymous = (merchant: string, overrides: object) => place(merchant, { ...cart(`${merchant}-meal`, overrides), customer: undefined });
  const full = {
    fulfillmentTypes: { DELIVERY: true, PICKUP: true, SELF_CHECKOUT: true },
    pickupMethods: { COUNTER: true, TABLE: true, CURBSIDE: false, DRIVE_THROUGH: false },
    collectTips: true, enablePayLater: true, enableCoupons: true, anonymousSelfCheckout: true, minimumOrderAmountMinor: 500,
    taxRate: 8.875, currency: 'EUR', chargePlatformFeeToCustomer: true, chargeConvenienceFeeForCashTransactions: true, convenienceFeeMinor: 50, deliveryFeeMinor: 300,
  };

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('plain');
    await f.merchant('full', full);
    await f.merchant('paused', { paused: true });
    await f.merchant('bar', { requireAgeRestriction: true, ageRestriction: 21 });
    for (const merchant of ['plain', 'full', 'paused', 'bar']) await f.product({ id: `${merchant}-meal`, merchantId: merchant, title: 'Meal', price: 12.34 });
    await f.product({ id: 'full-mint', merchantId: 'full', title: 'Mint', price: 1 });
    await f.coupon({ id: 'c1', merchantId: 'full', code: 'TENOFF', percentOff: 10 });
    await f.coupon({ id: 'c2', merchantId: 'full', code: 'OLD', active: false });
    await f.coupon({ id: 'c3', merchantId: 'full', code: 'BIG', amountOffMinor: 500, minimumOrderAmountMinor: 2000 });
    await f.coupon({ id: 'c4', merchantId: 'full', code: 'MINTY', amountOffMinor: 100, products: ['full-mint'] });
    await f.coupon({ id: 'c5', merchantId: 'full', code: 'SANDBOX', testMode: true });
    await f.coupon({ id: 'c6', merchantId: 'plain', code: 'TENOFF' });
  });
  afterAll(() => f.stop());

  describe('a new merchant (defaults: PICKUP at COUNTER, CASH, USD, no tax, no fees)', () => {
    it('given pickup at the counter in cash, then 201 in USD with no tax and no fees', async () => {
      const res = await place('plain', cart('plain-meal'));
      expect(res.status).toBe(201);
      expect(res.body.billingSummary).toEqual({
        currency: 'USD',
        totals: { subtotal: 12.34, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue: 12.34 },
        fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 },
      });
    });

    it('given a pickup time sooner than the 15 minutes of preparation, then 400 on fulfillment.pickupTime; the first 15-minute slot 20 minutes away or more, then 201', async () => {
      const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
      // The default zone (Los Angeles) is whole hours from UTC: its quarter hours are UTC's.
      const slotAfter = (minutes: number) => new Date(Math.ceil((Date.now() + minutes * 60_000) / 900_000) * 900_000).toISOString();
      const soon = await place('plain', cart('plain-meal', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime: inMinutes(2) } }));
      expect([soon.status, soon.body.errors]).toEqual([400, { 'fulfillment.pickupTime': m.pickupTimeTooSoon(15) }]);
      const later = await place('plain', cart('plain-meal', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime: slotAfter(20) } }));
      expect(later.status).toBe(201);
    });

    it.each([
      [{ type: 'DELIVERY', address: { line1: '1 Main St', city: 'Springfield' } }, 'fulfillment.type', 'Delivery is not available'],
      [{ type: 'SELF_CHECKOUT' }, 'fulfillment.type', 'Self checkout is not available'],
      [{ type: 'PICKUP', pickupMethod: 'CURBSIDE' }, 'fulfillment.pickupMethod', m.pickupMethodNotAvailable],
      [{ type: 'PICKUP' }, 'fulfillment.pickupMethod', m.pickupMethodRequired],
      [{ type: 'TAKEAWAY' }, 'fulfillment.type', m.fulfillmentTypeInvalid],
    ])('given fulfillment %p, then 400 on %s', async (fulfillment, field, message) => {
      const res = await place('plain', cart('plain-meal', { fulfillment }));
      expect([res.status, res.body.errors]).toEqual([400, { [field]: message }]);
    });

    it.each([
      ['STRIPE', paymentMessages.notConfigured.STRIPE],
      ['SQUARE', m.paymentNotAvailableYet],
      ['TBD', m.payLaterNotAvailable],
      ['BITCOIN', m.paymentProcessorInvalid],
    ])('given paymentProcessor %s, then 400 "%s"', async (paymentProcessor, message) => {
      const res = await place('plain', cart('plain-meal', { paymentProcessor }));
      expect([res.status, res.body.errors]).toEqual([400, { paymentProcessor: message }]);
    });

    it('given no customer, then 400 "Your name and email are required"; given a bad email, then on customer.email', async () => {
      expect((await anonymous('plain', {})).body.errors).toEqual({ customer: m.customerRequired });
      const bad = await place('plain', cart('plain-meal', { customer: { firstName: 'D', lastName: 'D', email: 'nope' } }));
      expect(bad.body.errors).toEqual({ 'customer.email': m.emailInvalid });
    });

    it('given a tip, then 400 "This store does not accept tips"; given a coupon, then "This store does not accept coupons"', async () => {
      expect((await place('plain', cart('plain-meal', { tip: 1 }))).body.errors).toEqual({ tip: m.tipsNotAccepted });
      expect((await place('plain', cart('plain-meal', { couponCode: 'TENOFF' }))).body.errors).toEqual({ couponCode: m.couponsNotAccepted });
    });
  });

  describe('a merchant with tax, fees, tips, coupons and pay later', () => {
    it('given a 10 % coupon and a 2.00 tip in cash, then discount, 8.875 % tax, convenience and platform fees add up (EUR)', async () => {
      const res = await place('full', cart('full-meal', { couponCode: 'tenoff', tip: 2 }));
      expect(res.status).toBe(201);
      expect(res.body.billingSummary).toEqual({
        currency: 'EUR',
        totals: { subtotal: 12.34, discounts: 1.23, tax: 0.99, tip: 2, cashAmount: 0, amountDue: 15.59 },
        fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0.5, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0.99 },
      });
    });

    it('given delivery with an address and pay later, then the delivery fee and no cash convenience fee', async () => {
      const res = await place('full', cart('full-meal', { paymentProcessor: 'TBD', fulfillment: { type: 'DELIVERY', address: { line1: '1 Main St', city: 'Springfield' } } }));
      expect(res.status).toBe(201);
      expect(res.body.billingSummary.fees).toEqual({ deliveryFee: 3, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0.99 });
    });

    it('given delivery without an address, then 400 on fulfillment.address', async () => {
      const res = await place('full', cart('full-meal', { fulfillment: { type: 'DELIVERY' } }));
      expect(res.body.errors).toEqual({ 'fulfillment.address': m.addressRequired });
    });

    it('given an anonymous self checkout, then 201; an anonymous pickup, then 400', async () => {
      expect((await anonymous('full', { fulfillment: { type: 'SELF_CHECKOUT' } })).status).toBe(201);
      expect((await anonymous('full', {})).body.errors).toEqual({ customer: m.customerRequired });
    });

    it('given an order under the 5.00 minimum, then 400 "The minimum order amount is €5.00"', async () => {
      const res = await place('full', cart('full-mint'));
      expect([res.status, res.body.message]).toEqual([400, 'The minimum order amount is €5.00']);
    });

    it.each([
      ['NOPE', m.couponNotFound],
      ['SANDBOX', m.couponNotFound],
      ['OLD', m.couponInactive],
      ['BIG', 'This coupon needs an order of at least €20.00 before taxes and fees'],
      ['MINTY', m.couponNoEligibleProducts],
    ])('given coupon %s, then 400 "%s" on couponCode', async (couponCode, message) => {
      const res = await place('full', cart('full-meal', { couponCode }));
      expect([res.status, res.body.errors]).toEqual([400, { couponCode: message }]);
    });

    it('given a product-scoped coupon and its product in the cart, then only that line is discounted', async () => {
      const res = await place('full', cart('full-meal', { couponCode: 'MINTY', lineItems: [{ productId: 'full-meal', quantity: 1 }, { productId: 'full-mint', quantity: 2 }] }));
      expect(res.body.billingSummary.totals).toMatchObject({ subtotal: 14.34, discounts: 1 });
    });

    it('given a negative tip, then 400 on tip', async () => {
      expect((await place('full', cart('full-meal', { tip: -1 }))).body.errors).toEqual({ tip: m.tipInvalid });
    });
  });

  it('given a paused store, then 409 "This store is not taking orders right now"', async () => {
    const res = await place('paused', cart('paused-meal'));
    expect([res.status, res.body.message]).toEqual([409, m.storePaused]);
  });

  it('given an age-restricted store, then ageConfirmed: true is required', async () => {
    const refused = await place('bar', cart('bar-meal'));
    expect([refused.status, refused.body.errors]).toEqual([400, { ageConfirmed: 'Please confirm that you are at least 21 years old' }]);
    expect((await place('bar', cart('bar-meal', { ageConfirmed: true }))).status).toBe(201);
  });

  it('given new checkoutOptions, when the event arrives, then checkout follows them at once', async () => {
    await f.merchantUpdate('plain', { checkoutOptions: { collectTips: true } });
    const res = await place('plain', cart('plain-meal', { tip: 1.5 }));
    expect([res.status, res.body.billingSummary.totals.tip]).toEqual([201, 1.5]);
  });
});

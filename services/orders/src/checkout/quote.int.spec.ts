import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages as m } from './messages';

/** `POST /v1/merchants/{merchantId}/orders/quote`: the billing summary before the order is placed. */
describe('checkout: the price quote', () => {
  let f: OrdersFixture;
  const quote = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders/quote`).send(body);
  const place = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', newKey()).send(body);
  const full = {
    fulfillmentTypes: { DELIVERY: true, PICKUP: true, SELF_CHECKOUT: true },
    pickupMethods: { COUNTER: true, TABLE: true, CURBSIDE: false, DRIVE_THROUGH: false },
    collectTips: true, enablePayLater: true, enableCoupons: true, minimumOrderAmountMinor: 500, requireAgeRestriction: true, ageRestriction: 21,
    taxRate: 8.875, chargePlatformFeeToCustomer: true, chargeConvenienceFeeForCashTransactions: true, convenienceFeeMinor: 50, deliveryFeeMinor: 300,
  };

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('plain');
    await f.merchant('full', full);
    await f.product({ id: 'plain-meal', merchantId: 'plain', title: 'Meal', price: 12.34 });
    await f.product({ id: 'full-meal', merchantId: 'full', title: 'Meal', price: 12.34 });
    await f.product({ id: 'full-mint', merchantId: 'full', title: 'Mint', price: 1 });
    await f.product({ id: 'full-last', merchantId: 'full', title: 'Last one', price: 5, manageStock: true, stockQuantity: 1 });
    await f.coupon({ id: 'c1', merchantId: 'full', code: 'TENOFF', percentOff: 10 });
  });
  afterAll(() => f.stop());

  it('given a cart with a coupon, a tip, tax and fees, then 200 with the billing summary the placed order gets, and the quote wrote nothing', async () => {
    const body = cart('full-meal', { couponCode: 'tenoff', tip: 2, ageConfirmed: true });
    const before = (await f.svc.committed()).length;
    const quoted = await quote('full', body);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual({
      billingSummary: {
        currency: 'USD',
        totals: { subtotal: 12.34, discounts: 1.23, tax: 0.99, tip: 2, cashAmount: 0, amountDue: 15.59 },
        fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0.5, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0.99 },
      },
      lineItems: [{ productId: 'full-meal', quantity: 1, unitPrice: 12.34, total: 12.34 }],
    });
    expect((await f.svc.committed()).length).toBe(before);
    const placed = await place('full', body);
    expect([placed.status, placed.body.billingSummary]).toEqual([201, quoted.body.billingSummary]);
  });

  it('given delivery (its address half-typed) and pay later, then the delivery fee and no cash convenience fee', async () => {
    const res = await quote('full', cart('full-meal', { paymentProcessor: 'TBD', fulfillment: { type: 'DELIVERY', address: { line1: '' } } }));
    expect([res.status, res.body.billingSummary?.fees]).toEqual([200, { deliveryFee: 3, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0.99 }]);
  });

  it('given no customer, a half-typed email and no age confirmation (what the diner has not entered yet), then still 200', async () => {
    const res = await quote('full', { ...cart('full-meal'), customer: { firstName: 'A', email: 'ada@' } });
    expect(res.status).toBe(200);
  });

  it('given an order under the minimum, then 200: the minimum is for placing, and the storefront says so', async () => {
    expect((await quote('full', cart('full-mint'))).body.billingSummary.totals.subtotal).toBe(1);
  });

  it.each([
    ['an unknown coupon', 'couponCode', 'full', { couponCode: 'NOPE' }, m.couponNotFound],
    ['a coupon where coupons are off', 'couponCode', 'plain', { couponCode: 'TENOFF' }, m.couponsNotAccepted],
    ['a tip where tips are off', 'tip', 'plain', { tip: 1 }, m.tipsNotAccepted],
    ['pay later where it is off', 'paymentProcessor', 'plain', { paymentProcessor: 'TBD' }, m.payLaterNotAvailable],
    ['a fulfillment type the store does not offer', 'fulfillment.type', 'plain', { fulfillment: { type: 'SELF_CHECKOUT' } }, 'Self checkout is not available'],
  ])('given %s, then 400 with the checkout message on %s', async (_what, field, merchant, overrides, message) => {
    const res = await quote(merchant, cart(`${merchant}-meal`, overrides));
    expect([res.status, res.body.errors]).toEqual([400, { [field]: message }]);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('given a product of another merchant, then 400 on its line; given an unknown merchant, then 404', async () => {
    const line = await quote('full', cart('plain-meal'));
    expect([line.status, Object.keys(line.body.errors)]).toEqual([400, ['lineItems.0.productId']]);
    expect((await quote('nobody', cart('plain-meal'))).status).toBe(404);
  });

  it('given the last one of a stock-managed product, when quoted twice and placed once, then the stock is taken only by the order', async () => {
    expect((await quote('full', cart('full-last'))).status).toBe(200);
    expect((await quote('full', cart('full-last'))).status).toBe(200);
    expect((await place('full', cart('full-last', { ageConfirmed: true }))).status).toBe(201);
    expect((await place('full', cart('full-last', { ageConfirmed: true }))).status).toBe(409);
  });
});

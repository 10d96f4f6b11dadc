import fc from 'fast-check';
import type { Response } from 'supertest';
import { MAX_AMOUNT_MINOR } from '@seatside/chassis';
import { asSent, badAmounts, exactMinorOf, isAcceptableAmount, majorOfInput, moneyInputOrCents } from '@seatside/chassis/src/money.testkit';
import { checkoutMessages } from './checkout/messages';
import { actionMessages } from './orders/http';
import { orderMessages } from './orders/order';
import { cart, newKey, ordersFixture, type OrdersFixture } from './testing/fixture';

/** The amounts of an order as answered (major units): none may be NaN, null or negative. */
const answeredAmounts = ['subtotal', 'discounts', 'tax', 'tip', 'cashAmount', 'amountDue', 'deliveryFee', 'convenienceFee', 'processingFeeToBePaidByCustomer',
  'platformFeeToByPaidByCustomer', 'unitPrice', 'total', 'additionalCost', 'amountPaid', 'amountTendered', 'changeDue', 'refundAmount'];

/**
 * Every money input of orders (tip, cash tendered, refund amount) through the real routers: taken
 * exactly as asked or refused with 400 problem+json and the field's message, so no stored or
 * answered amount is ever NaN, null, negative or other than asked (docs/orders-api.md "Amounts").
 */
describe('orders money inputs', () => {
  let f: OrdersFixture;
  let carol: string;
  const M = 'money';
  const base = `/v1/merchants/${M}/orders`;
  const checkout = (overrides: object = {}) => f.svc.http().post(base).set('Idempotency-Key', newKey()).send(cart('meal', overrides));
  const place = async (overrides: object = {}) => (await checkout(overrides)).body as { id: string };
  const act = (orderId: string, action: string, body: object) => f.svc.http().post(`${base}/${orderId}/${action}`).set('authorization', carol).send(body);
  const read = async (orderId: string) => (await f.svc.http().get(`${base}/${orderId}`).set('authorization', carol)).body;
  const refused = (res: Response, errors: Record<string, string>) => expect([res.status, res.type, res.body.errors]).toEqual([400, 'application/problem+json', errors]);

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant(M, { collectTips: true });
    await f.product({ id: 'meal', merchantId: M, title: 'Meal', price: 12.34 });
    await f.product({ id: 'feast', merchantId: M, title: 'Feast', price: 1088.8 });
    carol = await f.member(M, 'carol');
  });
  afterAll(() => f.stop());

  describe('the attacks, refused with a message that says why', () => {
    it('given a $1,088.80 order with a tip of 1e-7 (NaN, stored as owing $0 before), then 400 on tip and nothing is placed; the quote too', async () => {
      const before = (await f.svc.committed()).length;
      refused(await checkout({ lineItems: [{ productId: 'feast', quantity: 1 }], tip: 1e-7 }), { tip: checkoutMessages.tipTooPrecise });
      refused(await f.svc.http().post(`${base}/quote`).send(cart('feast', { tip: 1e-7 })), { tip: checkoutMessages.tipTooPrecise });
      expect((await f.svc.committed()).length).toBe(before);
    });

    it('given the $1,088.80 order placed with no tip, when $0 is tendered, then 400 less than due and it stays unpaid', async () => {
      const { id } = await place({ lineItems: [{ productId: 'feast', quantity: 1 }] });
      expect((await read(id)).billingSummary.totals.amountDue).toBe(1088.8);
      refused(await act(id, 'pay', { amountTendered: 0 }), { amountTendered: actionMessages.amountTenderedTooLow });
      refused(await act(id, 'pay', { amountTendered: 1e-7 }), { amountTendered: actionMessages.amountTenderedTooPrecise });
      expect((await read(id)).status).toBe('PLACED');
    });

    it('given a tip or cash of 1e308, or a quantity of 1e308 or 10,001, then 400 saying the maximum', async () => {
      refused(await checkout({ tip: 1e308 }), { tip: 'Tip must be at most 999,999.99' });
      refused(await checkout({ lineItems: [{ productId: 'meal', quantity: 1e308 }] }), { 'lineItems.0.quantity': 'Quantity must be at most 10,000' });
      refused(await checkout({ lineItems: [{ productId: 'meal', quantity: 10_001 }] }), { 'lineItems.0.quantity': 'Quantity must be at most 10,000' });
      const { id } = await place();
      refused(await act(id, 'pay', { amountTendered: 1e308 }), { amountTendered: 'Amount tendered must be at most 999,999.99' });
    });

    it('given 10,000 of the $1,088.80 feast (over 999,999.99 in all), then 400 on the total for checkout and quote; 918 of them are placed', async () => {
      const feasts = (quantity: number) => ({ lineItems: [{ productId: 'feast', quantity }] });
      for (const res of [await checkout(feasts(10_000)), await f.svc.http().post(`${base}/quote`).send(cart('feast', feasts(10_000)))]) {
        expect([res.status, res.type, res.body.message]).toEqual([400, 'application/problem+json', 'An order may total at most 999,999.99']);
      }
      const { id } = await place(feasts(918));
      expect((await read(id)).billingSummary.totals.amountDue).toBe(999_518.4);
    });

    it('given a paid order, when a refund of 1e-7 (issued before, though refunds must be more than 0) or -1 is asked, then 400 and no refund', async () => {
      const { id } = await place();
      await act(id, 'pay', { amountTendered: 20 });
      refused(await act(id, 'refund', { title: 'Dust', amount: 1e-7 }), { amount: actionMessages.refundAmountTooPrecise });
      refused(await act(id, 'refund', { title: 'Dust', amount: -1 }), { amount: orderMessages.refundNotPositive });
      refused(await act(id, 'refund', { title: 'Dust', amount: '0.00' }), { amount: orderMessages.refundNotPositive });
      expect(await read(id)).toMatchObject({ status: 'PAID', refunds: {} });
    });
  });

  describe('properties', () => {
    /** How many inputs each property took and refused: both must happen, or the property proves little. */
    let outcomes: { taken: number; refused: number };
    beforeEach(() => {
      outcomes = { taken: 0, refused: 0 };
    });
    afterEach(() => {
      expect(outcomes.taken * outcomes.refused).toBeGreaterThan(0);
    });

    it('property: any tip is placed exactly as asked (amountDue = 12.34 + tip), or refused on tip, or on the total past the maximum', async () => {
      await fc.assert(
        fc.asyncProperty(moneyInputOrCents(0, 100_000), async (asked) => {
          const tip = asSent(asked);
          const res = await checkout({ tip });
          if (isAcceptableAmount(tip) && 1234 + Number(exactMinorOf(tip)) > MAX_AMOUNT_MINOR) {
            // a tip the field takes, on an order that would then owe more than any order may
            expect([res.status, res.body.message]).toEqual([400, checkoutMessages.totalTooLarge]);
          } else if (isAcceptableAmount(tip)) {
            outcomes.taken++;
            const order = await read(res.body.id);
            const cents = Number(exactMinorOf(tip));
            expect({ status: res.status, answered: res.body.billingSummary.totals, read: order.billingSummary.totals }).toEqual({
              status: 201,
              answered: expect.objectContaining({ tip: majorOfInput(tip), amountDue: (1234 + cents) / 100 }),
              read: expect.objectContaining({ tip: majorOfInput(tip), amountDue: (1234 + cents) / 100 }),
            });
          } else {
            outcomes.refused++;
            expect([res.status, res.type]).toEqual([400, 'application/problem+json']);
            expect([checkoutMessages.tipInvalid, checkoutMessages.tipTooPrecise, checkoutMessages.tipTooLarge]).toContain(res.body.errors?.tip);
          }
        }),
        // the edge a CI run found: a tip the field takes that brings the total to 1,000,000.00
        { numRuns: 40, examples: [[999_987.66], [999_987.65]] },
      );
    });

    it('property: any cash tendered for 12.34 is paid with exact change, or refused on amountTendered', async () => {
      await fc.assert(
        fc.asyncProperty(moneyInputOrCents(1000, 100_000), async (asked) => {
          const amountTendered = asSent(asked);
          const { id } = await place();
          const res = await act(id, 'pay', { amountTendered });
          if (isAcceptableAmount(amountTendered) && Number(exactMinorOf(amountTendered)) >= 1234) {
            outcomes.taken++;
            const change = (Number(exactMinorOf(amountTendered)) - 1234) / 100;
            expect([res.status, res.body.payment]).toEqual([200, expect.objectContaining({ amountPaid: 12.34, amountTendered: majorOfInput(amountTendered), changeDue: change })]);
          } else {
            outcomes.refused++;
            expect([res.status, res.type]).toEqual([400, 'application/problem+json']);
            const messages = [actionMessages.amountTenderedInvalid, actionMessages.amountTenderedTooPrecise, actionMessages.amountTenderedTooLarge, actionMessages.amountTenderedTooLow];
            expect(messages).toContain(res.body.errors?.amountTendered);
            expect((await read(id)).status).toBe('PLACED');
          }
        }),
        { numRuns: 30 },
      );
    });

    it('property: any refund of a paid 12.34 is issued exactly, refused as too large (409), or refused on amount (400)', async () => {
      await fc.assert(
        fc.asyncProperty(moneyInputOrCents(0, 1500), async (asked) => {
          const amount = asSent(asked);
          const { id } = await place();
          await act(id, 'pay', { amountTendered: 12.34 });
          const res = await act(id, 'refund', { title: 'Refund', amount });
          const cents = isAcceptableAmount(amount, { positive: true }) ? Number(exactMinorOf(amount)) : undefined;
          if (cents !== undefined && cents <= 1234) {
            outcomes.taken++;
            expect([res.status, Object.values(res.body.refunds).map((r) => (r as { refundAmount: number }).refundAmount)]).toEqual([200, [cents / 100]]);
          } else if (cents !== undefined) {
            expect([res.status, res.body.message]).toEqual([409, orderMessages.refundTooLarge]);
          } else {
            outcomes.refused++;
            expect([res.status, res.type]).toEqual([400, 'application/problem+json']);
            const messages = [actionMessages.refundAmountInvalid, actionMessages.refundAmountTooPrecise, actionMessages.refundAmountTooLarge, orderMessages.refundNotPositive];
            expect(messages).toContain(res.body.errors?.amount);
            expect((await read(id)).refunds).toEqual({});
          }
        }),
        { numRuns: 30 },
      );
    });

    it('then, whatever was asked above, no stored or answered amount is NaN, null or negative', async () => {
      outcomes = { taken: 1, refused: 1 };
      expect(badAmounts((await f.svc.committed()).map((e) => e.data))).toEqual([]);
      const answered = (await f.svc.http().get(`${base}?limit=100`).set('authorization', carol)).body;
      expect(answered.data.length).toBeGreaterThan(0);
      expect(badAmounts(answered, answeredAmounts)).toEqual([]);
    });
  });
});

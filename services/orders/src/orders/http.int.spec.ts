import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { orderMessages } from './order';

/** Each read of the clock is one second later, so receivedAt sorts by placing order. */
const ticking = () => {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 10, 22, 12, 0, tick++));
};

describe("the merchant's orders and the diner's status page", () => {
  let f: OrdersFixture;
  let carol: string;
  const M = 'joes';
  const base = `/v1/merchants/${M}/orders`;
  const place = async (overrides: object = {}) => (await f.svc.http().post(base).set('Idempotency-Key', newKey()).send(cart('meal', overrides))).body;
  const act = (orderId: string, action: string, body: object = {}, as = carol) => f.svc.http().post(`${base}/${orderId}/${action}`).set('authorization', as).send(body);
  const get = (path: string, as = carol) => f.svc.http().get(path).set('authorization', as);

  beforeAll(async () => {
    f = await ordersFixture({ now: ticking() });
    await f.merchant(M);
    await f.product({ id: 'meal', merchantId: M, title: 'Meal', price: 12.34 });
    await f.product({ id: 'sandbox-meal', merchantId: M, title: 'Meal', price: 12.34, testMode: true });
    carol = await f.member(M, 'carol');
  });
  afterAll(() => f.stop());

  describe('lists and modes', () => {
    let placed: string[];
    let sandbox: string;
    beforeAll(async () => {
      placed = [(await place()).id, (await place()).id, (await place()).id];
      sandbox = (await place({ testMode: true, lineItems: [{ productId: 'sandbox-meal', quantity: 1 }] })).id;
    });

    it('given three orders, when a member lists them, then newest first with total and paging', async () => {
      const first = await get(`${base}?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.total).toBeGreaterThanOrEqual(3);
      expect(first.body.data.map((o: { id: string }) => o.id)).toEqual([placed[2], placed[1]]);
      const second = await get(`${base}?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(second.body.data[0].id).toBe(placed[0]);
    });

    it('given a listed order, then it shows the spec fields in major units and no token hash', async () => {
      const order = (await get(`${base}/${placed[0]}`)).body;
      expect(order).toMatchObject({
        id: placed[0], orderCode: expect.any(String), status: 'PLACED', environment: 'production', testMode: false, type: 'PICKUP', paymentProcessor: 'CASH',
        lineItems: [{ productId: 'meal', title: 'Meal', quantity: 1, unitPrice: 12.34, total: 12.34, options: [] }],
        billingSummary: { currency: 'USD', totals: { amountDue: 12.34 } },
        customer: { firstName: 'Dana', email: 'dana@example.com' }, refunds: {},
      });
      expect(JSON.stringify(order)).not.toContain('statusToken');
    });

    it('given a sandbox order, then it is listed only with testMode=true, and a production list never shows it', async () => {
      const production = (await get(base)).body.data.map((o: { id: string }) => o.id);
      const sandboxList = (await get(`${base}?testMode=true`)).body;
      expect(production).not.toContain(sandbox);
      expect(sandboxList.data.map((o: { id: string }) => o.id)).toEqual([sandbox]);
      expect(sandboxList.data[0].environment).toBe('sandbox');
    });

    it('given API keys, then each lists its own mode by default and is refused the other', async () => {
      const sandboxKey = await f.bearer('apikey:s', { id: M, testMode: true });
      const productionKey = await f.bearer('apikey:p', { id: M, testMode: false });
      expect((await get(base, sandboxKey)).body.data.map((o: { id: string }) => o.id)).toEqual([sandbox]);
      expect((await get(base, productionKey)).body.data.map((o: { id: string }) => o.id)).not.toContain(sandbox);
      expect((await get(`${base}?testMode=false`, sandboxKey)).status).toBe(403);
      expect((await get(`${base}/${placed[0]}`, sandboxKey)).status).toBe(403);
      expect((await act(sandbox, 'accept', {}, productionKey)).status).toBe(403);
    });
  });

  describe('status actions', () => {
    it('given a placed order, when accepted, marked ready and completed, then each answers the new status', async () => {
      const { id } = await place();
      const accepted = await act(id, 'accept');
      expect([accepted.status, accepted.body.status, accepted.body.message]).toEqual([200, 'ACCEPTED', 'Order accepted']);
      expect((await act(id, 'ready')).body.status).toBe('READY');
      expect((await act(id, 'complete')).body.status).toBe('COMPLETED');
      const cancel = await act(id, 'cancel', { reason: 'late' });
      expect([cancel.status, cancel.body.message]).toEqual([409, 'This order is completed and cannot be cancelled now']);
      const events = await f.svc.started.deps.eventStore.readStream(`order-${id}`);
      expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderReady', 'OrderCompleted']);
      expect(events[1]!.data).toMatchObject({ by: 'carol' });
    });

    it('given an order, when it is read, listed and moved on, then every answer carries the nextActions its status allows', async () => {
      const { id } = await place();
      expect((await get(`${base}/${id}`)).body.nextActions).toEqual(['accept', 'ready', 'complete', 'cancel', 'pay']);
      const listed = (await get(base)).body.data.find((o: { id: string }) => o.id === id);
      expect(listed.nextActions).toEqual(['accept', 'ready', 'complete', 'cancel', 'pay']);
      expect((await act(id, 'accept')).body.nextActions).toEqual(['ready', 'complete', 'cancel', 'pay']);
      expect((await act(id, 'pay', { amountTendered: 20 })).body.nextActions).toEqual(['ready', 'complete', 'cancel', 'refund']);
      expect((await act(id, 'ready')).body.nextActions).toEqual(['complete', 'cancel', 'refund']);
      expect((await act(id, 'complete')).body.nextActions).toEqual(['refund']);
      expect((await act(id, 'refund', { title: 'Cold', amount: 12.34 })).body).toMatchObject({ status: 'REFUNDED', nextActions: [] });
      const cancelled = (await place()).id;
      expect((await act(cancelled, 'cancel', { reason: 'Customer left' })).body.nextActions).toEqual([]);
    });

    it('given a cancelled order, when accepted, then 409 with the decider message', async () => {
      const { id } = await place();
      expect((await act(id, 'cancel', { reason: 'Customer left' })).body).toMatchObject({ status: 'CANCELLED', cancellation: { by: 'carol', reason: 'Customer left' } });
      expect((await act(id, 'accept')).body.message).toBe('This order is cancelled and cannot be accepted now');
    });

    it('given a cash order, when 20.00 is tendered for 12.34, then PAID with 7.66 change; paying again is 409', async () => {
      const { id } = await place();
      const paid = await act(id, 'pay', { amountTendered: 20 });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'PAID', message: 'Order paid', payment: { paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaid: 12.34, amountTendered: 20, changeDue: 7.66 } });
      expect([(await act(id, 'pay', { amountTendered: 20 })).body.message]).toEqual([orderMessages.alreadyPaid]);
    });

    it('given too little cash or no amount, then 400 on amountTendered', async () => {
      const { id } = await place();
      expect((await act(id, 'pay', { amountTendered: 10 })).body.errors).toEqual({ amountTendered: 'The amount tendered is less than the amount due' });
      expect((await act(id, 'pay', {})).body.errors).toEqual({ amountTendered: 'Amount tendered must be an amount of 0 or more' });
    });

    it('given an unpaid order, when refunded, then 409 "This order has not been paid"', async () => {
      const { id } = await place();
      expect((await act(id, 'refund', { title: 'Cold', amount: 1 })).body.message).toBe(orderMessages.notPaid);
    });

    it('given a paid order, when refunded in part then in full, then refunds are listed and it ends REFUNDED', async () => {
      const { id } = await place();
      await act(id, 'pay', { amountTendered: 12.34 });
      expect((await act(id, 'refund', { title: 'Cold', amount: 0 })).body.errors).toEqual({ amount: orderMessages.refundNotPositive });
      expect((await act(id, 'refund', { amount: 1 })).body.errors).toEqual({ title: 'Title is required' });
      const part = await act(id, 'refund', { title: 'Cold fries', amount: 2.34 });
      expect(part.body.status).toBe('PAID');
      expect(Object.values(part.body.refunds)).toEqual([{ title: 'Cold fries', total: 2.34, tax: 0, refundAmount: 2.34, at: expect.any(String) }]);
      expect((await act(id, 'refund', { title: 'Too much', amount: 10.01 })).body.message).toBe(orderMessages.refundTooLarge);
      const rest = await act(id, 'refund', { title: 'Rest', amount: 10 });
      expect([rest.body.status, rest.body.message, Object.keys(rest.body.refunds)]).toEqual(['REFUNDED', 'Refund issued', expect.any(Array)]);
    });

    it('given a paid order, when a refund is sent again with its Idempotency-Key (the first answer lost), then it is refunded once and the retry is answered; the key with another body is 409; another key refunds again', async () => {
      const { id } = await place();
      await act(id, 'pay', { amountTendered: 12.34 });
      const refundWith = (key: string, body: object) => act(id, 'refund', body).set('Idempotency-Key', key);
      const first = await refundWith('pos-refund-1', { title: 'Cold', amount: 2 });
      const retry = await refundWith('pos-refund-1', { amount: 2, title: 'Cold' });
      expect([first.status, retry.status, retry.body.message, retry.headers['idempotent-replayed']]).toEqual([200, 200, 'Refund issued', 'true']);
      expect(Object.values(retry.body.refunds)).toEqual([{ title: 'Cold', total: 2, tax: 0, refundAmount: 2, at: expect.any(String) }]);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const reused = await refundWith('pos-refund-1', { title: 'Cold', amount: 3 });
      expect([reused.status, reused.body.code, reused.body.message]).toEqual([409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request']);
      const another = await refundWith('pos-refund-2', { title: 'Cold', amount: 2 });
      expect(Object.keys(another.body.refunds)).toHaveLength(2);
      expect((await f.svc.started.deps.eventStore.readStream(`order-${id}`)).filter((e) => e.type === 'OrderRefunded')).toHaveLength(2);
      expect(JSON.stringify(await f.svc.started.deps.eventStore.readStream(`order-${id}`))).not.toContain('pos-refund-1');
      const tooLong = await refundWith('k'.repeat(256), { title: 'Cold', amount: 1 });
      expect([tooLong.status, tooLong.body.message]).toEqual([400, 'Idempotency-Key must be at most 255 characters']);
    });

    it('given paid orders, when two refunds with one Idempotency-Key and different amounts are in flight at once, then one is refunded and the other is 409 idempotency_key_reused, every time', async () => {
      // Several orders, each pair sent together: however the two interleave (the retry check before the
      // write, or the append that lost and was decided again), one key is one refund.
      const orders = await Promise.all(Array.from({ length: 8 }, async () => {
        const { id } = await place();
        await act(id, 'pay', { amountTendered: 12.34 }).expect(200);
        return id as string;
      }));
      await Promise.all(orders.map(async (id) => {
        const [two, three] = await Promise.all([
          act(id, 'refund', { title: 'Cold', amount: 2 }).set('Idempotency-Key', `race-${id}`),
          act(id, 'refund', { title: 'Cold', amount: 3 }).set('Idempotency-Key', `race-${id}`),
        ]);
        const answers = [two, three].map((res) => [res.status, res.body.code]);
        expect(answers.sort()).toEqual([[200, undefined], [409, 'idempotency_key_reused']]);
        const refunded = (await f.svc.started.deps.eventStore.readStream(`order-${id}`)).filter((e) => e.type === 'OrderRefunded');
        expect(refunded).toHaveLength(1);
        const winner = two.status === 200 ? two : three;
        expect(Object.values((await get(`${base}/${id}`)).body.refunds)).toEqual([expect.objectContaining({ refundAmount: winner === two ? 2 : 3 })]);
      }));
    });

    it('given paid orders, when two identical refunds with one Idempotency-Key are in flight at once, then one refund and two answers of it', async () => {
      const orders = await Promise.all(Array.from({ length: 4 }, async () => {
        const { id } = await place();
        await act(id, 'pay', { amountTendered: 12.34 }).expect(200);
        return id as string;
      }));
      await Promise.all(orders.map(async (id) => {
        const answers = await Promise.all([1, 2].map(() => act(id, 'refund', { title: 'Cold', amount: 2 }).set('Idempotency-Key', `twin-${id}`)));
        expect(answers.map((res) => [res.status, Object.keys(res.body.refunds ?? {}).length])).toEqual([[200, 1], [200, 1]]);
        expect((await f.svc.started.deps.eventStore.readStream(`order-${id}`)).filter((e) => e.type === 'OrderRefunded')).toHaveLength(1);
      }));
    });

    it('given an unknown action or order, then 404', async () => {
      const { id } = await place();
      expect((await act(id, 'teleport')).status).toBe(404);
      expect([(await act('nope', 'accept')).status, (await act('nope', 'accept')).body.message]).toEqual([404, orderMessages.notFound]);
    });
  });

  describe('the public status page', () => {
    it('given the status token from checkout, then the confirmation fields; without it or with another, 404', async () => {
      const placed = await place();
      const res = await f.svc.http().get(`/v1/orders/${placed.id}?token=${placed.statusToken}`);
      expect(res.status).toBe(200);
      // A waiting order carries its ETA once the kitchen's follower has seen it (kitchen/eta specs cover the figures).
      const { estimatedReadyAt, ...confirmation } = res.body as { estimatedReadyAt?: { from: string; to: string } };
      if (estimatedReadyAt) expect(Date.parse(estimatedReadyAt.to)).toBeGreaterThanOrEqual(Date.parse(estimatedReadyAt.from));
      expect(confirmation).toEqual({
        id: placed.id, orderCode: placed.orderCode, status: 'PLACED', billingSummary: placed.billingSummary,
        lineItems: [expect.objectContaining({ productId: 'meal', quantity: 1 })], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, receivedAt: expect.any(String),
        // The stream's version, so a live update and a read that cross can be ordered.
        updatedAt: expect.any(String), version: 1,
      });
      const other = await place();
      for (const query of ['', '?token=', `?token=${other.statusToken}`, '?token=x&token=y']) {
        const refused = await f.svc.http().get(`/v1/orders/${placed.id}${query}`);
        expect([refused.status, refused.body.message]).toEqual([404, orderMessages.notFound]);
      }
    });

    it('given the merchant accepts, then the diner sees ACCEPTED', async () => {
      const placed = await place();
      await act(placed.id, 'accept');
      expect((await f.svc.http().get(`/v1/orders/${placed.id}?token=${placed.statusToken}`)).body.status).toBe('ACCEPTED');
    });
  });
});

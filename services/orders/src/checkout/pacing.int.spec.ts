import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';

/**
 * Pacing at half-time (issue 27): at most maxOrdersPerSlot orders ready in each 5-minute window;
 * once a window is full, checkout offers the next one with room ('Ready from 8:45 PM') instead of
 * refusing, and placement stays atomic under the cap.
 */
describe('checkout: pacing by 5-minute windows', () => {
  let f: OrdersFixture;
  // 8:25 PM in Los Angeles; with 15 minutes of preparation the earliest window is 8:40–8:45 PM.
  const now = new Date('2026-11-28T04:25:00.000Z');
  const window = (minutesAfterEarliest: number) => new Date(Date.parse('2026-11-28T04:40:00.000Z') + minutesAfterEarliest * 60_000).toISOString();
  const place = (body: object) => f.svc.http().post('/v1/merchants/stand/orders').set('Idempotency-Key', newKey()).send(body);
  const takenIn = async (slot: string) =>
    (await f.svc.started.deps.pool.query<{ taken: number }>(`SELECT taken FROM ${f.svc.started.deps.schema}.order_slots WHERE merchant_id = 'stand' AND slot_start = $1`, [slot])).rows[0]?.taken;
  const placedIn = async (slot: string) => (await f.svc.committed()).filter((e) => e.type === 'OrderPlaced' && (e.data as { slot?: string }).slot === slot).length;

  beforeAll(async () => {
    f = await ordersFixture({ now: () => now });
    await f.merchant('stand', { preparationTime: 15, maxOrdersPerSlot: 20 });
    await f.product({ id: 'nachos', merchantId: 'stand', price: 8 });
    await f.merchant('bar', { preparationTime: 15, maxOrdersPerSlot: 1, fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'beer', merchantId: 'bar', price: 7 });
  });
  afterAll(() => f.stop());

  it('given 50 diners placing at once into a window capped at 20, then exactly 20 are placed in it and the 30 others are offered the next window, none lost', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(cart('nachos'))));
    const placed = answers.filter((res) => res.status === 201);
    const offered = answers.filter((res) => res.status === 409);
    expect([placed.length, offered.length]).toEqual([20, 30]);
    for (const res of offered) expect(res.body).toMatchObject({ code: 'slot_full', message: 'Ready from 8:45 PM', readyFrom: window(5) });
    expect(await placedIn(window(0))).toBe(20);
    expect(await takenIn(window(0))).toBe(20);
    const stored = await f.svc.http().get('/v1/merchants/stand/orders').set('authorization', await f.member('stand', 'sam'));
    expect(stored.body.total).toBe(20);
  });

  it('given the 30 accept the offer, then 20 are placed ready from 8:45 PM and 10 are offered 8:50 PM; the quote says so before placing', async () => {
    const quoted = await f.svc.http().post('/v1/merchants/stand/orders/quote').send(cart('nachos'));
    expect(quoted.body.pacing).toEqual({ readyFrom: window(5), message: 'Ready from 8:45 PM' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => place(cart('nachos', { readyFrom: window(5) }))));
    expect(answers.filter((res) => res.status === 201).length).toBe(20);
    const offered = answers.filter((res) => res.status === 409);
    expect(offered.length).toBe(10);
    for (const res of offered) expect(res.body).toMatchObject({ message: 'Ready from 8:50 PM', readyFrom: window(10) });
    expect(await placedIn(window(5))).toBe(20);
  });

  it('given a full window, when the merchant cancels (rejects) one of its orders, then its place is offered again: the quote and the next diner get that window; a second cancel frees nothing more', async () => {
    // After the two specs above: 8:40 PM and 8:45 PM hold 20 each, 8:50 PM is the next with room.
    const sam = await f.member('stand', 'sam');
    const quoteFirst = async () => (await f.svc.http().post('/v1/merchants/stand/orders/quote').send(cart('nachos'))).body.pacing;
    expect(await quoteFirst()).toEqual({ readyFrom: window(10), message: 'Ready from 8:50 PM' });
    const inFirst = (await f.svc.committed()).find((e) => e.type === 'OrderPlaced' && (e.data as { slot?: string }).slot === window(0))!;
    const orderId = (inFirst.data as { orderId: string }).orderId;
    const cancel = () => f.svc.http().post(`/v1/merchants/stand/orders/${orderId}/cancel`).set('authorization', sam).send({ reason: 'Out of nachos' });
    expect((await cancel()).status).toBe(200);
    expect(await takenIn(window(0))).toBe(19);
    expect(await quoteFirst()).toBeUndefined();
    const next = await place(cart('nachos'));
    expect(next.status).toBe(201);
    expect(await takenIn(window(0))).toBe(20);
    expect((await place(cart('nachos'))).body).toMatchObject({ code: 'slot_full', message: 'Ready from 8:50 PM' });
    // A cancelled order cannot be cancelled again, so its place is never given back twice.
    expect((await cancel()).status).toBe(409);
    expect(await takenIn(window(0))).toBe(20);
  });

  it('given the earliest windows full, when a diner orders ahead for 9:30 PM, then the order takes its place in that window, not in the earliest; a full pickup window offers its next one', async () => {
    // After the specs above: 8:40 PM and 8:45 PM hold 20 each.
    const at930 = window(50);
    const ahead = (extra: object = {}) => cart('nachos', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime: at930 }, ...extra });
    expect((await f.svc.http().post('/v1/merchants/stand/orders/quote').send(ahead())).body.pacing).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 21 }, () => place(ahead())));
    expect(answers.filter((res) => res.status === 201).length).toBe(20);
    expect(answers.find((res) => res.status === 409)?.body).toMatchObject({ code: 'slot_full', message: 'Ready from 9:35 PM', readyFrom: window(55) });
    expect(await placedIn(at930)).toBe(20);
    expect(await takenIn(at930)).toBe(20);
    expect(await takenIn(window(0))).toBe(20);
  });

  it('given a merchant without a cap, then nothing is paced', async () => {
    await f.merchant('free');
    await f.product({ id: 'free-nachos', merchantId: 'free', price: 8 });
    const res = await f.svc.http().post('/v1/merchants/free/orders').set('Idempotency-Key', newKey()).send(cart('free-nachos'));
    expect(res.status).toBe(201);
    expect((await f.svc.committed()).find((e) => e.type === 'OrderPlaced' && (e.data as { merchantId: string }).merchantId === 'free')?.data).not.toHaveProperty('slot');
  });
  it("given a tab's round whose window is full, then it is offered the next ('Ready from 8:45 PM') and the tab keeps nothing of it; accepted, the round is placed into that window, and sent again with its key it is the same order", async () => {
    const tab = (await f.svc.http().post('/v1/merchants/bar/tabs').send({ customer: { firstName: 'Tess', lastName: 'Tab', email: 'tess@example.com' } })).body as { tabId: string; token: string };
    const round = (key: string, extra: object = {}) => f.svc.http().post(`/v1/tabs/${tab.tabId}/rounds`).set('Idempotency-Key', key).send({ token: tab.token, lineItems: [{ productId: 'beer', quantity: 1 }], ...extra });
    const slotOf = async (orderId: string) => ((await f.svc.committed()).find((e) => e.type === 'OrderPlaced' && (e.data as { orderId: string }).orderId === orderId)?.data as { slot?: string }).slot;

    const first = await round('round-1');
    expect(first.status).toBe(201);
    expect(await slotOf(first.body.round.id)).toBe(window(0));

    // The window's one place is taken: the quote of a round and the round itself offer the next.
    const roundOrder = { lineItems: [{ productId: 'beer', quantity: 1 }], fulfillment: { type: 'TAB' }, paymentProcessor: 'TBD' };
    expect((await f.svc.http().post('/v1/merchants/bar/orders/quote').send(roundOrder)).body.pacing).toEqual({ readyFrom: window(5), message: 'Ready from 8:45 PM' });
    const full = await round('round-2');
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'slot_full', message: 'Ready from 8:45 PM', readyFrom: window(5) });
    const view = (await f.svc.http().get(`/v1/tabs/${tab.tabId}`).query({ token: tab.token })).body as { rounds: unknown[]; total: number };
    expect([view.rounds.length, view.total]).toEqual([1, 7]);

    // Accepted: a new round asks for 8:45 PM and is placed there; sent again with its key, it is the same order.
    const accepted = await round('round-3', { readyFrom: window(5) });
    expect(accepted.status).toBe(201);
    expect(await slotOf(accepted.body.round.id)).toBe(window(5));
    const again = await round('round-3', { readyFrom: window(5) });
    expect([again.status, again.body.round.id]).toEqual([201, accepted.body.round.id]);
    expect((await round('round-4', { readyFrom: 'half-time' })).body).toMatchObject({ status: 400, errors: { readyFrom: expect.any(String) } });
  });
});

import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';

/**
 * The kitchen display and the runner view read the orders by stage (issue 27), and a runner (the
 * team role for carrying orders to seats) is limited to the orders: it reads them and completes
 * one ('Delivered'), nothing else of the merchant.
 */
describe('orders by stage, and the runner role', () => {
  let f: OrdersFixture;
  let sam: string;
  let rita: string;
  const M = 'stand';
  const place = async () => (await f.svc.http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', newKey()).send(cart('nachos'))).body.id as string;
  const list = (auth: string, stage?: string) => f.svc.http().get(`/v1/merchants/${M}/orders`).query(stage ? { stage } : {}).set('authorization', auth);
  const act = (auth: string, id: string, action: string) => f.svc.http().post(`/v1/merchants/${M}/orders/${id}/${action}`).set('authorization', auth).send({});
  const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((o) => o.id);

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant(M);
    await f.product({ id: 'nachos', merchantId: M, price: 8 });
    sam = await f.member(M, 'sam');
    await f.svc.grant({ uid: 'rita', tenantId: M, role: 'runner' });
    rita = await f.bearer('rita');
  });
  afterAll(() => f.stop());

  it('given orders placed, accepted and ready, then the kitchen stage lists the ones to make oldest first, the runner stage the ready ones', async () => {
    const [first, second, third] = [await place(), await place(), await place()];
    expect((await act(sam, second, 'accept')).status).toBe(200);
    await act(sam, third, 'accept');
    await act(sam, third, 'ready');
    expect(ids(await list(sam, 'kitchen'))).toEqual([first, second]);
    expect(ids(await list(sam, 'runner'))).toEqual([third]);
    expect((await list(sam, 'soon')).status).toBe(400);
  });

  it('given orders in the kitchen and at the runner, when one is fully refunded and one cancelled, then they leave their stage; a part refund keeps its order', async () => {
    const [part, full, cancelled, carried] = [await place(), await place(), await place(), await place()];
    const paid: Record<string, number> = {};
    for (const id of [part, full, carried]) paid[id] = (await f.svc.http().post(`/v1/merchants/${M}/orders/${id}/pay`).set('authorization', sam).send({ amountTendered: 50 })).body.payment.amountPaid as number;
    const refund = (id: string, amount: number) => f.svc.http().post(`/v1/merchants/${M}/orders/${id}/refund`).set('authorization', sam).send({ title: 'Cold', amount });
    await act(sam, carried, 'ready');
    expect(ids(await list(sam, 'runner'))).toContain(carried);
    expect([(await refund(part, 1)).body.status, (await refund(full, paid[full] ?? 0)).body.status, (await refund(carried, paid[carried] ?? 0)).body.status]).toEqual(['PAID', 'REFUNDED', 'REFUNDED']);
    expect((await act(sam, cancelled, 'cancel')).body.status).toBe('CANCELLED');
    const kitchen = ids(await list(sam, 'kitchen'));
    expect([kitchen.includes(part), kitchen.includes(full), kitchen.includes(cancelled)]).toEqual([true, false, false]);
    expect(ids(await list(sam, 'runner'))).not.toContain(carried);
  });

  it('given a runner, then it reads the orders and the runner stage, and marks a ready order delivered (completed)', async () => {
    const id = await place();
    await act(sam, id, 'accept');
    await act(sam, id, 'ready');
    expect((await list(rita, 'runner')).status).toBe(200);
    expect((await f.svc.http().get(`/v1/merchants/${M}/orders/${id}`).set('authorization', rita)).status).toBe(200);
    const done = await act(rita, id, 'complete');
    expect([done.status, done.body.status]).toEqual([200, 'COMPLETED']);
    expect(ids(await list(rita, 'runner'))).not.toContain(id);
  });

  it("given an order waiting in the kitchen, then the diner's status carries its estimated ready time as a range no sooner than the preparation time, gone once it is ready; the storefront's wait is public", async () => {
    const placed = await f.svc.http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', newKey()).send(cart('nachos'));
    const status = () => f.svc.http().get(`/v1/orders/${placed.body.id}`).query({ token: placed.body.statusToken });
    const waiting = (await status()).body;
    const received = Date.parse(waiting.receivedAt);
    const { from, to } = waiting.estimatedReadyAt as { from: string; to: string };
    expect(Date.parse(from)).toBeGreaterThan(received + 10 * 60_000);
    expect(Date.parse(to)).toBeGreaterThanOrEqual(received + 15 * 60_000);
    const wait = await f.svc.http().get(`/v1/merchants/${M}/wait`);
    expect([wait.status, wait.body.currentWaitMinutes >= 15]).toEqual([200, true]);
    await act(sam, placed.body.id, 'accept');
    await act(sam, placed.body.id, 'ready');
    expect((await status()).body).not.toHaveProperty('estimatedReadyAt');
  });

  it("given an unpaid cash order, then a runner's answers offer only complete, while a team member's offer every action the order allows", async () => {
    const id = await place();
    const detail = (auth: string) => f.svc.http().get(`/v1/merchants/${M}/orders/${id}`).set('authorization', auth);
    const listed = async (auth: string) => ((await list(auth)).body.data as { id: string; nextActions: string[] }[]).find((o) => o.id === id)?.nextActions;
    expect((await detail(sam)).body.nextActions).toEqual(['accept', 'ready', 'complete', 'cancel', 'pay']);
    expect(await listed(sam)).toEqual(['accept', 'ready', 'complete', 'cancel', 'pay']);
    expect((await detail(rita)).body.nextActions).toEqual(['complete']);
    expect(await listed(rita)).toEqual(['complete']);
    const done = await act(rita, id, 'complete');
    expect([done.status, done.body.nextActions]).toEqual([200, []]);
  });

  it("given a pickup time chosen an hour ahead, then the diner's status says that time (estimatedReadyAt from = to = fulfillment.pickupTime), not the preparation time from now", async () => {
    // The default zone (Los Angeles) is whole hours from UTC: its quarter hours are UTC's.
    const pickupTime = new Date(Math.ceil((Date.now() + 60 * 60_000) / 900_000) * 900_000).toISOString();
    const placed = await f.svc.http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', newKey()).send(cart('nachos', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime } }));
    expect(placed.status).toBe(201);
    const status = (await f.svc.http().get(`/v1/orders/${placed.body.id}`).query({ token: placed.body.statusToken })).body;
    expect(Date.parse(status.fulfillment.pickupTime)).toBe(Date.parse(pickupTime));
    expect([Date.parse(status.estimatedReadyAt.from), Date.parse(status.estimatedReadyAt.to)]).toEqual([Date.parse(pickupTime), Date.parse(pickupTime)]);
  });

  it('given a runner, then every other action is 403 and changes nothing', async () => {
    const id = await place();
    for (const action of ['accept', 'ready', 'cancel', 'pay', 'refund']) expect([action, (await act(rita, id, action)).status]).toEqual([action, 403]);
    const events = await f.svc.started.deps.eventStore.readStream(`order-${id}`);
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
  });
});

import { createLogger } from '@seatside/chassis';
import { createTestIssuer, type TestIssuer } from '@seatside/chassis/src/auth/testing';
import { arrival, joinRoom, listenWithRealtime, nextEvent, received, type RealtimeTestServer } from '@seatside/chassis/src/realtime/testing';
import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { ORDER_UPDATED, ORDERS_NAMESPACE, realtimeMessages, TAB_UPDATED } from './rooms';

type Update = { id: string; orderCode: string; status: string; environment?: string; customer?: unknown; billingSummary: { totals: { amountDue: number } } };

/**
 * Live orders over socket.io (docs/orders-api.md "Realtime"): who may join which room, and an
 * order placed or progressed through the REST API reaching the merchant's members and the diner.
 */
describe('orders realtime: the /orders namespace', () => {
  let f: OrdersFixture;
  let issuer: TestIssuer;
  let server: RealtimeTestServer;
  let carol: string;
  const M = 'rt-joes';
  const base = `/v1/merchants/${M}/orders`;
  /** Socket tokens come from an issuer of the spec's own; memberships are by uid, so both agree. */
  const socketAs = async (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) =>
    server.connect(ORDERS_NAMESPACE, { token: await issuer.sign({ uid, ...(tenant ? { tenant } : {}) }) });
  const place = async (overrides: object = {}) => {
    const res = await f.svc.http().post(base).set('Idempotency-Key', newKey()).send(cart('meal', overrides));
    expect(res.status).toBe(201);
    return res.body as { id: string; orderCode: string; statusToken: string };
  };

  beforeAll(async () => {
    f = await ordersFixture();
    issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
    server = await listenWithRealtime(f.svc.app, {
      verifiers: [issuer.verifier()],
      pubsub: f.svc.started.deps.kv.pubsub,
      logger: createLogger({ service: 'orders-realtime-spec', level: 'silent' }),
      services: [f.svc.started.service],
    });
    await f.merchant(M);
    await f.product({ id: 'meal', merchantId: M, title: 'Meal', price: 12.34 });
    carol = await f.member(M, 'carol');
  });
  afterAll(async () => {
    await server.close();
    await f.stop();
  });

  it('given no membership, then a merchant room is refused: 403 for another user, 401 anonymous, 403 for an API key of the other mode', async () => {
    const mallory = await socketAs('mallory');
    await expect(joinRoom(mallory, { merchantId: M, testMode: false })).resolves.toEqual({ ok: false, status: 403, code: 'forbidden', message: 'You do not have access to this page.' });
    const anonymous = await server.connect(ORDERS_NAMESPACE);
    await expect(joinRoom(anonymous, { merchantId: M })).resolves.toEqual({ ok: false, status: 401, code: 'sign_in_required', message: 'Sign in required' });
    const sandboxKey = await socketAs('apikey:k1', { collection: 'merchants', id: M, testMode: true });
    await expect(joinRoom(sandboxKey, { merchantId: M, testMode: false })).resolves.toMatchObject({ ok: false, status: 403 });
    await expect(joinRoom(sandboxKey, { merchantId: M, testMode: true })).resolves.toEqual({ ok: true, room: `merchant:${M}:sandbox` });
    await expect(joinRoom(anonymous, { nothing: true })).resolves.toEqual({ ok: false, status: 400, code: 'validation_failed', message: realtimeMessages.joinInvalid });
  });

  it('given a wrong status token, then the order room is refused (404 Order not found, as the status page)', async () => {
    const order = await place();
    const diner = await server.connect(ORDERS_NAMESPACE);
    await expect(joinRoom(diner, { orderId: order.id, token: 'guessed' })).resolves.toEqual({ ok: false, status: 404, code: 'order_not_found', message: 'Order not found' });
    await expect(joinRoom(diner, { orderId: 'no-such-order', token: order.statusToken })).resolves.toEqual({ ok: false, status: 404, code: 'order_not_found', message: 'Order not found' });
  });

  it('given a member in the production room, when an order is placed through the REST API, then order.updated brings its list view; the sandbox room hears nothing', async () => {
    const member = await socketAs('carol');
    await expect(joinRoom(member, { merchantId: M, testMode: false })).resolves.toEqual({ ok: true, room: `merchant:${M}:production` });
    const sandboxWatcher = await socketAs('carol');
    await joinRoom(sandboxWatcher, { merchantId: M, testMode: true });
    const inSandbox = received<Update>(sandboxWatcher, ORDER_UPDATED);

    const heard = received<Update>(member, ORDER_UPDATED);
    const order = await place();
    const update = await arrival(heard, (u) => u.id === order.id);
    expect(update).toMatchObject({
      id: order.id, orderCode: order.orderCode, status: 'PLACED', environment: 'production', type: 'PICKUP',
      billingSummary: { currency: 'USD', totals: { amountDue: 12.34 } }, customer: { firstName: 'Dana' }, refunds: {},
    });

    // A later sandbox order reaches the sandbox room, and only then do we know the production one did not.
    const sandboxOrder = nextEvent<Update>(sandboxWatcher, ORDER_UPDATED);
    await f.product({ id: 'sandbox-meal', merchantId: M, price: 5, testMode: true });
    const placedInSandbox = await place({ testMode: true, lineItems: [{ productId: 'sandbox-meal', quantity: 1, modifiers: [] }] });
    await expect(sandboxOrder).resolves.toMatchObject({ id: placedInSandbox.id, environment: 'sandbox' });
    expect(inSandbox.map((u) => u.id)).toEqual([placedInSandbox.id]);
  });

  it('given a member in the merchant room, when a diner opens a tab and sends a round, then the round reaches the live orders list as it is sent and tab.updated brings the running total; the diner\'s cash request brings the tab awaiting cash, and the staff close brings it closed', async () => {
    await f.merchant('rt-tabs', { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'rt-beer', merchantId: 'rt-tabs', title: 'Beer', price: 7 });
    const staff = await f.member('rt-tabs', 'carol');
    const member = await socketAs('carol');
    await expect(joinRoom(member, { merchantId: 'rt-tabs', testMode: false })).resolves.toMatchObject({ ok: true });
    const tabsHeard = received<{ id: string; status: string; total: number; rounds: unknown[] }>(member, TAB_UPDATED);
    const ordersHeard = received<Update>(member, ORDER_UPDATED);

    const { tabId, token } = (await f.svc.http().post('/v1/merchants/rt-tabs/tabs').send({ customer: { firstName: 'Tess', email: 'tess@example.com' } })).body as { tabId: string; token: string };
    const round = await f.svc.http().post(`/v1/tabs/${tabId}/rounds`).send({ token, lineItems: [{ productId: 'rt-beer', quantity: 2 }] });
    expect(round.status).toBe(201);
    await expect(arrival(ordersHeard, (u) => u.id === round.body.round.id)).resolves.toMatchObject({ status: 'PLACED', type: 'TAB' });
    await expect(arrival(tabsHeard, (t) => t.id === tabId && t.rounds.length === 1)).resolves.toMatchObject({ status: 'open', total: 14 });

    expect((await f.svc.http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' })).status).toBe(200);
    await expect(arrival(tabsHeard, (t) => t.id === tabId && t.status === 'awaiting_cash')).resolves.toMatchObject({ total: 14 });
    expect((await f.svc.http().post(`/v1/merchants/rt-tabs/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' })).status).toBe(200);
    await expect(arrival(tabsHeard, (t) => t.id === tabId && t.status === 'closed')).resolves.toMatchObject({ total: 14 });
  });

  it("given the diner in the order's room with its status token, when the merchant accepts it, then the diner hears ACCEPTED without customer details", async () => {
    const order = await place();
    const diner = await server.connect(ORDERS_NAMESPACE);
    await expect(joinRoom(diner, { orderId: order.id, token: order.statusToken })).resolves.toEqual({ ok: true, room: `order:${order.id}` });
    const accepted = nextEvent<Update>(diner, ORDER_UPDATED, (u) => u.status === 'ACCEPTED');
    expect((await f.svc.http().post(`${base}/${order.id}/accept`).set('authorization', carol).send({})).status).toBe(200);
    const update = await accepted;
    expect(update).toMatchObject({ id: order.id, orderCode: order.orderCode, status: 'ACCEPTED', billingSummary: { totals: { amountDue: 12.34 } }, version: 2 });
    expect(update.customer).toBeUndefined();
  });
});

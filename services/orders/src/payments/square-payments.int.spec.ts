import { randomBytes } from 'node:crypto';
import { actionMessages } from '../orders/http';
import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { startFakeSquare, squareTestCards, type FakeSquare } from './fake-square';
import { SQUARE_WEBHOOK } from './http';
import { SQUARE_FORWARD_SUBSCRIPTION } from './square-forward';
import { paymentMessages as pm } from './messages';
import { defaultOrdersOptions } from './options';

/** The notification URL as registered with Square (SQUARE_WEBHOOK_URL): Square signs it with the body. */
const WEBHOOK_URL = `https://seatside.example${SQUARE_WEBHOOK}`;

const apps = {
  production: { applicationId: 'sq0idp-live-app', applicationSecret: 'sq0csp-live-secret', webhookSignatureKey: 'live-signature-key' },
  sandbox: { applicationId: 'sandbox-sq0idb-test-app', applicationSecret: 'sandbox-sq0csb-test-secret', webhookSignatureKey: 'sandbox-signature-key' },
};

/**
 * Square payments behind the payments port, against a local fake of Square's API driven by the
 * official `square` SDK: the card token from the Web Payments SDK is authorized at the chosen
 * location of the order's mode, the order written, the payment completed and the order PAID;
 * refunds and cancels go back through Square; its signed notifications are handled once.
 */
describe('Square payments per environment', () => {
  let f: OrdersFixture;
  let square: FakeSquare;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    square = await startFakeSquare({ [apps.production.applicationId]: apps.production.applicationSecret, [apps.sandbox.applicationId]: apps.sandbox.applicationSecret });
    f = await ordersFixture({
      orders: defaultOrdersOptions({ square: { ...apps, apiBase: square.url, webhookUrl: WEBHOOK_URL }, stateSecret: 'state-secret', dataEncryptionKey: randomBytes(32).toString('base64') }),
    });
    await f.merchant('cafe', { paymentProcessor: 'SQUARE' });
    await f.product({ id: 'pie', merchantId: 'cafe', price: 12.5 });
    await f.product({ id: 'test-pie', merchantId: 'cafe', price: 12.5, testMode: true });
    admin = await f.svc.grant({ uid: 'ann', tenantId: 'cafe', role: 'admin' }).then(() => f.bearer('ann'));
    staff = await f.member('cafe', 'carl');
  });
  afterAll(async () => {
    await f.stop();
    await square.close();
  });

  const http = () => f.svc.http();
  /** Connects the mode through Square's OAuth (the fake signs the seller in at once) and picks the seller's location. */
  const connect = async (environment: 'production' | 'sandbox', merchantId: string, locationId: string) => {
    square.nextSeller({ merchantId, locations: [{ id: locationId, name: `${environment} stand`, status: 'ACTIVE' }] });
    const asked = await http().get(`/v1/square/cafe/${environment}/oauth/tok`).set('authorization', admin);
    const back = new URL((await fetch(asked.body.url, { redirect: 'manual' })).headers.get('location')!);
    expect((await http().get(`${back.pathname}${back.search}`)).headers.location).toContain('square=connected');
    const chosen = await http().post(`/v1/merchants/cafe/${environment}/square/location`).set('authorization', admin).send({ locationId });
    expect(chosen.status).toBe(200);
  };
  const deauthorize = (environment: 'production' | 'sandbox') => http().post(`/v1/square/cafe/${environment}/oauth/deauthorize/tok`).set('authorization', admin);
  const payByCard = (testMode: boolean, sourceId: string = squareTestCards.ok, key = newKey()) =>
    http().post('/v1/merchants/cafe/orders').set('Idempotency-Key', key).send(cart(testMode ? 'test-pie' : 'pie', { paymentProcessor: 'SQUARE', testMode, sourceId }));
  const eventTypes = async (orderId: string) => (await f.svc.started.deps.eventStore.readStream(`order-${orderId}`)).map((e) => e.type);
  const orderOf = async (orderId: string, testMode = true) => (await http().get(`/v1/merchants/cafe/orders/${orderId}`).set('authorization', testMode ? await f.bearer('ann', { id: 'cafe', testMode: true }) : staff)).body;

  it('given only a sandbox connection, when a sandbox order is paid with a test card, then Square authorizes it at the sandbox location with the sandbox seller, the order is written, completed and PAID; a production order is refused without a call to Square', async () => {
    await connect('sandbox', 'MLSANDBOX', 'LSANDBOX');
    const key = newKey();
    const res = await payByCard(true, squareTestCards.ok, key);
    expect(res.status).toBe(201);
    const [payment] = square.payments();
    expect(payment).toMatchObject({ status: 'COMPLETED', amount: 1250, currency: 'USD', locationId: 'LSANDBOX', referenceId: res.body.id, merchantId: 'MLSANDBOX', clientId: apps.sandbox.applicationId });
    expect(payment!.idempotencyKey.length).toBeLessThanOrEqual(45);
    expect(square.requests.find((r) => r.path === '/v2/payments')?.body).toMatchObject({ source_id: squareTestCards.ok, autocomplete: false });
    expect(res.body.payment).toEqual({ paymentIntentId: payment!.id });
    expect(await eventTypes(res.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid']);
    expect((await orderOf(res.body.id)).payment).toMatchObject({ paymentProcessor: 'SQUARE', paymentMethodType: 'CARD', paymentId: payment!.id, amountPaid: 12.5, card: { brand: 'VISA', last4: '1111' } });

    // A retry of the same checkout answers the first order; Square is not asked to charge again.
    const again = await payByCard(true, squareTestCards.ok, key);
    expect([again.status, again.headers['idempotent-replayed'], again.body.id]).toEqual([201, 'true', res.body.id]);
    expect(square.payments()).toHaveLength(1);

    const production = await payByCard(false);
    expect([production.status, production.body.errors]).toEqual([400, { paymentProcessor: pm.cannotTakeCards }]);
    expect(square.payments()).toHaveLength(1);
  });

  it('given production connected and sandbox deauthorized, then a production order is charged with the production seller only and a sandbox order is refused', async () => {
    await connect('production', 'MLLIVE', 'LLIVE');
    expect((await deauthorize('sandbox')).body.message).toBe(pm.squareDeauthorized);
    const live = await payByCard(false);
    expect(live.status).toBe(201);
    expect(square.payments().at(-1)).toMatchObject({ merchantId: 'MLLIVE', clientId: apps.production.applicationId, locationId: 'LLIVE', status: 'COMPLETED' });
    const before = square.payments().length;
    const sandbox = await payByCard(true);
    expect([sandbox.status, sandbox.body.message]).toEqual([400, pm.cannotTakeCards]);
    expect(square.payments()).toHaveLength(before);
    await connect('sandbox', 'MLSANDBOX', 'LSANDBOX');
  });

  it("given a declined card, then checkout answers in Square's words and writes no order", async () => {
    const res = await payByCard(true, squareTestCards.declined);
    expect([res.status, res.body.code, res.body.message]).toEqual([502, 'payment_provider_failed', "Authorization error: 'GENERIC_DECLINE'"]);
    expect(res.body.id).toBeUndefined();
  });

  it('given a paid Square order, when 2.00 is refunded and then the order cancelled, then both go back through Square on that payment and are recorded under its refund ids', async () => {
    const placed = await payByCard(true);
    const paymentId = placed.body.payment.paymentIntentId as string;
    const sandboxAdmin = await f.bearer('ann', { id: 'cafe', testMode: true });
    const refund = await http().post(`/v1/merchants/cafe/orders/${placed.body.id}/refund`).set('authorization', sandboxAdmin).send({ title: 'Cold pie', amount: 2 });
    expect([refund.status, refund.body.message]).toEqual([200, actionMessages.refund]);
    expect(square.refunds().filter((r) => r.paymentId === paymentId).map((r) => [r.amount, r.clientId])).toEqual([[200, apps.sandbox.applicationId]]);

    square.refuseNextRefund();
    const refused = await http().post(`/v1/merchants/cafe/orders/${placed.body.id}/refund`).set('authorization', sandboxAdmin).send({ title: 'Late', amount: 1 });
    expect([refused.status, refused.body.message]).toEqual([502, pm.refundNotIssued]);

    const cancelled = await http().post(`/v1/merchants/cafe/orders/${placed.body.id}/cancel`).set('authorization', sandboxAdmin).send({ reason: 'Closed' });
    expect(cancelled.status).toBe(200);
    expect(square.refunds().filter((r) => r.paymentId === paymentId).map((r) => r.amount)).toEqual([200, 1050]);
    expect(await eventTypes(placed.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded', 'OrderRefunded', 'OrderCancelled']);
  });

  it("given an order whose completion Square refused, when its signed payment.updated COMPLETED arrives twice, then the order is paid once and the second changes nothing; a notification signed with another key is refused", async () => {
    square.refuseNextComplete();
    const placed = await payByCard(true);
    expect(placed.status).toBe(201);
    const paymentId = placed.body.payment.paymentIntentId as string;
    expect(await eventTypes(placed.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated']);
    expect((await orderOf(placed.body.id)).status).toBe('PLACED');

    square.complete(paymentId);
    const notification = square.notification('payment.updated', square.paymentObject(paymentId), { signatureKey: apps.sandbox.webhookSignatureKey, notificationUrl: WEBHOOK_URL, eventId: 'evt-paid-1' });
    const deliver = (n: { payload: string; signature: string }) => http().post(SQUARE_WEBHOOK).set('content-type', 'application/json').set('x-square-hmacsha256-signature', n.signature).send(n.payload);
    expect((await deliver(notification)).status).toBe(200);
    expect((await deliver(notification)).status).toBe(200);
    expect(await eventTypes(placed.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid']);
    expect((await orderOf(placed.body.id)).payment).toMatchObject({ paymentProcessor: 'SQUARE', paymentId, amountPaid: 12.5, card: { last4: '1111' } });

    const forged = square.notification('payment.updated', square.paymentObject(paymentId), { signatureKey: 'not-the-key', notificationUrl: WEBHOOK_URL });
    const refused = await deliver(forged);
    expect([refused.status, refused.body.message]).toEqual([400, pm.invalidSignature]);
  });

  /** Waits until the forwarding subscription has handled every event of the orders log. */
  async function forwarded() {
    const { pool, schema, checkpoints } = f.svc.started.deps;
    const { rows } = await pool.query<{ head: string | null }>(`SELECT max(global_position) AS head FROM "${schema}".events`);
    const head = Number(rows[0]?.head ?? 0);
    while ((await checkpoints.load(SQUARE_FORWARD_SUBSCRIPTION)) < head) await new Promise((r) => setTimeout(r, 10));
  }

  it('given forwardOrdersToSquare, when orders are placed in each mode, then each becomes one Square order at the location of its mode with its seller; without it, none', async () => {
    const before = square.orders().length;
    const unforwarded = await http().post('/v1/merchants/cafe/orders').set('Idempotency-Key', newKey()).send(cart('pie', { paymentProcessor: 'CASH' }));
    expect(unforwarded.status).toBe(201);
    await forwarded();
    expect(square.orders()).toHaveLength(before);

    await f.merchantUpdate('cafe', { checkoutOptions: { paymentProcessor: 'SQUARE', forwardOrdersToSquare: true } });
    const cash = await http().post('/v1/merchants/cafe/orders').set('Idempotency-Key', newKey()).send(cart('pie', { paymentProcessor: 'CASH' }));
    const card = await payByCard(true);
    await forwarded();
    const sent = square.orders().slice(before);
    expect(sent.map((o) => [o.referenceId, o.locationId, o.clientId])).toEqual([
      [cash.body.id, 'LLIVE', apps.production.applicationId],
      [card.body.id, 'LSANDBOX', apps.sandbox.applicationId],
    ]);
    expect(sent[0]!.lineItems).toEqual([expect.objectContaining({ name: 'pie', quantity: '1', base_price_money: { amount: 1250, currency: 'USD' } })]);
    expect(square.requests.filter((r) => r.path === '/v2/orders').length).toBe(2);
  });
});

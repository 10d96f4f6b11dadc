import { checkoutMessages as m } from '../checkout/messages';
import { newKey } from '../testing/fixture';
import { paymentMessages as pm } from './messages';
import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

describe('checkout by card (STRIPE through the payments port, against a fake of Stripe)', () => {
  let f: PaymentsFixture;
  let staff: string;

  beforeAll(async () => {
    f = await paymentsFixture();
    // 10.00 + 2.9 % + 0.30 passed to the diner = 10.59.
    await f.merchant('cafe', { chargeCustomerProcessingFee: true, currency: 'EUR' });
    await f.product({ id: 'pie', merchantId: 'cafe', price: 10 });
    await f.product({ id: 'test-pie', merchantId: 'cafe', price: 4, testMode: true });
    await f.connect('cafe', 'production', 'acct_cafelive');
    await f.connect('cafe', 'sandbox', 'acct_cafetest');
    staff = await f.member('cafe', 'carol');
  });
  afterAll(() => f.stop());

  const orderOf = (id: string, testMode = false) => f.svc.http().get(`/v1/merchants/cafe/orders/${id}?testMode=${testMode}`).set('authorization', staff);
  const createdFor = (orderId: string) => f.stripe.created().filter((intent) => intent.metadata.orderId === orderId);

  it('given a STRIPE checkout, then the order is PLACED and one PaymentIntent for amountDue in cents on the merchant\'s account', async () => {
    const res = await f.placeByCard('cafe', 'pie');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PLACED', billingSummary: { currency: 'EUR', totals: { amountDue: 10.59 }, fees: { processingFeeToBePaidByCustomer: 0.59 } } });
    const [intent, ...more] = createdFor(res.body.id);
    expect(more).toEqual([]);
    expect(intent).toMatchObject({
      amount: 1059, currency: 'eur', account: 'acct_cafelive', apiKey: keys.production.secretKey,
      automatic_payment_methods: { enabled: true }, metadata: { orderId: res.body.id, merchantId: 'cafe' },
    });
    expect(res.body.payment).toEqual({ clientSecret: intent!.client_secret, paymentIntentId: intent!.id });
    const order = await orderOf(res.body.id);
    expect(order.body).toMatchObject({ status: 'PLACED', paymentProcessor: 'STRIPE', paymentIntent: { id: intent!.id, status: 'requires_payment_method', amount: 1059, currency: 'EUR' } });
    expect(order.body.payment).toBeUndefined();
  });

  it('given a replay and concurrent twins of one checkout, then one order and one PaymentIntent, and equal answers', async () => {
    const key = newKey();
    const first = await f.placeByCard('cafe', 'pie', { key });
    const replayed = await f.placeByCard('cafe', 'pie', { key });
    expect([replayed.status, replayed.headers['idempotent-replayed'], replayed.body]).toEqual([201, 'true', first.body]);
    expect(createdFor(first.body.id)).toHaveLength(1);

    const twinKey = newKey();
    const twins = await Promise.all(Array.from({ length: 8 }, () => f.placeByCard('cafe', 'pie', { key: twinKey })));
    expect(twins.map((t) => t.status)).toEqual(Array(8).fill(201));
    expect(new Set(twins.map((t) => JSON.stringify(t.body))).size).toBe(1);
    expect(createdFor(twins[0]!.body.id)).toHaveLength(1);
    const events = await f.svc.started.deps.eventStore.readStream(`order-${twins[0]!.body.id}`);
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'PaymentIntentCreated']);
  });

  it('given a card order opened again without the checkout\'s answer (another tab, the e-mail\'s link), then its status token reads the card step again until it is paid', async () => {
    // Given: a card order, not paid yet (sandbox: the specs' mode with a publishable key).
    const placed = await f.placeByCard('cafe', 'test-pie', { overrides: { testMode: true } });
    expect(placed.status).toBe(201);
    const cardOf = (token: string) => f.svc.http().get(`/v1/orders/${placed.body.id}/card?token=${encodeURIComponent(token)}`);

    // When: its order page asks with the status token. Then: the same PaymentIntent's client secret, on the merchant's account.
    const again = await cardOf(placed.body.statusToken);
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toEqual({ card: { processor: 'STRIPE', publishableKey: keys.sandbox.publishableKey, accountId: 'acct_cafetest', clientSecret: placed.body.payment.clientSecret } });
    // Another token: as the order itself, not found.
    expect([(await cardOf('not-the-token')).status, (await cardOf('not-the-token')).body.message]).toEqual([404, 'Order not found']);

    // Once paid: nothing to pay any more.
    const paid = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(placed.body.payment.paymentIntentId), { secret: keys.sandbox.webhookSecret, account: 'acct_cafetest' });
    expect((await f.deliver(paid)).status).toBe(200);
    expect((await cardOf(placed.body.statusToken)).body).toEqual({ card: null });
  });

  it('given a sandbox order, then the test key and the sandbox account', async () => {
    const res = await f.placeByCard('cafe', 'test-pie', { overrides: { testMode: true } });
    expect(res.status).toBe(201);
    expect(createdFor(res.body.id)).toEqual([expect.objectContaining({ amount: 442, apiKey: keys.sandbox.secretKey, account: 'acct_cafetest', livemode: false })]);
  });

  it('given Stripe refusing the payment, then 502 "could not be started" and nothing is written; a retry with the same key places it', async () => {
    const key = newKey();
    const before = (await f.svc.http().get('/v1/merchants/cafe/orders').set('authorization', staff)).body.total;
    f.stripe.refuseNextCreate('Amount must convert to at least 50 cents.');
    const failed = await f.placeByCard('cafe', 'pie', { key });
    expect([failed.status, failed.body.code, failed.body.message]).toEqual([502, 'payment_provider_failed', pm.notStarted]);
    expect((await f.svc.http().get('/v1/merchants/cafe/orders').set('authorization', staff)).body.total).toBe(before);
    const retried = await f.placeByCard('cafe', 'pie', { key });
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('given a merchant without a connected account for the mode, or whose account cannot charge, then "cannot take card payments yet"', async () => {
    await f.merchant('deli');
    await f.product({ id: 'bagel', merchantId: 'deli' });
    const refused = await f.placeByCard('deli', 'bagel');
    expect([refused.status, refused.body.errors]).toEqual([400, { paymentProcessor: pm.cannotTakeCards }]);
    await f.connect('deli', 'sandbox', 'acct_delitest');
    expect((await f.placeByCard('deli', 'bagel')).body.message).toBe(pm.cannotTakeCards);
    await f.connect('deli', 'production', 'acct_delilive', false);
    expect((await f.placeByCard('deli', 'bagel')).body.message).toBe(pm.cannotTakeCards);
    expect(f.stripe.created().filter((intent) => intent.metadata.merchantId === 'deli')).toEqual([]);
  });

  it('given SQUARE at a merchant that takes Square, then "Square payments are not configured yet"; STRIPE there is not offered', async () => {
    await f.merchant('square-shop', { paymentProcessor: 'SQUARE' });
    await f.product({ id: 'taco', merchantId: 'square-shop' });
    const square = await f.placeByCard('square-shop', 'taco', { overrides: { paymentProcessor: 'SQUARE' } });
    expect([square.status, square.body.errors]).toEqual([400, { paymentProcessor: pm.notConfigured.SQUARE }]);
    expect((await f.placeByCard('square-shop', 'taco')).body.errors).toEqual({ paymentProcessor: m.paymentNotAvailableYet });
  });
});

describe('connected Stripe accounts', () => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await paymentsFixture();
    await f.merchant('bar');
  });
  afterAll(() => f.stop());

  it('given an admin, when accounts are recorded, then both environments show; charges not enabled shows the spec\'s note', async () => {
    const admin = await f.admin('bar', 'ann');
    const saved = await f.svc.http().post('/v1/merchants/bar/payments/stripe/production').set('authorization', admin).send({ accountId: 'acct_barlive' });
    expect([saved.status, saved.body.message]).toEqual([200, pm.accountConnected]);
    await f.svc.http().post('/v1/merchants/bar/payments/stripe/sandbox').set('authorization', admin).send({ accountId: 'acct_bartest', chargesEnabled: false });
    const shown = await f.svc.http().get('/v1/merchants/bar/payments/stripe').set('authorization', admin);
    expect(shown.body).toEqual({
      production: { connected: true, accountId: 'acct_barlive', chargesEnabled: true, connectedAt: expect.any(String), connectable: true, dashboardUrl: 'https://dashboard.stripe.com/settings/connect' },
      sandbox: {
        connected: true, accountId: 'acct_bartest', chargesEnabled: false, connectedAt: expect.any(String), message: pm.chargesNotEnabled, connectable: true, dashboardUrl: 'https://dashboard.stripe.com/test/settings/connect',
      },
    });
  });

  it('given a team member, a bad account id or environment, or nobody, then refused', async () => {
    const member = await f.member('bar', 'ben');
    const post = (path: string, token?: string, body: object = { accountId: 'acct_x1' }) => {
      const req = f.svc.http().post(`/v1/merchants/bar/payments/stripe/${path}`);
      return (token ? req.set('authorization', token) : req).send(body);
    };
    expect((await post('production', member)).status).toBe(403);
    expect((await post('production')).status).toBe(401);
    const admin = await f.admin('bar', 'ann');
    expect((await post('production', admin, { accountId: 'sk_live_oops' })).body.message).toBe(pm.accountIdInvalid);
    expect((await post('staging', admin)).status).toBe(404);
    expect((await f.svc.http().get('/v1/merchants/bar/payments/stripe').set('authorization', member)).status).toBe(200);
  });
});

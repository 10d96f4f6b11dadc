import { paymentMessages as pm } from './messages';
import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

describe('Stripe webhook (signed by the SDK, verified with the webhook secret)', () => {
  let f: PaymentsFixture;
  let staff: string;

  beforeAll(async () => {
    f = await paymentsFixture();
    staff = await f.openCafe();
    await f.product({ id: 'test-pie', merchantId: 'cafe', price: 3, testMode: true });
    await f.connect('cafe', 'sandbox', 'acct_cafetest');
  });
  afterAll(() => f.stop());

  const orderOf = (id: string, testMode = false) => f.svc.http().get(`/v1/merchants/cafe/orders/${id}?testMode=${testMode}`).set('authorization', staff);
  const eventsOf = (id: string) => f.eventTypes(id);
  const placed = async (testMode = false) => {
    const res = await f.placeByCard('cafe', testMode ? 'test-pie' : 'pie', { overrides: { testMode } });
    expect(res.status).toBe(201);
    return { orderId: res.body.id as string, intentId: res.body.payment.paymentIntentId as string };
  };

  it('given payment_intent.succeeded, then the order is PAID by CARD with the charge\'s brand and last4; a redelivery changes nothing', async () => {
    const { orderId, intentId } = await placed();
    const delivery = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId, { brand: 'mastercard', last4: '4444' }), {
      secret: keys.production.webhookSecret, account: 'acct_cafelive',
    });
    const res = await f.deliver(delivery);
    expect([res.status, res.body]).toEqual([200, { received: true }]);
    const order = await orderOf(orderId);
    expect(order.body).toMatchObject({
      status: 'PAID',
      payment: { paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', amountPaid: 12.5, paymentId: intentId, card: { brand: 'mastercard', last4: '4444' } },
      paymentIntent: { id: intentId, status: 'succeeded', amount: 1250 },
    });
    // The charge's card was read from Stripe on the merchant's account (the event carries its id only).
    expect(f.stripe.requests.filter((r) => r.method === 'GET')).toContainEqual(expect.objectContaining({ path: `/v1/payment_intents/${intentId}`, account: 'acct_cafelive' }));

    expect((await f.deliver(delivery)).status).toBe(200);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid']);
  });

  it('given a tampered body, another secret or no signature, then 400 "Invalid signature" and the order is unchanged', async () => {
    const { orderId, intentId } = await placed();
    const genuine = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' });
    const tampered = { ...genuine, payload: genuine.payload.replace('"amount_received":1250', '"amount_received":1') };
    expect(tampered.payload).not.toBe(genuine.payload);
    const forged = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId), { secret: 'whsec_someone_else' });
    for (const delivery of [tampered, forged, { payload: genuine.payload, signature: '' }]) {
      const res = await f.deliver(delivery);
      expect([res.status, res.body.message]).toEqual([400, pm.invalidSignature]);
    }
    expect((await orderOf(orderId)).body.status).toBe('PLACED');
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated']);
  });

  it('given payment_intent.payment_failed, then the failure is recorded once and the order stays unpaid; a later success pays it', async () => {
    const { orderId, intentId } = await placed();
    const failed = f.stripe.webhook('payment_intent.payment_failed', f.stripe.decline(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' });
    expect((await f.deliver(failed)).status).toBe(200);
    expect((await f.deliver(failed)).status).toBe(200);
    const order = await orderOf(orderId);
    expect(order.body).toMatchObject({ status: 'PLACED', paymentIntent: { status: 'requires_payment_method', lastPaymentError: { reason: 'Your card was declined.' } } });
    expect(order.body.payment).toBeUndefined();
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaymentFailed']);

    const succeeded = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' });
    expect((await f.deliver(succeeded)).status).toBe(200);
    expect((await orderOf(orderId)).body.status).toBe('PAID');
  });

  it('given a sandbox order, then the test secret\'s event pays it; a test event never pays a production order', async () => {
    const sandbox = await placed(true);
    const paid = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(sandbox.intentId), { secret: keys.sandbox.webhookSecret, account: 'acct_cafetest' });
    expect((await f.deliver(paid)).status).toBe(200);
    expect((await orderOf(sandbox.orderId, true)).body).toMatchObject({ status: 'PAID', payment: { card: { brand: 'visa', last4: '4242' } } });

    const live = await placed();
    const intent = { ...f.stripe.succeed(live.intentId), livemode: false };
    expect((await f.deliver(f.stripe.webhook('payment_intent.succeeded', intent, { secret: keys.sandbox.webhookSecret, account: 'acct_cafelive' }))).status).toBe(200);
    expect((await orderOf(live.orderId)).body.status).toBe('PLACED');
  });

  it('given another event type, then 200 and ignored; given a body not sent as JSON, then it is still verified on its bytes', async () => {
    const { orderId, intentId } = await placed();
    const other = f.stripe.webhook('payment_intent.created', f.stripe.created().find((i) => i.id === intentId)!, { secret: keys.production.webhookSecret });
    expect([(await f.deliver(other)).status, await eventsOf(orderId)]).toEqual([200, ['OrderPlaced', 'PaymentIntentCreated']]);
    const succeeded = f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' });
    expect((await f.deliver(succeeded, 'text/plain')).status).toBe(200);
    expect((await orderOf(orderId)).body.status).toBe('PAID');
  });
});

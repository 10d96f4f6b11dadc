import { actionMessages } from '../orders/http';
import { orderMessages } from '../orders/order';
import { paymentMessages as pm } from './messages';
import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

describe('refunds of a card payment go back to the card through Stripe before they are recorded', () => {
  let f: PaymentsFixture;
  let staff: string;

  beforeAll(async () => {
    f = await paymentsFixture();
    staff = await f.openCafe();
  });
  afterAll(() => f.stop());

  const eventsOf = (id: string) => f.eventTypes(id);
  const refund = (orderId: string, body: object) => f.svc.http().post(`/v1/merchants/cafe/orders/${orderId}/refund`).set('authorization', staff).send(body);
  /** A card order of 12.50, paid (the diner confirmed; Stripe's webhook arrived). */
  const paidByCard = async () => {
    const placed = await f.placeByCard('cafe', 'pie');
    expect(placed.status).toBe(201);
    const intentId = placed.body.payment.paymentIntentId as string;
    const paid = await f.deliver(f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' }));
    expect(paid.status).toBe(200);
    return { orderId: placed.body.id as string, intentId };
  };

  it('given a paid card order, when 2.00 is refunded, then Stripe refunds 200 cents of its PaymentIntent on the merchant account, and the order records it under Stripe\'s refund id', async () => {
    const { orderId, intentId } = await paidByCard();
    const res = await refund(orderId, { title: 'Cold pie', amount: 2 });
    expect([res.status, res.body.message]).toEqual([200, actionMessages.refund]);
    const [issued] = f.stripe.refunds().filter((r) => r.payment_intent === intentId);
    expect(issued).toMatchObject({ amount: 200, account: 'acct_cafelive' });
    expect(f.stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)).toMatchObject({ apiKey: keys.production.secretKey, account: 'acct_cafelive' });
    expect(res.body.refunds).toEqual({ [issued!.id]: expect.objectContaining({ title: 'Cold pie' }) });
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded']);
  });

  it('given Stripe refuses the refund, then 502 with the message and nothing is recorded; asked again, it is issued once', async () => {
    const { orderId, intentId } = await paidByCard();
    f.stripe.refuseNextRefund();
    const refused = await refund(orderId, { title: 'Wrong order', amount: 12.5 });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([502, 'payment_provider_failed', pm.refundNotIssued]);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid']);
    const again = await refund(orderId, { title: 'Wrong order', amount: 12.5 });
    expect(again.status).toBe(200);
    expect(f.stripe.refunds().filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([1250]);
  });

  /** The first two reads of the order's stream wait for each other, so two commands decide on one version. */
  function readsMeet(orderId: string) {
    const store = f.svc.started.deps.eventStore;
    const read = store.readStream.bind(store);
    const met: (() => void)[] = [];
    store.readStream = async (streamId, options) => {
      const events = await read(streamId, options);
      if (streamId === `order-${orderId}` && met.length < 2) await new Promise<void>((resolve) => (met.push(resolve) === 2 ? met.forEach((r) => r()) : undefined));
      return events;
    };
    return { met, restore: () => void (store.readStream = read) };
  }

  it('given two partial refunds that both fit, when they are decided on the same version at once, then both are issued and recorded, no 409', async () => {
    const { orderId, intentId } = await paidByCard();
    const race = readsMeet(orderId);
    try {
      const answers = await Promise.all([refund(orderId, { title: 'Cold pie', amount: 2 }), refund(orderId, { title: 'Late', amount: 3 })]);
      expect(answers.map((res) => [res.status, res.body.message])).toEqual([[200, actionMessages.refund], [200, actionMessages.refund]]);
    } finally {
      race.restore();
    }
    expect(race.met).toHaveLength(2);
    expect(f.stripe.refunds().filter((r) => r.payment_intent === intentId).map((r) => r.amount).sort()).toEqual([200, 300]);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded', 'OrderRefunded']);
    const order = (await f.svc.http().get(`/v1/merchants/cafe/orders/${orderId}`).set('authorization', staff)).body;
    expect(Object.values(order.refunds as Record<string, { totalMinor?: number }>)).toHaveLength(2);
  });

  it('given the same partial refund asked twice at once, then Stripe refunds once and the order records it once (never more than the card got back)', async () => {
    const { orderId, intentId } = await paidByCard();
    const race = readsMeet(orderId);
    try {
      const answers = await Promise.all([refund(orderId, { title: 'Cold pie', amount: 2 }), refund(orderId, { title: 'Cold pie', amount: 2 })]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
    } finally {
      race.restore();
    }
    expect(f.stripe.refunds().filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([200]);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded']);
  });

  it('given a refund recorded, when it is asked again with its Idempotency-Key (the answer was lost), then Stripe is not asked again and the order keeps one refund', async () => {
    const { orderId, intentId } = await paidByCard();
    const withKey = () => refund(orderId, { title: 'Cold pie', amount: 2 }).set('Idempotency-Key', 'pos-77');
    const first = await withKey();
    const retry = await withKey();
    expect([first.status, retry.status, retry.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(f.stripe.refunds().filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([200]);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded']);
    expect(Object.keys(retry.body.refunds)).toEqual(Object.keys(first.body.refunds));
  });

  it('given more than is left to refund, then 409 and Stripe is not asked', async () => {
    const { orderId, intentId } = await paidByCard();
    const asked = f.stripe.requests.length;
    const res = await refund(orderId, { title: 'Too much', amount: 13 });
    expect([res.status, res.body.message]).toEqual([409, orderMessages.refundTooLarge]);
    expect(f.stripe.requests.slice(asked).filter((r) => r.path === '/v1/refunds')).toEqual([]);
    expect(f.stripe.refunds().filter((r) => r.payment_intent === intentId)).toEqual([]);
  });
});

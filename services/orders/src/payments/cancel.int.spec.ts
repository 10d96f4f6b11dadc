import { actionMessages } from '../orders/http';
import { orderMessages } from '../orders/order';
import { paymentMessages as pm } from './messages';
import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

describe('cancelling a card order settles its money: nothing stays charged on the diner\'s card', () => {
  let f: PaymentsFixture;
  let staff: string;

  beforeAll(async () => {
    f = await paymentsFixture();
    staff = await f.openCafe();
  });
  afterAll(() => f.stop());

  const eventsOf = (id: string) => f.eventTypes(id);
  const cancel = (orderId: string) => f.svc.http().post(`/v1/merchants/cafe/orders/${orderId}/cancel`).set('authorization', staff).send({ reason: 'Out of pie' });
  const orderOf = (orderId: string) => f.svc.http().get(`/v1/merchants/cafe/orders/${orderId}`).set('authorization', staff);
  const refundsOf = (intentId: string) => f.stripe.refunds().filter((r) => r.payment_intent === intentId);
  const succeeded = (intentId: string, id?: string) =>
    f.stripe.webhook('payment_intent.succeeded', f.stripe.intent(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive', ...(id ? { id } : {}) });
  /** A card order of 12.50 the diner has not paid yet. */
  const placed = async () => {
    const res = await f.placeByCard('cafe', 'pie');
    expect(res.status).toBe(201);
    return { orderId: res.body.id as string, intentId: res.body.payment.paymentIntentId as string };
  };
  /** …paid: the diner confirmed and Stripe's webhook arrived. */
  const paid = async () => {
    const order = await placed();
    f.stripe.succeed(order.intentId);
    expect((await f.deliver(succeeded(order.intentId))).status).toBe(200);
    return order;
  };

  it('given a paid card order, when the merchant cancels it, then Stripe refunds all 1250 cents first and the order records the refund and the cancel', async () => {
    const { orderId, intentId } = await paid();
    const res = await cancel(orderId);
    expect([res.status, res.body.message]).toEqual([200, actionMessages.cancel]);
    const [issued] = refundsOf(intentId);
    expect(issued).toMatchObject({ amount: 1250, account: 'acct_cafelive' });
    expect(res.body).toMatchObject({
      status: 'REFUNDED',
      refunds: { [issued!.id]: { title: orderMessages.cancelledRefundTitle, refundAmount: 12.5 } },
      cancellation: { reason: 'Out of pie' },
    });
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid', 'OrderRefunded', 'OrderCancelled']);
    // Nothing was left open at Stripe to cancel.
    expect(f.stripe.requests.filter((r) => r.path.endsWith('/cancel'))).toEqual([]);
  });

  it('given a card order partly refunded, when it is cancelled, then only what is left goes back', async () => {
    const { orderId, intentId } = await paid();
    const partly = await f.svc.http().post(`/v1/merchants/cafe/orders/${orderId}/refund`).set('authorization', staff).send({ title: 'Cold pie', amount: 2.5 });
    expect(partly.status).toBe(200);
    expect((await cancel(orderId)).status).toBe(200);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([250, 1000]);
  });

  it('given Stripe refuses the refund, when the merchant cancels, then 502 and the order is neither cancelled nor refunded; asked again, it is cancelled with one refund', async () => {
    const { orderId, intentId } = await paid();
    f.stripe.refuseNextRefund();
    const refused = await cancel(orderId);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([502, 'payment_provider_failed', pm.refundNotIssued]);
    expect((await orderOf(orderId)).body.status).toBe('PAID');
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderPaid']);

    expect((await cancel(orderId)).status).toBe(200);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([1250]);
  });

  it('given an unpaid card order, when it is cancelled, then its PaymentIntent is cancelled on the merchant account, so the diner can no longer pay it', async () => {
    const { orderId, intentId } = await placed();
    const res = await cancel(orderId);
    expect([res.status, res.body.status]).toEqual([200, 'CANCELLED']);
    expect(f.stripe.intent(intentId).status).toBe('canceled');
    expect(f.stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/cancel`)).toEqual([
      expect.objectContaining({ method: 'POST', account: 'acct_cafelive', apiKey: keys.production.secretKey }),
    ]);
    expect(() => f.stripe.succeed(intentId)).toThrow(/cannot be paid/);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderCancelled']);
  });

  it('given the diner paid just as the merchant cancelled, when the payment\'s webhook arrives after the cancel, then the payment is recorded and refunded in full at once; a redelivery refunds nothing more', async () => {
    const { orderId, intentId } = await placed();
    f.stripe.succeed(intentId); // paid at Stripe; its webhook is still on the way
    const res = await cancel(orderId);
    expect([res.status, res.body.status]).toEqual([200, 'CANCELLED']); // Stripe refused to cancel a paid intent; the order is cancelled all the same

    const delivery = succeeded(intentId);
    expect((await f.deliver(delivery)).status).toBe(200);
    const [issued] = refundsOf(intentId);
    expect(issued).toMatchObject({ amount: 1250, account: 'acct_cafelive' });
    expect((await orderOf(orderId)).body).toMatchObject({ status: 'REFUNDED', payment: { amountPaid: 12.5 }, refunds: { [issued!.id]: { title: orderMessages.cancelledRefundTitle } } });
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderCancelled', 'OrderPaid', 'OrderRefunded']);

    expect((await f.deliver(delivery)).status).toBe(200);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await eventsOf(orderId)).toHaveLength(5);
  });

  it('given Stripe refuses the refund of a late payment, then the webhook fails so Stripe delivers it again, and the redelivery refunds it once', async () => {
    const { orderId, intentId } = await placed();
    f.stripe.succeed(intentId);
    expect((await cancel(orderId)).status).toBe(200);
    const delivery = succeeded(intentId);
    f.stripe.refuseNextRefund();
    expect((await f.deliver(delivery)).status).toBe(500);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderCancelled', 'OrderPaid']);

    expect((await f.deliver(delivery)).status).toBe(200);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([1250]);
    expect((await orderOf(orderId)).body.status).toBe('REFUNDED');
  });
});

import { keys, paymentsFixture, type PaymentsFixture } from '../payments/payments-fixture';
import { tabMessages as m } from './tab';

/**
 * A tab paid once by card (issue 20): the diner's close starts one Stripe payment for the tab's total
 * (the real SDK against the local fake of Stripe's API) and freezes its rounds; the payment's webhook
 * closes the tab and pays every round order, once, however often it is delivered.
 */
describe('tabs paid by card', () => {
  let f: PaymentsFixture;
  let staff: string;
  const M = 'tab-card-bar';
  const http = () => f.svc.http();
  const diner = { firstName: 'Cara', lastName: 'Card', email: 'cara@example.com', phone: '' };
  const round = (tabId: string, token: string, productId: string, quantity = 1) => http().post(`/v1/tabs/${tabId}/rounds`).send({ token, lineItems: [{ productId, quantity }] });

  beforeAll(async () => {
    f = await paymentsFixture();
    await f.merchant(M, { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'card-beer', merchantId: M, title: 'Beer', price: 7 });
    await f.product({ id: 'card-fries', merchantId: M, title: 'Fries', price: 4.5 });
    await f.connect(M, 'production', 'acct_tabbar');
    staff = await f.member(M, 'bert');
  });
  afterAll(() => f.stop());

  it('given a tab with two rounds, when the diner closes it by card and Stripe confirms the payment, then one payment of the total pays every round, once', async () => {
    const { tabId, token } = (await http().post(`/v1/merchants/${M}/tabs`).send({ customer: diner })).body as { tabId: string; token: string };
    const first = await round(tabId, token, 'card-beer', 2);
    const second = await round(tabId, token, 'card-fries');
    expect([first.status, second.status]).toEqual([201, 201]);
    const roundIds = [first.body.round.id as string, second.body.round.id as string];

    // When the diner closes by card: one PaymentIntent for the total, on the merchant's account, naming the tab.
    const closing = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'STRIPE' });
    expect(closing.status).toBe(200);
    expect(closing.body).toMatchObject({ status: 'open', total: 18.5, cardPayment: { paymentProcessor: 'STRIPE', amount: 18.5 }, message: m.cardMessage });
    expect(closing.body.cardPayment.clientSecret).toEqual(expect.any(String));
    const paymentId = closing.body.cardPayment.paymentId as string;
    const intent = f.stripe.created().find((i) => i.id === paymentId)!;
    expect([intent.amount, intent.metadata.tabId, intent.metadata.merchantId, intent.account]).toEqual([1850, tabId, M, 'acct_tabbar']);

    // The rounds are frozen while it is paid; a retried close answers the same payment; the merchant cannot charge the diner's card.
    const late = await round(tabId, token, 'card-beer');
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 'tab_closed', m.paying]);
    const again = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'STRIPE' });
    expect([again.status, again.body.cardPayment.paymentId]).toEqual([200, paymentId]);
    expect(f.stripe.created().filter((i) => i.metadata.tabId === tabId)).toHaveLength(1);
    const byMerchant = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'STRIPE' });
    expect([byMerchant.status, byMerchant.body.message]).toEqual([400, m.cardByDiner]);
    for (const orderId of roundIds) expect((await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff)).body.status).toBe('PLACED');

    // When Stripe says the payment succeeded (delivered twice, as two events of the same payment).
    const succeeded = f.stripe.succeed(paymentId, { brand: 'visa', last4: '4242' });
    for (const id of ['evt_tab_paid', 'evt_tab_paid_again']) {
      const delivered = await f.deliver(f.stripe.webhook('payment_intent.succeeded', succeeded, { secret: keys.production.webhookSecret, account: 'acct_tabbar', id }));
      expect(delivered.status).toBe(200);
    }

    // Then the tab is closed by that payment and every round is PAID by it, once.
    const closed = await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`);
    expect(closed.body).toMatchObject({ status: 'closed', total: 18.5, payment: { paymentProcessor: 'STRIPE', amountPaid: 18.5, cardBrand: 'visa', cardLast4: '4242' } });
    for (const orderId of roundIds) {
      const order = await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff);
      expect(order.body.status).toBe('PAID');
      expect((await f.eventTypes(orderId)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    }
    const reopened = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'STRIPE' });
    expect([reopened.status, reopened.body.code]).toEqual([409, 'tab_closed']);
  });

  it('given a tab being paid by card, when the merchant closes it in cash and then the card payment succeeds (its webhook delivered twice at once, and again), then the payment is refunded whole, once, and recorded on the tab', async () => {
    const { tabId, token } = (await http().post(`/v1/merchants/${M}/tabs`).send({ customer: diner })).body as { tabId: string; token: string };
    const first = await round(tabId, token, 'card-beer');
    const second = await round(tabId, token, 'card-fries', 2);
    expect([first.status, second.status]).toEqual([201, 201]);
    const closing = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'STRIPE' });
    const paymentId = closing.body.cardPayment.paymentId as string;

    // When the diner pays at the counter in cash meanwhile, and then the card payment goes through as well.
    const cash = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect([cash.status, cash.body.status, cash.body.payment.paymentProcessor, cash.body.payment.amountPaid]).toEqual([200, 'closed', 'CASH', 16]);
    const succeeded = f.stripe.succeed(paymentId, { brand: 'visa', last4: '4242' });
    const delivery = (id: string) => f.deliver(f.stripe.webhook('payment_intent.succeeded', succeeded, { secret: keys.production.webhookSecret, account: 'acct_tabbar', id }));
    const twice = await Promise.all([delivery('evt_tab_late'), delivery('evt_tab_late_twin')]);
    const again = await delivery('evt_tab_late');
    expect([...twice, again].map((r) => r.status)).toEqual([200, 200, 200]);

    // Then the payment goes back to the card whole, once, on the merchant's account.
    const refunds = f.stripe.refunds().filter((r) => r.payment_intent === paymentId);
    expect(refunds.map((r) => [r.amount, r.account])).toEqual([[1600, 'acct_tabbar']]);
    // Recorded on the tab, once, under the processor's refund id; the tab stays paid in cash.
    const events = (await f.svc.started.deps.eventStore.readStream(`tab-${tabId}`)).filter((e) => e.type === 'TabCardPaymentRefunded');
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ tabId, paymentId, refundId: refunds[0]!.id, amountMinor: 1600 })]);
    const tab = await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`);
    expect(tab.body).toMatchObject({ status: 'closed', total: 16, payment: { paymentProcessor: 'CASH', amountPaid: 16 }, refunds: [{ amount: 16 }] });
    for (const orderId of [first.body.round.id as string, second.body.round.id as string]) {
      const order = await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff);
      expect([order.body.status, order.body.payment?.paymentProcessor]).toEqual(['PAID', 'CASH']);
      expect((await f.eventTypes(orderId)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    }
  });

  it('given a card the processor cannot take for the merchant, then the close is refused and the tab stays open for cash: the diner asks to pay staff in cash', async () => {
    await f.merchant('tab-no-card', { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'nc-beer', merchantId: 'tab-no-card', title: 'Beer', price: 7 });
    const { tabId, token } = (await http().post('/v1/merchants/tab-no-card/tabs').send({ customer: diner })).body as { tabId: string; token: string };
    expect((await round(tabId, token, 'nc-beer')).status).toBe(201);
    const refused = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'STRIPE' });
    expect(refused.status).toBe(400);
    const cash = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect([cash.status, cash.body.status, cash.body.total, cash.body.message]).toEqual([200, 'awaiting_cash', 7, m.cashRequestedMessage]);
  });
});

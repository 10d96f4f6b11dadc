import { keys, paymentsFixture, type PaymentsFixture } from '../payments/payments-fixture';

/**
 * A group order placed by the host with the fulfillment and payment they choose among the
 * merchant's checkoutOptions (issue 20): the checkout's placement path and rules, and a card through
 * Stripe as the storefront's checkout (the real SDK against the local fake of Stripe's API); the
 * order is PAID once Stripe's webhook confirms the payment.
 */
describe('group orders placed with a chosen fulfillment and payment', () => {
  let f: PaymentsFixture;
  let staff: string;
  const M = 'grp-card-stand';
  const http = () => f.svc.http();
  const host = { firstName: 'Hana', lastName: 'Host', email: 'hana@example.com', phone: '' };

  /** A group with a line of Hana's and one of Gus's. */
  async function groupWithTwoLines(tag: string) {
    const started = await http().post(`/v1/merchants/${M}/groups`).send({ firstName: 'Hana', clientId: `host-${tag}` });
    expect(started.status).toBe(201);
    const { groupId, signature } = started.body as { groupId: string; signature: string };
    expect((await http().post(`/v1/${M}/order/join/${encodeURIComponent(signature)}`).send({ firstName: 'Gus', clientId: `gus-${tag}` })).status).toBe(200);
    for (const [clientId, productId] of [[`host-${tag}`, 'grp-burger'], [`gus-${tag}`, 'grp-fries']]) {
      expect((await http().post(`/v1/groups/${groupId}/lines`).send({ signature, clientId, lineItems: [{ productId, quantity: 1 }] })).status).toBe(201);
    }
    const place = (body: object) => http().post(`/v1/groups/${groupId}/place`).send({ signature, clientId: `host-${tag}`, customer: host, ...body });
    return { groupId, signature, place };
  }

  beforeAll(async () => {
    f = await paymentsFixture();
    await f.merchant(M, { enableGroupOrdering: true, fulfillmentTypes: { PICKUP: true, SELF_CHECKOUT: true }, pickupMethods: { COUNTER: true, CURBSIDE: true } });
    await f.product({ id: 'grp-burger', merchantId: M, title: 'Burger', price: 9 });
    await f.product({ id: 'grp-fries', merchantId: M, title: 'Fries', price: 4 });
    await f.connect(M, 'production', 'acct_grpstand');
    staff = await f.member(M, 'gina');
  });
  afterAll(() => f.stop());

  it('given a fulfillment or payment the merchant does not offer, then placing is refused with checkout’s own problem+json, and the group stays open', async () => {
    const group = await groupWithTwoLines('refused');
    const checkout = (body: object) => http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', `grp-refused-${Math.random()}`).send({ lineItems: [{ productId: 'grp-burger', quantity: 1 }], customer: host, ...body });
    for (const body of [
      { fulfillment: { type: 'DELIVERY', address: { line1: '1 Main St', city: 'Springfield' } }, paymentProcessor: 'CASH' },
      { fulfillment: { type: 'PICKUP', pickupMethod: 'DRIVE_THROUGH' }, paymentProcessor: 'CASH' },
      { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'TBD' },
    ]) {
      const [inGroup, alone] = [await group.place(body), await checkout(body)];
      expect(alone.status).toBe(400);
      expect([inGroup.status, inGroup.body.code, inGroup.body.message, inGroup.body.errors]).toEqual([alone.status, alone.body.code, alone.body.message, alone.body.errors]);
    }
    const view = await http().get(`/v1/groups/${group.groupId}`).query({ signature: group.signature });
    expect([view.body.status, view.body.lines.length]).toEqual(['open', 2]);
  });

  it('given the host chooses self checkout, then the one order is a SELF_CHECKOUT order in cash with both participants’ lines', async () => {
    const group = await groupWithTwoLines('self');
    const placed = await group.place({ fulfillment: { type: 'SELF_CHECKOUT' }, paymentProcessor: 'CASH' });
    expect(placed.status).toBe(201);
    const order = await http().get(`/v1/merchants/${M}/orders/${placed.body.id}`).set('authorization', staff);
    expect([order.body.type, order.body.paymentProcessor, order.body.status]).toEqual(['SELF_CHECKOUT', 'CASH', 'PLACED']);
    expect(order.body.lineItems.map((l: { participant: string }) => l.participant).sort()).toEqual(['Gus', 'Hana']);
  });

  it('given the host pays by card at curbside, then one Stripe payment of the total is started as checkout starts it, and the order is PAID once Stripe confirms it', async () => {
    const group = await groupWithTwoLines('card');
    const placed = await group.place({ fulfillment: { type: 'PICKUP', pickupMethod: 'CURBSIDE' }, paymentProcessor: 'STRIPE' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'PLACED', billingSummary: { totals: { amountDue: 13 } }, payment: { clientSecret: expect.any(String) }, group: { status: 'placed' } });
    const paymentId = placed.body.payment.paymentIntentId as string;
    const intent = f.stripe.created().find((i) => i.id === paymentId)!;
    expect([intent.amount, intent.account, intent.metadata.merchantId]).toEqual([1300, 'acct_grpstand', M]);

    const delivered = await f.deliver(f.stripe.webhook('payment_intent.succeeded', f.stripe.succeed(paymentId, { brand: 'visa', last4: '4242' }), { secret: keys.production.webhookSecret, account: 'acct_grpstand' }));
    expect(delivered.status).toBe(200);
    const order = await http().get(`/v1/merchants/${M}/orders/${placed.body.id}`).set('authorization', staff);
    expect([order.body.status, order.body.type, order.body.fulfillment.pickupMethod]).toEqual(['PAID', 'PICKUP', 'CURBSIDE']);
  });
});

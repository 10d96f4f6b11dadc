import { restockCancelled, stockTable } from '../catalog/stock';
import { paymentsPorts } from '../payments';
import { keys, paymentsFixture, paymentsOptionsFor, type PaymentsFixture } from '../payments/payments-fixture';
import { cart, newKey } from '../testing/fixture';
import { cardPaymentExpired, CARD_PAYMENT_WINDOW_MINUTES, expireUnpaidCardOrders, expiryMessages } from './expiry';
import { orders, projectOrders, type OrderDoc } from './projections';

describe('a card order not paid within its payment window is cancelled by the platform', () => {
  let f: PaymentsFixture;
  let staff: string;
  /** The service's clock runs `ahead` ms in front of the wall clock. */
  let ahead = 0;
  let expire: () => Promise<number>;
  const minutes = (n: number) => n * 60_000;
  const orderOf = (orderId: string) => f.svc.http().get(`/v1/merchants/cafe/orders/${orderId}`).set('authorization', staff);
  /** Whether the expiry would look at the order at all (the read model's awaitingCard). */
  const awaitingCard = async (orderId: string) => (await f.svc.started.deps.readModels.collection<OrderDoc>(orders).get(orderId))?.awaitingCard;
  const remaining = (productId: string) => stockTable(f.svc.started.deps.schema).remaining(f.svc.started.deps.pool, productId);

  beforeAll(async () => {
    f = await paymentsFixture({ now: () => new Date(Date.now() + ahead) });
    staff = await f.openCafe();
    await f.product({ id: 'scarf', merchantId: 'cafe', title: 'Scarf', price: 25, manageStock: true, stockQuantity: 2 });
    const { deps } = f.svc.started;
    expire = expireUnpaidCardOrders(deps, paymentsPorts(paymentsOptionsFor(f.stripe), deps), [projectOrders(deps.readModels), restockCancelled(stockTable(deps.schema))]);
  });
  afterAll(() => f.stop());
  beforeEach(async () => {
    // Each spec starts with no order left waiting from the one before.
    ahead += minutes(24 * 60);
    await expire();
  });

  it('given the window, then an order is past it at exactly 30 minutes, not a millisecond before', () => {
    expect(CARD_PAYMENT_WINDOW_MINUTES).toBe(30);
    const placed = '2026-11-25T18:00:00.000Z';
    expect(cardPaymentExpired(placed, new Date('2026-11-25T18:29:59.999Z'))).toBe(false);
    expect(cardPaymentExpired(placed, new Date('2026-11-25T18:30:00.000Z'))).toBe(true);
  });

  it('given a card order of the last 2 scarves unpaid for 30 minutes, when the expiry runs, then it is cancelled by seatside, its PaymentIntent closed and both scarves sold again', async () => {
    const placed = await f.placeByCard('cafe', 'scarf', { overrides: { lineItems: [{ productId: 'scarf', quantity: 2 }] } });
    expect(placed.status).toBe(201);
    expect([await remaining('scarf'), await awaitingCard(placed.body.id)]).toEqual([0, true]);
    const intentId = placed.body.payment.paymentIntentId as string;

    ahead += minutes(29);
    expect(await expire()).toBe(0);
    expect((await orderOf(placed.body.id)).body.status).toBe('PLACED');

    ahead += minutes(1);
    expect(await expire()).toBe(1);
    expect((await orderOf(placed.body.id)).body).toMatchObject({ status: 'CANCELLED', cancellation: { reason: expiryMessages.reason } });
    expect(f.stripe.intent(intentId).status).toBe('canceled');
    expect(await remaining('scarf')).toBe(2);
    expect(await f.eventTypes(placed.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderCancelled']);
    expect(await expire()).toBe(0);
  });

  it('given a paid card order and a cash order, both an hour old, then the expiry leaves them alone', async () => {
    const paid = await f.placeByCard('cafe', 'pie');
    const intentId = paid.body.payment.paymentIntentId as string;
    f.stripe.succeed(intentId);
    expect((await f.deliver(f.stripe.webhook('payment_intent.succeeded', f.stripe.intent(intentId), { secret: keys.production.webhookSecret, account: 'acct_cafelive' }))).status).toBe(200);
    const cash = await f.svc.http().post('/v1/merchants/cafe/orders').set('Idempotency-Key', newKey()).send(cart('pie'));
    expect(cash.status).toBe(201);

    expect(await awaitingCard(paid.body.id)).toBe(false);
    ahead += minutes(60);
    expect(await expire()).toBe(0);
    expect([(await orderOf(paid.body.id)).body.status, (await orderOf(cash.body.id)).body.status]).toEqual(['PAID', 'PLACED']);
  });

  it('given an unpaid card order the merchant already cancelled, then the expiry does not find it', async () => {
    const placed = await f.placeByCard('cafe', 'pie');
    expect((await f.svc.http().post(`/v1/merchants/cafe/orders/${placed.body.id}/cancel`).set('authorization', staff).send({})).status).toBe(200);
    expect(await awaitingCard(placed.body.id)).toBe(false);
    ahead += minutes(60);
    expect(await expire()).toBe(0);
    expect(await f.eventTypes(placed.body.id)).toEqual(['OrderPlaced', 'PaymentIntentCreated', 'OrderCancelled']);
  });
});

import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { ordersV1 } from '@seatside/proto';
import { ordersPublications } from './published';
import { cart, newKey, ordersFixture, type OrdersFixture } from './testing/fixture';

describe('the orders published stream (seatside.orders.v1)', () => {
  let f: OrdersFixture;
  let staff: string;
  let served: string;
  let cancelled: string;
  const place = async () => (await f.svc.http().post('/v1/merchants/diner/orders').set('Idempotency-Key', newKey()).send(cart('diner-pie'))).body.id as string;
  const act = (orderId: string, action: string, body: object = {}) => f.svc.http().post(`/v1/merchants/diner/orders/${orderId}/${action}`).set('authorization', staff).send(body);

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('diner', { taxRate: 10 });
    await f.product({ id: 'diner-pie', merchantId: 'diner', title: 'Pie', price: 5, manageStock: true, stockQuantity: 10 });
    staff = await f.member('diner', 'sam');
    served = await place();
    for (const [action, body] of [['pay', { amountTendered: 10 }], ['accept', {}], ['ready', {}], ['complete', {}], ['refund', { title: 'Cold', amount: 1.5 }]] as const) {
      expect([action, (await act(served, action, body)).status]).toEqual([action, 200]);
    }
    cancelled = await place();
    expect((await act(cancelled, 'cancel', { reason: 'Closed' })).status).toBe(200);
  });
  afterAll(() => f.stop());

  it('given an order placed, paid, accepted, ready, completed and refunded, and one cancelled, then one message per step', async () => {
    const types = (await f.svc.published()).map((row) => row.type.replace('seatside.orders.v1.', ''));
    expect(types).toEqual(['OrderPlaced', 'OrderPaid', 'OrderAccepted', 'OrderReady', 'OrderCompleted', 'OrderRefunded', 'OrderPlaced', 'OrderCancelled']);
  });

  it('given the placement, then OrderPlaced carries its merchant, lines and billing summary in minor units', async () => {
    const row = (await f.svc.published()).find((r) => r.type === ordersV1.OrderPlacedSchema.typeName)!;
    const placed = fromBinary(ordersV1.OrderPlacedSchema, row.payload);
    expect(placed).toMatchObject({ orderId: served, merchantId: 'diner', fulfillmentType: ordersV1.FulfillmentType.PICKUP, paymentProcessor: ordersV1.PaymentProcessor.CASH, pickupMethod: 'COUNTER' });
    expect(placed.envelope).toMatchObject({ tenantId: 'diner', testMode: false, streamId: `order-${served}`, streamVersion: 1n });
    expect(placed.lineItems).toEqual([expect.objectContaining({ productId: 'diner-pie', quantity: 1, unitPriceMinor: 500n, totalMinor: 500n })]);
    expect(placed.billingSummary?.totals).toMatchObject({ subtotalMinor: 500n, taxMinor: 50n, amountDueMinor: 550n, realizedTotalMinor: 0n });
  });

  it('given the refund, then the billing summary after it: realized total net of the refund', async () => {
    const row = (await f.svc.published()).find((r) => r.type === ordersV1.OrderRefundedSchema.typeName)!;
    const refunded = fromBinary(ordersV1.OrderRefundedSchema, row.payload);
    expect(refunded).toMatchObject({ orderId: served, title: 'Cold', refundAmountMinor: 150n, fullyRefunded: false });
    expect(refunded.billingSummary?.totals).toMatchObject({ realizedTotalMinor: 400n, amountRefundedMinor: 150n });
  });

  it('given the cancellation, then the stock it gives back', async () => {
    const row = (await f.svc.published()).find((r) => r.type === ordersV1.OrderCancelledSchema.typeName)!;
    expect(fromBinary(ordersV1.OrderCancelledSchema, row.payload)).toMatchObject({ orderId: cancelled, reason: 'Closed', cancelledBy: 'sam', restock: [{ productId: 'diner-pie', quantity: 1n }] });
  });

  it('given orders placed at once (committed together by the group commit), then each has its OrderPlaced message and the replay is the same stream', async () => {
    await f.product({ id: 'diner-soda', merchantId: 'diner', title: 'Soda', price: 2 });
    const before = (await f.svc.published()).length;
    const placeSoda = async () => (await f.svc.http().post('/v1/merchants/diner/orders').set('Idempotency-Key', newKey()).send(cart('diner-soda')).expect(201)).body.id as string;
    const placed = await Promise.all(Array.from({ length: 12 }, placeSoda));
    const rows = (await f.svc.published()).slice(before);
    expect(rows.map((row) => row.streamId).sort()).toEqual(placed.map((id) => `order-${id}`).sort());
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set([ordersV1.OrderPlacedSchema.typeName]));
    const { pool, schema } = f.svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), ordersPublications)).toEqual(await f.svc.published());
  });

  it('given the whole log replayed from position 0, then the same published stream, byte for byte', async () => {
    const { pool, schema } = f.svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), ordersPublications)).toEqual(await f.svc.published());
  });
});

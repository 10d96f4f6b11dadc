import { stockTable } from '../catalog/stock';
import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';

describe('a cancelled order gives its stock back', () => {
  let f: OrdersFixture;
  let staff: string;
  const place = (body: object) => f.svc.http().post('/v1/merchants/shop/orders').set('Idempotency-Key', newKey()).send(body);
  const cancel = (orderId: string) => f.svc.http().post(`/v1/merchants/shop/orders/${orderId}/cancel`).set('authorization', staff).send({});
  const remaining = (productId: string) => stockTable(f.svc.started.deps.schema).remaining(f.svc.started.deps.pool, productId);
  const cancelledEvent = async (orderId: string) => (await f.svc.started.deps.eventStore.readStream(`order-${orderId}`)).find((e) => e.type === 'OrderCancelled')?.data;

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('shop');
    await f.product({ id: 'jersey', merchantId: 'shop', title: 'Jersey', price: 90, manageStock: true, stockQuantity: 3 });
    await f.product({ id: 'cap', merchantId: 'shop', title: 'Cap', price: 20, manageStock: true, stockQuantity: 5 });
    await f.product({ id: 'soda', merchantId: 'shop', title: 'Soda', price: 3 });
    staff = await f.member('shop', 'sam');
  });
  afterAll(() => f.stop());

  it('given the last 3 jerseys ordered (on two lines), when that order is cancelled, then the 3 are sold again and the cancel names what it gave back', async () => {
    const lines = [{ productId: 'jersey', quantity: 2 }, { productId: 'soda', quantity: 4 }, { productId: 'jersey', quantity: 1 }, { productId: 'cap', quantity: 1 }];
    const placed = await place(cart('jersey', { lineItems: lines }));
    expect(placed.status).toBe(201);
    expect([await remaining('jersey'), await remaining('cap')]).toEqual([0, 4]);
    expect((await place(cart('jersey'))).body.message).toBe('Jersey is out of stock');

    expect((await cancel(placed.body.id)).status).toBe(200);
    expect([await remaining('jersey'), await remaining('cap')]).toEqual([3, 5]);
    expect(await cancelledEvent(placed.body.id)).toMatchObject({ restock: [{ productId: 'cap', quantity: 1 }, { productId: 'jersey', quantity: 3 }] });
    expect((await place(cart('jersey', { lineItems: [{ productId: 'jersey', quantity: 3 }] }))).status).toBe(201);
  });

  it('given an order of unmanaged products only, when cancelled, then it gives nothing back and names nothing', async () => {
    const placed = await place(cart('soda'));
    expect((await cancel(placed.body.id)).status).toBe(200);
    expect(await cancelledEvent(placed.body.id)).not.toHaveProperty('restock');
  });

  it('given a cancelled order, when cancelling is asked again, then 409 and nothing more is given back', async () => {
    const placed = await place(cart('cap'));
    expect(await remaining('cap')).toBe(4);
    expect((await cancel(placed.body.id)).status).toBe(200);
    expect((await cancel(placed.body.id)).status).toBe(409);
    expect(await remaining('cap')).toBe(5);
  });
});

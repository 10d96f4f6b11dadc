import { randomUUID } from 'node:crypto';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';
import { products as productsCollection, type ProductDoc } from '../products/projections';
import { ORDER_STOCK_SUBSCRIPTION, stockFromOrders, stockReductions } from './orders';

describe('stock from the orders log: OrderPlaced lowers managed stock', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const products = () => `/v1/merchants/${merchant}/products`;
  const create = async (body: object) => (await svc.http().post(products()).set('authorization', alice).send(body)).body.id as string;
  const stockOf = async (id: string) => (await svc.http().get(`${products()}/${id}`).set('authorization', alice)).body.stockQuantity as number;
  const productEvents = (id: string) => svc.started.deps.eventStore.readStream(`product-${id}`);
  /** The orders service's OrderPlaced, with only the fields it always carries that matter here. */
  const orderPlacedWithId = async (lines: { productId: string; quantity: number }[]) => {
    const orderId = randomUUID();
    return { orderId, ...(await orderPlaced(lines, merchant, orderId)) };
  };
  const orderPlaced = (lines: { productId: string; quantity: number }[], merchantId = merchant, orderId = randomUUID()) => {
    return svc.sourceLog('orders').appendToStream(`order-${orderId}`, [{
      type: 'OrderPlaced',
      data: {
        orderId, orderCode: 'K7QX2M', merchantId, testMode: false, currency: 'USD', paymentProcessor: 'CASH',
        lineItems: lines.map((line, i) => ({ lineItemId: `l${i}`, title: 'x', unitPriceMinor: 500, options: [], totalMinor: 500 * line.quantity, ...line })),
        fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
        billingSummary: {}, receivedAt: '2026-11-22T18:00:00.000Z',
      },
    }], { expectedVersion: 'no_stream' });
  };
  /** The orders service's OrderCancelled of that order, giving back what it took (`restock`). */
  const orderCancelled = (orderId: string, restock?: { productId: string; quantity: number }[], merchantId = merchant) =>
    svc.sourceLog('orders').appendToStream(`order-${orderId}`, [{
      type: 'OrderCancelled',
      data: { orderId, merchantId, by: 'alice', reason: '', at: '2026-11-22T18:30:00.000Z', ...(restock ? { restock } : {}) },
    }], { expectedVersion: 1 });
  /** Waits until the stock subscription has read the orders log up to `position`. */
  const read = async (position: number) => {
    while ((await svc.started.deps.checkpoints.load(ORDER_STOCK_SUBSCRIPTION)) < position) await new Promise((r) => setTimeout(r, 10));
  };
  const until = async (id: string, done: (stock: number) => boolean) => {
    for (let stock = await stockOf(id); ; stock = await stockOf(id)) {
      if (done(stock)) return stock;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media', 'orders'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Stock Shop', handle: 'stock-shop' })).body.id;
  });
  afterAll(() => svc.stop());

  it('given a managed product with 10, when an order takes 2 and 1 of it on two lines, then its stock reads 7 after one ProductStockReduced', async () => {
    const pizza = await create({ title: 'Pizza', price: 10, manageStock: true, stockQuantity: 10 });
    await orderPlaced([{ productId: pizza, quantity: 2 }, { productId: pizza, quantity: 1 }]);
    expect(await until(pizza, (stock) => stock !== 10)).toBe(7);
    const [, reduced, ...rest] = await productEvents(pizza);
    expect([reduced?.type, rest]).toEqual(['ProductStockReduced', []]);
    expect(reduced?.data).toMatchObject({ productId: pizza, merchantId: merchant, testMode: false, quantity: 3, stockQuantity: 7 });
  });

  it('given a managed product with 10, when two orders of it are committed together (read together), then one ProductStockReduced takes both and names each', async () => {
    const wrap = await create({ title: 'Wrap', price: 7, manageStock: true, stockQuantity: 10 });
    const ids = [randomUUID(), randomUUID()];
    const placed = (orderId: string, quantity: number) => ({
      streamId: `order-${orderId}`,
      expectedVersion: 'no_stream' as const,
      events: [{ type: 'OrderPlaced', data: { orderId, merchantId: merchant, testMode: false, receivedAt: '2026-11-22T18:00:00.000Z', lineItems: [{ productId: wrap, quantity }] } }],
    });

    await svc.sourceLog('orders').appendToStreams([placed(ids[0]!, 2), placed(ids[1]!, 3)]);

    expect(await until(wrap, (stock) => stock !== 10)).toBe(5);
    const [, reduced, ...rest] = await productEvents(wrap);
    expect([reduced?.type, rest]).toEqual(['ProductStockReduced', []]);
    expect(reduced?.data).toMatchObject({ quantity: 5, stockQuantity: 5, orders: [{ orderId: ids[0], quantity: 2 }, { orderId: ids[1], quantity: 3 }] });
  });

  it('given a managed product whose document holds a null price (written before money inputs were checked), when ordered, then its stock still lowers', async () => {
    const relic = await create({ title: 'Relic', price: 3, manageStock: true, stockQuantity: 4 });
    const docs = svc.started.deps.readModels.collection<ProductDoc>(productsCollection);
    const doc = await docs.get(relic);
    if (!doc) throw new Error('the product was not projected');
    await docs.put({ ...doc, price: null as unknown as number });
    await orderPlaced([{ productId: relic, quantity: 1 }]);
    expect(await until(relic, (stock) => stock !== 4)).toBe(3);
  });

  it('given an unmanaged product and a managed one, when ordered, then only the managed one changes', async () => {
    const soda = await create({ title: 'Soda', price: 2, stockQuantity: 5 });
    const cake = await create({ title: 'Cake', price: 4, manageStock: true, stockQuantity: 2 });
    await orderPlaced([{ productId: soda, quantity: 1 }, { productId: cake, quantity: 3 }]);
    expect(await until(cake, (stock) => stock !== 2)).toBe(0);
    expect(await stockOf(soda)).toBe(5);
    expect(await productEvents(soda)).toHaveLength(1);
  });

  it('given an order already applied, when it is delivered again, then the stock is not lowered twice', async () => {
    const pie = await create({ title: 'Pie', price: 6, manageStock: true, stockQuantity: 8 });
    const { events } = await orderPlaced([{ productId: pie, quantity: 2 }]);
    expect(await until(pie, (stock) => stock !== 8)).toBe(6);
    const redeliver = stockFromOrders(svc.started.deps, stockReductions(svc.started.deps.schema));
    for (const event of [...events, ...events]) await redeliver([event]);
    await redeliver([...events, ...events]);
    expect(await stockOf(pie)).toBe(6);
    expect(await productEvents(pie)).toHaveLength(2);
  });

  it('given an order that took 3 of 5, when it is cancelled, then its 3 come back after one ProductStockRestored; a redelivery gives nothing more', async () => {
    const scarf = await create({ title: 'Scarf', price: 25, manageStock: true, stockQuantity: 5 });
    const { orderId } = await orderPlacedWithId([{ productId: scarf, quantity: 3 }]);
    expect(await until(scarf, (stock) => stock !== 5)).toBe(2);
    const { events } = await orderCancelled(orderId, [{ productId: scarf, quantity: 3 }]);
    expect(await until(scarf, (stock) => stock !== 2)).toBe(5);
    const redeliver = stockFromOrders(svc.started.deps, stockReductions(svc.started.deps.schema));
    await redeliver([...events, ...events]);
    expect(await stockOf(scarf)).toBe(5);
    expect((await productEvents(scarf)).map((e) => e.type)).toEqual(['ProductCreated', 'ProductStockReduced', 'ProductStockRestored']);
    expect((await productEvents(scarf))[2]?.data).toMatchObject({ productId: scarf, quantity: 3, stockQuantity: 5, orderId });
    expect((await productEvents(scarf))[1]?.data).toMatchObject({ quantity: 3, stockQuantity: 2, orders: [{ orderId, quantity: 3 }] });
  });

  it('given an order placed while its product was not managed, when it is cancelled after the merchant began managing it, then nothing is given back that was never taken', async () => {
    const mug = await create({ title: 'Mug', price: 8, stockQuantity: 0 });
    const { orderId, lastGlobalPosition } = await orderPlacedWithId([{ productId: mug, quantity: 2 }]);
    // The order is read while the mug is not managed (the subscription gathers for 25 ms; the change below must come after).
    await read(lastGlobalPosition);
    await svc.http().post(`${products()}/${mug}`).set('authorization', alice).send({ manageStock: true, stockQuantity: 4 });
    expect(await until(mug, (stock) => stock === 4)).toBe(4);
    await orderCancelled(orderId, [{ productId: mug, quantity: 2 }]);
    // A later order's reduction shows the cancel was read (one subscription, in log order) and gave nothing.
    await orderPlaced([{ productId: mug, quantity: 1 }]);
    expect(await until(mug, (stock) => stock !== 4)).toBe(3);
    expect((await productEvents(mug)).map((e) => e.type)).not.toContain('ProductStockRestored');
  });

  it("given an order naming another merchant's product, then that product is not touched and later orders still apply", async () => {
    const tart = await create({ title: 'Tart', price: 5, manageStock: true, stockQuantity: 4 });
    await orderPlaced([{ productId: tart, quantity: 1 }], 'someone-else');
    await orderPlaced([{ productId: tart, quantity: 1 }]);
    expect(await until(tart, (stock) => stock !== 4)).toBe(3);
  });
});

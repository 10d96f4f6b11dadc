import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { orders } from '../orders/projections';
import { stockTable } from '../catalog/stock';
import { migrateUnderLock } from '@seatside/chassis';
import { checkoutIdempotency, checkoutKeyOf } from './idempotency';
import { checkoutMessages as m } from './messages';

describe('checkout: Idempotency-Key and stock', () => {
  let f: OrdersFixture;
  const place = (body: object, key: string, merchant = 'joes') =>
    f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', key).send(body);
  const placedEvents = async () => (await f.svc.committed()).filter((e) => e.type === 'OrderPlaced');
  const orderCount = (merchantId: string) => f.svc.started.deps.readModels.collection(orders).count({ merchantId });
  const remaining = (productId: string) => stockTable(f.svc.started.deps.schema).remaining(f.svc.started.deps.pool, productId);

  beforeAll(async () => {
    f = await ordersFixture();
    for (const merchant of ['joes', 'bobs', 'rush', 'stock', 'crowd']) await f.merchant(merchant);
    await f.product({ id: 'crowd-cake', merchantId: 'crowd', title: 'Cake', price: 5, manageStock: true, stockQuantity: 7 });
    await f.product({ id: 'soda', merchantId: 'joes', title: 'Soda', price: 2 });
    await f.product({ id: 'bobs-soda', merchantId: 'bobs', title: 'Soda', price: 2 });
    await f.product({ id: 'rush-pie', merchantId: 'rush', title: 'Pie', price: 4, manageStock: true, stockQuantity: 100 });
    await f.product({ id: 'pie', merchantId: 'stock', title: 'Apple Pie', price: 4, manageStock: true, stockQuantity: 3 });
    await f.product({ id: 'tea', merchantId: 'stock', title: 'Tea', price: 1 });
  });
  afterAll(() => f.stop());

  describe('idempotency', () => {
    it('given a placed order, when the same key and body come again, then 201 with the very same answer and no second order', async () => {
      const key = newKey();
      const first = await place(cart('soda'), key);
      const again = await place(cart('soda'), key);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await placedEvents()).filter((e) => e.data && (e.data as { orderId: string }).orderId === first.body.id)).toHaveLength(1);
    });

    it('given the same body with its keys in another order, then it is the same request', async () => {
      const key = newKey();
      const body = cart('soda');
      const first = await place(body, key);
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      expect((await place(reordered, key)).body.id).toBe(first.body.id);
    });

    it('given a used key, when another body comes with it, then 409 and nothing placed', async () => {
      const key = newKey();
      await place(cart('soda'), key);
      const before = await orderCount('joes');
      const res = await place(cart('soda', { tip: 0 }), key);
      expect([res.status, res.body.code, res.body.message]).toEqual([409, 'idempotency_key_reused', m.idempotencyKeyReused]);
      expect(await orderCount('joes')).toBe(before);
    });

    it('given a key used at one merchant, when another merchant gets the same key, then it places its own order', async () => {
      const key = newKey();
      const joes = await place(cart('soda'), key);
      const bobs = await place(cart('bobs-soda'), key, 'bobs');
      expect(bobs.status).toBe(201);
      expect(bobs.body.id).not.toBe(joes.body.id);
    });

    it('given a refused request, when it is fixed and sent again with the same key, then it is placed (a refusal claims nothing)', async () => {
      const key = newKey();
      expect((await place(cart('nope'), key)).status).toBe(400);
      expect((await place(cart('soda'), key)).status).toBe(201);
      const other = newKey();
      expect((await place(cart('soda', { paymentProcessor: 'STRIPE' }), other)).status).toBe(400);
      expect((await place(cart('soda', { paymentProcessor: 'STRIPE' }), other)).status).toBe(400);
    });

    it('given a placed order, then neither the raw status token nor the raw key is at rest, and a replay still answers the token that opens the status page', async () => {
      const key = `at-rest-${newKey()}`;
      const first = await place(cart('soda'), key);
      const token = first.body.statusToken as string;
      expect(first.status).toBe(201);
      const stored = JSON.stringify((await f.svc.started.deps.pool.query(`SELECT * FROM "${f.svc.started.deps.schema}".checkout_answers`)).rows);
      const claimed = JSON.stringify((await f.svc.started.deps.pool.query(`SELECT * FROM "${f.svc.started.deps.schema}".checkout_idempotency_keys`)).rows);
      expect(stored).toContain(first.body.id);
      expect(stored).not.toContain(token);
      expect(`${stored}${claimed}`).not.toContain(key);
      const again = await place(cart('soda'), key);
      expect([again.status, again.body.statusToken]).toEqual([201, token]);
      expect((await f.svc.http().get(`/v1/orders/${first.body.id}`).query({ token: again.body.statusToken })).status).toBe(200);
    });

    it('given answers stored before tokens were sealed, when the service migrates, then their raw tokens are gone and a replay of one is still found', async () => {
      const { pool, schema } = f.svc.started.deps;
      const key = newKey();
      const first = await place(cart('soda'), key);
      const { id } = checkoutKeyOf('joes', key);
      // The old shape: the raw key, the raw token in the answer.
      await pool.query(`UPDATE "${schema}".checkout_idempotency_keys SET key = $2 WHERE key = $1`, [id, `joes/${key}`]);
      await pool.query(`UPDATE "${schema}".checkout_answers SET key = $2, answer = $3 WHERE key = $1`, [id, `joes/${key}`, JSON.stringify(first.body)]);
      await pool.query(`DELETE FROM "${schema}".checkout_upgrades`);
      await migrateUnderLock(pool, schema, checkoutIdempotency(schema).migrations);
      const stored = JSON.stringify((await pool.query(`SELECT * FROM "${schema}".checkout_answers`)).rows);
      expect(stored).not.toContain(first.body.statusToken);
      const again = await place(cart('soda'), key);
      expect([again.status, again.body.id, again.body.statusToken]).toEqual([201, first.body.id, undefined]);
    });

    it('given 50 concurrent POSTs with one key, then exactly one order, one OrderPlaced, one stock take, and 50 equal answers', async () => {
      const key = newKey();
      const body = cart('rush-pie');
      const answers = await Promise.all(Array.from({ length: 50 }, () => place(body, key, 'rush')));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await orderCount('rush')).toBe(1);
      expect((await placedEvents()).filter((e) => (e.data as { merchantId: string }).merchantId === 'rush')).toHaveLength(1);
      expect(await remaining('rush-pie')).toBe(99);
    });
  });

  describe('stock', () => {
    it('given 3 pies in stock, when 2 then 2 are ordered, then the second is refused "Apple Pie: only 1 left" and nothing is written', async () => {
      expect((await place(cart('pie', { lineItems: [{ productId: 'pie', quantity: 2 }] }), newKey(), 'stock')).status).toBe(201);
      const events = (await placedEvents()).length;
      const orderCountBefore = await orderCount('stock');
      const refused = await place(cart('pie', { lineItems: [{ productId: 'tea', quantity: 1 }, { productId: 'pie', quantity: 2 }] }), newKey(), 'stock');
      expect([refused.status, refused.body.message]).toEqual([409, 'Apple Pie: only 1 left']);
      expect([(await placedEvents()).length, await orderCount('stock'), await remaining('pie')]).toEqual([events, orderCountBefore, 1]);
    });

    it('given the same product on two lines, then both lines count against its stock', async () => {
      const res = await place(cart('pie', { lineItems: [{ productId: 'pie', quantity: 1 }, { productId: 'pie', quantity: 1 }] }), newKey(), 'stock');
      expect(res.body.message).toBe('Apple Pie: only 1 left');
    });

    it('given the last pie taken, when one more is ordered, then it is refused "Apple Pie is out of stock"', async () => {
      expect((await place(cart('pie', { lineItems: [{ productId: 'pie', quantity: 1 }] }), newKey(), 'stock')).status).toBe(201);
      const res = await place(cart('pie', { lineItems: [{ productId: 'pie', quantity: 1 }] }), newKey(), 'stock');
      expect([res.status, res.body.message]).toEqual([409, 'Apple Pie is out of stock']);
      expect(await remaining('pie')).toBe(0);
    });

    it('given a product without managed stock, then it is never out of stock', async () => {
      expect((await place(cart('tea', { lineItems: [{ productId: 'tea', quantity: 500 }] }), newKey(), 'stock')).status).toBe(201);
    });

    it('given the merchant restocks (ProductUpdated stockQuantity), then orders go through again', async () => {
      await f.productUpdate('pie', { stockQuantity: 10 });
      expect((await place(cart('pie', { lineItems: [{ productId: 'pie', quantity: 5 }] }), newKey(), 'stock')).status).toBe(201);
      expect(await remaining('pie')).toBe(5);
    });

    it('given 7 cakes and 20 concurrent orders of one (committed together), then exactly 7 are placed and stored, 13 refused, 0 left', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => place(cart('crowd-cake'), newKey(), 'crowd')));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(7).fill(201), ...Array(13).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Cake is out of stock')).toBe(true);
      expect([await orderCount('crowd'), await remaining('crowd-cake')]).toEqual([7, 0]);
    });

    it('given a key whose order was refused for stock, when retried after a restock, then it is placed', async () => {
      const key = newKey();
      const body = cart('pie', { lineItems: [{ productId: 'pie', quantity: 6 }] });
      expect((await place(body, key, 'stock')).status).toBe(409);
      await f.productUpdate('pie', { stockQuantity: 6 });
      expect((await place(body, key, 'stock')).status).toBe(201);
      expect(await remaining('pie')).toBe(0);
    });
  });
});

import { commonV1, catalogV1 } from '@seatside/proto';
import { cart, newKey, ordersFixture, type OrdersFixture } from './testing/fixture';
import { SANDBOX_SUBSCRIPTION } from './sandbox';
import { STATS_SUBSCRIPTION } from './stats/projection';

/**
 * Delete Test Data reaches the orders service (the catalog's `seatside.catalog.v1.TestDataDeleted`): a merchant's
 * sandbox orders, tabs' and kitchen's documents, pacing windows and sales figures go; production
 * ones, and other merchants' sandboxes, stay.
 */
describe('orders: a merchant\'s Delete Test Data', () => {
  let f: OrdersFixture;
  let staff: string;
  const place = async (merchantId: string, productId: string, testMode: boolean) => {
    const placed = await f.svc.http().post(`/v1/merchants/${merchantId}/orders`).set('Idempotency-Key', newKey()).send(cart(productId, { testMode }));
    expect(placed.status).toBe(201);
  };
  const listed = async (merchantId: string, testMode: boolean) =>
    (await f.svc.http().get(`/v1/merchants/${merchantId}/orders`).query({ testMode: String(testMode) }).set('authorization', staff)).body.total as number;
  const rows = async (table: string, merchantId: string, testMode: boolean) => {
    const { pool, schema } = f.svc.started.deps;
    return Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".${table} WHERE merchant_id = $1 AND test_mode = $2`, [merchantId, testMode])).rows[0]?.n);
  };
  /** Waits until a subscription has handled everything up to the orders log's head. */
  async function caughtUp(subscription: string, position?: number) {
    const { pool, schema, checkpoints } = f.svc.started.deps;
    const head = position ?? Number((await pool.query<{ head: string | null }>(`SELECT max(global_position) AS head FROM "${schema}".events`)).rows[0]?.head ?? 0);
    while ((await checkpoints.load(subscription)) < head) await new Promise((r) => setTimeout(r, 10));
  }

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('stand', { maxOrdersPerSlot: 50 });
    await f.merchant('other');
    await f.product({ id: 'live-pie', merchantId: 'stand' });
    await f.product({ id: 'test-pie', merchantId: 'stand', testMode: true });
    await f.product({ id: 'other-pie', merchantId: 'other', testMode: true });
    staff = await f.member('stand', 'sam');
  });
  afterAll(() => f.stop());

  it('given live and sandbox orders with their figures, when the catalog publishes TestDataDeleted, then the sandbox ones are gone and the live ones stay', async () => {
    await place('stand', 'live-pie', false);
    await place('stand', 'test-pie', true);
    await place('stand', 'test-pie', true);
    await place('other', 'other-pie', true);
    await caughtUp(STATS_SUBSCRIPTION);
    expect([await listed('stand', false), await listed('stand', true)]).toEqual([1, 2]);
    expect([await rows('stats_orders', 'stand', true), await rows('order_slots', 'stand', true)]).toEqual([2, 1]);

    const envelope = { tenantId: 'stand', testMode: true, tenantCollection: commonV1.TenantCollection.MERCHANTS };
    await caughtUp(SANDBOX_SUBSCRIPTION, await f.svc.publish('catalog', catalogV1.TestDataDeletedSchema, { envelope, merchantId: 'stand' }, { streamId: 'sandbox-stand' }));
    await caughtUp(STATS_SUBSCRIPTION);

    expect([await listed('stand', false), await listed('stand', true)]).toEqual([1, 0]);
    for (const table of ['stats_orders', 'stats_buckets', 'stats_days', 'order_slots']) expect([table, await rows(table, 'stand', true)]).toEqual([table, 0]);
    expect([await rows('stats_orders', 'stand', false), await rows('order_slots', 'stand', false)]).toEqual([1, 1]);
    expect(await rows('stats_orders', 'other', true)).toBe(1);
    // An order placed after it is the new sandbox's.
    await place('stand', 'test-pie', true);
    await caughtUp(STATS_SUBSCRIPTION);
    expect([await listed('stand', true), await rows('stats_orders', 'stand', true)]).toEqual([1, 1]);
  });
});

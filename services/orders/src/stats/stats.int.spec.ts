import { catalogV1 } from '@seatside/proto';
import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { contributionFields, widgets, type Range, type Widget } from './domain';
import { projectStats, STATS_CUSTOMERS_SUBSCRIPTION, STATS_SUBSCRIPTION } from './projection';
import { columns, statsTables } from './store';

const allDays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({ day, isOpen: true, openAllDay: true }));

/**
 * The stats read model and the widgets API (issue 24) over orders placed, paid, partly refunded and
 * cancelled on an injected clock, for a merchant in New York and one in Tokyo.
 */
describe('the sales stats', () => {
  let f: OrdersFixture;
  let clock = new Date('2026-11-01T00:00:00Z');
  let staff: string;
  let tokyoStaff: string;
  const at = (iso: string) => {
    clock = new Date(iso);
  };

  /** Waits until the stats subscription has handled every event of the orders log. */
  async function statsCaughtUp() {
    const { pool, schema, checkpoints } = f.svc.started.deps;
    const { rows } = await pool.query<{ head: string | null }>(`SELECT max(global_position) AS head FROM "${schema}".events`);
    const head = Number(rows[0]?.head ?? 0);
    while ((await checkpoints.load(STATS_SUBSCRIPTION)) < head) await new Promise((r) => setTimeout(r, 10));
  }

  async function place(merchantId: string, productId: string, token: string, iso: string, extra: object = {}): Promise<string> {
    at(iso);
    const placed = await f.svc.http().post(`/v1/merchants/${merchantId}/orders`).set('idempotency-key', newKey()).send(cart(productId, extra));
    expect(placed.status).toBe(201);
    void token;
    return placed.body.id as string;
  }
  const act = async (merchantId: string, orderId: string, action: string, token: string, body: object = {}) => {
    const answer = await f.svc.http().post(`/v1/merchants/${merchantId}/orders/${orderId}/${action}`).set('authorization', token).send(body);
    expect(answer.status).toBe(200);
  };
  const widget = async (merchantId: string, name: Widget, token: string, query: Record<string, string> = {}) => {
    await statsCaughtUp();
    const answer = await f.svc.http().get(`/v1/merchants/${merchantId}/stats/${name}`).query(query).set('authorization', token);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const value = async (merchantId: string, name: Widget, token: string, range?: Range) => (await widget(merchantId, name, token, range ? { range } : {})).value as number;

  beforeAll(async () => {
    f = await ordersFixture({ now: () => clock });
    await f.merchant('ny', { taxRate: 10, collectTips: true, currency: 'USD' });
    await f.hours('ny', allDays, 'America/New_York');
    await f.merchant('tk', { currency: 'EUR' });
    await f.hours('tk', allDays, 'Asia/Tokyo');
    await f.product({ id: 'pie', merchantId: 'ny', price: 10 });
    await f.product({ id: 'scarf', merchantId: 'ny', price: 25, manageStock: true, stockQuantity: 0 });
    await f.product({ id: 'ramen', merchantId: 'tk', price: 10 });
    staff = await f.member('ny', 'alice');
    tokyoStaff = await f.member('tk', 'kenji');

    // New York (UTC-5): A on Wednesday 25 November at 22:00 local, with a 2.00 tip, paid.
    const a = await place('ny', 'pie', staff, '2026-11-26T03:30:00Z', { tip: 2 });
    await act('ny', a, 'pay', staff, { amountTendered: 20 });
    // B on Thursday 26 November at 10:00, paid, and 3.00 of it refunded the next day.
    const b = await place('ny', 'pie', staff, '2026-11-26T15:00:00Z');
    await act('ny', b, 'pay', staff, { amountTendered: 11 });
    // C on Thursday at 11:00, cancelled unpaid.
    const c = await place('ny', 'pie', staff, '2026-11-26T16:00:00Z');
    await act('ny', c, 'cancel', staff);
    // D in October, paid: last month.
    const d = await place('ny', 'pie', staff, '2026-10-15T12:00:00Z');
    await act('ny', d, 'pay', staff, { amountTendered: 11 });
    // E on Friday 20 November at 10:00: a week before the Friday the widgets are read on.
    const e = await place('ny', 'pie', staff, '2026-11-20T15:00:00Z');
    await act('ny', e, 'pay', staff, { amountTendered: 11 });
    at('2026-11-27T14:00:00Z');
    await act('ny', b, 'refund', staff, { title: 'Cold pie', amount: 3 });
    // Tokyo (UTC+9): the same instant as A is Thursday 26 November at 12:30 there.
    const t = await place('tk', 'ramen', tokyoStaff, '2026-11-26T03:30:00Z');
    await act('tk', t, 'pay', tokyoStaff, { amountTendered: 10 });
    // Customers come from the catalog's published stream: two in production (one deleted since), one in the sandbox.
    const customer = (customerId: string, testMode: boolean) => f.svc.publish('catalog', catalogV1.CustomerCreatedSchema, { envelope: { tenantId: 'ny', testMode }, customer: { customerId, firstName: 'C', lastName: customerId } });
    await customer('c1', false);
    await customer('c2', false);
    await f.svc.publish('catalog', catalogV1.CustomerDeletedSchema, { envelope: { tenantId: 'ny', testMode: false }, customerId: 'c2' });
    const lastGlobalPosition = await customer('c3', true);
    while ((await f.svc.started.deps.checkpoints.load(STATS_CUSTOMERS_SUBSCRIPTION)) < lastGlobalPosition) await new Promise((r) => setTimeout(r, 10));
    // The widgets are read on Friday 27 November at 12:00 in New York (Saturday 02:00 in Tokyo).
    at('2026-11-27T17:00:00Z');
  });
  afterAll(() => f.stop());

  it('given the New York orders, then the range widgets read realizedTotal, refunds, tax and tips of local days, a refund on its order’s day', async () => {
    expect(await value('ny', 'sales', staff)).toBe(21); // A 13 + B 11 − 3 (week: Sunday 22 to Friday 27)
    expect(await value('ny', 'sales', staff, 'today')).toBe(0);
    expect(await value('ny', 'sales', staff, 'month')).toBe(32); // + E 11
    expect(await value('ny', 'sales', staff, 'year')).toBe(43); // + D 11
    expect(await value('ny', 'sales', staff, 'all')).toBe(43);
    expect(await value('ny', 'refunds', staff)).toBe(3);
    expect(await value('ny', 'refunds', staff, 'today')).toBe(0); // refunded today, but B's day is Thursday
    expect(await value('ny', 'tax', staff)).toBe(1.73); // A 1.00 + B 1.00 − 0.27 refunded with it
    expect(await value('ny', 'tax', staff, 'quarter')).toBe(3.73); // + D, E
    expect(await value('ny', 'tips', staff)).toBe(2);
    expect(await value('ny', 'tips', staff, 'month')).toBe(2);
    const week = await widget('ny', 'sales', staff);
    expect(week.series.map((p: { x: string }) => p.x)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(week.series.map((p: { y: number }) => p.y)).toEqual([0, 0, 0, 13, 8, 0]);
    expect(week).toMatchObject({ currency: 'USD', range: 'week', timeZone: 'America/New_York' });
  });

  it('given the New York orders, then all-time, last month, year over year and this week read the subtotal of PAID orders', async () => {
    const allTime = await widget('ny', 'all-time-sales', staff);
    expect(allTime.value).toBe(40); // A, B (partly refunded, still PAID), D, E; not the cancelled C
    expect(allTime.series).toEqual([{ x: '2026-10', y: 10 }, { x: '2026-11', y: 30 }]);
    const lastMonth = await widget('ny', 'last-month-sales', staff);
    expect(lastMonth).toMatchObject({ value: 10, change: 100, changeText: '+100.0' }); // September was 0
    const yoy = await widget('ny', 'year-over-year', staff);
    expect(yoy.value).toBe(40);
    expect(yoy.series[9]).toEqual({ x: '10', y: 10, previous: 0 });
    expect(yoy.series[10]).toEqual({ x: '11', y: 30, previous: 0 });
    const thisWeek = await widget('ny', 'sales-this-week', staff);
    expect(thisWeek.series).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((x) => ({ x, y: x === 'Wed' || x === 'Thu' ? 10 : 0 })));
    expect(thisWeek.value).toBe(20);
  });

  it('given Friday, then predicted revenue averages the amountDue of Fridays 7 to 28 days back over 24 hours (no hours set)', async () => {
    const predicted = await widget('ny', 'predicted-revenue', staff);
    expect(predicted.series).toHaveLength(24);
    expect(predicted.series[10]).toEqual({ x: 10, y: 2.75 }); // E's 11.00 / 4
    expect(predicted.value).toBe(2.75);
    expect(predicted.today).toEqual({ orders: 0, revenue: 0 });
  });

  it('given opening hours 0900-1700 on Fridays, then predicted revenue has 8 hourly points', async () => {
    await f.hours('ny', allDays.map((d) => (d.day === 'Friday' ? { day: 'Friday', isOpen: true, openAllDay: false, open: '0900', close: '1700' } : d)), 'America/New_York');
    const predicted = await widget('ny', 'predicted-revenue', staff);
    expect(predicted.series.map((p: { x: number }) => p.x)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    await f.hours('ny', allDays, 'America/New_York');
  });

  it('given the counts, then customers per mode, out-of-stock products and users', async () => {
    expect(await value('ny', 'customers', staff)).toBe(1);
    expect((await widget('ny', 'customers', staff, { testMode: 'true' })).value).toBe(1);
    expect(await value('ny', 'out-of-stock', staff)).toBe(1);
    expect(await value('ny', 'users', staff)).toBe(1);
  });

  it('given the Tokyo merchant, then its order is on its own Thursday and in its currency; the sandbox has nothing', async () => {
    const week = await widget('tk', 'sales', tokyoStaff);
    expect(week).toMatchObject({ value: 10, currency: 'EUR', timeZone: 'Asia/Tokyo' });
    expect(week.series.find((p: { x: string }) => p.x === '2026-11-26')).toEqual({ x: '2026-11-26', y: 10 });
    expect((await widget('tk', 'sales-this-week', tokyoStaff)).series[4]).toEqual({ x: 'Thu', y: 10 });
    expect((await widget('ny', 'all-time-sales', staff, { testMode: 'true' })).value).toBe(0);
  });

  it('given bad asks, then clear problems: Quarterly outside Tax, an unknown range or widget, another merchant', async () => {
    const get = (path: string, token = staff) => f.svc.http().get(path).set('authorization', token);
    const quarter = await get('/v1/merchants/ny/stats/sales?range=quarter');
    expect(quarter.status).toBe(400);
    expect(quarter.body.errors).toEqual({ range: 'Quarterly is offered for Tax only' });
    expect((await get('/v1/merchants/ny/stats/sales?range=decade')).status).toBe(400);
    expect((await get('/v1/merchants/ny/stats/weather')).status).toBe(404);
    expect((await get('/v1/merchants/ny/stats/sales', tokyoStaff)).status).toBe(403);
    expect((await f.svc.http().get('/v1/merchants/ny/stats/sales')).status).toBe(401);
  });

  it('given a rebuild from position 0 (in one read, and one event at a time), then every widget in every range gives the same numbers', async () => {
    const everything = async () => {
      const answers: unknown[] = [];
      for (const merchant of [['ny', staff], ['tk', tokyoStaff]] as const)
        for (const name of widgets)
          for (const range of name === 'tax' ? ['today', 'week', 'month', 'quarter', 'year', 'all'] : ['today', 'week', 'month', 'year', 'all'])
            answers.push(await widget(merchant[0], name, merchant[1], { range }));
      return answers;
    };
    const before = await everything();
    const { deps } = f.svc.started;
    const tables = statsTables(deps.schema);
    const events = (await f.svc.committed()).filter((e) => e.type.startsWith('Order'));
    for (const batch of [[events], events.map((e) => [e])]) {
      const client = await deps.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`TRUNCATE ${tables.orders}, ${tables.buckets}, ${tables.days}`);
        for (const read of batch) await projectStats(deps, tables, read, { kind: 'pg', client });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(await everything()).toEqual(before);
      // The day roll-up is the hourly buckets summed per day.
      const sums = contributionFields.map((f) => `sum(${columns[f]})::bigint AS ${columns[f]}`).join(', ');
      const fromHours = await deps.pool.query(`SELECT merchant_id, test_mode, day, ${sums} FROM ${tables.buckets} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
      const fromDays = await deps.pool.query(`SELECT merchant_id, test_mode, day, ${sums} FROM ${tables.days} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
      expect(fromDays.rows.length).toBeGreaterThan(0);
      expect(fromDays.rows).toEqual(fromHours.rows);
    }
  });
});

import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ordersV1 } from '@seatside/proto';
import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-stats' } as const;
const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1';

const poll = async <T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('per-tag scans and orders', () => {
  let svc: TagsTestService;
  let alice: string;
  let clock = new Date('2026-03-10T12:00:00Z');
  const path = (rest = '') => `/v1/merchants/${shop.id}/tags${rest}`;
  const create = async (name: string) => {
    const id = (await svc.http().post(path()).set('authorization', alice).send({ name })).body.id as string;
    const code = (await svc.http().get(path(`/${id}`)).set('authorization', alice)).body.code as string;
    return { id, code };
  };
  const scan = (code: string, userAgent?: string) => {
    const req = svc.http().get(`/v1/tags/${code}`);
    return userAgent === undefined ? req : req.set('user-agent', userAgent);
  };
  const listStats = async () =>
    Object.fromEntries(((await svc.http().get(path('?limit=100')).set('authorization', alice)).body.data as { name: string; stats: unknown }[]).map((t) => [t.name, t.stats]));
  /** The orders service's OrderPlaced on its published stream. */
  const placeOrder = (orderId: string, tagId: string | undefined, receivedAt: string) =>
    svc.publish('orders', ordersV1.OrderPlacedSchema, { envelope: { tenantId: shop.id }, orderId, merchantId: shop.id, tagId: tagId ?? '', receivedAt: timestampFromDate(new Date(receivedAt)) }, { streamId: `order-${orderId}` });

  beforeAll(async () => {
    svc = await startTagsTestService({ now: () => clock, statsFlushMs: 20 });
    alice = await svc.bearer('alice');
    await svc.grant('alice', shop);
  });
  afterAll(() => svc.stop());

  it('given scans by a browser, a reload, a bot and another client, then each client counts once per 30 s and bots not at all', async () => {
    const table = await create('Table 1');
    const quiet = await create('Table 2');
    for (const agent of [browser, browser, 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', 'Slackbot-LinkExpanding 1.0', 'WhatsApp Preview', undefined]) {
      expect((await scan(table.code, agent)).status).toBe(200);
    }
    await scan(table.code, 'Mozilla/5.0 (Android 14) Chrome/126');
    expect(await poll(listStats, (s) => (s['Table 1'] as { scans: number }).scans >= 2)).toEqual({ 'Table 1': { scans: 2, orders: 0 }, 'Table 2': { scans: 0, orders: 0 } });

    clock = new Date(clock.getTime() + 29_000);
    await scan(table.code, browser);
    clock = new Date(clock.getTime() + 2_000);
    await scan(table.code, browser);
    await scan(quiet.code, browser);
    expect(await poll(listStats, (s) => (s['Table 2'] as { scans: number }).scans >= 1)).toEqual({ 'Table 1': { scans: 3, orders: 0 }, 'Table 2': { scans: 1, orders: 0 } });
  });

  it('given orders placed through tags, then each counts against its tag once; orders without a tag or of an unknown tag pass by', async () => {
    const bar = await create('Bar');
    await placeOrder('o1', bar.id, clock.toISOString());
    await placeOrder('o2', bar.id, clock.toISOString());
    await placeOrder('o3', undefined, clock.toISOString());
    await placeOrder('o4', 'no-such-tag', clock.toISOString());
    expect(await poll(listStats, (s) => (s.Bar as { orders: number }).orders >= 2)).toMatchObject({ Bar: { scans: 0, orders: 2 } });
  });

  it('given counts over several days, then the list sums the last 7 UTC days and the series has 30 days, oldest first, zeros filled', async () => {
    const patio = await create('Patio');
    const today = clock;
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000);
    for (const n of [0, 6, 7, 29, 30]) await placeOrder(`p${n}`, patio.id, daysAgo(n).toISOString());
    clock = daysAgo(7);
    await scan(patio.code, browser);
    clock = today;
    await scan(patio.code, browser);
    const series = async () => (await svc.http().get(path(`/${patio.id}/stats`)).set('authorization', alice)).body.days as { date: string; scans: number; orders: number }[];
    const days = await poll(series, (d) => d.reduce((sum, day) => sum + day.orders + day.scans, 0) >= 6);
    expect(days).toHaveLength(30);
    expect([days[0]!.date, days[29]!.date]).toEqual(['2026-02-09', '2026-03-10']);
    expect(days.filter((d) => d.scans || d.orders)).toEqual([
      { date: '2026-02-09', scans: 0, orders: 1 },
      { date: '2026-03-03', scans: 1, orders: 1 },
      { date: '2026-03-04', scans: 0, orders: 1 },
      { date: '2026-03-10', scans: 1, orders: 1 },
    ]);
    expect((await listStats()).Patio).toEqual({ scans: 1, orders: 2 });
  });

  it("given another tenant's member or an unknown tag, then the series is refused or not found", async () => {
    const mallory = await svc.bearer('mallory');
    const { id } = await create('Private');
    expect((await svc.http().get(path(`/${id}/stats`)).set('authorization', mallory)).status).toBe(403);
    expect((await svc.http().get(path('/nope/stats')).set('authorization', alice)).status).toBe(404);
  });
});

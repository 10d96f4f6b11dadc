import { sampleMerchants } from '../demo/samples';
import { startTestDataWorld, type TestDataWorld } from './fixture';

const [grill, cafe] = sampleMerchants as [(typeof sampleMerchants)[number], (typeof sampleMerchants)[number]];
const noAccess = 'You do not have access to this page.';

describe('import test data: POST /v1/{collection}/{id}/import {merchant}', () => {
  let w: TestDataWorld;
  const importInto = (merchantId: string, auth: string | undefined, body: object) => w.post(`/v1/merchants/${merchantId}/import`, auth, body);
  const sandboxProducts = async () => {
    const res = await w.svc.http().get(`/v1/merchants/${w.A}/products?testMode=true&limit=1000`).set('authorization', w.auth.alice);
    return res.body.data as Array<{ id: string; code: string; price: number; testMode: boolean }>;
  };

  beforeAll(async () => {
    w = await startTestDataWorld();
  });
  afterAll(() => w.svc.stop());

  it('given no merchant or a blank one, then 400 "Please select a merchant"; not a string, then 400 "Merchant must be text"', async () => {
    for (const body of [{}, { merchant: '  ' }]) {
      const res = await importInto(w.A, w.auth.alice, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select a merchant');
      expect(res.body.errors).toEqual({ merchant: 'Please select a merchant' });
    }
    const typed = await importInto(w.A, w.auth.alice, { merchant: 7 });
    expect([typed.status, typed.body.errors]).toEqual([400, { merchant: 'Merchant must be text' }]);
  });

  it('given a merchant that is not one of the two samples, then 400 "Please select a valid merchant"', async () => {
    const res = await importInto(w.A, w.auth.alice, { merchant: 'Shop B' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a valid merchant');
    expect(res.body.errors).toEqual({ merchant: 'Please select a valid merchant' });
  });

  it('given a team member, another merchant\'s admin or a production API key, then 403 and nothing is written', async () => {
    const head = await w.head();
    for (const auth of [w.auth.carol, w.auth.bob, w.auth.productionKeyA]) {
      const res = await importInto(w.A, auth, { merchant: grill.name });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(noAccess);
    }
    const anonymous = await importInto(w.A, undefined, { merchant: grill.name });
    expect(anonymous.status).toBe(401);
    expect(await w.head()).toBe(head);
  });

  it('given the admin picks a sample by name, then "Sample Data Imported" and its products and menus are in the sandbox only', async () => {
    const res = await importInto(w.A, w.auth.alice, { merchant: grill.name });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Sample Data Imported' });

    const products = await sandboxProducts();
    expect(products.map((p) => p.code)).toEqual(grill.products.map((p) => p.code));
    expect(products.every((p) => p.testMode)).toBe(true);
    expect(products.find((p) => p.code === 'GRL-001')?.price).toBe(12.5);

    const menus = await w.svc.http().get(`/v1/merchants/${w.A}/menus?testMode=true`).set('authorization', w.auth.alice);
    const gameDay = (menus.body.data as Array<{ title: string; products: string[] }>).find((m) => m.title === 'Game Day');
    const idOf = (code: string) => products.find((p) => p.code === code)?.id;
    expect(gameDay?.products).toEqual(['GRL-001', 'GRL-002', 'GRL-003', 'GRL-004'].map(idOf));
    expect(menus.body.total).toBe(grill.menus.length);

    expect(await w.list(w.A, 'products', false)).toEqual([]);
    expect(await w.list(w.A, 'menus', false)).toEqual([]);
  });

  it('given the sample was imported, then the events are the routes\' own: ProductCreated and MenuCreated in sandbox mode', async () => {
    const events = await w.svc.committed();
    const created = events.filter((e) => e.type === 'ProductCreated' || e.type === 'MenuCreated');
    expect(created).toHaveLength(grill.products.length + grill.menus.length);
    expect(created.every((e) => (e.data as { testMode: boolean; merchantId: string }).testMode && (e.data as { merchantId: string }).merchantId === w.A)).toBe(true);
  });

  it('given the sample was imported, when imported again, then it succeeds and adds nothing', async () => {
    const head = await w.head();
    const res = await importInto(w.A, w.auth.alice, { merchant: grill.name });
    expect(res.body).toEqual({ message: 'Sample Data Imported' });
    expect(await sandboxProducts()).toHaveLength(grill.products.length);
    expect(await w.head()).toBe(head);
  });

  it('given a sandbox API key and the other sample by its handle, then its records join the sandbox', async () => {
    const res = await importInto(w.A, w.auth.sandboxKeyA, { merchant: cafe.handle });
    expect(res.status).toBe(200);
    expect(await sandboxProducts()).toHaveLength(grill.products.length + cafe.products.length);
    expect(await w.list(w.A, 'menus', true)).toHaveLength(grill.menus.length + cafe.menus.length);
    expect(await w.list(w.A, 'products', false)).toEqual([]);
  });

  it('given another merchant, then nothing was imported into it', async () => {
    expect(await w.list(w.B, 'products', true)).toEqual([]);
    expect(await w.list(w.B, 'menus', true)).toEqual([]);
  });

  it('given a venue, when its admin imports, then 404 "Only merchants have test data"', async () => {
    const venue = (await w.post('/v1/venues/create', w.auth.alice, { name: 'Arena', handle: 'arena-import' })).body.id;
    const res = await w.post(`/v1/venues/${venue}/import`, w.auth.alice, { merchant: grill.name });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Only merchants have test data');
  });
});

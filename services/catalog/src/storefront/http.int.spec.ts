import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';

describe('storefront: GET /v1/storefront/{handle} (docs/storefront-api.md)', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const ids = { cheese: '', nachos: '', soda: '', gone: '', menu: '' };
  const post = async (path: string, body: object) => {
    const res = await svc.http().post(path).set('authorization', alice).send(body);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  };
  const entity = (name: string) => `/v1/merchants/${merchant}/${name}`;
  const storefront = (query = '') => svc.http().get(`/v1/storefront/section-114${query}`);

  beforeAll(async () => {
    svc = await startTestService(catalogService);
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await post('/v1/merchants/create', { name: 'Section 114 Nachos', handle: 'section-114', description: 'Loaded', timeZone: 'America/New_York' })).id;
    await post(`/v1/merchants/${merchant}`, {
      colors: { primary: '#ff6600' },
      details: { phone: '+1 555 0100' },
      checkoutOptions: { deliveryFee: 4.99, paymentProcessor: 'SQUARE', deliveryRaduis: 3 },
    });
    ids.cheese = (await post(entity('modifiers'), {
      title: 'Cheese', instructions: 'Pick two', options: [{ label: 'Cheddar', additionalCost: 0.5 }, { label: 'Pepper jack', additionalCost: 0.75 }, { label: 'None' }],
      rules: { required: true, allowedMultiple: true, selectRestriction: 2, requireSelectRestriction: true },
    })).id;
    ids.nachos = (await post(entity('products'), { title: 'Nachos', price: 12.5, code: 'N1', modifiers: [ids.cheese, 'gone'] })).id;
    ids.soda = (await post(entity('products'), { title: 'Soda', price: '3', code: 'S1', manageStock: true, stockQuantity: 0 })).id;
    ids.gone = (await post(entity('products'), { title: 'Gone', price: 1, code: 'G1' })).id;
    ids.menu = (await post(entity('menus'), { title: 'Game day', availability: { allDayMenu: false, begin: '1100', end: '2200' }, products: [ids.soda, ids.nachos, ids.gone] })).id;
    await svc.http().delete(`${entity('products')}/${ids.gone}`).set('authorization', alice);
    await post(entity('products'), { title: 'Sandbox nachos', price: 1, code: 'T1', testMode: true });
  });
  afterAll(() => svc.stop());

  it('given a merchant, when anyone reads its handle, then its public fields, menus, products and modifiers in major units', async () => {
    const res = await storefront();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { merchant: shop, menus, products, modifiers } = res.body;
    expect(shop).toMatchObject({
      id: merchant, name: 'Section 114 Nachos', description: 'Loaded', handle: 'section-114', timeZone: 'America/New_York', phone: '+1 555 0100',
      branding: { icon: null, logo: null, logoDark: null, banner: null }, colors: { primary: '#ff6600' }, fonts: null, hours: [],
      checkoutOptions: { deliveryFee: 4.99, currency: 'USD', fulfillmentTypes: { PICKUP: true }, paused: false },
    });
    expect(shop.checkoutOptions).not.toHaveProperty('paymentProcessor');
    expect(shop.checkoutOptions).not.toHaveProperty('deliveryRaduis');
    expect(menus).toEqual([{
      id: ids.menu, title: 'Game day', description: '', branding: { banner: null, icon: null },
      availability: { allDayMenu: false, begin: '1100', end: '2200' }, products: [ids.soda, ids.nachos],
    }]);
    expect(Object.keys(products).sort()).toEqual([ids.nachos, ids.soda].sort());
    expect(products[ids.nachos]).toEqual({
      id: ids.nachos, title: 'Nachos', description: '', price: 12.5, images: [], code: 'N1', manageStock: false, stockQuantity: 0, soldOut: false, modifiers: [ids.cheese],
    });
    expect(products[ids.soda]).toMatchObject({ price: 3, manageStock: true, stockQuantity: 0, soldOut: true });
    expect(modifiers[ids.cheese]).toMatchObject({
      title: 'Cheese', instructions: 'Pick two', minSelections: 2, maxSelections: 2,
      options: [expect.objectContaining({ label: 'Cheddar', additionalCost: 0.5 }), expect.objectContaining({ additionalCost: 0.75 }), expect.objectContaining({ additionalCost: 0 })],
    });
  });

  it('given the merchant\'s id instead of its handle (a tag names its merchant by id), then the same document; the handle is normalized', async () => {
    const byHandle = await storefront();
    const byId = await svc.http().get(`/v1/storefront/${merchant}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(byHandle.body);
    expect((await svc.http().get('/v1/storefront/Section-114')).body.merchant.id).toBe(merchant);
  });

  it('given a handle that spells another merchant\'s id, then that id still reads its own merchant', async () => {
    await post('/v1/merchants/create', { name: 'Impostor', handle: merchant });
    expect((await svc.http().get(`/v1/storefront/${merchant}`)).body.merchant.name).toBe('Section 114 Nachos');
  });

  it('given a handle this replica knows that moved to another merchant (a future handle change), then it answers the new owner', async () => {
    const first = (await post('/v1/merchants/create', { name: 'First', handle: 'moving-handle' })).id;
    const second = (await post('/v1/merchants/create', { name: 'Second', handle: 'second-handle' })).id;
    expect((await svc.http().get('/v1/storefront/moving-handle')).body.merchant.id).toBe(first);
    // What a handle change would do: the claim and the tenants' handles move, in one transaction with a tenant event.
    const { pool, schema, readModels } = svc.started.deps;
    await pool.query(`UPDATE "${schema}".handle_claims SET owner = $1 WHERE key = 'moving-handle'`, [`merchants/${second}`]);
    await readModels.collection('tenants').patch(first, { handle: 'first-handle' });
    await readModels.collection('tenants').patch(second, { handle: 'moving-handle' });
    for (const id of [first, second]) await readModels.collection('storefront_versions').put({ id: `${id}/production`, version: `moved-${id}` });
    expect((await svc.http().get('/v1/storefront/moving-handle')).body.merchant.name).toBe('Second');
    expect((await svc.http().get(`/v1/storefront/${first}`)).body.merchant.handle).toBe('first-handle');
  });

  it('given ?testMode=true, then the sandbox records only; a bad testMode is 400', async () => {
    const sandbox = (await storefront('?testMode=true')).body;
    expect(Object.values(sandbox.products).map((p) => (p as { title: string }).title)).toEqual(['Sandbox nachos']);
    expect(sandbox.menus).toEqual([]);
    expect(Object.keys((await storefront('?testMode=false')).body.products)).toHaveLength(2);
    expect((await storefront('?testMode=yes')).status).toBe(400);
  });

  it('given its ETag, when asked again with If-None-Match, then 304 without a body', async () => {
    const first = await storefront();
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await storefront().set('if-none-match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
  });

  it('given a change to a product, a menu, a modifier or the settings, then the next read shows it under a new ETag', async () => {
    const before = (await storefront()).headers.etag;
    await post(`${entity('products')}/${ids.soda}`, { stockQuantity: 5, price: 3.25 });
    const afterProduct = await storefront();
    expect(afterProduct.body.products[ids.soda]).toMatchObject({ price: 3.25, soldOut: false });
    expect(afterProduct.headers.etag).not.toBe(before);
    await post(`${entity('menus')}/${ids.menu}`, { title: 'Kick-off' });
    expect((await storefront()).body.menus[0].title).toBe('Kick-off');
    await post(`${entity('modifiers')}/${ids.cheese}`, { title: 'Queso' });
    expect((await storefront()).body.modifiers[ids.cheese].title).toBe('Queso');
    await post(`/v1/merchants/${merchant}`, { checkoutOptions: { paused: true } });
    expect((await storefront()).body.merchant.checkoutOptions.paused).toBe(true);
  });

  it('given a client that takes gzip, then the same document gzipped', async () => {
    // supertest inflates it, which only works on a gzip body.
    const res = await storefront().set('accept-encoding', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.merchant.id).toBe(merchant);
    expect((await storefront().set('accept-encoding', 'gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('given a client that takes br, then the same document as Brotli bytes, and gzip only when br is refused', async () => {
    const identity = await storefront();
    // supertest inflates Brotli too: the document arrives whole, in fewer bytes than its identity.
    const res = await storefront().set('accept-encoding', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBe(identity.headers.etag);
    expect(res.body).toEqual(identity.body);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(JSON.stringify(identity.body)) / 2);
    expect((await storefront().set('accept-encoding', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('given an unknown handle or an app\'s, then 404 "Handle not found"; a venue\'s, then type venue with no linked merchants yet', async () => {
    await post('/v1/apps/create', { name: 'Kiosk', handle: 'kiosk-app' });
    const venue = (await post('/v1/venues/create', { name: 'Arena', handle: 'the-arena' })).id;
    for (const handle of ['nobody-here', 'kiosk-app']) {
      const res = await svc.http().get(`/v1/storefront/${handle}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Handle not found');
    }
    const page = (await svc.http().get('/v1/storefront/the-arena')).body;
    expect(page).toMatchObject({ type: 'venue', venue: { id: venue, name: 'Arena', handle: 'the-arena' }, merchants: [] });
  });
});

import { Router } from 'express';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogWith, ticking } from '../entities.testkit';
import { productsRouter } from '../products/http';
import { products } from '../products/projections';
import { menusRouter } from './http';
import { menus } from './projections';

// With the products a menu names.
const menusService = catalogWith((deps, access) => Router().use(menusRouter(deps, access), productsRouter(deps, access)), [menus, products]);

type Menu = Record<string, unknown> & { id: string; title: string };

describe('menus API', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let merchant: string;
  let other: string;
  const p = { p1: '', p2: '', bobs: '', sandbox: '' };
  const path = (id = merchant) => `/v1/merchants/${id}/menus`;
  const create = (body: object, as = alice) => svc.http().post(path()).set('authorization', as).send(body);
  const list = async (query = '') => {
    const res = await svc.http().get(`${path()}${query}`).set('authorization', alice);
    expect(res.status).toBe(200);
    return res.body as { data: Menu[]; nextCursor: string | null; total: number };
  };
  const titles = (page: { data: Menu[] }) => page.data.map((menu) => menu.title);
  const stream = (id: string) => svc.started.deps.eventStore.readStream(`menu-${id}`);

  beforeAll(async () => {
    svc = await startTestService(menusService, { now: ticking() });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    bob = `Bearer ${await svc.tokenFor({ uid: 'bob' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Diner', handle: 'the-diner' })).body.id;
    other = (await svc.http().post('/v1/merchants/create').set('authorization', bob).send({ name: 'Cafe', handle: 'the-cafe' })).body.id;
    const product = async (body: object, as = alice, id = merchant) => (await svc.http().post(`/v1/merchants/${id}/products`).set('authorization', as).send({ price: 1, ...body }).expect(201)).body.id as string;
    p.p1 = await product({ title: 'Pancakes' });
    p.p2 = await product({ title: 'Coffee' });
    p.bobs = await product({ title: 'Latte' }, bob, other);
    p.sandbox = await product({ title: 'Test toast', testMode: true });
  });
  afterAll(() => svc.stop());

  it('given an empty form, then "Title is required"', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Title is required' });
  });

  it.each([
    [{ allDayMenu: false }, { 'availability.begin': 'Please enter a time as HHMM', 'availability.end': 'Please enter a time as HHMM' }],
    [{ allDayMenu: false, begin: '2400', end: '0960' }, { 'availability.begin': 'Please enter a time as HHMM', 'availability.end': 'Please enter a time as HHMM' }],
    [{ allDayMenu: false, begin: '930', end: '1700' }, { 'availability.begin': 'Please enter a time as HHMM' }],
    [{ allDayMenu: false, begin: 930, end: '1700' }, { 'availability.begin': 'Please enter a time as HHMM' }],
    [{ begin: '12:00' }, { 'availability.begin': 'Please enter a time as HHMM' }],
  ])('given availability %p, then 400 per time field', async (availability, errors) => {
    const res = await create({ title: 'Lunch', availability });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('given a banner or icon that is no http(s) URL, when the menu is created, then 400 "Please enter a valid URL." on each and nothing is stored', async () => {
    const res = await create({ title: 'Bad branding', branding: { banner: 'javascript:alert(1)', icon: 'icon.png' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'branding.banner': 'Please enter a valid URL.', 'branding.icon': 'Please enter a valid URL.' });
    expect((await list('?q=Bad%20branding')).total).toBe(0);
    const ok = await create({ title: 'Good branding', branding: { banner: 'https://cdn.example.com/banner.png', icon: null } });
    expect(ok.status).toBe(201);
    await svc.http().delete(`${path()}/${ok.body.id}`).set('authorization', alice);
  });

  it('given a title only, then 201 and the defaults: all day, the merchant branding (null), no products', async () => {
    const res = await create({ title: ' Breakfast ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: 'Menu Created' });
    const read = await svc.http().get(`${path()}/${res.body.id}`).set('authorization', alice);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body).toEqual({
      id: res.body.id, merchantId: merchant, testMode: false, title: 'Breakfast', description: '', branding: { banner: null, icon: null },
      availability: { allDayMenu: true, begin: null, end: null }, products: [], createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
    });
    expect((await stream(res.body.id))[0]).toMatchObject({ data: { merchantId: merchant, testMode: false } });
  });

  it('given hours 0000 to 2359, then they are kept; an update replaces availability, keeps the rest, honours If-Match', async () => {
    const { body } = await create({ title: 'Late', availability: { allDayMenu: false, begin: '0000', end: '2359' }, products: [p.p1, p.p2], branding: { banner: 'https://x/b.png' } });
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body).toMatchObject({
      availability: { allDayMenu: false, begin: '0000', end: '2359' }, branding: { banner: 'https://x/b.png', icon: null }, products: [p.p1, p.p2],
    });
    const updated = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).set('if-match', '"1"').send({ availability: { allDayMenu: true, begin: '0100' }, testMode: true });
    expect(updated.body).toEqual({ id: body.id, message: 'Menu Updated' });
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body).toMatchObject({
      title: 'Late', testMode: false, availability: { allDayMenu: true, begin: null, end: null }, products: [p.p1, p.p2], version: 2,
    });
    const stale = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).set('if-match', '"1"').send({ title: 'Stale' });
    expect(stale.status).toBe(412);
    const bad = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ availability: { allDayMenu: false, begin: '2500', end: '0100' } });
    expect(bad.body.errors).toEqual({ 'availability.begin': 'Please enter a time as HHMM' });
    expect(await stream(body.id)).toHaveLength(2);
    const deleted = await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
    expect(deleted.body).toEqual({ id: body.id, message: 'Menu Deleted' });
    const gone = await svc.http().get(`${path()}/${body.id}`).set('authorization', alice);
    expect([gone.status, gone.body.message]).toEqual([404, 'Menu not found']);
  });

  it("given a product id that does not exist, another merchant's product or a sandbox product, when a production menu is created, then 400 'Product not found' on products and on each such entry, and nothing is stored", async () => {
    const res = await create({ title: 'Unknowns', products: [p.p1, 'no-such-product', p.bobs, p.sandbox] });
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 'validation_failed', 'Product not found']);
    expect(res.body.errors).toEqual({ products: 'Product not found', 'products.1': 'Product not found', 'products.2': 'Product not found', 'products.3': 'Product not found' });
    expect((await list('?q=Unknowns')).total).toBe(0);
    const sandbox = await create({ title: 'Sandbox brunch', products: [p.sandbox], testMode: true });
    expect(sandbox.status).toBe(201);
    await svc.http().delete(`${path()}/${sandbox.body.id}`).set('authorization', alice);
  });

  it('given a menu, when it is updated with an unknown product, then 400 on products and it keeps its products; its own products are taken', async () => {
    const { body } = await create({ title: 'Brunch', products: [p.p1] });
    const res = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ title: 'Brunch 2', products: [p.p2, 'no-such-product'] });
    expect([res.status, res.body.errors]).toEqual([400, { products: 'Product not found', 'products.1': 'Product not found' }]);
    expect(await stream(body.id)).toHaveLength(1);
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body).toMatchObject({ title: 'Brunch', products: [p.p1] });
    const ok = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ products: [p.p2, p.p1] });
    expect(ok.status).toBe(200);
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body.products).toEqual([p.p2, p.p1]);
    await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
  });

  describe('lists', () => {
    beforeAll(async () => {
      const descriptions: Record<string, string> = { Dinner: 'b', brunch: 'a', Cocktails: 'd', Dessert: 'c' };
      for (const title of ['Dinner', 'brunch', 'Cocktails', 'Dessert']) await create({ title, description: descriptions[title] }).expect(201);
      await create({ title: 'Test Menu', testMode: true }).expect(201);
    });

    it('given no sort, then by title ascending, production only', async () => {
      const page = await list();
      expect(titles(page)).toEqual(['Breakfast', 'Cocktails', 'Dessert', 'Dinner', 'brunch']);
      expect(page.total).toBe(5);
      expect(titles(await list('?testMode=true'))).toEqual(['Test Menu']);
    });

    it.each([
      ['title', ['Breakfast', 'Cocktails', 'Dessert', 'Dinner', 'brunch']],
      ['createdAt', ['Breakfast', 'Dinner', 'brunch', 'Cocktails', 'Dessert']],
      ['updatedAt', ['Breakfast', 'Dinner', 'brunch', 'Cocktails', 'Dessert']],
      ['description', ['Breakfast', 'brunch', 'Dinner', 'Dessert', 'Cocktails']], // Breakfast's is '',
    ])('sorted by %s, ascending and descending', async (sort, ascending) => {
      expect(titles(await list(`?sort=${sort}`))).toEqual(ascending);
      expect(titles(await list(`?sort=${sort}&order=desc`))).toEqual([...ascending].reverse());
    });

    it('given q, then a case-insensitive title prefix of 3+ characters', async () => {
      expect(titles(await list('?q=BRU'))).toEqual(['brunch']);
      expect(titles(await list('?q=des'))).toEqual(['Dessert']);
      expect((await list('?q=de')).total).toBe(5);
    });

    it('given pages of 2, then the cursor walks every menu once', async () => {
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...titles(page));
        cursor = page.nextCursor ?? '';
      } while (cursor);
      expect(seen).toEqual(['Breakfast', 'Cocktails', 'Dessert', 'Dinner', 'brunch']);
    });
  });

  it('given refusals (anonymous, another merchant, its key, a sandbox key), then nothing changes', async () => {
    const { body } = await create({ title: 'Guarded' });
    const sandboxKey = `Bearer ${await svc.tokenFor({ uid: 'apikey:s', tenant: { collection: 'merchants', id: merchant, testMode: true } })}`;
    const otherKey = `Bearer ${await svc.tokenFor({ uid: 'apikey:o', tenant: { collection: 'merchants', id: other, testMode: false } })}`;
    expect((await svc.http().post(`${path()}/${body.id}`).send({ title: 'Intruder' })).status).toBe(401);
    expect((await svc.http().post(`${path()}/${body.id}`).set('authorization', bob).send({ title: 'Intruder' })).status).toBe(403);
    expect((await svc.http().post(`${path()}/${body.id}`).set('authorization', otherKey).send({ title: 'Intruder' })).status).toBe(403);
    expect((await svc.http().post(`${path()}/${body.id}`).set('authorization', sandboxKey).send({ title: 'Intruder' })).status).toBe(403);
    expect((await svc.http().delete(`${path()}/${body.id}`).set('authorization', sandboxKey)).status).toBe(403);
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', sandboxKey)).status).toBe(403);
    expect((await svc.http().get(`${path()}?testMode=false`).set('authorization', sandboxKey)).status).toBe(403);
    expect((await svc.http().post(path()).set('authorization', sandboxKey).send({ title: 'Intruder', testMode: false })).status).toBe(403);
    const bobs = await svc.http().post(`${path(other)}/${body.id}`).set('authorization', bob).send({ title: 'Intruder' });
    expect([bobs.status, bobs.body.message]).toEqual([404, 'Menu not found']);
    expect((await svc.http().delete(`${path(other)}/${body.id}`).set('authorization', bob)).status).toBe(404);
    expect(await stream(body.id)).toHaveLength(1);
    expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body.title).toBe('Guarded');
    expect((await list('?q=intr')).total).toBe(0);
    expect((await list('?q=intr&testMode=true')).total).toBe(0);
  });
});

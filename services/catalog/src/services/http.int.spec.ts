import { tenantMemberships } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogWith, ticking } from '../entities.testkit';
import { servicesRouter } from './http';
import { serviceOrders, services } from './projections';

const servicesService = catalogWith(servicesRouter, [services, serviceOrders]);

type Service = Record<string, unknown> & { id: string; title: string };

describe('services API', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let merchant: string;
  let other: string;
  const path = (id = merchant) => `/v1/merchants/${id}/services`;
  const create = (body: object, as = alice) => svc.http().post(path()).set('authorization', as).send(body);
  const list = async (query = '', as = alice) => {
    const res = await svc.http().get(`${path()}${query}`).set('authorization', as);
    expect(res.status).toBe(200);
    return res.body as { data: Service[]; nextCursor: string | null; total: number };
  };
  const titles = (page: { data: Service[] }) => page.data.map((s) => s.title);
  const stream = (id: string) => svc.started.deps.eventStore.readStream(`service-${id}`);

  beforeAll(async () => {
    svc = await startTestService(servicesService, { now: ticking() });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    bob = `Bearer ${await svc.tokenFor({ uid: 'bob' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Salon', handle: 'the-salon' })).body.id;
    other = (await svc.http().post('/v1/merchants/create').set('authorization', bob).send({ name: 'Spa', handle: 'the-spa' })).body.id;
  });
  afterAll(() => svc.stop());

  it('given an empty form, then the seed messages per field', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Service name is required', price: 'Service price is required', duration: 'Service duration is required' });
  });

  it.each([
    [{ price: 0, duration: -5 }, { price: 'Price must be positive', duration: 'Duration must be positive' }],
    [{ price: '-1', duration: '0' }, { price: 'Price must be positive', duration: 'Duration must be positive' }],
    [{ price: 'ten', duration: '' }, { price: 'Service price is required', duration: 'Service duration is required' }],
  ])('given %p, then the seed messages', async (values, errors) => {
    const res = await create({ title: 'Cut', ...values });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('given an image that is no http(s) URL, when the service is created, then 400 "Please enter a valid URL." on that image and nothing is stored', async () => {
    const res = await create({ title: 'Bad image', price: 10, duration: 30, images: ['javascript:alert(1)'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'images.0': 'Please enter a valid URL.' });
    expect((await list('?q=Bad%20image')).total).toBe(0);
  });

  it('given a valid service, then "Service added successfully" and the defaults', async () => {
    const res = await create({ title: 'Colour', price: '45.5', duration: 90 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: 'Service added successfully' });
    const read = await svc.http().get(`${path()}/${res.body.id}`).set('authorization', alice);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body).toEqual({
      id: res.body.id, merchantId: merchant, testMode: false, title: 'Colour', description: '', price: 45.5, duration: 90, images: [],
      visible: true, taxable: false, taxRate: 0, useCustomTaxRate: false, createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
    });
    expect((await stream(res.body.id))[0]).toMatchObject({ data: { priceMinor: 4550, merchantId: merchant, testMode: false } });

    const updated = await svc.http().post(`${path()}/${res.body.id}`).set('authorization', alice).set('if-match', '"1"').send({ taxable: true, useCustomTaxRate: true, taxRate: 8.25, testMode: true });
    expect(updated.body).toEqual({ id: res.body.id, message: 'Service updated successfully' });
    expect((await svc.http().get(`${path()}/${res.body.id}`).set('authorization', alice)).body).toMatchObject({ taxable: true, taxRate: 8.25, testMode: false, price: 45.5 });
    expect((await svc.http().post(`${path()}/${res.body.id}`).set('authorization', alice).set('if-match', '"1"').send({ title: 'Stale' })).status).toBe(412);
    expect((await svc.http().post(`${path()}/${res.body.id}`).set('authorization', alice).send({ duration: 0 })).body.errors).toEqual({ duration: 'Duration must be positive' });

    const deleted = await svc.http().delete(`${path()}/${res.body.id}`).set('authorization', alice);
    expect(deleted.body).toEqual({ id: res.body.id, message: 'item has been deleted' });
    const gone = await svc.http().get(`${path()}/${res.body.id}`).set('authorization', alice);
    expect([gone.status, gone.body.message]).toEqual([404, 'Service not found']);
  });

  describe("each user's order", () => {
    const ids: Record<string, string> = {};
    let teamMember: string;
    beforeAll(async () => {
      for (const title of ['Wash', 'Trim', 'Style', 'Shave']) ids[title] = (await create({ title, price: 10, duration: 15 })).body.id;
      await create({ title: 'Sandbox service', price: 1, duration: 1, testMode: true }).expect(201);
      // A second member of the merchant, as identity would grant it.
      await svc.started.deps.readModels.collection(tenantMemberships).put({ id: `merchants:${merchant}:dora`, collection: 'merchants', tenantId: merchant, uid: 'dora', role: 'teamMember' });
      teamMember = `Bearer ${await svc.tokenFor({ uid: 'dora' })}`;
    });

    it('given no saved order, then by createdAt, production only, each with order null', async () => {
      const page = await list();
      expect(titles(page)).toEqual(['Wash', 'Trim', 'Style', 'Shave']);
      expect(page.data.map((s) => s.order)).toEqual([null, null, null, null]);
      expect(titles(await list('?testMode=true'))).toEqual(['Sandbox service']);
    });

    it("given a saved order, then that caller's list follows it, then createdAt; another member's list does not change", async () => {
      const saved = await svc.http().post(`${path()}/order`).set('authorization', alice).send({ ids: [ids.Shave, ids.Style] });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: 'Order saved' });
      const page = await list();
      expect(titles(page)).toEqual(['Shave', 'Style', 'Wash', 'Trim']);
      expect(page.data.map((s) => s.order)).toEqual([0, 1, null, null]);
      expect(titles(await list('', teamMember))).toEqual(['Wash', 'Trim', 'Style', 'Shave']);
      expect(titles(await list('?sort=title'))).toEqual(['Shave', 'Style', 'Trim', 'Wash']);
    });

    it('given pages of 3 in the caller order, then the cursor walks every service once', async () => {
      const first = await list('?limit=3');
      expect(titles(first)).toEqual(['Shave', 'Style', 'Wash']);
      expect(first.total).toBe(4);
      const second = await list(`?limit=3&cursor=${first.nextCursor}`);
      expect(titles(second)).toEqual(['Trim']);
      expect(second.nextCursor).toBeNull();
      expect((await svc.http().get(`${path()}?cursor=bogus`).set('authorization', alice)).status).toBe(400);
    });

    it('given q, then a title prefix in the caller order', async () => {
      expect(titles(await list('?q=sha'))).toEqual(['Shave']);
    });

    it('given a bad order body or a refused caller, then nothing is saved', async () => {
      const bad = await svc.http().post(`${path()}/order`).set('authorization', alice).send({ ids: 'all' });
      expect([bad.status, bad.body.errors]).toEqual([400, { ids: 'Ids must be a list' }]);
      expect((await svc.http().post(`${path()}/order`).send({ ids: [] })).status).toBe(401);
      expect((await svc.http().post(`${path()}/order`).set('authorization', bob).send({ ids: [] })).status).toBe(403);
      expect(titles(await list())).toEqual(['Shave', 'Style', 'Wash', 'Trim']);
    });

    it('given refusals (another merchant, its key, a sandbox key), then the services are untouched', async () => {
      const target = ids.Wash!;
      const sandboxKey = `Bearer ${await svc.tokenFor({ uid: 'apikey:s', tenant: { collection: 'merchants', id: merchant, testMode: true } })}`;
      const otherKey = `Bearer ${await svc.tokenFor({ uid: 'apikey:o', tenant: { collection: 'merchants', id: other, testMode: false } })}`;
      expect((await svc.http().get(path()).set('authorization', bob)).status).toBe(403);
      expect((await svc.http().post(`${path()}/${target}`).set('authorization', otherKey).send({ title: 'x' })).status).toBe(403);
      expect((await svc.http().post(`${path()}/${target}`).set('authorization', sandboxKey).send({ title: 'x' })).status).toBe(403);
      expect((await svc.http().delete(`${path()}/${target}`).set('authorization', sandboxKey)).status).toBe(403);
      expect((await svc.http().get(`${path()}?testMode=false`).set('authorization', sandboxKey)).status).toBe(403);
      expect((await svc.http().post(`${path()}/order`).set('authorization', sandboxKey).send({ ids: [target], testMode: false })).status).toBe(403);
      expect((await svc.http().post(`${path(other)}/${target}`).set('authorization', bob).send({ title: 'x' })).status).toBe(404);
      expect((await svc.http().delete(`${path(other)}/${target}`).set('authorization', bob)).status).toBe(404);
      expect(await stream(target)).toHaveLength(1);
      expect((await list('?testMode=true', sandboxKey)).total).toBe(1);
      expect((await list('', sandboxKey)).total).toBe(1);
    });
  });
});

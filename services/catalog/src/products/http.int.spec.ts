import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogWith, ticking } from '../entities.testkit';
import { productsRouter } from './http';
import { products } from './projections';

const productsService = catalogWith(productsRouter, [products]);

type Product = Record<string, unknown> & { id: string };

describe('products API', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let carol: string;
  let merchant: string;
  let other: string;
  const path = (id = merchant) => `/v1/merchants/${id}/products`;

  beforeAll(async () => {
    svc = await startTestService(productsService, { now: ticking() });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    bob = `Bearer ${await svc.tokenFor({ uid: 'bob' })}`;
    carol = `Bearer ${await svc.tokenFor({ uid: 'carol' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: "Joe's Pizza", handle: 'joes-pizza' })).body.id;
    other = (await svc.http().post('/v1/merchants/create').set('authorization', bob).send({ name: 'Bob Burgers', handle: 'bob-burgers' })).body.id;
  });
  afterAll(() => svc.stop());

  const create = (body: object, as = alice, id = merchant) => svc.http().post(path(id)).set('authorization', as).send(body);
  const list = (query = '', as = alice) => svc.http().get(`${path()}${query}`).set('authorization', as);
  const stream = (id: string) => svc.started.deps.eventStore.readStream(`product-${id}`);
  const keyOf = async (merchantId: string, testMode: boolean) =>
    `Bearer ${await svc.tokenFor({ uid: `apikey:${merchantId}:${testMode}`, tenant: { collection: 'merchants', id: merchantId, testMode } })}`;

  describe('validation and defaults', () => {
    it('given an empty form, then 400 with the spec messages per field', async () => {
      const res = await create({});
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', price: 'Price is required' });
      expect(res.body.message).toBe('Title is required');
    });

    it.each([['abc'], [null], [{}]])('given price %p, then "Price must be a number" (or required when null)', async (price) => {
      const res = await create({ title: 'Soda', price });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ price: price === null ? 'Price is required' : 'Price must be a number' });
    });

    it.each([[-1], ['-2'], [-0.01]])('given a negative price %p, when the product is created, then 400 "Price must be 0 or more" and nothing is stored', async (price) => {
      const res = await create({ title: 'Bad prod', price });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ price: 'Price must be 0 or more' });
      expect(res.body.message).toBe('Price must be 0 or more');
      expect((await list('?q=Bad%20prod')).body.total).toBe(0);
    });

    it.each([[1.5], [-2]])('given stockQuantity %p, then 400', async (stockQuantity) => {
      const res = await create({ title: 'Soda', price: 1, stockQuantity });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ stockQuantity: 'Stock quantity must be a whole number of 0 or more' });
    });

    it('given fields of the wrong JSON type ({"title": 123}), when the product is created or updated, then 400 saying what each must be, not "Title is required", and nothing is stored', async () => {
      const res = await create({ title: 123, price: 1, stockQuantity: '3', manageStock: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Title must be text');
      expect(res.body.errors).toEqual({ title: 'Title must be text', stockQuantity: 'Stock quantity must be a number', manageStock: 'Manage stock must be true or false' });
      expect((await create({ title: '', price: 1 })).body.errors).toEqual({ title: 'Title is required' });
      const { body } = await create({ title: 'Typed', price: 1 });
      const update = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ title: 123 });
      expect([update.status, update.body.errors]).toEqual([400, { title: 'Title must be text' }]);
      expect(await stream(body.id)).toHaveLength(1);
      await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
    });

    it.each([['javascript:alert(1)'], ['burger.png'], ['ftp://cdn.example.com/burger.png'], ['data:image/png;base64,iVBORw0KGgo=']])(
      'given an image %p that is no http(s) URL, when the product is created or updated, then 400 "Please enter a valid URL." on that image and nothing is stored',
      async (image) => {
        const res = await create({ title: 'Bad image', price: 1, images: ['https://cdn.example.com/ok.png', image] });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ 'images.1': 'Please enter a valid URL.' });
        expect((await list('?q=Bad%20image')).body.total).toBe(0);
        const { body } = await create({ title: 'Good image', price: 1, images: ['https://cdn.example.com/ok.png'] });
        const update = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ images: [image] });
        expect(update.status).toBe(400);
        expect(update.body.errors).toEqual({ 'images.0': 'Please enter a valid URL.' });
        expect(await stream(body.id)).toHaveLength(1);
        await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
      },
    );

    it('given a title and a decimal price, then 201, the defaults, price in major units and minor units in the event', async () => {
      const res = await create({ title: '  Margherita ', price: '12.50' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), message: 'Product Created' });
      expect(res.headers.etag).toBe('"1"');
      const read = await svc.http().get(`${path()}/${res.body.id}`).set('authorization', alice);
      expect(read.status).toBe(200);
      expect(read.headers.etag).toBe('"1"');
      expect(read.body).toEqual({
        id: res.body.id, merchantId: merchant, testMode: false, title: 'Margherita', description: '', price: 12.5, manageStock: false, stockQuantity: 0,
        images: [], code: '', modifiers: [], createdAt: expect.any(String), updatedAt: read.body.createdAt, version: 1,
      });
      const [event] = await stream(res.body.id);
      expect(event).toMatchObject({ type: 'ProductCreated', data: { productId: res.body.id, merchantId: merchant, testMode: false, priceMinor: 1250 } });
      expect(event!.metadata).toMatchObject({ tenantId: merchant, actorId: 'alice' });
    });

    it('given a free product, then price 0 is accepted', async () => {
      const res = await create({ title: 'Water', price: 0 });
      expect(res.status).toBe(201);
      await svc.http().delete(`${path()}/${res.body.id}`).set('authorization', alice);
    });
  });

  describe('update, If-Match and delete', () => {
    it('when updated partially, then only the given fields change and testMode stays', async () => {
      const { body } = await create({ title: 'Calzone', price: 9, code: 'CZ', testMode: false });
      const updated = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ price: 10.25, manageStock: true, stockQuantity: 4, testMode: true });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ id: body.id, message: 'Product Updated' });
      expect(updated.headers.etag).toBe('"2"');
      const read = await svc.http().get(`${path()}/${body.id}`).set('authorization', alice);
      expect(read.body).toMatchObject({ title: 'Calzone', code: 'CZ', price: 10.25, manageStock: true, stockQuantity: 4, testMode: false, version: 2 });
      expect(read.body.updatedAt > read.body.createdAt).toBe(true);
    });

    it('given an invalid update, then 400 and nothing changes', async () => {
      const { body } = await create({ title: 'Stromboli', price: 9 });
      const res = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ title: ' ', price: -3 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', price: 'Price must be 0 or more' });
      expect(await stream(body.id)).toHaveLength(1);
    });

    it('given two editors of version 1, then the second gets 412 and the first edit stands', async () => {
      const { body } = await create({ title: 'Lasagna', price: 14 });
      const first = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).set('if-match', '"1"').send({ title: 'First' });
      expect(first.status).toBe(200);
      const second = await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).set('if-match', '"1"').send({ title: 'Second' });
      expect(second.status).toBe(412);
      expect((await svc.http().get(`${path()}/${body.id}`).set('authorization', alice)).body.title).toBe('First');
    });

    it('when deleted, then {id, message} and it is gone: 404 "Product not found"', async () => {
      const { body } = await create({ title: 'Tiramisu', price: 6 });
      const deleted = await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
      expect(deleted.body).toEqual({ id: body.id, message: 'Product Deleted' });
      const gone = await svc.http().get(`${path()}/${body.id}`).set('authorization', alice);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('Product not found');
      expect((await svc.http().post(`${path()}/${body.id}`).set('authorization', alice).send({ title: 'Back' })).status).toBe(404);
    });

    it('given a method the route does not take (PUT, PATCH on a product; DELETE on the list), then 405 problem+json with Allow, and nothing changes', async () => {
      const { body } = await create({ title: 'Methodical', price: 1 });
      for (const method of ['put', 'patch'] as const) {
        const res = await svc.http()[method](`${path()}/${body.id}`).set('authorization', alice).send({ title: 'Changed' });
        expect([res.status, res.headers.allow, res.headers['content-type']]).toEqual([405, 'DELETE, GET, HEAD, POST', 'application/problem+json; charset=utf-8']);
        expect(res.body).toMatchObject({ status: 405, code: 'method_not_allowed', message: `${method.toUpperCase()} is not allowed here. This route takes DELETE, GET, HEAD, POST` });
      }
      const list = await svc.http().delete(path()).set('authorization', alice);
      expect([list.status, list.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
      expect(await stream(body.id)).toHaveLength(1);
      expect((await svc.http().get(`${path()}/nothing/here`).set('authorization', alice)).status).toBe(404);
      await svc.http().delete(`${path()}/${body.id}`).set('authorization', alice);
    });

    it('given an unknown id, then update and delete are 404 and no stream is created', async () => {
      expect((await svc.http().post(`${path()}/nope`).set('authorization', alice).send({ title: 'x' })).status).toBe(404);
      expect((await svc.http().delete(`${path()}/nope`).set('authorization', alice)).status).toBe(404);
      expect(await stream('nope')).toEqual([]);
    });
  });

  describe('authorization refusals change nothing', () => {
    let product: string;
    let sandboxProduct: string;
    beforeAll(async () => {
      product = (await create({ title: 'Guarded', price: 5 })).body.id;
      sandboxProduct = (await create({ title: 'Guarded sandbox', price: 5, testMode: true })).body.id;
    });

    const unchanged = async () => {
      expect(await stream(product)).toHaveLength(1);
      expect(await stream(sandboxProduct)).toHaveLength(1);
      const read = await svc.http().get(`${path()}/${product}`).set('authorization', alice);
      expect(read.body).toMatchObject({ title: 'Guarded', price: 5 });
    };

    it('given no token, then 401 on every route', async () => {
      const results = await Promise.all([
        svc.http().get(path()),
        svc.http().get(`${path()}/${product}`),
        svc.http().post(path()).send({ title: 'x', price: 1 }),
        svc.http().post(`${path()}/${product}`).send({ title: 'x' }),
        svc.http().delete(`${path()}/${product}`),
      ]);
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
      await unchanged();
    });

    it.each([['another user (no membership)', () => carol], ['a member of another merchant', () => bob]])('given %s, then 403 on every route', async (_who, as) => {
      const token = as();
      const results = await Promise.all([
        svc.http().get(path()).set('authorization', token),
        svc.http().get(`${path()}/${product}`).set('authorization', token),
        svc.http().post(path()).set('authorization', token).send({ title: 'x', price: 1 }),
        svc.http().post(`${path()}/${product}`).set('authorization', token).send({ title: 'x' }),
        svc.http().delete(`${path()}/${product}`).set('authorization', token),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
      expect(results[0]!.body.message).toBe('You do not have access to this page.');
      await unchanged();
      expect((await list()).body.data.some((p: Product) => p.title === 'x')).toBe(false);
    });

    it("given another merchant's id in the path, then that merchant's member gets 404 for this record and it is untouched", async () => {
      const asBob = (req: ReturnType<ReturnType<TestService['http']>['get']>) => req.set('authorization', bob);
      expect((await asBob(svc.http().get(`${path(other)}/${product}`))).status).toBe(404);
      expect((await asBob(svc.http().post(`${path(other)}/${product}`)).send({ title: 'Taken' })).status).toBe(404);
      expect((await asBob(svc.http().delete(`${path(other)}/${product}`))).status).toBe(404);
      await unchanged();
    });

    it("given another merchant's API key, then 403", async () => {
      const key = await keyOf(other, false);
      expect((await svc.http().get(path()).set('authorization', key)).status).toBe(403);
      expect((await svc.http().post(`${path()}/${product}`).set('authorization', key).send({ title: 'x' })).status).toBe(403);
      await unchanged();
    });

    it('given a sandbox key, then production records and lists are refused and sandbox ones are served', async () => {
      const key = await keyOf(merchant, true);
      expect((await svc.http().get(`${path()}?testMode=false`).set('authorization', key)).status).toBe(403);
      expect((await svc.http().get(`${path()}/${product}`).set('authorization', key)).status).toBe(403);
      expect((await svc.http().post(`${path()}/${product}`).set('authorization', key).send({ title: 'x' })).status).toBe(403);
      expect((await svc.http().delete(`${path()}/${product}`).set('authorization', key)).status).toBe(403);
      expect((await svc.http().post(path()).set('authorization', key).send({ title: 'x', price: 1, testMode: false })).status).toBe(403);
      await unchanged();

      const sandbox = await svc.http().get(path()).set('authorization', key);
      expect(sandbox.status).toBe(200);
      expect(sandbox.body.data.map((p: Product) => p.id)).toContain(sandboxProduct);
      expect((await svc.http().get(`${path()}/${sandboxProduct}`).set('authorization', key)).body.testMode).toBe(true);
      const created = await svc.http().post(path()).set('authorization', key).send({ title: 'By key', price: 1, testMode: true });
      expect(created.status).toBe(201);
      await svc.http().delete(`${path()}/${created.body.id}`).set('authorization', key).expect(200);
    });

    it('given a production key, then sandbox records are refused', async () => {
      const key = await keyOf(merchant, false);
      expect((await svc.http().get(`${path()}?testMode=true`).set('authorization', key)).status).toBe(403);
      expect((await svc.http().post(`${path()}/${sandboxProduct}`).set('authorization', key).send({ title: 'x' })).status).toBe(403);
      expect((await svc.http().get(`${path()}/${product}`).set('authorization', key)).status).toBe(200);
      await unchanged();
    });
  });
});

describe('products list', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const ids: Record<string, string> = {};
  const path = () => `/v1/merchants/${merchant}/products`;
  const list = async (query: string) => {
    const res = await svc.http().get(`${path()}${query}`).set('authorization', alice);
    expect(res.status).toBe(200);
    return res.body as { data: Product[]; nextCursor: string | null; total: number };
  };
  const names = (page: { data: Product[] }) => page.data.map((p) => p.title);

  /** Every sortable column has a distinct order: A, B, C differ in each, and none is in title order elsewhere. */
  const rows = [
    { title: 'Bruschetta', description: 'c', price: 3, manageStock: false, stockQuantity: 7, code: 'Z-1' },
    { title: 'Antipasto', description: 'a', price: 12.5, manageStock: true, stockQuantity: 2, code: 'M-1' },
    { title: 'Cannoli', description: 'b', price: 4.75, manageStock: true, stockQuantity: 9, code: 'A-1' },
  ];

  beforeAll(async () => {
    // Ids in creation order, so ties (manageStock) break the same way on every run.
    let next = 0;
    svc = await startTestService(productsService, { now: ticking(), newId: () => `id-${String(++next).padStart(4, '0')}` });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Trattoria', handle: 'trattoria' })).body.id;
    for (const row of rows) ids[row.title] = (await svc.http().post(path()).set('authorization', alice).send(row)).body.id;
    // Updated in another order than created: Cannoli, then Bruschetta, then Antipasto.
    for (const title of ['Cannoli', 'Bruschetta', 'Antipasto']) await svc.http().post(`${path()}/${ids[title]}`).set('authorization', alice).send({}).expect(200);
    await svc.http().post(path()).set('authorization', alice).send({ title: 'Sandbox only', price: 1, code: 'B-1', testMode: true }).expect(201);
  });
  afterAll(() => svc.stop());

  it('given no sort, then by code ascending, production only, with the total', async () => {
    const page = await list('');
    expect(names(page)).toEqual(['Cannoli', 'Antipasto', 'Bruschetta']);
    expect(page).toMatchObject({ nextCursor: null, total: 3 });
    expect(page.data[0]).not.toHaveProperty('priceText');
  });

  it.each([
    ['title', ['Antipasto', 'Bruschetta', 'Cannoli']],
    ['description', ['Antipasto', 'Cannoli', 'Bruschetta']],
    ['price', ['Bruschetta', 'Cannoli', 'Antipasto']],
    ['manageStock', ['Bruschetta', 'Antipasto', 'Cannoli']],
    ['stockQuantity', ['Antipasto', 'Bruschetta', 'Cannoli']],
    ['createdAt', ['Bruschetta', 'Antipasto', 'Cannoli']],
    ['updatedAt', ['Cannoli', 'Bruschetta', 'Antipasto']],
    ['code', ['Cannoli', 'Antipasto', 'Bruschetta']],
  ])('sorted by %s, ascending and descending', async (sort, ascending) => {
    expect(names(await list(`?sort=${sort}&order=asc`))).toEqual(ascending);
    expect(names(await list(`?sort=${sort}&order=desc`))).toEqual([...ascending].reverse());
  });

  it('given an unknown sort column, then 400', async () => {
    const res = await svc.http().get(`${path()}?sort=images`).set('authorization', alice);
    expect(res.status).toBe(400);
  });

  it('given testMode=true, then only sandbox products', async () => {
    const page = await list('?testMode=true');
    expect(names(page)).toEqual(['Sandbox only']);
    expect(page.total).toBe(1);
  });

  it('given q, then a case-insensitive prefix of title or price; under 3 characters it is ignored', async () => {
    expect(names(await list('?q=cAnN'))).toEqual(['Cannoli']);
    expect(names(await list('?q=12.5'))).toEqual(['Antipasto']);
    expect(names(await list('?q=4.75'))).toEqual(['Cannoli']);
    expect(names(await list('?q=ann'))).toEqual([]);
    expect((await list('?q=ca')).total).toBe(3);
    expect((await list('?q=sandbox')).total).toBe(0);
  });

  it('given pages of 2, then the cursor walks every product once', async () => {
    const first = await list('?limit=2&sort=title');
    expect(names(first)).toEqual(['Antipasto', 'Bruschetta']);
    expect(first.total).toBe(3);
    const second = await list(`?limit=2&sort=title&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Cannoli']);
    expect(second.nextCursor).toBeNull();
  });

  it('given a held list, then an unchanged list revalidates with 304, a change shows at once with a new ETag, and every request is authorized', async () => {
    const first = await svc.http().get(`${path()}?sort=title`).set('authorization', alice).expect(200);
    expect(first.headers.etag).toMatch(/^W\//);
    const again = await svc.http().get(`${path()}?sort=title`).set('authorization', alice).set('if-none-match', first.headers.etag!).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    const stranger = `Bearer ${await svc.tokenFor({ uid: 'mallory' })}`;
    expect((await svc.http().get(`${path()}?sort=title`).set('authorization', stranger)).status).toBe(403);
    expect((await svc.http().get(`${path()}?sort=title`)).status).toBe(401);

    await svc.http().post(`${path()}/${ids.Antipasto}`).set('authorization', alice).send({ title: 'Arancini' }).expect(200);
    const changed = await svc.http().get(`${path()}?sort=title`).set('authorization', alice).set('if-none-match', first.headers.etag!).expect(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(names(changed.body)).toEqual(['Arancini', 'Bruschetta', 'Cannoli']);
    // The sandbox's list is its own: a production change leaves it as it was.
    expect(names(await list('?testMode=true'))).toEqual(['Sandbox only']);
    await svc.http().post(`${path()}/${ids.Antipasto}`).set('authorization', alice).send({ title: 'Antipasto' }).expect(200);
  });

  it('given 30 matches, then a search answers the first 25, counts those, and no further page', async () => {
    for (let n = 0; n < 30; n++) await svc.http().post(path()).set('authorization', alice).send({ title: `Soda ${n}`, price: 2 }).expect(201);
    const page = await list('?q=sod');
    expect(page.data).toHaveLength(25);
    expect(page.nextCursor).toBeNull();
    expect(page.total).toBe(25);
    expect((await list('?q=sod&limit=5')).data).toHaveLength(5);
  });
});

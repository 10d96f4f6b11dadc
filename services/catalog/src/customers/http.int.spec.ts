import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { bearerOf, catalogWith, createMerchant as registerMerchant, entityCalls } from '../entities.testkit';
import { customersRouter } from './http';
import { customers } from './projections';

const catalogWithCustomers = catalogWith(customersRouter, [customers]);

describe('customers API', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let other: string;
  const bearer = (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) => bearerOf(svc, uid, tenant);
  const createMerchant = (handle: string) => registerMerchant(svc, alice, handle);
  const { path, create, list } = entityCalls('customers', () => ({ svc, alice, merchant }));
  const names = (res: { body: { data: { firstName: string }[] } }) => res.body.data.map((c) => c.firstName);

  beforeAll(async () => {
    svc = await startTestService(catalogWithCustomers);
    alice = await bearer('alice');
    merchant = await createMerchant('customer-shop');
    other = await createMerchant('customer-other');
  });
  afterAll(() => svc.stop());

  it('given an empty form, then 400 "Required" for firstName and email, and nothing is stored', async () => {
    const res = await create({ lastName: 'Only' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ firstName: 'Required', email: 'Required' });
    expect((await list()).body.total).toBe(0);
  });

  it('given firstName and email, then 201 "Customer Created" with empty defaults; an update changes only what is sent; delete', async () => {
    const res = await create({ firstName: 'Ada', email: 'ada@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: 'Customer Created' });
    const one = () => svc.http().get(path(`/${res.body.id}`)).set('authorization', alice);
    expect((await one()).body).toEqual({
      id: res.body.id, merchantId: merchant, testMode: false, firstName: 'Ada', lastName: '', email: 'ada@example.com', phone: '', metadata: [],
      createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
    });
    const updated = await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice).set('if-match', '"1"')
      .send({ phone: '+1 555 0100', metadata: [{ key: 'Seat', value: '2C' }] });
    expect(updated.body).toEqual({ id: res.body.id, message: 'Customer Updated' });
    expect((await one()).body).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', phone: '+1 555 0100', metadata: [{ key: 'Seat', value: '2C' }], version: 2 });
    const stale = await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice).set('if-match', '"1"').send({ phone: '' });
    expect(stale.status).toBe(412);
    const blank = await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice).send({ email: ' ' });
    expect([blank.status, blank.body.errors]).toEqual([400, { email: 'Required' }]);
    expect((await svc.http().delete(path(`/${res.body.id}`)).set('authorization', alice)).body).toEqual({ id: res.body.id, message: 'Customer Deleted' });
    const gone = await one();
    expect([gone.status, gone.body.message]).toEqual([404, 'Customer not found']);
  });

  it('given another merchant’s customer id under this merchant, then 404', async () => {
    const theirs = await create({ firstName: 'Theirs', email: 't@example.com' }, alice, other);
    const res = await svc.http().post(path(`/${theirs.body.id}`)).set('authorization', alice).send({ firstName: 'Mine' });
    expect([res.status, res.body.message]).toEqual([404, 'Customer not found']);
    expect((await svc.http().get(path(`/${theirs.body.id}`, other)).set('authorization', alice)).body.firstName).toBe('Theirs');
  });

  describe('lists', () => {
    let shop: string;
    beforeAll(async () => {
      shop = await createMerchant('customer-list');
      for (const [firstName, lastName, email] of [['Carla', 'Smith', 'carla@example.com'], ['alan', 'Turing', 'at@example.com'], ['Bea', 'Smythe', 'bea@sample.org']]) {
        expect((await create({ firstName, lastName, email }, alice, shop)).status).toBe(201);
      }
      expect((await create({ firstName: 'Sandy', lastName: 'Box', email: 'sandy@example.com', testMode: true }, alice, shop)).status).toBe(201);
    });

    it('given no sort, then by firstName ascending, production only; testMode=true gives only the sandbox', async () => {
      const res = await list('', alice, shop);
      expect(names(res)).toEqual(['Bea', 'Carla', 'alan']);
      expect(res.body).toMatchObject({ total: 3, nextCursor: null });
      expect(names(await list('?testMode=true', alice, shop))).toEqual(['Sandy']);
    });

    it('given sorts and pages, then that order and nextCursor', async () => {
      expect(names(await list('?sort=lastName&order=desc', alice, shop))).toEqual(['alan', 'Bea', 'Carla']);
      const first = await list('?limit=2&sort=email', alice, shop);
      expect(names(first)).toEqual(['alan', 'Bea']);
      expect(names(await list(`?limit=2&sort=email&cursor=${first.body.nextCursor}`, alice, shop))).toEqual(['Carla']);
    });

    it('given q, then a case-insensitive prefix of firstName, lastName or e-mail from 3 characters', async () => {
      expect(names(await list('?q=smi', alice, shop))).toEqual(['Carla']);
      expect(names(await list('?q=SM', alice, shop))).toEqual(['Bea', 'Carla', 'alan']);
      expect(names(await list('?q=sm%20', alice, shop))).toEqual(['Bea', 'Carla', 'alan']);
      expect(names(await list('?q=sMy', alice, shop))).toEqual(['Bea']);
      expect(names(await list('?q=ALA', alice, shop))).toEqual(['alan']);
      expect(names(await list('?q=bea@', alice, shop))).toEqual(['Bea']);
      expect(names(await list('?q=san', alice, shop))).toEqual([]);
      expect(names(await list('?q=san&testMode=true', alice, shop))).toEqual(['Sandy']);
    });

    it('given 30 matches, then the search answers 25', async () => {
      const many = await createMerchant('customer-many');
      for (let n = 10; n < 40; n++) await create({ firstName: `Sam${n}`, email: `s${n}@example.com` }, alice, many);
      const res = await list('?q=sam', alice, many);
      expect(res.body.data).toHaveLength(25);
      expect(res.body).toMatchObject({ total: 25, nextCursor: null });
    });
  });

  it('given a stranger, another merchant’s key, a sandbox key on production and no token, then refused and nothing changes', async () => {
    const { body } = await create({ firstName: 'Guarded', email: 'g@example.com' });
    const tries = async (auth?: string) => {
      const as = <T extends { set(h: string, v: string): T }>(r: T) => (auth ? r.set('authorization', auth) : r);
      return Promise.all([
        as(svc.http().get(path(`/${body.id}`))),
        as(svc.http().post(path(`/${body.id}`))).send({ firstName: 'Changed' }),
        as(svc.http().delete(path(`/${body.id}`))),
        as(svc.http().get(path('?testMode=false'))),
        as(svc.http().post(path())).send({ firstName: 'Intruder', email: 'i@example.com', testMode: false }),
      ]);
    };
    expect((await tries()).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await tries(await bearer('bob'))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await tries(await bearer('apikey:o', { collection: 'merchants', id: other, testMode: false }))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await tries(await bearer('apikey:sb', { collection: 'merchants', id: merchant, testMode: true }))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ firstName: 'Guarded', version: 1 });
    expect((await list('?q=Intruder')).body.total).toBe(0);
    const prodKey = await bearer('apikey:p', { collection: 'merchants', id: merchant, testMode: false });
    expect((await svc.http().get(path(`/${body.id}`)).set('authorization', prodKey)).status).toBe(200);
  });
});

import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { bearerOf, catalogWith, createMerchant as registerMerchant, entityCalls } from '../entities.testkit';
import { modifiersRouter } from './http';
import { modifiers } from './projections';

const catalogWithModifiers = catalogWith(modifiersRouter, [modifiers]);

describe('modifiers API', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let other: string;
  const bearer = (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) => bearerOf(svc, uid, tenant);
  const createMerchant = (handle: string) => registerMerchant(svc, alice, handle);
  const { path, create, list } = entityCalls('modifiers', () => ({ svc, alice, merchant }));
  const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((c) => c.title);

  beforeAll(async () => {
    svc = await startTestService(catalogWithModifiers);
    alice = await bearer('alice');
    merchant = await createMerchant('modifier-shop');
    other = await createMerchant('modifier-other');
  });
  afterAll(() => svc.stop());

  it('given an empty form, then 400 "Title is required" and, for instructions, "Price is required"', async () => {
    const res = await create({ description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Title is required', instructions: 'Price is required' });
    expect((await list()).body.total).toBe(0);
  });

  it('given a modifier, then defaults, option ids and derived selections; partial update; delete', async () => {
    const res = await create({ title: 'Toppings', instructions: 'Choose up to two', options: [{ label: 'Cheese', additionalCost: 0.5 }, { id: 'o2', label: 'Ham' }] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: 'Modifier Created' });
    const one = () => svc.http().get(path(`/${res.body.id}`)).set('authorization', alice);
    const read = (await one()).body;
    expect(read).toMatchObject({
      title: 'Toppings', instructions: 'Choose up to two', description: '', testMode: false, merchantId: merchant, minSelections: 0, maxSelections: 1,
      rules: { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false },
      options: [
        { id: expect.any(String), label: 'Cheese', additionalCost: 0.5, additionalCalories: 0, preSelected: false },
        { id: 'o2', label: 'Ham', additionalCost: 0, additionalCalories: 0, preSelected: false },
      ],
    });
    const [created] = await svc.started.deps.eventStore.readStream(`modifier-${res.body.id}`);
    expect((created!.data as { options: object[] }).options).toEqual([
      { id: read.options[0].id, label: 'Cheese', additionalCostMinor: 50, additionalCalories: 0, preSelected: false },
      { id: 'o2', label: 'Ham', additionalCostMinor: 0, additionalCalories: 0, preSelected: false },
    ]);
    const updated = await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice)
      .send({ rules: { required: true, allowedMultiple: true, selectRestriction: 2 } });
    expect(updated.body).toEqual({ id: res.body.id, message: 'Modifier Updated' });
    expect((await one()).body).toMatchObject({ title: 'Toppings', options: read.options, minSelections: 1, maxSelections: 2, version: 2 });
    const blank = await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice).send({ instructions: '' });
    expect([blank.status, blank.body.errors]).toEqual([400, { instructions: 'Price is required' }]);
    expect((await svc.http().post(path(`/${res.body.id}`)).set('authorization', alice).set('if-match', '"1"').send({ title: 'Late' })).status).toBe(412);
    expect((await svc.http().delete(path(`/${res.body.id}`)).set('authorization', alice)).body).toEqual({ id: res.body.id, message: 'Modifier Deleted' });
    const gone = await one();
    expect([gone.status, gone.body.message]).toEqual([404, 'Modifier not found']);
  });

  it('given another merchant’s modifier id under this merchant, then 404', async () => {
    const theirs = await create({ title: 'Theirs', instructions: 'x' }, alice, other);
    const res = await svc.http().delete(path(`/${theirs.body.id}`)).set('authorization', alice);
    expect([res.status, res.body.message]).toEqual([404, 'Modifier not found']);
  });

  describe('lists', () => {
    let shop: string;
    beforeAll(async () => {
      shop = await createMerchant('modifier-list');
      for (const title of ['Sauces', 'Extras', 'Sides']) expect((await create({ title, instructions: 'x' }, alice, shop)).status).toBe(201);
      expect((await create({ title: 'Sandbox sauce', instructions: 'x', testMode: true }, alice, shop)).status).toBe(201);
    });

    it('given no sort, then by title ascending, production only; the sandbox apart', async () => {
      expect(titles(await list('', alice, shop))).toEqual(['Extras', 'Sauces', 'Sides']);
      expect(titles(await list('?testMode=true', alice, shop))).toEqual(['Sandbox sauce']);
      expect(titles(await list('?order=desc', alice, shop))).toEqual(['Sides', 'Sauces', 'Extras']);
      const first = await list('?limit=2', alice, shop);
      expect(titles(await list(`?limit=2&cursor=${first.body.nextCursor}`, alice, shop))).toEqual(['Sides']);
    });

    it('given q, then a title prefix from 3 characters, at most 25', async () => {
      expect(titles(await list('?q=sau', alice, shop))).toEqual(['Sauces']);
      expect(titles(await list('?q=SA', alice, shop))).toHaveLength(3);
      expect(titles(await list('?q=san', alice, shop))).toEqual([]);
      const many = await createMerchant('modifier-many');
      for (let n = 10; n < 40; n++) await create({ title: `Size ${n}`, instructions: 'x' }, alice, many);
      expect((await list('?q=siz', alice, many)).body).toMatchObject({ total: 25, nextCursor: null });
    });
  });

  it('given a stranger, another merchant’s key, a sandbox key on production and no token, then refused and nothing changes', async () => {
    const { body } = await create({ title: 'Guarded', instructions: 'x' });
    const tries = async (auth?: string) => {
      const as = <T extends { set(h: string, v: string): T }>(r: T) => (auth ? r.set('authorization', auth) : r);
      return Promise.all([
        as(svc.http().get(path(`/${body.id}`))),
        as(svc.http().post(path(`/${body.id}`))).send({ title: 'Changed' }),
        as(svc.http().delete(path(`/${body.id}`))),
        as(svc.http().get(path('?testMode=false'))),
        as(svc.http().post(path())).send({ title: 'Intruder', instructions: 'x', testMode: false }),
      ]);
    };
    expect((await tries()).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await tries(await bearer('bob'))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await tries(await bearer('apikey:o', { collection: 'merchants', id: other, testMode: false }))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await tries(await bearer('apikey:sb', { collection: 'merchants', id: merchant, testMode: true }))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ title: 'Guarded', version: 1 });
    expect((await list('?q=Intruder')).body.total).toBe(0);
  });
});

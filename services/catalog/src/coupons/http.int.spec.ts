import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { bearerOf, catalogWith, createMerchant as registerMerchant, entityCalls } from '../entities.testkit';
import { couponsRouter } from './http';
import { couponCodeClaims, coupons } from './projections';

const catalogWithCoupons = catalogWith(couponsRouter, [coupons], (schema) => [couponCodeClaims(schema).migration]);

describe('coupons API', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let other: string;
  const bearer = (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) => bearerOf(svc, uid, tenant);
  const createMerchant = (handle: string) => registerMerchant(svc, alice, handle);
  const { path, create, list } = entityCalls('coupons', () => ({ svc, alice, merchant }));
  const codes = (res: { body: { data: { code: string }[] } }) => res.body.data.map((c) => c.code);
  const coupon = (code: string, extra: object = {}) => ({ title: `Coupon ${code}`, code, type: 'PERCENTAGE', ...extra });

  beforeAll(async () => {
    svc = await startTestService(catalogWithCoupons, { sources: ['identity'] });
    alice = await bearer('alice');
    merchant = await createMerchant('coupon-shop');
    other = await createMerchant('other-shop');
  });
  afterAll(() => svc.stop());

  describe('validation (seed 001 §5)', () => {
    it('given an empty form, then 400 with title, code and type messages', async () => {
      const res = await create({});
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', code: 'Code is required', type: 'Discount type is required' });
    });

    it.each([
      [{ value: null }, { value: 'Discount value is required' }],
      [{ value: '' }, { value: 'Discount value is required' }],
      [{ value: 'ten' }, { value: 'Value must be a number' }],
      [{ minimumOrderAmount: null }, { minimumOrderAmount: 'Minimum order amount is required' }],
      [{ minimumOrderAmount: ' ' }, { minimumOrderAmount: 'Minimum order amount is required' }],
      [{ minimumOrderAmount: 'lots' }, { minimumOrderAmount: 'Value must be a number' }],
      [{ type: 'BOGO' }, { type: 'Discount type is required' }],
      [{ title: '   ' }, { title: 'Title is required' }],
      [{ code: '' }, { code: 'Code is required' }],
    ])('given %p, then 400 %p and nothing is stored', async (change, errors) => {
      const res = await create(coupon('INVALID', change));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]);
      expect((await list('?q=INVALID')).body.total).toBe(0);
    });

    it('given a percentage of 150 and a minimum order of -5, when the coupon is created, then one 400 names both fields and nothing is stored', async () => {
      const res = await create(coupon('BOTHBAD', { type: 'PERCENTAGE', value: 150, minimumOrderAmount: -5 }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ value: 'A percentage must be between 0 and 100', minimumOrderAmount: 'Value must be 0 or more' });
      expect(Object.values(res.body.errors)).toContain(res.body.message);
      expect((await list('?q=BOTHBAD')).body.total).toBe(0);
    });

    it('given an empty title, a blank code and a percentage of 150, when the coupon is created, then every field is named at once', async () => {
      const res = await create({ title: ' ', code: '', type: 'percentage', value: '150', minimumOrderAmount: 0 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', code: 'Code is required', value: 'A percentage must be between 0 and 100' });
    });

    it('given a percentage of 150 with no type, when the coupon is created, then only the type is named (a value is judged by its type)', async () => {
      const res = await create({ title: 'No type', code: 'NOTYPE', value: 150 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ type: 'Discount type is required' });
    });

    it('given value 0 and numeric form texts, then they are accepted as numbers', async () => {
      const zero = await create(coupon('zero', { value: 0, minimumOrderAmount: 0 }));
      expect(zero.status).toBe(201);
      const text = await create(coupon('texts', { type: 'fixed', value: '12.5', minimumOrderAmount: '20' }));
      expect(text.status).toBe(201);
      expect((await svc.http().get(path(`/${text.body.id}`)).set('authorization', alice)).body).toMatchObject({ type: 'FIXED', value: 12.5, minimumOrderAmount: 20 });
      const [event] = await svc.started.deps.eventStore.readStream(`coupon-${text.body.id}`);
      expect(event!.data).toMatchObject({ discount: { type: 'FIXED', amountOffMinor: 1250 }, minimumOrderAmountMinor: 2000 });
      expect(event!.data).not.toHaveProperty('value');
      await svc.http().delete(path(`/${zero.body.id}`)).set('authorization', alice);
      await svc.http().delete(path(`/${text.body.id}`)).set('authorization', alice);
    });
  });

  describe('create, read, update, delete', () => {
    it('given title, code and type only, then 201, the code in upper case and the seed defaults', async () => {
      const res = await create({ title: 'Welcome', code: ' welcome5 ', type: 'PERCENTAGE' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), message: 'Coupon Created' });
      expect(res.headers.etag).toBe('"1"');
      const read = await svc.http().get(path(`/${res.body.id}`)).set('authorization', alice);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        id: res.body.id, merchantId: merchant, testMode: false, title: 'Welcome', description: '', code: 'WELCOME5', type: 'PERCENTAGE',
        active: true, value: 0, minimumOrderAmount: 0, individualUse: true, timesRedeemed: 0, applyToAllProducts: true, products: [],
        createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
      });
      const events = await svc.started.deps.eventStore.readStream(`coupon-${res.body.id}`);
      expect(events.map((e) => e.type)).toEqual(['CouponCreated']);
      expect(events[0]!.data).toMatchObject({ couponId: res.body.id, merchantId: merchant, testMode: false });
    });

    it('given a percentage coupon, when only its type becomes FIXED, then its value reads the same in major units and the event says minor units', async () => {
      const { body } = await create(coupon('retype', { value: 15, minimumOrderAmount: 9.99 }));
      const [created] = await svc.started.deps.eventStore.readStream(`coupon-${body.id}`);
      expect(created!.data).toMatchObject({ discount: { type: 'PERCENTAGE', percentOff: 15 }, minimumOrderAmountMinor: 999 });
      await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ type: 'FIXED' }).expect(200);
      expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ type: 'FIXED', value: 15, minimumOrderAmount: 9.99 });
      const [, updated] = await svc.started.deps.eventStore.readStream(`coupon-${body.id}`);
      expect(updated!.data).toMatchObject({ discount: { type: 'FIXED', amountOffMinor: 1500 }, minimumOrderAmountMinor: 999 });
      await svc.http().delete(path(`/${body.id}`)).set('authorization', alice).expect(200);
    });

    it('given a coupon, when part of it is updated, then only those fields change; testMode in the body is ignored', async () => {
      const { body } = await create(coupon('partial', { value: 15, products: ['p1'], applyToAllProducts: false }));
      const res = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ active: false, code: 'partial2', testMode: true });
      expect(res.body).toEqual({ id: body.id, message: 'Coupon Updated' });
      expect(res.headers.etag).toBe('"2"');
      const read = (await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body;
      expect(read).toMatchObject({ code: 'PARTIAL2', active: false, value: 15, products: ['p1'], applyToAllProducts: false, testMode: false, title: 'Coupon partial' });
      expect(read.updatedAt >= read.createdAt).toBe(true);
    });

    it('given an invalid change, then 400 and the coupon is unchanged', async () => {
      const { body } = await create(coupon('keepme', { value: 5 }));
      const res = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ value: 'abc', title: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', value: 'Value must be a number' });
      expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ value: 5, version: 1 });
    });

    it('given a percentage coupon, when it is updated to 150 with a minimum order of -5, then one 400 names both fields and the coupon is unchanged', async () => {
      const { body } = await create(coupon('pctboth', { value: 10 }));
      const res = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ value: 150, minimumOrderAmount: -5 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ value: 'A percentage must be between 0 and 100', minimumOrderAmount: 'Value must be 0 or more' });
      expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ value: 10, minimumOrderAmount: 0, version: 1 });
    });

    it('given a fixed coupon of 150, when only its type becomes PERCENTAGE with an empty title, then both the kept value and the title are named', async () => {
      const { body } = await create(coupon('fixedpct', { type: 'FIXED', value: 150 }));
      const res = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ type: 'PERCENTAGE', title: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ title: 'Title is required', value: 'A percentage must be between 0 and 100' });
      expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body).toMatchObject({ type: 'FIXED', value: 150, version: 1 });
    });

    it('given two editors of version 1, when both save with If-Match, then the second gets 412', async () => {
      const { body } = await create(coupon('ifmatch'));
      const first = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).set('if-match', '"1"').send({ title: 'First' });
      expect(first.status).toBe(200);
      const second = await svc.http().post(path(`/${body.id}`)).set('authorization', alice).set('if-match', '"1"').send({ title: 'Second' });
      expect(second.status).toBe(412);
      expect((await svc.http().get(path(`/${body.id}`)).set('authorization', alice)).body.title).toBe('First');
    });

    it('given a coupon, when deleted, then "Coupon Deleted", then 404 "Coupon not found" for get, update and delete', async () => {
      const { body } = await create(coupon('gone'));
      const res = await svc.http().delete(path(`/${body.id}`)).set('authorization', alice);
      expect(res.body).toEqual({ id: body.id, message: 'Coupon Deleted' });
      for (const again of [
        svc.http().get(path(`/${body.id}`)).set('authorization', alice),
        svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ title: 'x' }),
        svc.http().delete(path(`/${body.id}`)).set('authorization', alice),
      ]) {
        const answer = await again;
        expect([answer.status, answer.body.message]).toEqual([404, 'Coupon not found']);
      }
    });

    it('given another merchant’s coupon id under this merchant, then 404 and it is unchanged', async () => {
      const theirs = await create(coupon('theirs'), alice, other);
      const read = await svc.http().get(path(`/${theirs.body.id}`)).set('authorization', alice);
      expect([read.status, read.body.message]).toEqual([404, 'Coupon not found']);
      expect((await svc.http().delete(path(`/${theirs.body.id}`)).set('authorization', alice)).status).toBe(404);
      expect((await svc.http().get(path(`/${theirs.body.id}`, other)).set('authorization', alice)).status).toBe(200);
    });

    it('given an unknown id, when updated, then 404 and no stream is created', async () => {
      const res = await svc.http().post(path('/nope')).set('authorization', alice).send({ title: 'x' });
      expect(res.status).toBe(404);
      expect(await svc.started.deps.eventStore.readStream('coupon-nope')).toEqual([]);
    });
  });

  describe('codes are unique per merchant and mode', () => {
    it('given a code, when another coupon takes it in any case, then 409 and nothing is stored', async () => {
      expect((await create(coupon('UNIQUE1'))).status).toBe(201);
      const res = await create(coupon('unique1'));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('A coupon with this code already exists');
      expect(res.body.errors).toEqual({ code: 'A coupon with this code already exists' });
      expect((await list('?q=UNIQUE1')).body.total).toBe(1);
    });

    it('given a code, then the sandbox and another merchant may use it', async () => {
      expect((await create(coupon('SHARED'))).status).toBe(201);
      expect((await create(coupon('SHARED', { testMode: true }))).status).toBe(201);
      expect((await create(coupon('SHARED'), alice, other)).status).toBe(201);
    });

    it('given a coupon whose code changed or that was deleted, then its old code is free again and the new one is taken', async () => {
      const renamed = await create(coupon('OLDCODE'));
      await svc.http().post(path(`/${renamed.body.id}`)).set('authorization', alice).send({ code: 'NEWCODE' });
      expect((await create(coupon('OLDCODE'))).status).toBe(201);
      expect((await create(coupon('NEWCODE'))).status).toBe(409);
      const keeps = await svc.http().post(path(`/${renamed.body.id}`)).set('authorization', alice).send({ code: 'newcode', title: 'Same code' });
      expect(keeps.status).toBe(200);

      const taken = await create(coupon('TAKEN'));
      const clash = await svc.http().post(path(`/${renamed.body.id}`)).set('authorization', alice).send({ code: 'TAKEN' });
      expect(clash.status).toBe(409);
      expect((await svc.http().get(path(`/${renamed.body.id}`)).set('authorization', alice)).body.code).toBe('NEWCODE');
      await svc.http().delete(path(`/${taken.body.id}`)).set('authorization', alice);
      expect((await create(coupon('TAKEN'))).status).toBe(201);
    });

    it('given three concurrent creates of one code, then exactly one succeeds', async () => {
      const results = await Promise.all([1, 2, 3].map(() => create(coupon('RACE'))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('lists', () => {
    let shop: string;
    beforeAll(async () => {
      shop = await createMerchant('list-shop');
      for (const [code, value] of [['CHARLIE', 5], ['ALPHA', 30], ['BRAVO', 10], ['DELTA', 20]] as const) {
        expect((await create(coupon(code, { value }), alice, shop)).status).toBe(201);
      }
      expect((await create(coupon('SANDBOX1', { testMode: true }), alice, shop)).status).toBe(201);
    });

    it('given no sort, then by code ascending, production only, with total', async () => {
      const res = await list('', alice, shop);
      expect(codes(res)).toEqual(['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA']);
      expect(res.body).toMatchObject({ total: 4, nextCursor: null });
    });

    it('given testMode=true, then only sandbox coupons', async () => {
      const res = await list('?testMode=true', alice, shop);
      expect(codes(res)).toEqual(['SANDBOX1']);
      expect(res.body.total).toBe(1);
    });

    it('given a sort and order, then that order; an unknown sort is 400', async () => {
      expect(codes(await list('?sort=value&order=desc', alice, shop))).toEqual(['ALPHA', 'DELTA', 'BRAVO', 'CHARLIE']);
      expect(codes(await list('?sort=code&order=desc', alice, shop))).toEqual(['DELTA', 'CHARLIE', 'BRAVO', 'ALPHA']);
      expect((await list('?sort=secret', alice, shop)).status).toBe(400);
    });

    it('given a limit, then pages follow nextCursor', async () => {
      const first = await list('?limit=3', alice, shop);
      expect(codes(first)).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
      expect(first.body.total).toBe(4);
      const second = await list(`?limit=3&cursor=${first.body.nextCursor}`, alice, shop);
      expect(codes(second)).toEqual(['DELTA']);
      expect(second.body.nextCursor).toBeNull();
    });

    it('given q of 3+ characters, then a case-insensitive prefix over code and title; shorter q is ignored', async () => {
      expect(codes(await list('?q=bra', alice, shop))).toEqual(['BRAVO']);
      expect(codes(await list('?q=coupon%20del', alice, shop))).toEqual(['DELTA']);
      expect(codes(await list('?q=rav', alice, shop))).toEqual([]);
      expect((await list('?q=br', alice, shop)).body.total).toBe(4);
      expect(codes(await list('?q=san&testMode=true', alice, shop))).toEqual(['SANDBOX1']);
      expect(codes(await list('?q=san', alice, shop))).toEqual([]);
    });

    it('given 30 matches, then a search answers the first 25 and no next page', async () => {
      const many = await createMerchant('many-coupons');
      for (let n = 10; n < 40; n++) await create(coupon(`MANY${n}`), alice, many);
      const res = await list('?q=many', alice, many);
      expect(res.body.data).toHaveLength(25);
      expect(res.body).toMatchObject({ total: 25, nextCursor: null });
      expect(codes(res)[0]).toBe('MANY10');
      expect((await list('', alice, many)).body.total).toBe(30);
    });
  });

  describe('authorization', () => {
    let target: string;
    let sandboxCoupon: string;
    beforeAll(async () => {
      target = (await create(coupon('GUARDED', { value: 7 }))).body.id;
      sandboxCoupon = (await create(coupon('GUARDEDSB', { testMode: true }))).body.id;
    });
    const attempts = (auth: string | undefined, id = target) => {
      const as = <T extends { set(h: string, v: string): T }>(r: T) => (auth ? r.set('authorization', auth) : r);
      return [
        as(svc.http().get(path())),
        as(svc.http().get(path(`/${id}`))),
        as(svc.http().post(path())).send(coupon('INTRUDER')),
        as(svc.http().post(path(`/${id}`))).send({ value: 99 }),
        as(svc.http().delete(path(`/${id}`))),
      ];
    };
    const unchanged = async () => {
      expect((await svc.http().get(path(`/${target}`)).set('authorization', alice)).body).toMatchObject({ value: 7, version: 1 });
      expect((await list('?q=INTRUDER')).body.total).toBe(0);
      expect((await list('?q=INTRUDER&testMode=true')).body.total).toBe(0);
    };

    it('given no token, then 401 everywhere and nothing changes', async () => {
      for (const res of await Promise.all(attempts(undefined))) expect(res.status).toBe(401);
      await unchanged();
    });

    it('given a user of another merchant, then 403 "You do not have access to this page." and nothing changes', async () => {
      const bob = await bearer('bob');
      for (const res of await Promise.all(attempts(bob))) expect([res.status, res.body.message]).toEqual([403, 'You do not have access to this page.']);
      await unchanged();
    });

    it('given another merchant’s API key, then 403 and nothing changes', async () => {
      const key = await bearer('apikey:other', { collection: 'merchants', id: other, testMode: false });
      for (const res of await Promise.all(attempts(key))) expect(res.status).toBe(403);
      await unchanged();
    });

    it('given a sandbox key of this merchant, then production coupons are refused, and it lists and creates in the sandbox', async () => {
      const key = await bearer('apikey:sb', { collection: 'merchants', id: merchant, testMode: true });
      const [, get, , update, remove] = attempts(key);
      for (const res of await Promise.all([get!, update!, remove!])) expect(res.status).toBe(403);
      expect((await list('?testMode=false', key)).status).toBe(403);
      expect((await create(coupon('KEYPROD', { testMode: false }), key)).status).toBe(403);
      await unchanged();

      expect(codes(await list('?q=GUARDED', key))).toEqual(['GUARDEDSB']);
      expect((await svc.http().get(path(`/${sandboxCoupon}`)).set('authorization', key)).status).toBe(200);
      const made = await create(coupon('KEYMADE'), key);
      expect(made.status).toBe(201);
      expect((await svc.http().get(path(`/${made.body.id}`)).set('authorization', alice)).body.testMode).toBe(true);
    });

    it('given a production key of this merchant, then it works on production coupons only', async () => {
      const key = await bearer('apikey:prod', { collection: 'merchants', id: merchant, testMode: false });
      expect((await svc.http().post(path(`/${target}`)).set('authorization', key).send({ description: 'by key' })).status).toBe(200);
      expect((await svc.http().get(path(`/${sandboxCoupon}`)).set('authorization', key)).status).toBe(403);
      expect((await list('?testMode=true', key)).status).toBe(403);
      await svc.http().post(path(`/${target}`)).set('authorization', alice).send({ description: '' });
    });

    it('given a team member granted by identity, then they read and write coupons', async () => {
      await svc.grant({ uid: 'carol', tenantId: merchant });
      const carol = await bearer('carol');
      expect((await create(coupon('BYCAROL'), carol)).status).toBe(201);
    });
  });
});

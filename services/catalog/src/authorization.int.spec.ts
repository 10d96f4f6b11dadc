import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from './index';
import { serviceOrderId, serviceOrders } from './services/projections';

/**
 * Every catalog route that takes a merchant id (the six entities, and the merchant itself: read,
 * settings, test data), against every caller who must be refused: each
 * refusal has the right status and message, and nothing changes (A's lists in both modes, the
 * catalog log). Merchant A: alice admin, carol team member (granted by identity). Merchant B: bob.
 */

type Method = 'get' | 'post' | 'delete';
type Route = { name: string; method: Method; path: string; body?: object; productionData: boolean };
type Caller = { name: string; uid?: string; auth?: string; refuses(route: Route): boolean; status: number; message: string };
type Entity = { name: string; notFound: string; body(tag: string): object; update: object };
type Ids = { production: string; sandbox: string };

const noAccess = 'You do not have access to this page.';

/** Valid bodies, as in each slice's http.int.spec.ts; `tag` keeps coupon codes unique. */
const entities: Entity[] = [
  { name: 'coupons', notFound: 'Coupon not found', body: (tag) => ({ title: `Coupon ${tag}`, code: tag, type: 'PERCENTAGE' }), update: { description: 'changed' } },
  { name: 'customers', notFound: 'Customer not found', body: (tag) => ({ firstName: tag, email: `${tag.toLowerCase()}@example.com` }), update: { lastName: 'Changed' } },
  { name: 'modifiers', notFound: 'Modifier not found', body: (tag) => ({ title: tag, instructions: 'x' }), update: { description: 'changed' } },
  { name: 'products', notFound: 'Product not found', body: (tag) => ({ title: tag, price: 5 }), update: { description: 'changed' } },
  { name: 'menus', notFound: 'Menu not found', body: (tag) => ({ title: tag }), update: { description: 'changed' } },
  { name: 'services', notFound: 'Service not found', body: (tag) => ({ title: tag, price: 10, duration: 15 }), update: { description: 'changed' } },
];

describe('authorization of the catalog routes', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let carol: string;
  let staff: string;
  let keyB: string;
  let sandboxKeyA: string;
  let A: string;
  let B: string;
  /** A's production and sandbox record of each entity; B's production record of each entity. */
  const recordsA: Record<string, Ids> = {};
  const recordsB: Record<string, string> = {};
  const idsA = (entity: string): Ids => recordsA[entity] ?? { production: '', sandbox: '' };
  const idB = (entity: string): string => recordsB[entity] ?? '';
  let routes: Route[];
  let callers: Caller[];

  const bearer = async (uid: string, extra: { claims?: Record<string, unknown>; tenant?: { collection: 'merchants'; id: string; testMode: boolean } } = {}) =>
    `Bearer ${await svc.tokenFor({ uid, ...extra })}`;
  const send = (method: Method, path: string, auth?: string, body?: object) => {
    const req = svc.http()[method](path);
    if (auth) req.set('authorization', auth);
    return body ? req.send(body) : req;
  };
  const create = async (auth: string, merchant: string, entity: Entity, body: object) => {
    const res = await send('post', `/v1/merchants/${merchant}/${entity.name}`, auth, body);
    expect([entity.name, res.status]).toEqual([entity.name, 201]);
    return res.body.id as string;
  };

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity'] });
    [alice, bob, carol, staff] = [await bearer('alice'), await bearer('bob'), await bearer('carol'), await bearer('staff', { claims: { admin: true } })];
    A = (await send('post', '/v1/merchants/create', alice, { name: 'Shop A', handle: 'shop-a' })).body.id;
    B = (await send('post', '/v1/merchants/create', bob, { name: 'Shop B', handle: 'shop-b' })).body.id;
    keyB = await bearer('apikey:kB', { tenant: { collection: 'merchants', id: B, testMode: false } });
    sandboxKeyA = await bearer('apikey:kA', { tenant: { collection: 'merchants', id: A, testMode: true } });

    await svc.grant({ uid: 'carol', tenantId: A });

    for (const entity of entities) {
      recordsA[entity.name] = {
        production: await create(alice, A, entity, { ...entity.body('APROD'), testMode: false }),
        sandbox: await create(alice, A, entity, { ...entity.body('ASANDBOX'), testMode: true }),
      };
      recordsB[entity.name] = await create(bob, B, entity, { ...entity.body('BPROD'), testMode: false });
    }

    const a = `/v1/merchants/${A}`;
    routes = entities.flatMap((entity): Route[] => {
      const base = `${a}/${entity.name}`;
      const { production, sandbox } = idsA(entity.name);
      return [
        { name: `${entity.name}: list production`, method: 'get', path: `${base}?testMode=false`, productionData: true },
        { name: `${entity.name}: list sandbox`, method: 'get', path: `${base}?testMode=true`, productionData: false },
        { name: `${entity.name}: read a production record`, method: 'get', path: `${base}/${production}`, productionData: true },
        { name: `${entity.name}: read a sandbox record`, method: 'get', path: `${base}/${sandbox}`, productionData: false },
        { name: `${entity.name}: create a production record`, method: 'post', path: base, body: { ...entity.body('INTRUDER'), testMode: false }, productionData: true },
        { name: `${entity.name}: create a sandbox record`, method: 'post', path: base, body: { ...entity.body('INTRUDERBOX'), testMode: true }, productionData: false },
        { name: `${entity.name}: update a production record`, method: 'post', path: `${base}/${production}`, body: entity.update, productionData: true },
        { name: `${entity.name}: update a sandbox record`, method: 'post', path: `${base}/${sandbox}`, body: entity.update, productionData: false },
        { name: `${entity.name}: delete a production record`, method: 'delete', path: `${base}/${production}`, productionData: true },
        { name: `${entity.name}: delete a sandbox record`, method: 'delete', path: `${base}/${sandbox}`, productionData: false },
      ];
    });
    routes.push({
      name: 'services: save the order',
      method: 'post',
      path: `${a}/services/order`,
      body: { ids: [idsA('services').sandbox, idsA('services').production] },
      productionData: false,
    });
    routes.push({ name: 'services: save the order in production', method: 'post', path: `${a}/services/order`, body: { ids: [], testMode: false }, productionData: true });

    const everywhere = () => true;
    callers = [
      { name: 'an anonymous caller', refuses: everywhere, status: 401, message: 'Sign in required' },
      { name: "bob, B's admin", uid: 'bob', auth: bob, refuses: everywhere, status: 403, message: noAccess },
      { name: 'a platform admin who is no member', uid: 'staff', auth: staff, refuses: everywhere, status: 403, message: noAccess },
      { name: "B's production key", uid: 'apikey:kB', auth: keyB, refuses: everywhere, status: 403, message: noAccess },
      { name: "A's sandbox key, on production data", uid: 'apikey:kA', auth: sandboxKeyA, refuses: (route) => route.productionData, status: 403, message: noAccess },
    ];
  });
  afterAll(() => svc.stop());

  const listOf = async (merchant: string, entity: string, testMode: boolean, auth = alice) => {
    const res = await send('get', `/v1/merchants/${merchant}/${entity}?testMode=${testMode}`, auth);
    expect([entity, testMode, res.status]).toEqual([entity, testMode, 200]);
    return res.body as { data: Array<{ id: string; testMode: boolean }>; total: number };
  };

  /** What must not change: A's lists (both modes, every entity) as alice sees them, B's, and the catalog log's head. */
  const snapshot = async () => {
    const lists: Record<string, unknown> = {};
    for (const entity of entities) {
      lists[`A ${entity.name} production`] = await listOf(A, entity.name, false);
      lists[`A ${entity.name} sandbox`] = await listOf(A, entity.name, true);
      lists[`B ${entity.name} production`] = await listOf(B, entity.name, false, bob);
    }
    return { lists, head: await svc.started.deps.eventStore.headPosition() };
  };

  it("given the setup, then A has one production and one sandbox record of each entity, and B one of its own", async () => {
    for (const entity of entities) {
      expect((await listOf(A, entity.name, false)).data.map((r) => r.id)).toEqual([idsA(entity.name).production]);
      expect((await listOf(A, entity.name, true)).data.map((r) => r.id)).toEqual([idsA(entity.name).sandbox]);
      expect((await listOf(B, entity.name, false, bob)).data.map((r) => r.id)).toEqual([idB(entity.name)]);
    }
  });

  it("given each refused caller on each of A's routes, then the right status and message, and nothing changes", async () => {
    const before = await snapshot();
    const answers: string[] = [];
    const expected: string[] = [];
    for (const caller of callers) {
      for (const route of routes.filter((r) => caller.refuses(r))) {
        const res = await send(route.method, route.path, caller.auth, route.body);
        answers.push(`${caller.name} / ${route.name}: ${res.status} ${res.body.message}`);
        expected.push(`${caller.name} / ${route.name}: ${caller.status} ${caller.message}`);
      }
    }
    expect(answers).toEqual(expected);
    // 62 routes for four callers, and the 5 production routes of each entity and the order's for A's sandbox key.
    expect(answers.length).toBe(4 * (entities.length * 10 + 2) + entities.length * 5 + 1);
    expect(await snapshot()).toEqual(before);
    // The service order is a read model written without an event: no refused caller has one for A.
    for (const uid of callers.flatMap((c) => (c.uid ? [c.uid] : []))) {
      expect([uid, await svc.started.deps.readModels.collection(serviceOrders).get(serviceOrderId(A, uid))]).toEqual([uid, null]);
    }
  });

  it("given each refused caller on A's tenant routes (read, settings, import, delete test data), then the right status and message, and nothing changes", async () => {
    const a = `/v1/merchants/${A}`;
    // Who may: read, any member and either key of A; settings, admins and A's production key; test data, admins and A's sandbox key.
    const tenantRoutes: Array<Route & { admin: boolean }> = [
      { name: 'read the merchant', method: 'get', path: a, productionData: false, admin: false },
      { name: 'save checkoutOptions', method: 'post', path: a, body: { checkoutOptions: { paused: true } }, productionData: true, admin: true },
      { name: 'save details', method: 'post', path: a, body: { details: { description: 'Intruder' } }, productionData: true, admin: true },
      { name: 'import test data', method: 'post', path: `${a}/import`, body: { merchant: 'nope' }, productionData: false, admin: true },
      { name: 'delete test data', method: 'post', path: `${a}/delete-test-data`, body: { teleport: { delete: 'DELETE' } }, productionData: false, admin: true },
    ];
    // The settings change what the storefront shows: a sandbox key is told it needs the production key.
    const sandboxKeyOnSettings = 'A sandbox API key cannot change what your storefront shows. Use a production API key.';
    const tenantCallers: Caller[] = [
      ...callers.map((c) => (c.uid === 'apikey:kA' ? { ...c, message: sandboxKeyOnSettings } : c)),
      { name: "carol, A's team member, on admin routes", uid: 'carol', auth: carol, refuses: (route) => (route as Route & { admin: boolean }).admin, status: 403, message: noAccess },
    ];
    const merchantA = async () => (await send('get', a, alice)).body as object;
    const before = { ...(await snapshot()), merchant: await merchantA() };
    const answers: string[] = [];
    const expected: string[] = [];
    for (const caller of tenantCallers) {
      for (const route of tenantRoutes.filter((r) => caller.refuses(r))) {
        const res = await send(route.method, route.path, caller.auth, route.body);
        answers.push(`${caller.name} / ${route.name}: ${res.status} ${res.body.message}`);
        expected.push(`${caller.name} / ${route.name}: ${caller.status} ${caller.message}`);
      }
    }
    expect(answers).toEqual(expected);
    // 5 routes for four callers, the 2 settings routes for A's sandbox key, the 4 admin routes for carol.
    expect(answers.length).toBe(4 * 5 + 2 + 4);
    expect({ ...(await snapshot()), merchant: await merchantA() }).toEqual(before);
  });

  it("given alice using A's path with B's record ids, then 404 and nothing changes", async () => {
    const before = await snapshot();
    const answers: string[] = [];
    const expected: string[] = [];
    for (const entity of entities) {
      const path = `/v1/merchants/${A}/${entity.name}/${idB(entity.name)}`;
      const cases: Array<[Method, object | undefined]> = [['get', undefined], ['post', entity.update], ['delete', undefined]];
      for (const [method, body] of cases) {
        const res = await send(method, path, alice, body);
        answers.push(`${method} ${path}: ${res.status} ${res.body.message}`);
        expected.push(`${method} ${path}: 404 ${entity.notFound}`);
      }
    }
    expect(answers).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });

  it("given carol, A's team member, then she reads and writes every entity and saves her order", async () => {
    for (const entity of entities) {
      const base = `/v1/merchants/${A}/${entity.name}`;
      const { production, sandbox } = idsA(entity.name);
      expect((await listOf(A, entity.name, false, carol)).data.map((r) => r.id)).toEqual([production]);
      expect((await listOf(A, entity.name, true, carol)).data.map((r) => r.id)).toEqual([sandbox]);
      expect([entity.name, (await send('get', `${base}/${production}`, carol)).status]).toEqual([entity.name, 200]);
      expect([entity.name, (await send('get', `${base}/${sandbox}`, carol)).status]).toEqual([entity.name, 200]);
      const own = await create(carol, A, entity, { ...entity.body('CAROL'), testMode: false });
      expect([entity.name, (await send('post', `${base}/${own}`, carol, entity.update)).status]).toEqual([entity.name, 200]);
      expect([entity.name, (await send('post', `${base}/${production}`, carol, entity.update)).status]).toEqual([entity.name, 200]);
      expect([entity.name, (await send('delete', `${base}/${own}`, carol)).status]).toEqual([entity.name, 200]);
      expect([entity.name, (await send('get', `${base}/${own}`, carol)).status]).toEqual([entity.name, 404]);
    }
    const saved = await send('post', `/v1/merchants/${A}/services/order`, carol, { ids: [idsA('services').production] });
    expect([saved.status, saved.body]).toEqual([200, { message: 'Order saved' }]);
  });

  it('given the rightful callers, then the same routes answer (the refusals above are not a broken route)', async () => {
    for (const [who, auth, testMode] of [['alice', alice, false], ['alice', alice, true], ["A's sandbox key", sandboxKeyA, true]] as const) {
      for (const entity of entities) {
        const base = `/v1/merchants/${A}/${entity.name}`;
        const record = testMode ? idsA(entity.name).sandbox : idsA(entity.name).production;
        const label = `${who} / ${entity.name} / testMode=${testMode}`;
        const page = await listOf(A, entity.name, testMode, auth);
        expect([label, page.data.map((r) => r.id)]).toEqual([label, [record]]);
        const read = await send('get', `${base}/${record}`, auth);
        expect([label, read.status, read.body.id, read.body.testMode]).toEqual([label, 200, record, testMode]);
        expect([label, (await send('post', `${base}/${record}`, auth, entity.update)).status]).toEqual([label, 200]);
        const created = await send('post', base, auth, { ...entity.body(`NEW${testMode ? 'BOX' : 'LIVE'}${who === 'alice' ? 'A' : 'K'}`), testMode });
        expect([label, created.status]).toEqual([label, 201]);
        const fresh = await send('get', `${base}/${created.body.id}`, auth);
        expect([label, fresh.status, fresh.body.testMode]).toEqual([label, 200, testMode]);
        expect([label, (await send('delete', `${base}/${created.body.id}`, auth)).status]).toEqual([label, 200]);
      }
    }
    for (const auth of [alice, sandboxKeyA]) {
      const saved = await send('post', `/v1/merchants/${A}/services/order`, auth, { ids: [idsA('services').sandbox] });
      expect([saved.status, saved.body]).toEqual([200, { message: 'Order saved' }]);
    }
  });

  describe('the default mode: without testMode, an API key works in its own mode', () => {
    const keyOfA = (testMode: boolean) => bearer(`apikey:default-${testMode}`, { tenant: { collection: 'merchants', id: A, testMode } });

    it.each([
      ['sandbox', true],
      ['production', false],
    ] as const)("given A's %s key and no testMode, then each entity is created and listed in that mode", async (_mode, testMode) => {
      const key = await keyOfA(testMode);
      for (const entity of entities) {
        const label = `${entity.name} / testMode=${testMode}`;
        const created = await send('post', `/v1/merchants/${A}/${entity.name}`, key, entity.body(testMode ? 'KEYBOX' : 'KEYLIVE'));
        expect([label, created.status]).toEqual([label, 201]);
        expect([label, (await send('get', `/v1/merchants/${A}/${entity.name}/${created.body.id}`, alice)).body.testMode]).toEqual([label, testMode]);
        const page = await send('get', `/v1/merchants/${A}/${entity.name}`, key);
        const listed = (page.body.data as Array<{ id: string; testMode: boolean }>).map((r) => [r.id, r.testMode]);
        expect([label, page.status, listed]).toEqual([label, 200, expect.arrayContaining([[created.body.id, testMode]])]);
        expect([label, listed.every(([, mode]) => mode === testMode)]).toEqual([label, true]);
        expect([label, (await send('delete', `/v1/merchants/${A}/${entity.name}/${created.body.id}`, key)).status]).toEqual([label, 200]);
      }
      const saved = await send('post', `/v1/merchants/${A}/services/order`, key, { ids: [] });
      expect([saved.status, saved.body]).toEqual([200, { message: 'Order saved' }]);
    });

    it("given A's sandbox key asking for testMode false, then 403 on every create, list and the order, and nothing is written", async () => {
      const key = await keyOfA(true);
      const order = () => svc.started.deps.readModels.collection(serviceOrders).get(serviceOrderId(A, 'apikey:default-true'));
      const before = { ...(await snapshot()), order: await order() };
      const answers: string[] = [];
      for (const entity of entities) {
        const base = `/v1/merchants/${A}/${entity.name}`;
        answers.push(`create ${entity.name}: ${(await send('post', base, key, { ...entity.body('KEYASKSLIVE'), testMode: false })).status}`);
        answers.push(`list ${entity.name}: ${(await send('get', `${base}?testMode=false`, key)).status}`);
      }
      answers.push(`order: ${(await send('post', `/v1/merchants/${A}/services/order`, key, { ids: [], testMode: false })).status}`);
      expect(answers).toEqual([...entities.flatMap((e) => [`create ${e.name}: 403`, `list ${e.name}: 403`]), 'order: 403']);
      expect({ ...(await snapshot()), order: await order() }).toEqual(before);
    });
  });
});

import { startTagsTestService, type TagsTestService } from './testing';

/**
 * Every tag route of a tenant, against every caller who must be refused: each refusal has the
 * right status and message, and nothing changes (A's lists in both modes, B's list, the public
 * codes and the tags log's head). Merchant A: alice admin, carol team member. Merchant B: bob.
 */

type Method = 'get' | 'post' | 'delete';
type Route = { name: string; method: Method; path: string; body?: object; mode: 'production' | 'sandbox' };
type Caller = { name: string; auth?: string; refuses(route: Route): boolean; status: number; message: string };

const noAccess = 'You do not have access to this page.';
const A = { collection: 'merchants', id: 'm-a' } as const;
const B = { collection: 'merchants', id: 'm-b' } as const;

describe('authorization of the tag routes', () => {
  let svc: TagsTestService;
  let alice: string;
  let bob: string;
  let carol: string;
  const tagsA = { production: '', sandbox: '' };
  let tagB = '';
  let routes: Route[];
  let callers: Caller[];

  const send = (method: Method, path: string, auth?: string, body?: object) => {
    const req = svc.http()[method](path);
    if (auth) req.set('authorization', auth);
    return body ? req.send(body) : req;
  };
  const create = async (auth: string, tenant: { id: string }, body: object) => {
    const res = await send('post', `/v1/merchants/${tenant.id}/tags`, auth, body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const listOf = async (tenant: { id: string }, testMode: boolean, auth = alice) => {
    const res = await send('get', `/v1/merchants/${tenant.id}/tags?testMode=${testMode}`, auth);
    expect([tenant.id, testMode, res.status]).toEqual([tenant.id, testMode, 200]);
    return res.body as { data: { id: string; code: string; name: string; version: number }[]; total: number };
  };

  /** What must not change: A's lists (both modes), B's list, what each code resolves to, and the log's head. */
  const snapshot = async () => {
    const lists = { aProduction: await listOf(A, false), aSandbox: await listOf(A, true), bProduction: await listOf(B, false, bob) };
    const codes = [...lists.aProduction.data, ...lists.aSandbox.data, ...lists.bProduction.data].map((t) => t.code);
    // The intruders' serials must stay free: they resolve to nothing.
    const resolved = await Promise.all([...codes, 'INTRUDER-production', 'INTRUDER-sandbox'].map(async (code) => (await send('get', `/v1/tags/${code}`)).body));
    return { lists, resolved, head: await svc.started.deps.eventStore.headPosition() };
  };

  beforeAll(async () => {
    svc = await startTagsTestService();
    [alice, bob, carol] = [await svc.bearer('alice'), await svc.bearer('bob'), await svc.bearer('carol')];
    await svc.grant('alice', A);
    await svc.grant('carol', A, 'teamMember');
    await svc.grant('bob', B);
    const staff = await svc.bearer('staff', { claims: { admin: true } });
    const keyB = await svc.bearer('apikey:kB', { key: { ...B, testMode: false } });
    const sandboxKeyA = await svc.bearer('apikey:kA', { key: { ...A, testMode: true } });
    const productionKeyA = await svc.bearer('apikey:pA', { key: { ...A, testMode: false } });

    const metadata = [{ key: 'Table', value: '1' }, { key: 'Note', value: 'private', visible: false }];
    tagsA.production = await create(alice, A, { name: 'A prod', metadata, testMode: false });
    tagsA.sandbox = await create(alice, A, { name: 'A sandbox', metadata, testMode: true });
    tagB = await create(bob, B, { name: 'B prod', metadata });

    const base = `/v1/merchants/${A.id}/tags`;
    routes = (['production', 'sandbox'] as const).flatMap((mode): Route[] => {
      const testMode = mode === 'sandbox';
      const id = tagsA[mode];
      return [
        { name: `list ${mode}`, method: 'get', path: `${base}?testMode=${testMode}`, mode },
        { name: `read a ${mode} tag`, method: 'get', path: `${base}/${id}`, mode },
        { name: `create a ${mode} tag`, method: 'post', path: base, body: { name: 'Intruder', testMode }, mode },
        { name: `activate a ${mode} tag`, method: 'post', path: `${base}/activate/INTRUDER-${mode}`, body: { name: 'Intruder', nfc: true, testMode }, mode },
        { name: `update a ${mode} tag`, method: 'post', path: `${base}/${id}`, body: { name: 'Changed', metadata: [] }, mode },
        { name: `delete a ${mode} tag`, method: 'delete', path: `${base}/${id}`, mode },
      ];
    });

    const everywhere = () => true;
    callers = [
      { name: 'an anonymous caller', refuses: everywhere, status: 401, message: 'Sign in required' },
      { name: "bob, B's admin", auth: bob, refuses: everywhere, status: 403, message: noAccess },
      { name: 'a platform admin who is no member', auth: staff, refuses: everywhere, status: 403, message: noAccess },
      { name: "B's production key", auth: keyB, refuses: everywhere, status: 403, message: noAccess },
      { name: "A's sandbox key, on production data", auth: sandboxKeyA, refuses: (route) => route.mode === 'production', status: 403, message: noAccess },
      { name: "A's production key, on sandbox data", auth: productionKeyA, refuses: (route) => route.mode === 'sandbox', status: 403, message: noAccess },
    ];
  });
  afterAll(() => svc.stop());

  it('given the setup, then A has one production and one sandbox tag, and B one of its own', async () => {
    expect((await listOf(A, false)).data.map((t) => t.id)).toEqual([tagsA.production]);
    expect((await listOf(A, true)).data.map((t) => t.id)).toEqual([tagsA.sandbox]);
    expect((await listOf(B, false, bob)).data.map((t) => t.id)).toEqual([tagB]);
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
    // 12 routes for four callers, and the 6 routes of the other mode for each of A's keys.
    expect(answers.length).toBe(4 * 12 + 2 * 6);
    expect(await snapshot()).toEqual(before);
  });

  it("given alice on A's path with B's tag id, or on the venue with A's id, then 404 or 403, and nothing changes", async () => {
    const before = await snapshot();
    const path = `/v1/merchants/${A.id}/tags/${tagB}`;
    for (const [method, body] of [['get', undefined], ['post', { name: 'Mine' }], ['delete', undefined]] as const) {
      const res = await send(method, path, alice, body);
      expect([method, res.status, res.body.message]).toEqual([method, 404, 'Tag not found']);
    }
    const venue = await send('post', `/v1/venues/${A.id}/tags`, alice, { name: 'Not a venue of hers' });
    expect([venue.status, venue.body.message]).toEqual([403, noAccess]);
    expect(await snapshot()).toEqual(before);
  });

  it("given carol, A's team member, then she reads and writes A's tags in both modes", async () => {
    const base = `/v1/merchants/${A.id}/tags`;
    expect((await listOf(A, true, carol)).data.map((t) => t.id)).toEqual([tagsA.sandbox]);
    expect((await send('get', `${base}/${tagsA.production}`, carol)).status).toBe(200);
    const own = await create(carol, A, { name: 'Carol', testMode: true });
    expect((await send('post', `${base}/${own}`, carol, { name: 'Carol 2' })).body).toEqual({ id: own, message: 'Tag Updated' });
    expect((await send('delete', `${base}/${own}`, carol)).body).toEqual({ id: own, message: 'Tag Deleted' });
  });

  it('given the rightful callers, then every refused route answers (the refusals above are not a broken route)', async () => {
    for (const route of routes.filter((r) => r.method !== 'delete')) {
      const res = await send(route.method, route.path, alice, route.body);
      expect([route.name, res.status < 300]).toEqual([route.name, true]);
    }
    for (const route of routes.filter((r) => r.method === 'delete')) {
      expect([route.name, (await send(route.method, route.path, alice)).status]).toEqual([route.name, 200]);
    }
  });
});

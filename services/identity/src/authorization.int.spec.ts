import { startIdentityWorld, type IdentityWorld, type Person } from './tenants/testing';

/**
 * Every identity route that takes a tenant or user id, against every caller who must be refused:
 * each refusal has the right status and message, and nothing changes (A's users and keys, the log).
 * Merchant A: alice admin, carol team member. Merchant B: bob admin.
 */

type Method = 'get' | 'post' | 'delete';
/** `managesAccess`: it changes the team or the API keys, which an API key may never do (docs/identity-api.md). */
type Route = { name: string; method: Method; path: string; body?: object; adminOnly: boolean; productionData: boolean; managesAccess?: boolean };
type Caller = { name: string; auth?: string; refuses(route: Route): boolean; status: number; message: string };

const noAccess = 'You do not have access to this page.';
const keyCannotManage = 'An API key cannot manage the team or API keys. Sign in to the dashboard as an admin to do this.';
const invitedEmail = 'eve.invited@example.com';

describe('authorization of team users and API keys', () => {
  let world: IdentityWorld;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let staff: Person;
  /** A's keys: one production, one sandbox; B's production key and a token exchanged for it. */
  const keys = { liveA: { id: '', apiKey: '' }, testA: { id: '', apiKey: '' }, liveB: { id: '', apiKey: '' }, tokenB: '' };
  let routes: Route[];
  let callers: Caller[];

  beforeAll(async () => {
    world = await startIdentityWorld();
    [alice, bob, carol, staff] = [await world.person('Alice'), await world.person('Bob'), await world.person('Carol'), await world.person('Staff', { admin: true })];
    await world.tenant('merchants', 'A', alice);
    await world.tenant('merchants', 'B', bob);
    const added = await world.svc.http().post('/v1/merchants/A/users/add').set('authorization', alice.auth).send({ firstName: 'Carol', lastName: 'Tester', email: carol.email, role: 'teamMember' });
    expect(added.status).toBe(201);
    const createKey = async (who: Person, tenant: string, testMode: boolean) =>
      (await world.svc.http().post(`/v1/merchants/${tenant}/api-keys`).set('authorization', who.auth).send({ title: `${tenant} ${testMode}`, testMode })).body as { id: string; apiKey: string };
    keys.liveA = await createKey(alice, 'A', false);
    keys.testA = await createKey(alice, 'A', true);
    keys.liveB = await createKey(bob, 'B', false);
    keys.tokenB = (await world.svc.http().post('/v1/auth/api-key-token').send({ apiKey: keys.liveB.apiKey })).body.token;

    const a = '/v1/merchants/A';
    routes = [
      { name: 'list team users', method: 'get', path: `${a}/users`, adminOnly: false, productionData: true },
      { name: 'add a team user', method: 'post', path: `${a}/users/add`, body: { firstName: 'Eve', lastName: 'Invited', email: invitedEmail, role: 'admin' }, adminOnly: true, productionData: true, managesAccess: true },
      { name: 'set a role', method: 'post', path: `${a}/users/${carol.uid}/set-role`, body: { role: 'admin' }, adminOnly: true, productionData: true, managesAccess: true },
      { name: 'remove a team user', method: 'delete', path: `${a}/users/${carol.uid}`, adminOnly: true, productionData: true, managesAccess: true },
      { name: 'list production keys', method: 'get', path: `${a}/api-keys?testMode=false`, adminOnly: true, productionData: true },
      { name: 'list keys', method: 'get', path: `${a}/api-keys`, adminOnly: true, productionData: false },
      { name: 'read a production key', method: 'get', path: `${a}/api-keys/${keys.liveA.id}`, adminOnly: true, productionData: true },
      { name: 'create a production key', method: 'post', path: `${a}/api-keys`, body: { title: 'intruder', testMode: false }, adminOnly: true, productionData: true, managesAccess: true },
      { name: 'rename a production key', method: 'post', path: `${a}/api-keys/${keys.liveA.id}`, body: { title: 'hacked' }, adminOnly: true, productionData: true, managesAccess: true },
      { name: 'delete a production key', method: 'delete', path: `${a}/api-keys/${keys.liveA.id}`, adminOnly: true, productionData: true, managesAccess: true },
    ];
    const everywhere = () => true;
    callers = [
      { name: 'an anonymous caller', refuses: everywhere, status: 401, message: 'Sign in required' },
      { name: "bob, B's admin", auth: bob.auth, refuses: everywhere, status: 403, message: noAccess },
      { name: 'a platform admin who is no member', auth: staff.auth, refuses: everywhere, status: 403, message: noAccess },
      { name: "B's production key", auth: `Bearer ${keys.liveB.apiKey}`, refuses: everywhere, status: 403, message: noAccess },
      { name: "a token exchanged for B's key", auth: `Bearer ${keys.tokenB}`, refuses: everywhere, status: 403, message: noAccess },
      { name: "A's sandbox key, on production data", auth: `Bearer ${keys.testA.apiKey}`, refuses: (route) => route.productionData, status: 403, message: noAccess },
      { name: "carol, A's team member, on admin routes", auth: carol.auth, refuses: (route) => route.adminOnly, status: 403, message: noAccess },
      // Its own tenant and mode, yet no key manages access (deleting itself excepted: the last route deletes A's production key).
      { name: "A's production key, on the team and the keys", auth: `Bearer ${keys.liveA.apiKey}`, refuses: (route) => !!route.managesAccess && route.name !== 'delete a production key', status: 403, message: keyCannotManage },
    ];
  });
  afterAll(() => world.stop());

  const send = (method: Method, path: string, auth?: string, body?: object) => {
    const req = world.svc.http()[method](path);
    if (auth) req.set('authorization', auth);
    return body ? req.send(body) : req;
  };

  /** What must not change: A's team and keys as alice sees them, and the identity log's head. */
  const snapshot = async () => ({
    users: (await send('get', '/v1/merchants/A/users', alice.auth)).body.data,
    keys: (await send('get', '/v1/merchants/A/api-keys', alice.auth)).body.data,
    bTeam: (await send('get', '/v1/merchants/B/users', bob.auth)).body.data,
    head: await world.svc.started.deps.eventStore.headPosition(),
  });

  it('given the setup, then A has alice (admin) and carol (team member) and two keys', async () => {
    const { users, keys: listed } = await snapshot();
    expect(users.map((u: { uid: string; role: string }) => [u.uid, u.role])).toEqual([
      [alice.uid, 'admin'],
      [carol.uid, 'teamMember'],
    ]);
    expect(listed.map((k: { id: string }) => k.id).sort()).toEqual([keys.liveA.id, keys.testA.id].sort());
  });

  it('given each refused caller on each of A\'s routes, then the right status and message, and nothing changes', async () => {
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
    expect(answers.length).toBeGreaterThanOrEqual(5 * routes.length + 9 + 9);
    expect(await snapshot()).toEqual(before);
    expect(await world.users.findByEmail(invitedEmail)).toBeNull();
  });

  it("given B's admin or key using B's own path with A's ids, then 404 and nothing changes", async () => {
    const before = await snapshot();
    const b = '/v1/merchants/B';
    const cases: Array<[Method, string, object | undefined, string]> = [
      ['post', `${b}/users/${carol.uid}/set-role`, { role: 'admin' }, 'User not found'],
      ['delete', `${b}/users/${alice.uid}`, undefined, 'User not found'],
      ['get', `${b}/api-keys/${keys.liveA.id}`, undefined, 'API key not found'],
      ['post', `${b}/api-keys/${keys.liveA.id}`, { title: 'hacked' }, 'API key not found'],
      ['delete', `${b}/api-keys/${keys.liveA.id}`, undefined, 'API key not found'],
    ];
    for (const auth of [bob.auth, `Bearer ${keys.liveB.apiKey}`]) {
      for (const [method, path, body, message] of cases) {
        const res = await send(method, path, auth, body);
        // B's key manages no team: refused before anything is looked up. A's key ids are not found in B, as for bob.
        const byKey = auth !== bob.auth && path.includes('/users/');
        expect(`${method} ${path}: ${res.status} ${res.body.message}`).toBe(`${method} ${path}: ${byKey ? `403 ${keyCannotManage}` : `404 ${message}`}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("given alice, A's admin, on a venue with A's id, then 403: membership is per collection", async () => {
    const res = await send('get', '/v1/venues/A/users', alice.auth);
    expect([res.status, res.body.message]).toEqual([403, noAccess]);
  });

  it("given the rightful callers, then the same read routes answer (the refusals above are not a broken route)", async () => {
    for (const route of routes.filter((r) => r.method === 'get')) expect([route.name, (await send('get', route.path, alice.auth)).status]).toEqual([route.name, 200]);
    expect((await send('get', '/v1/merchants/A/users', carol.auth)).status).toBe(200);
    const sandbox = await send('get', '/v1/merchants/A/api-keys', `Bearer ${keys.testA.apiKey}`);
    expect(sandbox.body.data.map((k: { id: string }) => k.id)).toEqual([keys.testA.id]);
    expect((await send('get', '/v1/merchants/A/api-keys', `Bearer ${keys.liveA.apiKey}`)).body.data.map((k: { id: string }) => k.id)).toEqual([keys.liveA.id]);
  });
});

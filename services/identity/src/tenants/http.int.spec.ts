import { createOneTimeCodes } from '../codes';
import type { Mail } from '../mail';
import { identityApi } from '../openapi';
import { startIdentityWorld, type IdentityWorld, type Person } from './testing';

/** The mail port, faked at its boundary: what was sent, in order. */
const mockSent: Mail[] = [];
jest.mock('../mail', () => ({
  ...jest.requireActual('../mail'),
  createMailer: () => ({ kind: 'mailbox', send: async (mail: Mail) => void mockSent.push(mail) }),
}));

describe('team users API', () => {
  let world: IdentityWorld;
  let alice: Person;
  let bob: Person;
  let tenantNo = 0;
  /** A fresh merchant per case, with alice as its admin and bob as a team member. */
  let merchant: string;
  beforeAll(async () => {
    world = await startIdentityWorld();
    alice = await world.person('Alice');
    bob = await world.person('Bob');
  });
  afterAll(() => world.stop());
  beforeEach(async () => {
    merchant = `/v1/merchants/m${(tenantNo += 1)}`;
    await world.tenant('merchants', `m${tenantNo}`, alice);
    const added = await add(alice, { firstName: 'Bob', lastName: 'Tester', email: bob.email, role: 'teamMember' });
    expect(added.status).toBe(201);
  });

  const list = (who: Person) => world.svc.http().get(`${merchant}/users`).set('authorization', who.auth);
  const add = (who: Person, body: object) => world.svc.http().post(`${merchant}/users/add`).set('authorization', who.auth).send(body);
  const setRole = (who: Person, uid: string, body: object) => world.svc.http().post(`${merchant}/users/${uid}/set-role`).set('authorization', who.auth).send(body);
  const remove = (who: Person, uid: string) => world.svc.http().delete(`${merchant}/users/${uid}`).set('authorization', who.auth);
  const roles = async () => Object.fromEntries((await list(alice)).body.data.map((u: { email: string; role: string }) => [u.email, u.role]));

  it('given a team, when a member lists it, then each user with name, email, admin flag and role', async () => {
    const res = await list(bob);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { uid: alice.uid, firstName: 'Alice', lastName: 'Tester', email: alice.email, admin: true, role: 'admin' },
      { uid: bob.uid, firstName: 'Bob', lastName: 'Tester', email: bob.email, admin: false, role: 'teamMember' },
    ]);
  });

  it('given the API reference, then the team list offers only what it honours: limit and cursor (oldest member first; no sort, search or mode)', () => {
    const documented = identityApi.operations.find((o) => o.route === 'GET /v1/:collection/:id/users')?.query;
    expect(Object.keys((documented as { shape: object } | undefined)?.shape ?? {}).sort()).toEqual(['cursor', 'limit']);
  });

  it('given an existing account, when an admin adds it by e-mail (any case), then 201 with its uid, and it is mailed which team, as what and by whom, with the address of the dashboard and no sign-in link', async () => {
    const carol = await world.person('Carol');
    mockSent.length = 0;
    const res = await add(alice, { firstName: 'C', lastName: 'T', email: carol.email.toUpperCase(), role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ uid: carol.uid, message: 'User added' });
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember', [carol.email]: 'admin' });
    expect(mockSent).toHaveLength(1);
    const [mail] = mockSent;
    expect(mail!.to).toBe(carol.email);
    expect(mail!.subject).toBe(`You were added to Tenant m${tenantNo} on Seatside`);
    expect(mail!.text).toContain(`Alice Tester added you to Tenant m${tenantNo} on Seatside as Admin.`);
    expect(mail!.links).toEqual(['http://127.0.0.1:8080/dashboard']);
    expect(mail!.text).not.toContain('oobCode');
  });

  it('given an unknown e-mail, when an admin adds it, then an invited account is made and mailed a sign-in link that works', async () => {
    mockSent.length = 0;
    const email = `new.${tenantNo}@example.com`;
    const res = await add(alice, { firstName: ' Nina ', lastName: 'New', email, role: 'teamMember' });
    expect(res.status).toBe(201);
    const user = await world.users.findByEmail(email);
    expect(user).toMatchObject({ id: res.body.uid, firstName: 'Nina', lastName: 'New', displayName: 'Nina', provider: 'invite', emailVerified: false, hasPassword: false });
    expect(mockSent).toHaveLength(1);
    const [mail] = mockSent;
    expect(mail!.to).toBe(email);
    const link = new URL(mail!.links![0]!);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:8080/auth/action');
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(link.searchParams.get('email')).toBe(email);
    expect(mail!.text).toContain(mail!.links![0]);
    // It says which team, as what, and who added them.
    expect(mail!.subject).toBe(`You were added to Tenant m${tenantNo} on Seatside`);
    expect(mail!.text).toContain(`Alice Tester added you to Tenant m${tenantNo} on Seatside as Team Member.`);
    const code = await createOneTimeCodes(world.svc.started.deps).peek('signIn', link.searchParams.get('oobCode')!);
    expect(code).toMatchObject({ email, uid: res.body.uid });
  });

  it("given a venue, when its admin adds a runner, then 400 on the role and no account is made for the address; runners belong to a merchant's team", async () => {
    await world.tenant('venues', `v${tenantNo}`, alice);
    const email = `runner.${tenantNo}@example.com`;
    const res = await world.svc
      .http()
      .post(`/v1/venues/v${tenantNo}/users/add`)
      .set('authorization', alice.auth)
      .send({ firstName: 'Rita', lastName: 'Runner', email, role: 'runner' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'This role is not available on this team', errors: { role: 'This role is not available on this team' } });
    expect(await world.users.findByEmail(email)).toBeNull();
  });

  it('given a member, when they are added again, then 409 "This user is already a member" and nothing changes', async () => {
    const res = await add(alice, { firstName: 'Bob', lastName: 'Tester', email: bob.email, role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This user is already a member');
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
  });

  it('given a team member, when an admin makes them a runner (issue 27) and back, then the list shows the runner role, and a runner may not list the team', async () => {
    expect((await setRole(alice, bob.uid, { role: 'runner' })).body).toEqual({ message: 'Role updated' });
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'runner' });
    expect((await list(bob)).status).toBe(403);
    expect((await setRole(alice, bob.uid, { role: 'teamMember' })).status).toBe(200);
  });

  it.each<[string, object, Record<string, string>]>([
    ['nothing', {}, { firstName: 'Required', lastName: 'Required', email: 'Email is required', role: 'Required' }],
    ['blanks', { firstName: ' ', lastName: '', email: ' ', role: '' }, { firstName: 'Required', lastName: 'Required', email: 'Email is required', role: 'Required' }],
    ['a malformed e-mail', { firstName: 'A', lastName: 'B', email: 'not-an-email', role: 'admin' }, { email: 'Invalid email' }],
    ['an unknown role', { firstName: 'A', lastName: 'B', email: 'a@example.com', role: 'owner2' }, { role: 'Please choose a valid role' }],
    ['a role that is not text', { firstName: 'A', lastName: 'B', email: 'a@example.com', role: 7 }, { role: 'Please choose a valid role' }],
  ])('given %s, when an admin adds a user, then 400 with the New User form messages', async (_name, body, errors) => {
    const res = await add(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(await list(alice).then((r) => r.body.data.length)).toBe(2);
  });

  it('given a team member, when an admin makes them admin and back, then "Role updated" and the list shows it', async () => {
    const up = await setRole(alice, bob.uid, { role: 'admin' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'Role updated' });
    expect((await list(alice)).body.data.find((u: { uid: string }) => u.uid === bob.uid)).toMatchObject({ admin: true, role: 'admin' });
    expect((await setRole(alice, bob.uid, { role: 'teamMember' })).body).toEqual({ message: 'Role updated' });
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
  });

  it.each<[string, (ctx: { alice: Person; bob: Person }) => [Person, string, object], number, string]>([
    ['an admin changing their own role', ({ alice }) => [alice, alice.uid, { role: 'teamMember' }], 403, 'You cannot change your own role'],
    ['someone not in the team', ({ alice }) => [alice, 'nobody', { role: 'admin' }], 404, 'User not found'],
    ['no role', ({ alice, bob }) => [alice, bob.uid, {}], 400, 'Required'],
    ['a blank role', ({ alice, bob }) => [alice, bob.uid, { role: '' }], 400, 'Required'],
    ['an unknown role', ({ alice, bob }) => [alice, bob.uid, { role: 'owner2' }], 400, 'Please choose a valid role'],
  ])('given %s, when the role is set, then the refusal and nothing changes', async (_name, make, status, message) => {
    const [who, uid, body] = make({ alice, bob });
    const res = await setRole(who, uid, body);
    expect([res.status, res.body.message]).toEqual([status, message]);
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
  });

  it('given a team member, when an admin removes them, then "User removed", they are gone and lose access', async () => {
    const res = await remove(alice, bob.uid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User removed' });
    expect(await roles()).toEqual({ [alice.email]: 'admin' });
    expect((await list(bob)).status).toBe(403);
  });

  it.each<[string, 'self' | 'nobody', number, string]>([
    ['an admin removing themselves', 'self', 403, 'You cannot remove yourself'],
    ['someone not in the team', 'nobody', 404, 'User not found'],
  ])('given %s, when removed, then the refusal and nothing changes', async (_name, target, status, message) => {
    const res = await remove(alice, target === 'self' ? alice.uid : 'nobody');
    expect([res.status, res.body.message]).toEqual([status, message]);
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
  });

  it('given a production API key of the tenant, when it adds a user, changes a role or removes a user, then 403 api_key_not_allowed and the team is unchanged; it may still list the team', async () => {
    const created = await world.svc.http().post(`${merchant}/api-keys`).set('authorization', alice.auth).send({ title: 'ops', testMode: false });
    const key = `Bearer ${created.body.apiKey}`;
    const listed = await world.svc.http().get(`${merchant}/users`).set('authorization', key);
    expect([listed.status, listed.body.data.length]).toEqual([200, 2]);
    const added = await world.svc.http().post(`${merchant}/users/add`).set('authorization', key).send({ firstName: 'Eve', lastName: 'Attacker', email: 'eve@example.com', role: 'admin' });
    const promoted = await world.svc.http().post(`${merchant}/users/${bob.uid}/set-role`).set('authorization', key).send({ role: 'admin' });
    const demoted = await world.svc.http().post(`${merchant}/users/${alice.uid}/set-role`).set('authorization', key).send({ role: 'teamMember' });
    const removed = await world.svc.http().delete(`${merchant}/users/${bob.uid}`).set('authorization', key);
    for (const res of [added, promoted, demoted, removed]) {
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'api_key_not_allowed', 'An API key cannot manage the team or API keys. Sign in to the dashboard as an admin to do this.']);
    }
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
    const events = await world.svc.started.deps.eventStore.readStream(`members-merchants-${merchant.split('/').pop()}`);
    expect(events.filter((e) => JSON.stringify(e.data).includes('apikey:'))).toEqual([]);
  });

  it('given a sandbox API key of the tenant, when it changes the team, then 403 and nothing changes', async () => {
    const created = await world.svc.http().post(`${merchant}/api-keys`).set('authorization', alice.auth).send({ title: 'sandbox', testMode: true });
    const res = await world.svc.http().post(`${merchant}/users/${bob.uid}/set-role`).set('authorization', `Bearer ${created.body.apiKey}`).send({ role: 'admin' });
    expect(res.status).toBe(403);
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'teamMember' });
  });

  it('given a signed-in tenant admin, when they add a user, change a role and remove a user, then each is done', async () => {
    const carol = await world.person('Carol');
    expect((await add(alice, { firstName: 'Carol', lastName: 'Cook', email: carol.email, role: 'teamMember' })).status).toBe(201);
    expect((await setRole(alice, bob.uid, { role: 'admin' })).body).toEqual({ message: 'Role updated' });
    expect((await remove(alice, carol.uid)).body).toEqual({ message: 'User removed' });
    expect(await roles()).toEqual({ [alice.email]: 'admin', [bob.email]: 'admin' });
  });

  it('given two admins, when one demotes the other, then the demoted admin can no longer change anything', async () => {
    await setRole(alice, bob.uid, { role: 'admin' });
    expect((await setRole(bob, alice.uid, { role: 'teamMember' })).status).toBe(200);
    const res = await setRole(alice, bob.uid, { role: 'teamMember' });
    expect([res.status, res.body.message]).toEqual([403, 'You do not have access to this page.']);
  });

  it('given a path whose first segment is not a tenant collection, then the team routes do not answer it', async () => {
    const res = await world.svc.http().get('/v1/widgets/x/users').set('authorization', alice.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).not.toBe('You do not have access to this page.');
  });
});

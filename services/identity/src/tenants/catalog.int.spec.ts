import { quoteSchema } from '@seatside/chassis';
import { TENANTS_SUBSCRIPTION } from './index';
import { membershipStream } from './membership';
import { createTenancy } from './tenancy';
import { catalogStream, catalogType, startIdentityWorld, type IdentityWorld, type Person } from './testing';

describe('tenants from the catalog', () => {
  let world: IdentityWorld;
  let alice: Person;
  beforeAll(async () => {
    world = await startIdentityWorld();
    alice = await world.person('Alice');
  });
  afterAll(() => world.stop());

  /** The service's Tenancy, as the accounts slice's /auth/me reads it. */
  const tenancy = () => createTenancy(world.svc.started.deps.readModels);

  const members = async (collection: 'merchants' | 'venues' | 'apps', id: string, who: Person) =>
    (await world.svc.http().get(`/v1/${collection}/${id}/users`).set('authorization', who.auth)).body.data;

  it('given a merchant created in the catalog, then its creator is its admin, granted by nobody', async () => {
    await world.tenant('merchants', 'm-created', alice);
    expect(await members('merchants', 'm-created', alice)).toEqual([
      { uid: alice.uid, firstName: 'Alice', lastName: 'Tester', email: alice.email, admin: true, role: 'admin' },
    ]);
    const events = await world.svc.started.deps.eventStore.readStream(membershipStream('merchants', 'm-created'));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['TenantMembershipGranted', { collection: 'merchants', tenantId: 'm-created', uid: alice.uid, role: 'admin', grantedBy: '', at: expect.any(String) }],
    ]);
  });

  it('given a Created event delivered twice, then the creator is granted once', async () => {
    await world.tenant('venues', 'v-twice', alice);
    await world.tenant('venues', 'v-twice', alice);
    expect(await world.svc.started.deps.eventStore.readStream(membershipStream('venues', 'v-twice'))).toHaveLength(1);
  });

  it('given a creator who was later removed, when the Created event is delivered again, then they stay removed', async () => {
    const bob = await world.person('Bob');
    await world.tenant('merchants', 'm-removed', alice);
    const added = await world.svc.http().post('/v1/merchants/m-removed/users/add').set('authorization', alice.auth).send({ firstName: 'Bob', lastName: 'Tester', email: bob.email, role: 'admin' });
    expect(added.status).toBe(201);
    expect((await world.svc.http().delete(`/v1/merchants/m-removed/users/${alice.uid}`).set('authorization', bob.auth)).status).toBe(200);
    await world.tenant('merchants', 'm-removed', alice);
    expect((await members('merchants', 'm-removed', bob)).map((m: { uid: string }) => m.uid)).toEqual([bob.uid]);
  });

  it('given tenants of each collection, then cardsOf groups them with the role, and follows updates and deletions', async () => {
    const carol = await world.person('Carol');
    await world.tenant('merchants', 'm-card', carol, { name: 'Cafe', description: 'Coffee', handle: 'cafe', branding: { banner: 'b.png', icon: 'i.png' } });
    await world.tenant('venues', 'v-card', carol, { name: 'Arena' });
    await world.tenant('apps', 'a-card', carol, { name: 'App' });
    await world.tenant('merchants', 'm-gone', carol);
    await world.catalog(catalogStream('merchants', 'm-card'), catalogType('merchants', 'Updated'), { id: 'm-card', name: 'Cafe Bleu', branding: { icon: 'new.png' }, at: '2026-11-23T00:00:00.000Z' });
    await world.catalog(catalogStream('merchants', 'm-gone'), catalogType('merchants', 'Deleted'), { id: 'm-gone', at: '2026-11-23T00:00:00.000Z' });
    await world.catalog('product-p1', 'ProductCreated', { id: 'p1' });

    const cards = await tenancy().cardsOf(carol.uid);
    expect(cards).toEqual({
      merchants: [{ id: 'm-card', name: 'Cafe Bleu', description: 'Coffee', handle: 'cafe', branding: { banner: 'b.png', icon: 'new.png' }, role: 'admin' }],
      venues: [{ id: 'v-card', name: 'Arena', description: '', handle: 'v-card', branding: { banner: null, icon: null }, role: 'admin' }],
      apps: [{ id: 'a-card', name: 'App', description: '', handle: 'a-card', branding: { banner: null, icon: null }, role: 'admin' }],
    });
  });

  it('given a team member added by an admin, then the tenant is among their cards as teamMember', async () => {
    const dave = await world.person('Dave');
    await world.tenant('merchants', 'm-team', alice, { name: 'Team' });
    await world.svc.http().post('/v1/merchants/m-team/users/add').set('authorization', alice.auth).send({ firstName: 'Dave', lastName: 'Tester', email: dave.email, role: 'teamMember' });
    const cards = await tenancy().cardsOf(dave.uid);
    expect(cards.merchants).toEqual([expect.objectContaining({ id: 'm-team', name: 'Team', role: 'teamMember' })]);
  });

  it('given a Created event without a creator, then the card exists and nobody is granted', async () => {
    await world.catalog(catalogStream('apps', 'a-system'), catalogType('apps', 'Created'), { id: 'a-system', name: 'System', description: '', handle: 'sys', branding: { banner: null, icon: null }, createdBy: '', at: '2026-11-22T12:00:00.000Z' });
    expect(await world.svc.started.deps.eventStore.readStream(membershipStream('apps', 'a-system'))).toEqual([]);
  });

  it('given the checkpoint set back (a crash before it was saved), when every catalog event is handled again, then no grant is repeated', async () => {
    const { pool, schema } = world.svc.started.deps;
    await world.tenant('merchants', 'm-replay', alice);
    const grants = async () => (await world.svc.committed()).filter((e) => e.type === 'TenantMembershipGranted').length;
    const before = await grants();
    const cards = await tenancy().cardsOf(alice.uid);
    await pool.query(`UPDATE ${quoteSchema(schema)}.checkpoints SET position = 0 WHERE name = $1`, [TENANTS_SUBSCRIPTION]);
    await world.catalog('product-p2', 'ProductCreated', { id: 'p2' });
    expect(await grants()).toBe(before);
    expect(await tenancy().cardsOf(alice.uid)).toEqual(cards);
  });
});

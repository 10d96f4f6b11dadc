import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';

describe('admin tenants: GET /v1/admin/{merchants|venues}, POST /v1/admin/{merchants|venues}/{id}/plan', () => {
  let svc: TestService;
  let owner: string;
  let admin: string;
  let merchant: string;
  let venue: string;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    owner = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    admin = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', owner).send({ name: "Joe's Pizza", handle: 'joes-pizza' })).body.id;
    await svc.http().post('/v1/merchants/create').set('authorization', owner).send({ name: 'Taco Stand', handle: 'taco-stand' });
    venue = (await svc.http().post('/v1/venues/create').set('authorization', owner).send({ name: 'Arena', handle: 'the-arena' })).body.id;
  });
  afterAll(() => svc.stop());

  it('given merchants and a venue, then each list has its own, newest first, with owner, created time, handle, plan (free when unset) and the public page; q searches name or handle', async () => {
    const list = await svc.http().get('/v1/admin/merchants').set('authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((t: { handle: string }) => t.handle)).toEqual(['taco-stand', 'joes-pizza']);
    expect(list.body.data[1]).toEqual({ id: merchant, name: "Joe's Pizza", handle: 'joes-pizza', owner: 'alice', createdAt: expect.any(String), plan: 'free', publicUrl: '/joes-pizza' });
    expect((await svc.http().get('/v1/admin/merchants?q=joe').set('authorization', admin)).body.data.map((t: { id: string }) => t.id)).toEqual([merchant]);
    expect((await svc.http().get('/v1/admin/venues').set('authorization', admin)).body.data.map((t: { id: string }) => t.id)).toEqual([venue]);
  });

  it('given an admin, when the plan is set to pro, then the tenant document says plan pro (the settings read it) and the list too; a bad plan is 400 and another collection\'s id 404', async () => {
    const set = await svc.http().post(`/v1/admin/merchants/${merchant}/plan`).set('authorization', admin).send({ plan: 'pro' });
    expect(set.status).toBe(200);
    expect((await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', owner)).body.plan).toBe('pro');
    expect((await svc.http().get('/v1/admin/merchants?q=joe').set('authorization', admin)).body.data[0].plan).toBe('pro');
    const events = await svc.started.deps.eventStore.readStream(`merchant-${merchant}`);
    expect(events.at(-1)).toMatchObject({ type: 'TenantPlanChanged', data: { plan: 'pro', by: 'staff' } });
    expect((await svc.http().post(`/v1/admin/merchants/${merchant}/plan`).set('authorization', admin).send({ plan: 'gold' })).body.errors).toEqual({ plan: "plan must be 'free' or 'pro'" });
    expect((await svc.http().post(`/v1/admin/venues/${merchant}/plan`).set('authorization', admin).send({ plan: 'pro' })).status).toBe(404);
    // Back to free, and the merchant's own settings still work on the same stream.
    await svc.http().post(`/v1/admin/merchants/${merchant}/plan`).set('authorization', admin).send({ plan: 'free' });
    expect((await svc.http().post(`/v1/merchants/${merchant}`).set('authorization', owner).send({ details: { phone: '+1 555 0100' } })).status).toBe(200);
    expect((await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', owner)).body).toMatchObject({ plan: 'free', phone: '+1 555 0100' });
  });

  it('given the owner (not a platform admin) or nobody, then 403 and 401', async () => {
    expect((await svc.http().get('/v1/admin/merchants').set('authorization', owner)).status).toBe(403);
    expect((await svc.http().post(`/v1/admin/merchants/${merchant}/plan`).set('authorization', owner).send({ plan: 'pro' })).status).toBe(403);
    expect((await svc.http().get('/v1/admin/venues')).status).toBe(401);
  });
});

import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { tenantMemberships } from '@seatside/chassis';
import { catalogService } from '../index';

describe('registration: POST /v1/{collection}/create and GET /v1/handles/{handle}', () => {
  let svc: TestService;
  let alice: string;
  beforeAll(async () => {
    svc = await startTestService(catalogService);
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
  });
  afterAll(() => svc.stop());

  it('given no token, when creating a merchant, then 401 "Sign in required"', async () => {
    const res = await svc.http().post('/v1/merchants/create').send({ name: 'Joe', handle: 'joes-pizza' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sign in required');
  });

  it('given an empty form, when submitted, then the spec messages per field', async () => {
    const res = await svc.http().post('/v1/merchants/create').set('authorization', alice).send({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Name is required', handle: 'Handle is required' });
  });

  it('given a handle under 4 characters after normalizing, then "Please try a longer handle"', async () => {
    const res = await svc.http().post('/v1/venues/create').set('authorization', alice).send({ name: 'Arena', handle: 'A!b' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ handle: 'Please try a longer handle' });
  });

  it('given a valid merchant, when created, then {id, message}, a MerchantCreated event naming the creator, and the handle resolves', async () => {
    const res = await svc.http().post('/v1/merchants/create').set('authorization', alice)
      .send({ name: "Joe's Pizza", handle: "Joe's  Pizza", googlePlaceId: 'ChIJ123', timeZone: 'America/New_York' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: 'Merchant created' });

    const events = await svc.started.deps.eventStore.readStream(`merchant-${res.body.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'MerchantCreated',
      data: { id: res.body.id, name: "Joe's Pizza", handle: 'joes-pizza', googlePlaceId: 'ChIJ123', timeZone: 'America/New_York', createdBy: 'alice' },
    });

    const handle = await svc.http().get('/v1/handles/joes-pizza');
    expect(handle.body).toEqual({ type: 'merchants', id: res.body.id });

    // DESIGN §6: the creator is the catalog's admin of it in the same transaction, before identity says so.
    const membership = await svc.started.deps.readModels.collection(tenantMemberships).get(`merchants:${res.body.id}:alice`);
    expect(membership).toMatchObject({ collection: 'merchants', tenantId: res.body.id, uid: 'alice', role: 'admin' });
  });

  it("given a handle that is one of the web app's own pages, when a merchant asks for it, then 400 under the field and nothing is created", async () => {
    const res = await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Dash', handle: 'Dashboard' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ handle: 'This handle is already taken. Please choose another one.' });
    expect((await svc.committed()).filter((e) => e.type === 'MerchantCreated' && (e.data as { handle: string }).handle === 'dashboard')).toHaveLength(0);
  });

  it('given a taken handle, when a venue asks for it, then 409 with a clear message and no venue is created', async () => {
    const res = await svc.http().post('/v1/venues/create').set('authorization', alice).send({ name: 'Other', handle: 'joes-pizza' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This handle is already taken. Please choose another one.');
    expect(res.body.errors).toEqual({ handle: 'This handle is already taken. Please choose another one.' });
    const all = await svc.committed();
    expect(all.filter((e) => e.type === 'VenueCreated')).toHaveLength(0);
  });

  it('given two concurrent registrations of one handle, then exactly one succeeds', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => svc.http().post('/v1/apps/create').set('authorization', alice).send({ name: `App ${n}`, handle: 'race-handle' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('given an unknown time zone, then 400', async () => {
    const res = await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'X', handle: 'zone-test', timeZone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ timeZone: 'Please choose a valid time zone' });
  });

  it('given a current IANA zone that ICU lists under an older name (Asia/Kolkata, Europe/Kyiv), then it is taken as given', async () => {
    for (const [n, timeZone] of ['Asia/Kolkata', 'Europe/Kyiv'].entries()) {
      const res = await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Zoned', handle: `zoned-${n}`, timeZone });
      expect([timeZone, res.status]).toEqual([timeZone, 201]);
      expect((await svc.http().get(`/v1/merchants/${res.body.id}`).set('authorization', alice)).body.timeZone).toBe(timeZone);
    }
  });

  it('given an API key principal, when creating a tenant, then 403', async () => {
    const key = await svc.tokenFor({ uid: 'apikey:k1', tenant: { collection: 'merchants', id: 'm1', testMode: false } });
    const res = await svc.http().post('/v1/merchants/create').set('authorization', `Bearer ${key}`).send({ name: 'X', handle: 'by-key' });
    expect(res.status).toBe(403);
  });

  it('given an unknown handle, then 404 "Handle not found"', async () => {
    const res = await svc.http().get('/v1/handles/nobody-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Handle not found');
  });

  it('given an unknown collection, then the router does not answer it', async () => {
    const res = await svc.http().post('/v1/widgets/create').set('authorization', alice).send({ name: 'X', handle: 'abcd' });
    expect(res.status).toBe(404);
  });
});

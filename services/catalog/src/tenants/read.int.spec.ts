import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';

const noAccess = 'You do not have access to this page.';

describe('tenant read: GET /v1/{merchants|venues|apps}/{id}', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let carol: string;
  let merchant: string;
  let venue: string;
  const bearer = async (uid: string, tenant?: { collection: 'merchants'; id: string; testMode: boolean }) =>
    `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const get = (path: string, auth?: string) => (auth ? svc.http().get(path).set('authorization', auth) : svc.http().get(path));

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    [alice, bob, carol] = [await bearer('alice'), await bearer('bob'), await bearer('carol')];
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice)
      .send({ name: "Joe's Pizza", handle: 'joes-pizza', description: 'Slices', googlePlaceId: 'ChIJ1', timeZone: 'America/New_York' })).body.id;
    venue = (await svc.http().post('/v1/venues/create').set('authorization', alice).send({ name: 'Arena', handle: 'the-arena' })).body.id;
    await svc.grant({ uid: 'carol', tenantId: merchant });
  });
  afterAll(() => svc.stop());

  it('given its admin, when reading the merchant, then the tenant document with every brand key null', async () => {
    const res = await get(`/v1/merchants/${merchant}`, alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: merchant, name: "Joe's Pizza", description: 'Slices', handle: 'joes-pizza', googlePlaceId: 'ChIJ1', timeZone: 'America/New_York',
      phone: '', email: '', website: '', promptAppInstall: false, address: null, colors: null, fonts: null, hours: [],
      goals: { dailyOrderVolume: 0, dailyOrderRevenue: 0 }, links: [], teleport: { enable: false, destination: '' }, textTranslations: [],
      branding: { icon: null, logo: null, logoDark: null, banner: null }, plan: 'free', domain: '',
      checkoutOptions: expect.objectContaining({ currency: 'USD', fulfillmentTypes: { DELIVERY: false, PICKUP: true, SELF_CHECKOUT: false, TAB: false, TAG: false } }),
      createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
  });

  it('given a team member or an API key of the merchant in either mode, when reading it, then 200', async () => {
    for (const auth of [carol, await bearer('apikey:s', { collection: 'merchants', id: merchant, testMode: true }), await bearer('apikey:p', { collection: 'merchants', id: merchant, testMode: false })]) {
      expect((await get(`/v1/merchants/${merchant}`, auth)).body.id).toBe(merchant);
    }
  });

  it('given a venue, when its admin reads it under /v1/venues, then the venue (default time zone)', async () => {
    const res = await get(`/v1/venues/${venue}`, alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: venue, name: 'Arena', handle: 'the-arena', timeZone: 'America/Los_Angeles' });
  });

  it('given no token, then 401 "Sign in required"', async () => {
    const res = await get(`/v1/merchants/${merchant}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sign in required');
  });

  it('given a signed-in non-member or another tenant\'s API key, then 403', async () => {
    for (const auth of [bob, await bearer('apikey:o', { collection: 'merchants', id: 'other', testMode: false })]) {
      const res = await get(`/v1/merchants/${merchant}`, auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(noAccess);
    }
  });

  it('given unknown ids, then 404 with the collection\'s message', async () => {
    for (const [collection, message] of [['merchants', 'Merchant not found'], ['venues', 'Venue not found'], ['apps', 'App not found']]) {
      const res = await get(`/v1/${collection}/no-such-id`, alice);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
    }
  });

  it('given a venue id, when read as a merchant, then 404 "Merchant not found"', async () => {
    const res = await get(`/v1/merchants/${venue}`, alice);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Merchant not found');
  });

  it('given another path segment than a tenant collection, then this route does not answer', async () => {
    expect((await get('/v1/widgets/abc', alice)).status).toBe(404);
    expect((await get('/v1/demo/merchants')).status).toBe(200);
  });
});

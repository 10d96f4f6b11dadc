import { Router } from 'express';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import type { ServiceModule } from '@seatside/chassis';
import { datasetPlacesProvider, placesMessages, placesRouter, type PlacesProvider } from './index';

/** The places route alone, as the catalog mounts it, over the chassis middleware and token check. */
const placesModule = (provider: PlacesProvider): ServiceModule => ({
  name: 'catalog-places',
  create: (deps) => ({ name: 'catalog-places', router: Router().use(placesRouter(provider, deps.logger)), collections: [] }),
});

describe('GET /v1/places?q=', () => {
  let svc: TestService;
  let failing: TestService;
  let alice: string;
  beforeAll(async () => {
    svc = await startTestService(placesModule(datasetPlacesProvider()));
    failing = await startTestService(placesModule({ search: () => Promise.reject(new Error('quota exceeded')) }));
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
  });
  afterAll(async () => {
    await svc.stop();
    await failing.stop();
  });

  it('given no token, then 401', async () => {
    const res = await svc.http().get('/v1/places?q=joe');
    expect(res.status).toBe(401);
  });

  it('given a name word, then matching places each with the handle the form proposes', async () => {
    const res = await svc.http().get('/v1/places').query({ q: "joe's" }).set('authorization', alice);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        {
          placeId: 'bundled:joe-s-pizza', name: "Joe's Pizza", address: '7 Carmine St, New York, NY 10014, USA', handle: 'joes-pizza',
          timeZone: 'America/New_York', addressParts: { line1: '7 Carmine St', line2: '', city: 'New York', state: 'NY', postal_code: '10014' },
        },
        expect.objectContaining({ name: "Joe's Stone Crab", handle: 'joes-stone-crab' }),
      ]),
    );
  });

  it('given a query under 2 characters (after trimming), then an empty list', async () => {
    for (const q of ['', 'j', ' j ']) {
      const res = await svc.http().get('/v1/places').query({ q }).set('authorization', alice);
      expect(res.body).toEqual({ data: [] });
    }
    const none = await svc.http().get('/v1/places').set('authorization', alice);
    expect(none.body).toEqual({ data: [] });
  });

  it('given a failing provider, then 503 with a message a person can read', async () => {
    const token = `Bearer ${await failing.tokenFor({ uid: 'alice' })}`;
    const res = await failing.http().get('/v1/places?q=joe').set('authorization', token);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(placesMessages.unavailable);
  });
});

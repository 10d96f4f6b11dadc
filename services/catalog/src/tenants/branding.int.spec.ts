import type { EventStore, StoredEvent } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';
import { brandingFromMedia } from './media';

type Stored = { objectKey: string; collection: string; tenantId: string; folder: string; brandKey?: string; url: string };

describe('branding from the media log: ObjectStored with a brandKey', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const objectStored = (data: Stored) =>
    svc.sourceLog('media').appendToStream(`object-${data.objectKey}`, [
      { type: 'ObjectStored', data: { ...data, size: 10, contentType: 'image/png', at: new Date().toISOString(), by: 'alice' } },
    ], { expectedVersion: 'no_stream' });
  const branding = async (path: string) => (await svc.http().get(path).set('authorization', alice)).body.branding;
  const until = async (path: string, done: (b: Record<string, string | null>) => boolean) => {
    while (!done(await branding(path))) await new Promise((r) => setTimeout(r, 20));
    return branding(path);
  };
  const tenantEvents = () => svc.started.deps.eventStore.readStream(`merchant-${merchant}`);

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Shop', handle: 'brand-shop' })).body.id;
  });
  afterAll(() => svc.stop());

  it('given a gallery upload then a banner, when the catalog catches up, then only branding.banner is set, by a MerchantUpdated', async () => {
    await objectStored({ objectKey: `merchants/${merchant}/uploads/u1.png`, collection: 'merchants', tenantId: merchant, folder: 'uploads', url: 'https://cdn/u1.png' });
    await objectStored({ objectKey: `merchants/${merchant}/brand/banner-1.png`, collection: 'merchants', tenantId: merchant, folder: 'brand', brandKey: 'banner', url: 'https://cdn/banner-1.png' });

    expect(await until(`/v1/merchants/${merchant}`, (b) => b.banner !== null)).toEqual({ icon: null, logo: null, logoDark: null, banner: 'https://cdn/banner-1.png' });
    const [, updated, ...rest] = await tenantEvents();
    expect([updated?.type, rest]).toEqual(['MerchantUpdated', []]);
    expect(updated?.data).toMatchObject({ id: merchant, branding: { banner: 'https://cdn/banner-1.png' }, source: { service: 'media', objectKey: `merchants/${merchant}/brand/banner-1.png` } });
  });

  it('given a new logoDark, then it joins the banner and updatedAt moves', async () => {
    const before = (await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', alice)).body.updatedAt;
    await objectStored({ objectKey: `merchants/${merchant}/brand/logoDark-1.png`, collection: 'merchants', tenantId: merchant, folder: 'brand', brandKey: 'logoDark', url: 'https://cdn/dark.png' });
    expect(await until(`/v1/merchants/${merchant}`, (b) => b.logoDark !== null)).toEqual({ icon: null, logo: null, logoDark: 'https://cdn/dark.png', banner: 'https://cdn/banner-1.png' });
    expect((await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', alice)).body.updatedAt >= before).toBe(true);
  });

  it('given a media event already applied, when it is delivered again, then no second tenant event', async () => {
    const banners = (await svc.committed('media')).filter((e) => (e.data as Stored).brandKey === 'banner');
    expect(banners).toHaveLength(1);
    const count = (await tenantEvents()).length;
    const redeliver = brandingFromMedia(svc.started.deps);
    for (const banner of [...banners, ...banners]) await redeliver(banner);
    expect(await tenantEvents()).toHaveLength(count);
  });

  it('given a branding sync racing an admin\'s settings save, when the save lands between the sync\'s read and its append, then both are applied and nothing is a 409', async () => {
    const store = svc.started.deps.eventStore;
    let saved: { status: number; body: { message?: string } } | undefined;
    // The sync reads the tenant's stream, then the admin's save commits, then the sync appends.
    const racing: EventStore = {
      ...store,
      appendToStream: async (streamId, events, options) => {
        saved ??= await svc.http().post(`/v1/merchants/${merchant}`).set('authorization', alice).send({ colors: { primary: '#123456' } });
        return store.appendToStream(streamId, events, options);
      },
    };
    const media: StoredEvent = {
      eventId: 'media-race-1', streamId: 'object-race', streamVersion: 1, globalPosition: 1, recordedAt: new Date(), metadata: {},
      type: 'ObjectStored',
      data: { objectKey: `merchants/${merchant}/brand/logo-race.png`, collection: 'merchants', tenantId: merchant, folder: 'brand', brandKey: 'logo', url: 'https://cdn/logo-race.png' },
    };
    await brandingFromMedia({ ...svc.started.deps, eventStore: racing })(media);
    expect(saved?.status).toBe(200);
    const tenant = (await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', alice)).body;
    expect([tenant.branding.logo, tenant.colors.primary]).toEqual(['https://cdn/logo-race.png', '#123456']);
    expect((await tenantEvents()).slice(-2).map((e) => e.type)).toEqual(['MerchantUpdated', 'MerchantUpdated']);
  });

  it('given a brand image for a tenant the catalog does not know, then the subscription passes it and keeps going', async () => {
    await objectStored({ objectKey: 'merchants/ghost/brand/icon-1.png', collection: 'merchants', tenantId: 'ghost', folder: 'brand', brandKey: 'icon', url: 'https://cdn/ghost.png' });
    await objectStored({ objectKey: `merchants/${merchant}/brand/icon-1.png`, collection: 'merchants', tenantId: merchant, folder: 'brand', brandKey: 'icon', url: 'https://cdn/icon.png' });
    expect((await until(`/v1/merchants/${merchant}`, (b) => b.icon !== null)).icon).toBe('https://cdn/icon.png');
    expect(await svc.started.deps.eventStore.readStream('merchant-ghost')).toHaveLength(0);
  });
});

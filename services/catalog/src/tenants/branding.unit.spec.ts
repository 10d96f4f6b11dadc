import { brandImageOf, brandingOf } from './branding';

const stored = (data: Record<string, unknown>, type = 'ObjectStored') => ({ type, data, eventId: 'ev-1', recordedAt: new Date('2026-11-22T12:00:00Z') });
const banner = { objectKey: 'merchants/m1/brand/banner-1.png', collection: 'merchants', tenantId: 'm1', folder: 'brand', brandKey: 'banner', url: 'https://cdn/b.png', at: '2026-11-22T11:00:00.000Z' };

describe('brand images from the media log', () => {
  it('given an ObjectStored with a brandKey, then the tenant, key, url and media event id', () => {
    expect(brandImageOf(stored(banner))).toEqual({
      collection: 'merchants', tenantId: 'm1', key: 'banner', url: 'https://cdn/b.png', objectKey: banner.objectKey, mediaEventId: 'ev-1', at: banner.at,
    });
  });

  it('given a gallery upload (no brandKey), an unknown key, another collection or another event, then nothing', () => {
    expect(brandImageOf(stored({ ...banner, brandKey: undefined, folder: 'uploads' }))).toBeUndefined();
    expect(brandImageOf(stored({ ...banner, brandKey: 'favicon' }))).toBeUndefined();
    expect(brandImageOf(stored({ ...banner, collection: 'widgets' }))).toBeUndefined();
    expect(brandImageOf(stored(banner, 'UploadAuthorized'))).toBeUndefined();
  });

  it('given an event without its own time, then the time it was recorded', () => {
    expect(brandImageOf(stored({ ...banner, at: undefined }))?.at).toBe('2026-11-22T12:00:00.000Z');
  });
});

describe('branding of a tenant', () => {
  it('given a tenant created with banner and icon only, then all four keys, unset ones null', () => {
    expect(brandingOf({ banner: 'b', icon: null })).toEqual({ icon: null, logo: null, logoDark: null, banner: 'b' });
  });

  it('given a change of one key, then the others stay', () => {
    expect(brandingOf({ banner: 'b', icon: 'i' }, { logoDark: 'd' })).toEqual({ icon: 'i', logo: null, logoDark: 'd', banner: 'b' });
  });
});

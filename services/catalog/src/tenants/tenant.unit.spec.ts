import { spec } from '@seatside/chassis/src/testkit/decider';
import { noBranding } from './branding';
import { tenantDecider, type TenantCommand, type TenantEvent } from './tenant';

const at = '2026-11-22T12:00:00.000Z';
const fields = { id: 'm1', name: 'Shop', description: '', handle: 'shop', googlePlaceId: '', timeZone: 'UTC', branding: noBranding(), createdBy: 'alice', at };
const created: TenantEvent = { type: 'MerchantCreated', data: fields };
const source = { service: 'media' as const, eventId: 'e1', objectKey: 'merchants/m1/brand/banner-1.png' };
const changeBanner = (url: string, eventId = 'e1'): TenantCommand => ({
  type: 'ChangeBranding',
  collection: 'merchants',
  data: { id: 'm1', key: 'banner', url, source: { ...source, eventId }, at },
});
const bannerChanged = (url: string, eventId = 'e1'): TenantEvent => ({
  type: 'MerchantUpdated',
  data: { id: 'm1', branding: { banner: url }, source: { ...source, eventId }, at },
});

describe('tenant decider', () => {
  it('given nothing, when a merchant is created, then MerchantCreated', () => {
    spec(tenantDecider).given([]).when({ type: 'CreateTenant', collection: 'merchants', data: fields }).then([created]);
  });

  it('given a merchant, when it is created again, then a conflict', () => {
    spec(tenantDecider).given([created]).when({ type: 'CreateTenant', collection: 'merchants', data: fields }).thenThrows('Conflict');
  });

  it('given a merchant, when media stores a banner, then MerchantUpdated with that banner only', () => {
    spec(tenantDecider).given([created]).when(changeBanner('https://cdn/b1.png')).then([bannerChanged('https://cdn/b1.png')]);
  });

  it('given the banner was applied, when the same media event is redelivered, then nothing', () => {
    spec(tenantDecider).given([created, bannerChanged('https://cdn/b1.png'), bannerChanged('https://cdn/b2.png', 'e2')]).when(changeBanner('https://cdn/b1.png')).then([]);
  });

  it('given the banner already has this url, when another event brings it, then nothing', () => {
    spec(tenantDecider).given([created, bannerChanged('https://cdn/b1.png')]).when(changeBanner('https://cdn/b1.png', 'e9')).then([]);
  });

  it('given no such tenant, when media stores a brand image for it, then nothing (the subscription must not stall)', () => {
    spec(tenantDecider).given([]).when(changeBanner('https://cdn/b1.png')).then([]);
  });

  it('given a venue, when an admin saves settings, then VenueUpdated with the sent fields flat', () => {
    const venue: TenantEvent = { type: 'VenueCreated', data: fields };
    const settings = { name: 'Arena', fonts: { headlines: 'Oswald', base: 'Inter' } };
    spec(tenantDecider).given([venue]).when({ type: 'ChangeSettings', collection: 'venues', data: { id: 'm1', settings, by: 'alice', at } })
      .then([{ type: 'VenueUpdated', data: { ...settings, id: 'm1', by: 'alice', at } }]);
  });

  it('given no such tenant, when settings are saved, then not found', () => {
    spec(tenantDecider).given([]).when({ type: 'ChangeSettings', collection: 'apps', data: { id: 'a1', settings: { phone: '1' }, by: 'alice', at } }).thenThrows('NotFound');
  });
});

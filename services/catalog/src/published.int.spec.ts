import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogV1, commonV1 } from '@seatside/proto';
import { catalogService } from './index';
import { catalogPublications } from './published';
import { catalogUpcasters } from './upcasters';

const week = () =>
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({ day, isOpen: true, openAllDay: false, open: { time: '0900' }, close: { time: '2100' } }));

describe('the catalog published stream (seatside.catalog.v1)', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let venue: string;
  const post = (path: string, body: object) => svc.http().post(path).set('authorization', alice).send(body);
  const decoded = async () => (await svc.published()).map((row) => ({ row, type: row.type }));

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await post('/v1/merchants/create', { name: 'Section 114 Nachos', handle: 'published-nachos' })).body.id;
    await post(`/v1/merchants/${merchant}`, { hours: week(), details: { phone: '555-0100' } });
    await post(`/v1/merchants/${merchant}`, { checkoutOptions: { taxRate: 8.25, deliveryFee: 4.99, currency: 'EUR' } });
    venue = (await post('/v1/venues/create', { name: 'Arena', handle: 'published-arena' })).body.id;
    const modifier = (await post(`/v1/merchants/${merchant}/modifiers`, { title: 'Size', instructions: 'Pick one', options: [{ label: 'Large', additionalCost: 1.5 }] })).body.id;
    const product = (await post(`/v1/merchants/${merchant}/products`, { title: 'Nachos', price: 9.5, modifiers: [modifier] })).body.id;
    await post(`/v1/merchants/${merchant}/products/${product}`, { price: 10, manageStock: true, stockQuantity: 12 });
    const menu = (await post(`/v1/merchants/${merchant}/menus`, { title: 'Lunch', products: [product] })).body.id;
    await post(`/v1/merchants/${merchant}/coupons`, { title: 'Ten off', code: 'TEN', type: 'PERCENTAGE', value: 10 });
    await post(`/v1/merchants/${merchant}/customers`, { firstName: 'Dana', email: 'dana@example.com' });
    await svc.http().delete(`/v1/merchants/${merchant}/menus/${menu}`).set('authorization', alice);
    // An event written before modifier options kept minor units: read through the catalog's upcaster.
    await svc.started.deps.eventStore.appendToStream('modifier-legacy', [
      {
        type: 'ModifierCreated',
        data: {
          modifierId: 'legacy', merchantId: merchant, testMode: false, title: 'Sauce', instructions: '', description: '',
          options: [{ id: 'o1', label: 'Salsa', additionalCost: 0.75, additionalCalories: 0, preSelected: false }],
          rules: { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false },
          createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ], { expectedVersion: 'no_stream' });
  });
  afterAll(() => svc.stop());

  it('given the commands above, then each wrote its integration event in its own transaction, at its position', async () => {
    const types = (await decoded()).map((d) => d.type.replace('seatside.catalog.v1.', ''));
    expect(types).toEqual([
      'MerchantCreated', 'MerchantUpdated', 'MerchantUpdated', 'VenueCreated', 'ModifierCreated', 'ProductCreated', 'ProductUpdated',
      'MenuCreated', 'CouponCreated', 'CustomerCreated', 'MenuDeleted', 'ModifierCreated',
    ]);
    const events = await svc.committed();
    for (const { row } of await decoded()) expect(events.find((e) => e.globalPosition === row.globalPosition)?.eventId).toBe(row.eventId);
  });

  it('given a product update, then the message carries the whole product, the envelope its merchant, and the changed fields', async () => {
    const row = (await svc.published()).find((r) => r.type === catalogV1.ProductUpdatedSchema.typeName)!;
    const message = fromBinary(catalogV1.ProductUpdatedSchema, row.payload);
    expect(message.envelope).toMatchObject({ tenantId: merchant, testMode: false, tenantCollection: 1, streamVersion: 2n, actorId: 'alice' });
    expect(message.product).toMatchObject({ title: 'Nachos', priceMinor: 1000n, manageStock: true, stockQuantity: 12n });
    expect(message.product?.modifierIds).toHaveLength(1);
    expect(message.changedFields).toEqual(['price_minor', 'manage_stock', 'stock_quantity']);
  });

  it('given hours and checkout options saved apart, then the last MerchantUpdated holds both', async () => {
    const rows = (await svc.published()).filter((r) => r.type === catalogV1.MerchantUpdatedSchema.typeName);
    const merchantMessage = fromBinary(catalogV1.MerchantUpdatedSchema, rows[rows.length - 1]!.payload).merchant!;
    expect(merchantMessage).toMatchObject({ merchantId: merchant, name: 'Section 114 Nachos', phone: '555-0100', taxRatePercent: 8.25 });
    expect(merchantMessage.hours).toHaveLength(7);
    expect(merchantMessage.checkoutOptions).toMatchObject({ deliveryFeeMinor: 499n, taxRatePercent: 8.25, currency: 'EUR' });
  });

  it("given a merchant whose prices are in EUR, then its products', modifiers' and coupons' messages say EUR (an event written before they carried it: '')", async () => {
    const rows = await svc.published();
    const messages = <T extends Parameters<typeof fromBinary>[0]>(schema: T) => rows.filter((r) => r.type === schema.typeName).map((r) => fromBinary(schema, r.payload));
    expect(messages(catalogV1.ProductCreatedSchema).map((m) => m.product?.currency)).toEqual(['EUR']);
    expect(messages(catalogV1.ProductUpdatedSchema).map((m) => m.product?.currency)).toEqual(['EUR']);
    expect(messages(catalogV1.ModifierCreatedSchema).map((m) => m.modifier?.currency)).toEqual(['EUR', '']);
    expect(messages(catalogV1.CouponCreatedSchema).map((m) => m.coupon?.currency)).toEqual(['EUR']);
  });

  it('given a modifier event of the old shape, then its option cost is published in minor units (upcaster)', async () => {
    const rows = (await svc.published()).filter((r) => r.type === catalogV1.ModifierCreatedSchema.typeName);
    expect(rows.map((r) => fromBinary(catalogV1.ModifierCreatedSchema, r.payload).modifier?.options[0]?.additionalCostMinor)).toEqual([150n, 75n]);
  });

  it("given a venue's links changed (two merchants linked, reordered, one unlinked), then each change publishes VenueMerchantsChanged with the whole list in the venue's order", async () => {
    const brews = (await post('/v1/merchants/create', { name: 'Brew Cart', handle: 'published-brews' })).body.id;
    const link = (merchantId: string, action: 'link' | 'unlink') => svc.http().get(`/v1/venues/${venue}/link/${merchantId}?action=${action}`).set('authorization', alice);
    expect((await link(merchant, 'link')).status).toBe(200);
    expect((await link(brews, 'link')).status).toBe(200);
    expect((await post(`/v1/venues/${venue}/merchants/order`, [brews, merchant])).status).toBe(200);
    expect((await link(merchant, 'unlink')).status).toBe(200);
    const changes = (await svc.published())
      .filter((r) => r.type === catalogV1.VenueMerchantsChangedSchema.typeName)
      .map((r) => fromBinary(catalogV1.VenueMerchantsChangedSchema, r.payload))
      .map(({ envelope, venueId, merchantIds }) => ({ tenantId: envelope?.tenantId, tenantCollection: envelope?.tenantCollection, venueId, merchantIds }));
    const of = (merchantIds: string[]) => ({ tenantId: venue, tenantCollection: commonV1.TenantCollection.VENUES, venueId: venue, merchantIds });
    expect(changes).toEqual([of([merchant]), of([merchant, brews]), of([brews, merchant]), of([brews])]);
  });

  it('given the whole log replayed from position 0, then the same published stream, byte for byte', async () => {
    const { pool, schema } = svc.started.deps;
    const replayed = replayPublished(await committedEvents(pool, schema, catalogUpcasters), catalogPublications);
    expect(replayed).toEqual(await svc.published());
  });
});

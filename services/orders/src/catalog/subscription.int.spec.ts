import { create, fromBinary } from '@bufbuild/protobuf';
import type { PublishedRow } from '@seatside/chassis';
import { catalogV1, commonV1 } from '@seatside/proto';
import { checkoutOptionsMessage, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { defaultCheckoutOptions } from './checkout-options';
import { stockTable } from './stock';
import { CATALOG_MESSAGES, projectCatalogMessage, type CatalogMessage } from './subscription';
import { catalogCoupons, catalogMenus, catalogMerchants, catalogModifiers, catalogProducts } from './view';

describe("the catalog view: a checkpointed subscription on the catalog's published stream", () => {
  let f: OrdersFixture;
  const view = (spec: typeof catalogProducts, id: string) => f.svc.started.deps.readModels.collection(spec).get(id);
  const stock = () => stockTable(f.svc.started.deps.schema);
  const remaining = (id: string) => stock().remaining(f.svc.started.deps.pool, id);
  /** Hands the messages to the handler again, in one transaction, as a redelivery would. */
  const redeliver = async (rows: PublishedRow[]) => {
    const schemas = new Map<string, (typeof CATALOG_MESSAGES)[number]>(CATALOG_MESSAGES.map((schema) => [schema.typeName, schema]));
    const client = await f.svc.started.deps.pool.connect();
    try {
      await client.query('BEGIN');
      for (const row of rows) {
        const schema = schemas.get(row.type);
        if (schema) await projectCatalogMessage(f.svc.started.deps, stock())(fromBinary(schema, row.payload) as CatalogMessage, row.globalPosition, { kind: 'pg', client });
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  const catalogLog = () => f.svc.published('catalog');

  beforeAll(async () => {
    f = await ordersFixture();
  });
  afterAll(() => f.stop());

  it('given MerchantCreated, then the merchant has its name and handle (a group invitation names it) and the default checkoutOptions (PICKUP at COUNTER, USD, no tax or fees)', async () => {
    await f.merchant('joes');
    expect(await view(catalogMerchants, 'joes')).toEqual({ id: 'joes', name: 'joes', handle: 'joes', checkoutOptions: defaultCheckoutOptions(), timeZone: 'America/Los_Angeles', hours: [], position: expect.any(Number) });
  });

  it('given MerchantUpdated with hours and a time zone, then the merchant keeps them; a later branding change keeps them too', async () => {
    await f.hours('joes', [{ day: 'Sunday', isOpen: true, open: '0900', close: '1730' }, { day: 'Monday', isOpen: false }], 'America/New_York');
    await f.merchantUpdate('joes', { name: 'Joe' });
    expect(await view(catalogMerchants, 'joes')).toMatchObject({
      timeZone: 'America/New_York',
      hours: [{ day: 'Sunday', isOpen: true, openAllDay: false, open: '0900', close: '1730' }, { day: 'Monday', isOpen: false, openAllDay: false, open: null, close: null }],
    });
  });

  it('given menus created and updated, then the view holds their availability and products by merchant and mode', async () => {
    await f.menu({ id: 'lunch', merchantId: 'joes', products: ['pie'], begin: '1100', end: '1430' });
    await f.menuUpdate('lunch', { title: 'Lunch!' });
    expect(await view(catalogMenus, 'lunch')).toEqual({ id: 'lunch', merchantId: 'joes', testMode: false, availability: { allDayMenu: false, begin: '1100', end: '1430' }, products: ['pie'], position: expect.any(Number) });
    await f.menuUpdate('lunch', { begin: null, end: null });
    expect(await view(catalogMenus, 'lunch')).toMatchObject({ availability: { allDayMenu: true }, products: ['pie'] });
  });

  it('given MerchantUpdated with new checkout options, then they are kept, values out of range fall back to defaults, and the hours stay', async () => {
    await f.merchantUpdate('joes', { checkoutOptions: { taxRate: 8.25, fulfillmentTypes: { DELIVERY: true, PICKUP: true } } });
    const merchant = (await f.svc.published('catalog')).filter((r) => r.type === catalogV1.MerchantUpdatedSchema.typeName).map((r) => fromBinary(catalogV1.MerchantUpdatedSchema, r.payload).merchant!).pop()!;
    await f.publish(catalogV1.MerchantUpdatedSchema, {
      envelope: { tenantId: 'joes', tenantCollection: commonV1.TenantCollection.MERCHANTS },
      merchant: { ...merchant, checkoutOptions: create(catalogV1.CheckoutOptionsSchema, { ...checkoutOptionsMessage({ taxRate: 8.25, fulfillmentTypes: { DELIVERY: true, PICKUP: true } }), deliveryFeeMinor: -5n, currency: 'GBP' }) },
    });
    const { checkoutOptions, timeZone, hours } = (await view(catalogMerchants, 'joes')) as unknown as { checkoutOptions: ReturnType<typeof defaultCheckoutOptions>; timeZone: string; hours: unknown[] };
    expect(checkoutOptions).toMatchObject({ taxRate: 8.25, deliveryFeeMinor: 0, currency: 'USD', fulfillmentTypes: { DELIVERY: true, PICKUP: true } });
    expect([timeZone, hours]).toEqual(['America/New_York', [expect.objectContaining({ day: 'Sunday' }), expect.objectContaining({ day: 'Monday' })]]);
  });

  it('given product, modifier and coupon events, then the view holds them in minor units', async () => {
    await f.product({ id: 'pie', merchantId: 'joes', title: 'Pie', price: 4.5, manageStock: true, stockQuantity: 7, modifiers: ['size'] });
    await f.modifier({ id: 'size', merchantId: 'joes', title: 'Size', options: [{ id: 'large', label: 'Large', cost: 0.29 }] });
    await f.coupon({ id: 'c1', merchantId: 'joes', code: 'half', percentOff: 12.5 });
    expect(await view(catalogProducts, 'pie')).toEqual({ id: 'pie', merchantId: 'joes', testMode: false, title: 'Pie', priceMinor: 450, manageStock: true, modifiers: ['size'], position: expect.any(Number) });
    expect(await view(catalogModifiers, 'size')).toMatchObject({ options: [{ id: 'large', label: 'Large', additionalCostMinor: 29 }] });
    expect(await view(catalogCoupons, 'c1')).toMatchObject({ code: 'HALF', type: 'PERCENTAGE', value: 1250, applyToAllProducts: true });
    expect(await remaining('pie')).toBe(7);
  });

  it('given a ProductUpdated of the price only (changed_fields), then the rest of the product and its stock stay', async () => {
    await f.productUpdate('pie', { priceMinor: 500 });
    expect(await view(catalogProducts, 'pie')).toMatchObject({ title: 'Pie', priceMinor: 500, modifiers: ['size'] });
    expect(await remaining('pie')).toBe(7);
  });

  it('given every event delivered again, in order or newest first, then the view and the stock are unchanged', async () => {
    await f.productUpdate('pie', { stockQuantity: 3 });
    const before = await Promise.all([view(catalogProducts, 'pie'), view(catalogModifiers, 'size'), view(catalogCoupons, 'c1'), view(catalogMerchants, 'joes'), view(catalogMenus, 'lunch'), remaining('pie')]);
    await redeliver(await catalogLog());
    await redeliver((await catalogLog()).reverse());
    expect(await Promise.all([view(catalogProducts, 'pie'), view(catalogModifiers, 'size'), view(catalogCoupons, 'c1'), view(catalogMerchants, 'joes'), view(catalogMenus, 'lunch'), remaining('pie')])).toEqual(before);
    expect(before[5]).toBe(3);
  });

  it('given deletions, then the records leave the view', async () => {
    await f.deleted('product', 'pie', 'joes');
    await f.deleted('modifier', 'size', 'joes');
    await f.deleted('coupon', 'c1', 'joes');
    await f.deleted('menu', 'lunch', 'joes');
    expect([await view(catalogProducts, 'pie'), await view(catalogModifiers, 'size'), await view(catalogCoupons, 'c1'), await view(catalogMenus, 'lunch'), await remaining('pie')]).toEqual([null, null, null, null, undefined]);
  });

  it('given messages orders does not read (CustomerCreated), then the subscription passes them and keeps going', async () => {
    await f.svc.publish('catalog', catalogV1.CustomerCreatedSchema, { envelope: { tenantId: 'joes' }, customer: { customerId: 'k1', firstName: 'Kim' } });
    await f.merchant('later');
    expect(await view(catalogMerchants, 'later')).not.toBeNull();
  });
});

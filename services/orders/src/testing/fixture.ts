import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogV1, commonV1 } from '@seatside/proto';
import { checkoutMoneyFields } from '@seatside/rules';
import { checkoutOptionsOf } from '../catalog/checkout-options';
import { toMinor } from '../pricing/money';
import { createOrdersService, type OrdersOptions } from '../index';
import { CATALOG_SUBSCRIPTION } from '../catalog/subscription';
import { TAGS_SUBSCRIPTION } from '../tags/view';
import { VENUE_LINKS_SUBSCRIPTION } from '../tags/venue-links';

/**
 * The orders service over a fresh schema, with the catalog's and identity's streams to publish on
 * as those services would, for the int specs. The catalog's messages are its published integration
 * events (seatside.catalog.v1); the fixture keeps each record's snapshot, so an update publishes
 * the whole record as the catalog does.
 */
export interface OrdersFixture {
  svc: TestService;
  /** Publishes one catalog message and waits until the orders view has it. */
  publish<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): Promise<void>;
  merchant(id: string, checkoutOptions?: Record<string, unknown>): Promise<void>;
  /** A MerchantUpdated: the merchant's snapshot with these changes (checkoutOptions laid over the defaults, as the catalog's are). */
  merchantUpdate(id: string, changes: { timeZone?: string; checkoutOptions?: Record<string, unknown>; name?: string }): Promise<void>;
  product(fields: { id: string; merchantId: string; title?: string; price?: number; testMode?: boolean; manageStock?: boolean; stockQuantity?: number; modifiers?: string[] }): Promise<void>;
  /** A ProductUpdated of the fields given (minor units), naming them in changed_fields. */
  productUpdate(id: string, changes: { title?: string; priceMinor?: number; manageStock?: boolean; stockQuantity?: number }): Promise<void>;
  modifier(fields: { id: string; merchantId: string; title?: string; testMode?: boolean; options: { id: string; label?: string; cost?: number }[]; rules?: Partial<Rules> }): Promise<void>;
  coupon(fields: { id: string; merchantId: string; code: string; testMode?: boolean; active?: boolean; percentOff?: number; amountOffMinor?: number; minimumOrderAmountMinor?: number; products?: string[] }): Promise<void>;
  /** The merchant's opening hours (a MerchantUpdated with them, and the time zone when given). */
  hours(merchantId: string, hours: { day: string; isOpen: boolean; openAllDay?: boolean; open?: string; close?: string }[], timeZone?: string): Promise<void>;
  menu(fields: { id: string; merchantId: string; products: string[]; testMode?: boolean; begin?: string; end?: string }): Promise<void>;
  /** A tag of a tenant (the tags service's TagCreated; a merchant's unless `collection` says), once the orders copy has it; `deleted` appends TagDeleted too. */
  tag(fields: { id: string; tenantId: string; collection?: 'merchants' | 'venues'; code?: string; testMode?: boolean; metadata: { key: string; value: string; visible?: boolean }[]; deleted?: boolean }): Promise<void>;
  /** The merchants a venue links, in its order (the catalog's VenueMerchantsChanged), once the orders copy has them. */
  venueLinks(venueId: string, merchantIds: string[]): Promise<void>;
  /** A MenuUpdated: the menu's snapshot with these changes. */
  menuUpdate(id: string, changes: { title?: string; begin?: string | null; end?: string | null; products?: string[] }): Promise<void>;
  /** A ProductDeleted, ModifierDeleted, CouponDeleted or MenuDeleted. */
  deleted(kind: 'product' | 'modifier' | 'coupon' | 'menu', id: string, merchantId: string): Promise<void>;
  /** A team member of the merchant (identity's grant), once the orders copy has it. */
  member(merchantId: string, uid: string): Promise<string>;
  bearer(uid: string, tenant?: { id: string; testMode: boolean }): Promise<string>;
  stop(): Promise<void>;
}

function withMinorNames(raw: Record<string, unknown>): Record<string, unknown> {
  const renamed = { ...raw };
  for (const [major, minor] of Object.entries(checkoutMoneyFields)) {
    const value = raw[major];
    if (renamed[minor] === undefined && typeof value === 'number') renamed[minor] = toMinor(value);
  }
  return renamed;
}

type Rules = { required: boolean; allowedMultiple: boolean; selectRestriction: number; requireSelectRestriction: boolean; enableOptionQuantity: boolean };
const noRules: Rules = { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false };
const atIso = '2026-11-22T12:00:00.000Z';
const at = timestampFromDate(new Date(atIso));
const envelopeOf = (merchantId: string, testMode = false) => ({ tenantId: merchantId, testMode, tenantCollection: commonV1.TenantCollection.MERCHANTS });

/**
 * The catalog's checkout options message from its TypeScript shape (test data only). Amounts may be
 * given in major units under the settings form's names (`deliveryFee: 3`), as the specs write them;
 * the message carries minor units, as the catalog sends it.
 */
export const checkoutOptionsMessage = (raw: Record<string, unknown> | undefined) => {
  const o = checkoutOptionsOf(raw && withMinorNames(raw));
  return {
    fulfillmentTypes: { delivery: o.fulfillmentTypes.DELIVERY, pickup: o.fulfillmentTypes.PICKUP, selfCheckout: o.fulfillmentTypes.SELF_CHECKOUT, tag: o.fulfillmentTypes.TAG, tab: o.fulfillmentTypes.TAB },
    pickupMethods: { counter: o.pickupMethods.COUNTER, table: o.pickupMethods.TABLE, curbside: o.pickupMethods.CURBSIDE, driveThrough: o.pickupMethods.DRIVE_THROUGH },
    deliveryRadius: o.deliveryRaduis, deliveryFeeMinor: BigInt(o.deliveryFeeMinor), paused: o.paused, paymentProcessor: o.paymentProcessor,
    forwardOrdersToSquare: o.forwardOrdersToSquare, collectTips: o.collectTips, preparationTimeMinutes: o.preparationTime,
    minimumOrderAmountMinor: BigInt(o.minimumOrderAmountMinor), enablePayLater: o.enablePayLater, enableCoupons: o.enableCoupons,
    anonymousSelfCheckout: o.anonymousSelfCheckout, restrictUpcItemsToMenuTimes: o.restrictUPCItemsToMenuTimes, requireAgeRestriction: o.requireAgeRestriction,
    ageRestriction: o.ageRestriction, enableGroupOrdering: o.enableGroupOrdering, pickUpPaddingTimeMinutes: o.pickUpPaddingTime,
    pickupTimeSlotsIntervalMinutes: o.pickupTimeSlotsInterval, taxRatePercent: o.taxRate, currency: o.currency,
    chargePlatformFeeToCustomer: o.chargePlatformFeeToCustomer, chargeCustomerProcessingFee: o.chargeCustomerProcessingFee,
    chargeConvenienceFeeForCashTransactions: o.chargeConvenienceFeeForCashTransactions, convenienceFeeMinor: BigInt(o.convenienceFeeMinor), tagDeliveryFeeMinor: BigInt(o.tagDeliveryFeeMinor),
    enableTagMetadataEdit: o.enableTagMetadataEdit, maxOrdersPerSlot: o.maxOrdersPerSlot,
  };
};

export async function ordersFixture(options: { now?: () => Date; orders?: OrdersOptions } = {}): Promise<OrdersFixture> {
  const svc = await startTestService(createOrdersService(options.orders), { sources: ['identity', 'catalog', 'tags'], now: options.now });
  /** Waits until the subscription has handled everything up to `position`. */
  const caughtUp = async (position: number, subscription = CATALOG_SUBSCRIPTION) => {
    while ((await svc.started.deps.checkpoints.load(subscription)) < position) await new Promise((r) => setTimeout(r, 10));
  };
  const publish: OrdersFixture['publish'] = async (schema, init) => caughtUp(await svc.publish('catalog', schema, init));
  const merchants = new Map<string, catalogV1.Merchant>();
  const products = new Map<string, { merchantId: string; testMode: boolean; product: catalogV1.Product }>();
  const menus = new Map<string, { merchantId: string; testMode: boolean; menu: catalogV1.Menu }>();
  const merchantOf = (id: string) => merchants.get(id) ?? create(catalogV1.MerchantSchema, { merchantId: id });
  const merchantUpdate: OrdersFixture['merchantUpdate'] = async (id, { checkoutOptions, ...changes }) => {
    const merchant = create(catalogV1.MerchantSchema, { ...merchantOf(id), ...changes });
    if (checkoutOptions) merchant.checkoutOptions = create(catalogV1.CheckoutOptionsSchema, checkoutOptionsMessage(checkoutOptions));
    merchants.set(id, merchant);
    await publish(catalogV1.MerchantUpdatedSchema, { envelope: envelopeOf(id), merchant });
  };
  const bearer: OrdersFixture['bearer'] = async (uid, tenant) =>
    `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant: { collection: 'merchants' as const, ...tenant } } : {}) })}`;
  return {
    svc,
    publish,
    bearer,
    merchantUpdate,
    async merchant(id, checkoutOptions) {
      const merchant = create(catalogV1.MerchantSchema, { merchantId: id, name: id, handle: id, timeZone: 'America/Los_Angeles', checkoutOptions: checkoutOptionsMessage(undefined), createdAt: at, updatedAt: at });
      merchants.set(id, merchant);
      await publish(catalogV1.MerchantCreatedSchema, { envelope: envelopeOf(id), merchant, createdBy: 'alice' });
      if (checkoutOptions) await merchantUpdate(id, { checkoutOptions });
    },
    async product({ id, merchantId, title = id, price = 10, testMode = false, manageStock = false, stockQuantity = 0, modifiers = [] }) {
      const product = create(catalogV1.ProductSchema, { productId: id, title, priceMinor: BigInt(Math.round(price * 100)), manageStock, stockQuantity: BigInt(stockQuantity), modifierIds: modifiers, createdAt: at, updatedAt: at });
      products.set(id, { merchantId, testMode, product });
      await publish(catalogV1.ProductCreatedSchema, { envelope: envelopeOf(merchantId, testMode), product });
    },
    async productUpdate(id, changes) {
      const known = products.get(id);
      if (!known) throw new Error(`fixture: no product ${id}`);
      const product = create(catalogV1.ProductSchema, {
        ...known.product,
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.priceMinor !== undefined ? { priceMinor: BigInt(changes.priceMinor) } : {}),
        ...(changes.manageStock !== undefined ? { manageStock: changes.manageStock } : {}),
        ...(changes.stockQuantity !== undefined ? { stockQuantity: BigInt(changes.stockQuantity) } : {}),
      });
      products.set(id, { ...known, product });
      const names = { title: 'title', priceMinor: 'price_minor', manageStock: 'manage_stock', stockQuantity: 'stock_quantity' } as const;
      const changedFields = (Object.keys(names) as (keyof typeof names)[]).filter((key) => changes[key] !== undefined).map((key) => names[key]);
      await publish(catalogV1.ProductUpdatedSchema, { envelope: envelopeOf(known.merchantId, known.testMode), product, changedFields });
    },
    async modifier({ id, merchantId, title = id, testMode = false, options, rules = {} }) {
      await publish(catalogV1.ModifierCreatedSchema, {
        envelope: envelopeOf(merchantId, testMode),
        modifier: {
          modifierId: id, title, createdAt: at, updatedAt: at,
          options: options.map((o) => ({ optionId: o.id, label: o.label ?? o.id, additionalCostMinor: BigInt(Math.round((o.cost ?? 0) * 100)) })),
          rules: { ...noRules, ...rules },
        },
      });
    },
    async coupon({ id, merchantId, code, testMode = false, active = true, percentOff, amountOffMinor, minimumOrderAmountMinor = 0, products: productIds }) {
      const discount = amountOffMinor === undefined ? { case: 'percentOff' as const, value: percentOff ?? 10 } : { case: 'amountOffMinor' as const, value: BigInt(amountOffMinor) };
      await publish(catalogV1.CouponCreatedSchema, {
        envelope: envelopeOf(merchantId, testMode),
        coupon: {
          couponId: id, code, title: code, active, discount, minimumOrderAmountMinor: BigInt(minimumOrderAmountMinor), individualUse: true,
          applyToAllProducts: productIds === undefined, productIds: productIds ?? [], createdAt: at, updatedAt: at,
        },
      });
    },
    async hours(merchantId, hours, timeZone) {
      const days = hours.map(({ day, isOpen, openAllDay = false, open, close }) => create(catalogV1.DayHoursSchema, { day, isOpen, openAllDay, openTime: open ?? '', closeTime: close ?? '' }));
      const merchant = create(catalogV1.MerchantSchema, { ...merchantOf(merchantId), hours: days, ...(timeZone ? { timeZone } : {}) });
      merchants.set(merchantId, merchant);
      await publish(catalogV1.MerchantUpdatedSchema, { envelope: envelopeOf(merchantId), merchant });
    },
    async menu({ id, merchantId, products: productIds, testMode = false, begin, end }) {
      const availability = begin && end ? { allDay: false, begin, end } : { allDay: true };
      const menu = create(catalogV1.MenuSchema, { menuId: id, title: id, availability, productIds, createdAt: at, updatedAt: at });
      menus.set(id, { merchantId, testMode, menu });
      await publish(catalogV1.MenuCreatedSchema, { envelope: envelopeOf(merchantId, testMode), menu });
    },
    async menuUpdate(id, { title, begin, end, products: productIds }) {
      const known = menus.get(id);
      if (!known) throw new Error(`fixture: no menu ${id}`);
      const availability = begin === undefined && end === undefined ? known.menu.availability : create(catalogV1.MenuAvailabilitySchema, begin && end ? { allDay: false, begin, end } : { allDay: true });
      const menu = create(catalogV1.MenuSchema, { ...known.menu, ...(title !== undefined ? { title } : {}), availability, ...(productIds ? { productIds } : {}) });
      menus.set(id, { ...known, menu });
      await publish(catalogV1.MenuUpdatedSchema, { envelope: envelopeOf(known.merchantId, known.testMode), menu });
    },
    async deleted(kind, id, merchantId) {
      const envelope = envelopeOf(merchantId);
      if (kind === 'product') await publish(catalogV1.ProductDeletedSchema, { envelope, productId: id });
      if (kind === 'modifier') await publish(catalogV1.ModifierDeletedSchema, { envelope, modifierId: id });
      if (kind === 'coupon') await publish(catalogV1.CouponDeletedSchema, { envelope, couponId: id });
      if (kind === 'menu') await publish(catalogV1.MenuDeletedSchema, { envelope, menuId: id });
    },
    async tag({ id, tenantId, collection = 'merchants', code = id.toLowerCase(), testMode = false, metadata, deleted = false }) {
      const owner = { collection, tenantId };
      const metadataFields = metadata.map(({ key, value, visible = true }) => ({ key, value, visible }));
      const events = [{
        type: 'TagCreated',
        data: { ...owner, tagId: id, code, name: metadata.map((f) => `${f.key} ${f.value}`).join(' '), metadata: Object.fromEntries(metadata.map((f) => [f.key, f.value])), metadataFields, activated: false, nfc: false, testMode, createdAt: atIso, updatedAt: atIso },
      }];
      if (deleted) events.push({ type: 'TagDeleted', data: { ...owner, tagId: id, code, testMode, at: atIso } as never });
      const { lastGlobalPosition } = await svc.sourceLog('tags').appendToStream(`tag-${id}`, events, { expectedVersion: 'any' });
      await caughtUp(lastGlobalPosition, TAGS_SUBSCRIPTION);
    },
    async venueLinks(venueId, merchantIds) {
      const envelope = { tenantId: venueId, testMode: false, tenantCollection: commonV1.TenantCollection.VENUES };
      await caughtUp(await svc.publish('catalog', catalogV1.VenueMerchantsChangedSchema, { envelope, venueId, merchantIds }), VENUE_LINKS_SUBSCRIPTION);
    },
    async member(merchantId, uid) {
      await svc.grant({ uid, tenantId: merchantId });
      const token = await bearer(uid);
      return token;
    },
    stop: () => svc.stop(),
  };
}

/** A checkout body: one line of `productId`, pickup at the counter, cash, a customer. */
export const cart = (productId: string, overrides: object = {}) => ({
  lineItems: [{ productId, quantity: 1, modifiers: [] }],
  fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
  paymentProcessor: 'CASH',
  customer: { firstName: 'Dana', lastName: 'Diner', email: 'dana@example.com', phone: '555-0100' },
  ...overrides,
});

let keys = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `key-${process.pid}-${Date.now()}-${keys++}`;

import { protoTimestamp as time, publication, published, type PublishedMessage, type Publications, type StoredEvent } from '@seatside/chassis';
import { catalogV1, commonV1 } from '@seatside/proto';
import { couponDecider, type Coupon, type CouponEvent, type CouponState } from './coupons/coupon';
import { customerDecider, type Customer, type CustomerEvent, type CustomerState } from './customers/customer';
import { menuDecider, type MenuEvent, type MenuState } from './menus/menu';
import { modifierDecider, selectionsOf, type Modifier, type ModifierEvent, type ModifierState } from './modifiers/modifier';
import { productDecider, type ProductEvent, type ProductFields, type ProductState } from './products/product';
import { brandingOf, noBranding, type Branding } from './tenants/branding';
import { defaultCheckoutOptions, type CheckoutOptions } from './tenants/checkout-options';
import type { TenantSettings } from './tenants/settings';
import type { SandboxEvent } from './testdata/sandbox';
import { venueLinksPublication } from './venues/published';
import { collectionOfDelete, collectionOfEvent, type TenantCollection, type TenantDeleted, type TenantEvent, type TenantFields, type TenantUpdated } from './tenants/tenant';

/**
 * The catalog's published stream (docs/ARCHITECTURE.md, Published streams): one pure mapping per
 * domain event to the integration events of `seatside.catalog.v1`, from the stream's state right
 * after the event. Created/Updated messages carry the record's full snapshot.
 */

const tenantCollection = {
  merchants: commonV1.TenantCollection.MERCHANTS,
  venues: commonV1.TenantCollection.VENUES,
  apps: commonV1.TenantCollection.APPS,
} as const;

/** A merchant's record: its envelope names the merchant and the mode. */
const merchantEnvelope = (merchantId: string, testMode: boolean) => ({ tenantId: merchantId, testMode, tenantCollection: commonV1.TenantCollection.MERCHANTS });

// ---------------------------------------------------------------------------------------------
// Products

type LiveProduct = Extract<ProductState, { status: 'live' }>;

const productOf = (productId: string, state: LiveProduct, at: { createdAt?: string; updatedAt?: string }) => ({
  productId,
  title: state.title,
  description: state.description,
  priceMinor: BigInt(state.priceMinor),
  currency: state.currency ?? '',
  manageStock: state.manageStock,
  stockQuantity: BigInt(state.stockQuantity),
  images: [...state.images],
  code: state.code,
  modifierIds: [...state.modifiers],
  createdAt: time(at.createdAt),
  updatedAt: time(at.updatedAt ?? at.createdAt),
});

/** ProductFields key → the Product message's field name, for `changed_fields`. */
const productFieldNames: Record<keyof ProductFields, string> = {
  title: 'title',
  description: 'description',
  priceMinor: 'price_minor',
  manageStock: 'manage_stock',
  stockQuantity: 'stock_quantity',
  images: 'images',
  code: 'code',
  modifiers: 'modifier_ids',
};

export const productPublication = publication<ProductEvent, ProductState>({
  streamPrefix: 'product-',
  decider: productDecider,
  map: {
    ProductCreated: ({ data }, state) =>
      state.status === 'live'
        ? published(catalogV1.ProductCreatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), product: productOf(data.productId, state, { createdAt: data.at }) })
        : undefined,
    ProductUpdated: ({ data }, state) =>
      state.status === 'live'
        ? published(catalogV1.ProductUpdatedSchema, {
            envelope: merchantEnvelope(data.merchantId, data.testMode),
            product: productOf(data.productId, state, { updatedAt: data.at }),
            changedFields: (Object.keys(productFieldNames) as (keyof ProductFields)[]).filter((key) => data[key] !== undefined).map((key) => productFieldNames[key]),
          })
        : undefined,
    ProductDeleted: ({ data }) => published(catalogV1.ProductDeletedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), productId: data.productId }),
    // Stock the orders service took or gave back is its own count's news (OrderPlaced, OrderCancelled):
    // a product's stock reductions are not published again.
  },
});

// ---------------------------------------------------------------------------------------------
// Modifiers

const modifierOf = (m: Modifier) => ({
  modifierId: m.modifierId,
  title: m.title,
  instructions: m.instructions,
  description: m.description,
  options: m.options.map((o) => ({
    optionId: o.id,
    label: o.label,
    additionalCostMinor: BigInt(o.additionalCostMinor),
    additionalCalories: Math.trunc(o.additionalCalories ?? 0),
    preSelected: o.preSelected === true,
  })),
  rules: { ...m.rules, selectRestriction: Math.trunc(m.rules.selectRestriction) },
  ...selectionsOf(m),
  currency: m.currency ?? '',
  createdAt: time(m.createdAt),
  updatedAt: time(m.updatedAt),
});

export const modifierPublication = publication<ModifierEvent, ModifierState>({
  streamPrefix: 'modifier-',
  decider: modifierDecider,
  map: {
    ModifierCreated: ({ data }) => published(catalogV1.ModifierCreatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), modifier: modifierOf(data) }),
    ModifierUpdated: ({ data }) => published(catalogV1.ModifierUpdatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), modifier: modifierOf(data) }),
    ModifierDeleted: ({ data }) => published(catalogV1.ModifierDeletedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), modifierId: data.modifierId }),
  },
});

// ---------------------------------------------------------------------------------------------
// Coupons

const couponOf = (c: Coupon) => ({
  couponId: c.couponId,
  title: c.title,
  description: c.description,
  code: c.code,
  active: c.active,
  discount:
    c.discount.type === 'PERCENTAGE'
      ? { case: 'percentOff' as const, value: c.discount.percentOff }
      : { case: 'amountOffMinor' as const, value: BigInt(c.discount.amountOffMinor) },
  currency: c.currency ?? '',
  minimumOrderAmountMinor: BigInt(c.minimumOrderAmountMinor),
  individualUse: c.individualUse,
  timesRedeemed: BigInt(c.timesRedeemed),
  applyToAllProducts: c.applyToAllProducts,
  productIds: [...c.products],
  createdAt: time(c.createdAt),
  updatedAt: time(c.updatedAt),
});

export const couponPublication = publication<CouponEvent, CouponState>({
  streamPrefix: 'coupon-',
  decider: couponDecider,
  map: {
    CouponCreated: ({ data }) => published(catalogV1.CouponCreatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), coupon: couponOf(data) }),
    CouponUpdated: ({ data }) => published(catalogV1.CouponUpdatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), coupon: couponOf(data) }),
    CouponDeleted: ({ data }) => published(catalogV1.CouponDeletedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), couponId: data.couponId }),
  },
});

// ---------------------------------------------------------------------------------------------
// Menus

type LiveMenu = Extract<MenuState, { status: 'live' }>;

const menuOf = (menuId: string, state: LiveMenu, at: { createdAt?: string; updatedAt?: string }) => ({
  menuId,
  title: state.title,
  description: state.description,
  branding: { icon: state.branding?.icon ?? '', banner: state.branding?.banner ?? '' },
  availability: state.availability.allDayMenu
    ? { allDay: true, begin: '', end: '' }
    : { allDay: false, begin: state.availability.begin ?? '', end: state.availability.end ?? '' },
  productIds: [...state.products],
  createdAt: time(at.createdAt),
  updatedAt: time(at.updatedAt ?? at.createdAt),
});

export const menuPublication = publication<MenuEvent, MenuState>({
  streamPrefix: 'menu-',
  decider: menuDecider,
  map: {
    MenuCreated: ({ data }, state) =>
      state.status === 'live' ? published(catalogV1.MenuCreatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), menu: menuOf(data.menuId, state, { createdAt: data.at }) }) : undefined,
    MenuUpdated: ({ data }, state) =>
      state.status === 'live' ? published(catalogV1.MenuUpdatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), menu: menuOf(data.menuId, state, { updatedAt: data.at }) }) : undefined,
    MenuDeleted: ({ data }) => published(catalogV1.MenuDeletedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), menuId: data.menuId }),
  },
});

// ---------------------------------------------------------------------------------------------
// Customers

const customerOf = (c: Customer) => ({
  customerId: c.customerId,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  metadata: c.metadata.map(({ key, value }) => ({ key, value })),
  createdAt: time(c.createdAt),
  updatedAt: time(c.updatedAt),
});

export const customerPublication = publication<CustomerEvent, CustomerState>({
  streamPrefix: 'customer-',
  decider: customerDecider,
  map: {
    CustomerCreated: ({ data }) => published(catalogV1.CustomerCreatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), customer: customerOf(data) }),
    CustomerUpdated: ({ data }) => published(catalogV1.CustomerUpdatedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), customer: customerOf(data) }),
    CustomerDeleted: ({ data }) => published(catalogV1.CustomerDeletedSchema, { envelope: merchantEnvelope(data.merchantId, data.testMode), customerId: data.customerId }),
  },
});

// ---------------------------------------------------------------------------------------------
// Tenants: merchants, venues, apps

/** A tenant's whole record, folded from its stream (the command decider keeps only what it decides on). */
export type TenantRecord = {
  exists: boolean;
  fields?: Omit<TenantFields, 'branding' | 'createdBy' | 'at'>;
  settings: TenantSettings;
  branding: Branding;
  checkoutOptions: CheckoutOptions;
  createdAt?: string;
  updatedAt?: string;
};

export const tenantRecordFold = {
  initialState: (): TenantRecord => ({ exists: false, settings: {}, branding: noBranding(), checkoutOptions: defaultCheckoutOptions() }),
  evolve(state: TenantRecord, event: TenantEvent): TenantRecord {
    if (collectionOfEvent(event.type)) {
      const { branding, createdBy: _by, at, ...fields } = event.data as TenantFields;
      return { ...state, exists: true, fields, branding: brandingOf(branding), createdAt: at, updatedAt: at };
    }
    if (event.type === 'CheckoutOptionsChanged') return { ...state, checkoutOptions: event.data.checkoutOptions, updatedAt: event.data.at };
    if (collectionOfDelete(event.type)) return { ...state, exists: false, updatedAt: (event.data as TenantDeleted).at };
    const { id: _id, branding, source: _source, by: _by, at, handle, previousHandle: _previous, domain: _domain, domainVerification: _verification, ...settings } = event.data as TenantUpdated;
    return {
      ...state,
      ...(handle && state.fields ? { fields: { ...state.fields, handle } } : {}),
      settings: { ...state.settings, ...settings },
      branding: brandingOf(state.branding, branding),
      updatedAt: at,
    };
  },
};

const brandingMessage = (b: Branding) => ({ icon: b.icon ?? '', logo: b.logo ?? '', logoDark: b.logoDark ?? '', banner: b.banner ?? '' });

const hoursOf = (settings: TenantSettings) =>
  (settings.hours ?? []).map((d) => ({ day: d.day, isOpen: d.isOpen, openAllDay: d.openAllDay, openTime: d.open.time ?? '', closeTime: d.close.time ?? '' }));

const checkoutOptionsOf = (o: CheckoutOptions) => ({
  fulfillmentTypes: { delivery: o.fulfillmentTypes.DELIVERY, pickup: o.fulfillmentTypes.PICKUP, selfCheckout: o.fulfillmentTypes.SELF_CHECKOUT, tag: o.fulfillmentTypes.TAG, tab: o.fulfillmentTypes.TAB },
  pickupMethods: { counter: o.pickupMethods.COUNTER, table: o.pickupMethods.TABLE, curbside: o.pickupMethods.CURBSIDE, driveThrough: o.pickupMethods.DRIVE_THROUGH },
  deliveryRadius: o.deliveryRaduis,
  deliveryFeeMinor: BigInt(o.deliveryFeeMinor),
  paused: o.paused,
  paymentProcessor: o.paymentProcessor,
  forwardOrdersToSquare: o.forwardOrdersToSquare,
  collectTips: o.collectTips,
  preparationTimeMinutes: o.preparationTime,
  minimumOrderAmountMinor: BigInt(o.minimumOrderAmountMinor),
  enablePayLater: o.enablePayLater,
  enableCoupons: o.enableCoupons,
  anonymousSelfCheckout: o.anonymousSelfCheckout,
  restrictUpcItemsToMenuTimes: o.restrictUPCItemsToMenuTimes,
  requireAgeRestriction: o.requireAgeRestriction,
  ageRestriction: o.ageRestriction,
  enableGroupOrdering: o.enableGroupOrdering,
  pickUpPaddingTimeMinutes: o.pickUpPaddingTime,
  pickupTimeSlotsIntervalMinutes: o.pickupTimeSlotsInterval,
  taxRatePercent: o.taxRate,
  currency: o.currency,
  chargePlatformFeeToCustomer: o.chargePlatformFeeToCustomer,
  chargeCustomerProcessingFee: o.chargeCustomerProcessingFee,
  chargeConvenienceFeeForCashTransactions: o.chargeConvenienceFeeForCashTransactions,
  convenienceFeeMinor: BigInt(o.convenienceFeeMinor),
  tagDeliveryFeeMinor: BigInt(o.tagDeliveryFeeMinor),
  enableTagMetadataEdit: o.enableTagMetadataEdit,
  maxOrdersPerSlot: o.maxOrdersPerSlot,
});

const common = (r: TenantRecord) => ({
  name: r.settings.name ?? r.fields?.name ?? '',
  description: r.settings.description ?? r.fields?.description ?? '',
  handle: r.fields?.handle ?? '',
  timeZone: r.settings.timeZone ?? r.fields?.timeZone ?? '',
  branding: brandingMessage(r.branding),
  createdAt: time(r.createdAt),
  updatedAt: time(r.updatedAt),
});

const contact = (r: TenantRecord) => ({
  googlePlaceId: r.settings.googlePlaceId ?? r.fields?.googlePlaceId ?? '',
  phone: r.settings.phone ?? '',
  email: r.settings.email ?? '',
  website: r.settings.website ?? '',
  hours: hoursOf(r.settings),
  colors: r.settings.colors ? { ...r.settings.colors } : undefined,
  fonts: r.settings.fonts ? { ...r.settings.fonts } : undefined,
});

const addressOf = (r: TenantRecord) =>
  r.settings.address
    ? { line1: r.settings.address.line1, line2: r.settings.address.line2, city: r.settings.address.city, state: r.settings.address.state, postalCode: r.settings.address.postal_code, country: '' }
    : undefined;

const merchantOf = (id: string, r: TenantRecord) => ({
  merchantId: id,
  ...common(r),
  ...contact(r),
  address: addressOf(r),
  currency: r.checkoutOptions.currency,
  paused: r.checkoutOptions.paused,
  taxRatePercent: r.checkoutOptions.taxRate,
  preparationTimeMinutes: r.checkoutOptions.preparationTime,
  checkoutOptions: checkoutOptionsOf(r.checkoutOptions),
  promptAppInstall: r.settings.promptAppInstall === true,
});

const venueOf = (id: string, r: TenantRecord) => ({ venueId: id, ...common(r), ...contact(r), address: addressOf(r) });
const appOf = (id: string, r: TenantRecord) => ({ appId: id, ...common(r) });

const tenantIdOf = (event: StoredEvent<string, unknown>): string => {
  const data = event.data as { id?: string; merchantId?: string };
  return data.id ?? data.merchantId ?? '';
};

/** Every tenant event maps to its collection's Created or Updated, with the full snapshot. */
function tenantMessage(collection: TenantCollection, change: 'Created' | 'Updated', event: StoredEvent<string, unknown>, record: TenantRecord): PublishedMessage | undefined {
  if (!record.exists) return undefined;
  const id = tenantIdOf(event);
  const envelope = { tenantId: id, testMode: false, tenantCollection: tenantCollection[collection] };
  const createdBy = change === 'Created' ? (event.data as TenantFields).createdBy ?? '' : '';
  switch (collection) {
    case 'merchants':
      return change === 'Created'
        ? published(catalogV1.MerchantCreatedSchema, { envelope, merchant: merchantOf(id, record), createdBy })
        : published(catalogV1.MerchantUpdatedSchema, { envelope, merchant: merchantOf(id, record) });
    case 'venues':
      return change === 'Created'
        ? published(catalogV1.VenueCreatedSchema, { envelope, venue: venueOf(id, record), createdBy })
        : published(catalogV1.VenueUpdatedSchema, { envelope, venue: venueOf(id, record) });
    case 'apps':
      return change === 'Created'
        ? published(catalogV1.AppCreatedSchema, { envelope, app: appOf(id, record), createdBy })
        : published(catalogV1.AppUpdatedSchema, { envelope, app: appOf(id, record) });
  }
}

const tenantMapping = (collection: TenantCollection) => ({
  created: (event: StoredEvent<string, unknown>, record: TenantRecord) => tenantMessage(collection, 'Created', event, record),
  updated: (event: StoredEvent<string, unknown>, record: TenantRecord) => tenantMessage(collection, 'Updated', event, record),
});

const merchants = tenantMapping('merchants');
const venues = tenantMapping('venues');
const apps = tenantMapping('apps');

export const merchantPublication = publication<TenantEvent, TenantRecord>({
  streamPrefix: 'merchant-',
  decider: tenantRecordFold,
  map: {
    MerchantCreated: merchants.created,
    MerchantUpdated: merchants.updated,
    CheckoutOptionsChanged: merchants.updated,
    MerchantDeleted: ({ data }) =>
      published(catalogV1.MerchantDeletedSchema, {
        envelope: { tenantId: (data as TenantDeleted).id, testMode: false, tenantCollection: tenantCollection.merchants },
        merchantId: (data as TenantDeleted).id,
      }),
  },
});
export const venuePublication = publication<TenantEvent, TenantRecord>({
  streamPrefix: 'venue-',
  decider: tenantRecordFold,
  map: {
    VenueCreated: venues.created,
    VenueUpdated: venues.updated,
    VenueDeleted: ({ data }) =>
      published(catalogV1.VenueDeletedSchema, {
        envelope: { tenantId: (data as TenantDeleted).id, testMode: false, tenantCollection: tenantCollection.venues },
        venueId: (data as TenantDeleted).id,
      }),
  },
});
export const appPublication = publication<TenantEvent, TenantRecord>({
  streamPrefix: 'app-',
  decider: tenantRecordFold,
  map: { AppCreated: apps.created, AppUpdated: apps.updated },
});

/** A merchant's Delete Test Data: the other services erase their sandbox records of it. */
export const sandboxPublication = publication<SandboxEvent, null>({
  streamPrefix: 'sandbox-',
  decider: { initialState: () => null, evolve: (state) => state },
  map: {
    TestDataDeleted: ({ data }) => published(catalogV1.TestDataDeletedSchema, { envelope: merchantEnvelope(data.merchantId, true), merchantId: data.merchantId }),
  },
});

/** Raise `version` when a mapping starts publishing events it did not before (chassis Publications). */
export const catalogPublications: Publications = {
  // 2: MerchantDeleted and VenueDeleted (settings' Delete). 3: checkoutOptions' fulfillment type TAB. 4: TestDataDeleted.
  // 5: VenueMerchantsChanged (a venue's links).
  version: 5,
  streams: [productPublication, modifierPublication, couponPublication, menuPublication, customerPublication, merchantPublication, venuePublication, venueLinksPublication, appPublication, sandboxPublication],
};




import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createOrdersService, type OrdersOptions } from '../index';
import { CATALOG_SUBSCRIPTION } from '../catalog/subscription';
import { TAGS_SUBSCRIPTION } from '../tags/view';

/**
 * The orders service over a fresh schema, with the catalog's and identity's logs to append to as
 * those services would, for the int specs. Catalog events are in the catalog's own shapes.
 */
export interface OrdersFixture {
  svc: TestService;
  /** Appends catalog events to one stream and waits until the orders view has them. */
  catalog(stream: string, events: { type: string; data: unknown }[]): Promise<void>;
  merchant(id: string, checkoutOptions?: Record<string, unknown>): Promise<void>;
  product(fields: { id: string; merchantId: string; title?: string; price?: number; testMode?: boolean; manageStock?: boolean; stockQuantity?: number; modifiers?: string[] }): Promise<void>;
  modifier(fields: { id: string; merchantId: string; title?: string; testMode?: boolean; options: { id: string; label?: string; cost?: number }[]; rules?: Partial<Rules> }): Promise<void>;
  coupon(fields: { id: string; merchantId: string; code: string; testMode?: boolean; active?: boolean; percentOff?: number; amountOffMinor?: number; minimumOrderAmountMinor?: number; products?: string[] }): Promise<void>;
  /** The merchant's opening hours (catalog's MerchantUpdated: hours section, and the time zone when given). */
  hours(merchantId: string, hours: { day: string; isOpen: boolean; openAllDay?: boolean; open?: string; close?: string }[], timeZone?: string): Promise<void>;
  menu(fields: { id: string; merchantId: string; products: string[]; testMode?: boolean; begin?: string; end?: string }): Promise<void>;
  /** A tag of a tenant (the tags service's TagCreated), once the orders copy has it; `deleted` appends TagDeleted too. */
  tag(fields: { id: string; tenantId: string; code?: string; testMode?: boolean; metadata: { key: string; value: string; visible?: boolean }[]; deleted?: boolean }): Promise<void>;
  /** A team member of the merchant (identity's grant), once the orders copy has it. */
  member(merchantId: string, uid: string): Promise<string>;
  bearer(uid: string, tenant?: { id: string; testMode: boolean }): Promise<string>;
  stop(): Promise<void>;
}

type Rules = { required: boolean; allowedMultiple: boolean; selectRestriction: number; requireSelectRestriction: boolean; enableOptionQuantity: boolean };
const noRules: Rules = { required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false };
const at = '2026-11-22T12:00:00.000Z';

export async function ordersFixture(options: { now?: () => Date; orders?: OrdersOptions } = {}): Promise<OrdersFixture> {
  const svc = await startTestService(createOrdersService(options.orders), { sources: ['identity', 'catalog', 'tags'], now: options.now });
  const caughtUp = async (position: number) => {
    while ((await svc.started.deps.checkpoints.load(CATALOG_SUBSCRIPTION)) < position) await new Promise((r) => setTimeout(r, 10));
  };
  const catalog: OrdersFixture['catalog'] = async (stream, events) => {
    const { lastGlobalPosition } = await svc.sourceLog('catalog').appendToStream(stream, events, { expectedVersion: 'any' });
    await caughtUp(lastGlobalPosition);
  };
  const bearer: OrdersFixture['bearer'] = async (uid, tenant) =>
    `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant: { collection: 'merchants' as const, ...tenant } } : {}) })}`;
  return {
    svc,
    catalog,
    bearer,
    async merchant(id, checkoutOptions) {
      await catalog(`merchant-${id}`, [{ type: 'MerchantCreated', data: { id, name: id, handle: id, createdBy: 'alice', at } }]);
      if (checkoutOptions) await catalog(`merchant-${id}`, [{ type: 'CheckoutOptionsChanged', data: { merchantId: id, checkoutOptions } }]);
    },
    async product({ id, merchantId, title = id, price = 10, testMode = false, manageStock = false, stockQuantity = 0, modifiers = [] }) {
      await catalog(`product-${id}`, [{
        type: 'ProductCreated',
        data: { productId: id, merchantId, testMode, at, title, description: '', priceMinor: Math.round(price * 100), manageStock, stockQuantity, images: [], code: '', modifiers },
      }]);
    },
    async modifier({ id, merchantId, title = id, testMode = false, options, rules = {} }) {
      await catalog(`modifier-${id}`, [{
        type: 'ModifierCreated',
        data: {
          modifierId: id, merchantId, testMode, title, instructions: '', description: '', createdAt: at, updatedAt: at,
          options: options.map((o) => ({ id: o.id, label: o.label ?? o.id, additionalCostMinor: Math.round((o.cost ?? 0) * 100), additionalCalories: 0, preSelected: false })),
          rules: { ...noRules, ...rules },
        },
      }]);
    },
    async coupon({ id, merchantId, code, testMode = false, active = true, percentOff, amountOffMinor, minimumOrderAmountMinor = 0, products }) {
      const discount = amountOffMinor === undefined ? { type: 'PERCENTAGE', percentOff: percentOff ?? 10 } : { type: 'FIXED', amountOffMinor };
      await catalog(`coupon-${id}`, [{
        type: 'CouponCreated',
        data: {
          couponId: id, merchantId, testMode, code, title: code, description: '', active, discount, minimumOrderAmountMinor, individualUse: true, timesRedeemed: 0,
          applyToAllProducts: products === undefined, products: products ?? [], createdAt: at, updatedAt: at,
        },
      }]);
    },
    async hours(merchantId, hours, timeZone) {
      const days = hours.map(({ day, isOpen, openAllDay = false, open, close }) => ({ day, isOpen, openAllDay, open: { time: open ?? null }, close: { time: close ?? null } }));
      await catalog(`merchant-${merchantId}`, [{ type: 'MerchantUpdated', data: { id: merchantId, hours: days, ...(timeZone ? { timeZone } : {}), by: 'alice', at } }]);
    },
    async menu({ id, merchantId, products, testMode = false, begin, end }) {
      const availability = begin && end ? { allDayMenu: false, begin, end } : { allDayMenu: true, begin: null, end: null };
      await catalog(`menu-${id}`, [{
        type: 'MenuCreated',
        data: { menuId: id, merchantId, testMode, at, title: id, description: '', branding: { banner: null, icon: null }, availability, products },
      }]);
    },
    async tag({ id, tenantId, code = id.toLowerCase(), testMode = false, metadata, deleted = false }) {
      const owner = { collection: 'merchants', tenantId };
      const metadataFields = metadata.map(({ key, value, visible = true }) => ({ key, value, visible }));
      const events = [{
        type: 'TagCreated',
        data: { ...owner, tagId: id, code, name: metadata.map((f) => `${f.key} ${f.value}`).join(' '), metadata: Object.fromEntries(metadata.map((f) => [f.key, f.value])), metadataFields, activated: false, nfc: false, testMode, createdAt: at, updatedAt: at },
      }];
      if (deleted) events.push({ type: 'TagDeleted', data: { ...owner, tagId: id, code, testMode, at } as never });
      const { lastGlobalPosition } = await svc.sourceLog('tags').appendToStream(`tag-${id}`, events, { expectedVersion: 'any' });
      while ((await svc.started.deps.checkpoints.load(TAGS_SUBSCRIPTION)) < lastGlobalPosition) await new Promise((r) => setTimeout(r, 10));
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

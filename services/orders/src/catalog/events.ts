import { toBasisPoints, toMinor } from '../pricing/money';
import type { CouponView, DayHoursView, MenuView, ModifierRulesView, ModifierView, OptionView, ProductView } from './view';

/**
 * The catalog's events as orders reads them (services/catalog/src/{products,modifiers,coupons,
 * tenants}): only the fields checkout needs, typed here because services never import each other.
 */
type ProductFields = { title: string; priceMinor: number; manageStock: boolean; stockQuantity: number; modifiers: string[] };
type ProductOwner = { productId: string; merchantId: string; testMode: boolean };

/** A modifier option as the catalog sends it: `additionalCostMinor`; events recorded before that change carry `additionalCost` in major units. */
export type CatalogOption = { id: string; label: string; additionalCost?: number; additionalCostMinor?: number };
type CatalogModifier = { modifierId: string; merchantId: string; testMode: boolean; title: string; options: CatalogOption[]; rules: ModifierRulesView };

type CouponDiscount = { type: 'PERCENTAGE'; percentOff: number } | { type: 'FIXED'; amountOffMinor: number };
type CatalogCoupon = {
  couponId: string; merchantId: string; testMode: boolean; code: string; active: boolean; discount: CouponDiscount;
  minimumOrderAmountMinor: number; applyToAllProducts: boolean; products: string[];
};

/** A menu (services/catalog/src/menus/menu.ts): when it is offered and its products. */
type MenuAvailability = { allDayMenu: boolean; begin?: string | null; end?: string | null };
type MenuFields = { availability: MenuAvailability; products: string[] };
type MenuOwner = { menuId: string; merchantId: string; testMode: boolean };

export type CatalogEvent =
  | { type: 'ProductCreated'; data: ProductOwner & ProductFields }
  | { type: 'ProductUpdated'; data: ProductOwner & Partial<ProductFields> }
  | { type: 'ProductDeleted'; data: ProductOwner }
  | { type: 'ModifierCreated' | 'ModifierUpdated'; data: CatalogModifier }
  | { type: 'ModifierDeleted'; data: { modifierId: string } }
  | { type: 'CouponCreated' | 'CouponUpdated'; data: CatalogCoupon }
  | { type: 'CouponDeleted'; data: { couponId: string } }
  | { type: 'MerchantCreated'; data: { id: string; timeZone?: string } }
  | { type: 'MerchantUpdated'; data: { id: string; hours?: unknown; timeZone?: unknown } }
  | { type: 'MenuCreated'; data: MenuOwner & MenuFields }
  | { type: 'MenuUpdated'; data: MenuOwner & Partial<MenuFields> }
  | { type: 'MenuDeleted'; data: MenuOwner }
  | { type: 'CheckoutOptionsChanged'; data: { merchantId: string; checkoutOptions: unknown } };

export const productViewOf = ({ productId, merchantId, testMode, title, priceMinor, manageStock, modifiers }: ProductOwner & ProductFields): ProductView => ({
  id: productId, merchantId, testMode, title, priceMinor, manageStock, modifiers: [...modifiers],
});

/** The changed fields of a ProductUpdated, as a patch of the view. */
export function productPatchOf(changes: Partial<ProductFields>): Partial<ProductView> {
  const patch: Partial<ProductView> = {};
  if (changes.title !== undefined) patch.title = changes.title;
  if (changes.priceMinor !== undefined) patch.priceMinor = changes.priceMinor;
  if (changes.manageStock !== undefined) patch.manageStock = changes.manageStock;
  if (changes.modifiers !== undefined) patch.modifiers = [...changes.modifiers];
  return patch;
}

/** Minor units of an option's extra cost, whichever way the catalog names it. */
export const optionCostMinor = (option: CatalogOption): number =>
  typeof option.additionalCostMinor === 'number' ? option.additionalCostMinor : toMinor(option.additionalCost ?? 0);

export const optionViewOf = (option: CatalogOption): OptionView => ({ id: option.id, label: option.label, additionalCostMinor: optionCostMinor(option) });

export const modifierViewOf = ({ modifierId, merchantId, testMode, title, options, rules }: CatalogModifier): ModifierView => ({
  id: modifierId, merchantId, testMode, title, options: options.map(optionViewOf),
  rules: { required: rules.required, allowedMultiple: rules.allowedMultiple, selectRestriction: rules.selectRestriction, requireSelectRestriction: rules.requireSelectRestriction },
});

/**
 * A coupon's percent as basis points, 0 to 10,000: the catalog checks it is 0–100 today, but an
 * older event may hold any number (never a reason to stop the subscription).
 */
const percentBasisPoints = (percentOff: number): number =>
  typeof percentOff !== 'number' || !Number.isFinite(percentOff) || percentOff <= 0 ? 0 : percentOff >= 100 ? 10_000 : toBasisPoints(percentOff);

export const couponViewOf = (coupon: CatalogCoupon): CouponView => ({
  id: coupon.couponId,
  merchantId: coupon.merchantId,
  testMode: coupon.testMode,
  code: coupon.code.toUpperCase(),
  active: coupon.active,
  type: coupon.discount.type,
  value: coupon.discount.type === 'PERCENTAGE' ? percentBasisPoints(coupon.discount.percentOff) : coupon.discount.amountOffMinor,
  minimumOrderMinor: coupon.minimumOrderAmountMinor,
  applyToAllProducts: coupon.applyToAllProducts,
  products: [...coupon.products],
});

/** Seed 002 §9: the catalog's default time zone, for a merchant created without one. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const timeOf = (side: unknown): string | null => (isRecord(side) && typeof side.time === 'string' ? side.time : null);

/**
 * The hours section of a MerchantUpdated (services/catalog/src/tenants/settings.ts: seven days,
 * Sunday first, times HHMM in the merchant's zone), or undefined when the event does not carry it.
 * Entries that cannot be read are left out (checkout/hours.ts treats a day without an entry as closed).
 */
export function hoursViewOf(hours: unknown): DayHoursView[] | undefined {
  if (!Array.isArray(hours)) return undefined;
  return hours.filter(isRecord).map((entry) => ({
    day: typeof entry.day === 'number' ? entry.day : String(entry.day ?? ''),
    isOpen: entry.isOpen === true,
    openAllDay: entry.openAllDay === true,
    open: timeOf(entry.open),
    close: timeOf(entry.close),
  }));
}

export const menuAvailabilityOf = (availability: MenuAvailability | undefined): MenuView['availability'] =>
  !availability || availability.allDayMenu
    ? { allDayMenu: true, begin: null, end: null }
    : { allDayMenu: false, begin: availability.begin ?? null, end: availability.end ?? null };

export const menuViewOf = ({ menuId, merchantId, testMode, availability, products }: MenuOwner & MenuFields): MenuView => ({
  id: menuId, merchantId, testMode, availability: menuAvailabilityOf(availability), products: [...products],
});

/** The changed fields of a MenuUpdated (availability and products are sent whole). */
export function menuPatchOf(changes: Partial<MenuFields>): Partial<MenuView> {
  const patch: Partial<MenuView> = {};
  if (changes.availability !== undefined) patch.availability = menuAvailabilityOf(changes.availability);
  if (changes.products !== undefined) patch.products = [...changes.products];
  return patch;
}

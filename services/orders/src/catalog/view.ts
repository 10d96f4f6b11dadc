import type { CollectionSpec } from '@seatside/chassis';
import type { CheckoutOptions } from './checkout-options';

/**
 * The orders service's own copy of what checkout needs from the catalog (services share events,
 * never tables): products, modifiers, coupons, merchants (with their hours) and menus, in minor units.
 */
export const catalogProducts: CollectionSpec = { name: 'catalog_products', filterable: ['merchantId', 'testMode'] };
export const catalogModifiers: CollectionSpec = { name: 'catalog_modifiers', filterable: ['merchantId', 'testMode'] };
export const catalogCoupons: CollectionSpec = { name: 'catalog_coupons', filterable: ['merchantId', 'testMode', 'code'] };
export const catalogMerchants: CollectionSpec = { name: 'catalog_merchants' };
export const catalogMenus: CollectionSpec = { name: 'catalog_menus', filterable: ['merchantId', 'testMode'] };

/** Every record keeps the catalog log position that last set it (see subscription.ts). */
type Positioned = { position?: number };

export const catalogCollections = [catalogProducts, catalogModifiers, catalogCoupons, catalogMerchants, catalogMenus];

export type ProductView = Positioned & {
  id: string;
  merchantId: string;
  testMode: boolean;
  title: string;
  priceMinor: number;
  manageStock: boolean;
  /** Modifier ids offered with the product. */
  modifiers: string[];
};

export type OptionView = { id: string; label: string; additionalCostMinor: number };

export type ModifierRulesView = {
  required: boolean;
  allowedMultiple: boolean;
  selectRestriction: number;
  requireSelectRestriction: boolean;
};

export type ModifierView = Positioned & { id: string; merchantId: string; testMode: boolean; title: string; options: OptionView[]; rules: ModifierRulesView };

export type CouponView = Positioned & {
  id: string;
  merchantId: string;
  testMode: boolean;
  /** Upper case. */
  code: string;
  active: boolean;
  type: 'PERCENTAGE' | 'FIXED';
  /** Basis points for PERCENTAGE (12.5 % = 1250), minor units for FIXED. */
  value: number;
  minimumOrderMinor: number;
  applyToAllProducts: boolean;
  products: string[];
};

/** One day of a merchant's opening hours: closed, open all day, or from open to close (HHMM in the merchant's zone). */
export type DayHoursView = { day: string | number; isOpen: boolean; openAllDay: boolean; open: string | null; close: string | null };

/**
 * `timeZone` (IANA) and `hours` come from MerchantCreated and the hours and details sections of
 * MerchantUpdated; records written before they were kept have neither: no hours is always open,
 * and the zone defaults to the catalog's (America/Los_Angeles).
 */
/** `name` and `handle`: for a group order's invitation (groups/); absent on records written before they were kept. */
export type MerchantView = Positioned & { id: string; checkoutOptions: CheckoutOptions; timeZone?: string; hours?: DayHoursView[]; name?: string; handle?: string };

/** A menu as checkout needs it (restrictUPCItemsToMenuTimes): when it is offered, and its products. */
export type MenuView = Positioned & {
  id: string;
  merchantId: string;
  testMode: boolean;
  availability: { allDayMenu: true; begin: null; end: null } | { allDayMenu: false; begin: string | null; end: string | null };
  products: string[];
};

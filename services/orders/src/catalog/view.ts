import type { CollectionSpec } from '@seatside/chassis';
import type { CheckoutOptions } from './checkout-options';

/**
 * The orders service's own copy of what checkout needs from the catalog (services share events,
 * never tables): products, modifiers, coupons and merchants, in minor units.
 */
export const catalogProducts: CollectionSpec = { name: 'catalog_products', filterable: ['merchantId', 'testMode'] };
export const catalogModifiers: CollectionSpec = { name: 'catalog_modifiers', filterable: ['merchantId', 'testMode'] };
export const catalogCoupons: CollectionSpec = { name: 'catalog_coupons', filterable: ['merchantId', 'testMode', 'code'] };
export const catalogMerchants: CollectionSpec = { name: 'catalog_merchants' };

/** Every record keeps the catalog log position that last set it (see subscription.ts). */
type Positioned = { position?: number };

export const catalogCollections = [catalogProducts, catalogModifiers, catalogCoupons, catalogMerchants];

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

export type MerchantView = Positioned & { id: string; checkoutOptions: CheckoutOptions };

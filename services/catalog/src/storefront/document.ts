import type { MenuDoc } from '../menus/projections';
import type { ModifierDoc } from '../modifiers/projections';
import type { Page } from '../page/blocks';
import type { Product } from '../products/projections';
import { brandingOf } from '../tenants/branding';
import { checkoutOptionsView, defaultCheckoutOptions } from '../tenants/checkout-options';
import type { TenantDoc } from '../tenants/projections';
import { settingsView } from '../tenants/settings';

/**
 * The public storefront document (docs/storefront-api.md): what every diner of one merchant and
 * mode reads, the same for all, so it is built once and served as bytes until something changes.
 */

/**
 * The checkoutOptions a diner's page needs (restrictUPCItemsToMenuTimes: it offers no pickup time the
 * orders service would refuse); processor choice, Square forwarding and radius stay private.
 */
const publicCheckoutKeys = [
  'fulfillmentTypes', 'pickupMethods', 'paused', 'collectTips', 'preparationTime', 'pickUpPaddingTime', 'pickupTimeSlotsInterval',
  'minimumOrderAmount', 'enablePayLater', 'enableCoupons', 'anonymousSelfCheckout', 'restrictUPCItemsToMenuTimes', 'requireAgeRestriction', 'ageRestriction', 'currency',
  'taxRate', 'deliveryFee', 'tagDeliveryFee', 'convenienceFee', 'chargePlatformFeeToCustomer', 'chargeCustomerProcessingFee',
  'chargeConvenienceFeeForCashTransactions', 'enableTagMetadataEdit', 'maxOrdersPerSlot', 'enableGroupOrdering',
] as const;

export function publicCheckoutOptions(doc: TenantDoc) {
  const view = checkoutOptionsView(doc.checkoutOptions ?? defaultCheckoutOptions());
  return Object.fromEntries(publicCheckoutKeys.map((key) => [key, view[key]])) as Pick<typeof view, (typeof publicCheckoutKeys)[number]>;
}

export function storefrontMerchant(doc: TenantDoc) {
  const { phone, email, website, promptAppInstall, address, colors, fonts, hours, links, textTranslations } = settingsView(doc);
  return {
    id: doc.id, name: doc.name, description: doc.description, handle: doc.handle, timeZone: doc.timeZone,
    phone, email, website, promptAppInstall, address,
    branding: brandingOf(doc.branding), colors, fonts, hours,
    // Seed 001 §3: the visible links, in the merchant's order; seed 002 §3: the page's text translations.
    links: links.filter((link) => link.visible).map(({ title, url, type, icon, target }) => ({ title, url, type, icon, target })),
    textTranslations,
    // Seed 002 §2: while on, the page sends diners there (the gateway answers 302 on a full load).
    teleport: doc.teleport?.enable && doc.teleport.destination ? doc.teleport.destination : null,
    checkoutOptions: publicCheckoutOptions(doc),
  };
}

/**
 * The merchant's web app manifest: its name and icon, and splashScreenBackground for the install
 * splash (seed 001 §2), starting at its page.
 */
export function manifestOf(doc: TenantDoc) {
  const { colors } = settingsView(doc);
  const branding = brandingOf(doc.branding);
  const icon = branding.icon ?? branding.logo;
  return {
    name: doc.name,
    short_name: doc.name.slice(0, 12),
    start_url: `/${doc.handle}`,
    scope: `/${doc.handle}`,
    display: 'standalone',
    background_color: colors?.splashScreenBackground || '#ffffff',
    theme_color: colors?.primary || '#1f5eff',
    icons: icon ? [{ src: icon, sizes: '512x512', purpose: 'any' }] : [],
  };
}

/** Sold out once a stock-managed product has nothing left. */
export const isSoldOut = (product: Pick<Product, 'manageStock' | 'stockQuantity'>) => product.manageStock && product.stockQuantity <= 0;

export type StorefrontInput = { merchant: TenantDoc; menus: MenuDoc[]; products: Product[]; modifiers: ModifierDoc[]; page?: Page | null };

const byId = <T extends { id: string }, V>(records: T[], view: (record: T) => V): Record<string, V> =>
  Object.fromEntries(records.map((record) => [record.id, view(record)]));

/** Menus in their list order; ids of records that no longer exist (deleted, other mode) are left out. */
export function storefrontOf({ merchant, menus, products, modifiers, page = null }: StorefrontInput) {
  const productIds = new Set(products.map((p) => p.id));
  const modifierIds = new Set(modifiers.map((m) => m.id));
  return {
    merchant: storefrontMerchant(merchant),
    menus: menus.map((menu) => ({
      id: menu.id, title: menu.title, description: menu.description, branding: menu.branding, availability: menu.availability,
      products: menu.products.filter((id) => productIds.has(id)),
    })),
    products: byId(products, (p) => ({
      id: p.id, title: p.title, description: p.description, price: p.price, images: p.images, code: p.code,
      manageStock: p.manageStock, stockQuantity: p.stockQuantity, soldOut: isSoldOut(p),
      modifiers: p.modifiers.filter((id) => modifierIds.has(id)),
    })),
    modifiers: byId(modifiers, (m) => ({
      id: m.id, title: m.title, instructions: m.instructions, description: m.description,
      options: m.options.map(({ id, label, additionalCost, additionalCalories, preSelected }) => ({ id, label, additionalCost, additionalCalories, preSelected })),
      rules: m.rules, minSelections: m.minSelections, maxSelections: m.maxSelections,
    })),
    // The page builder's published page (blocks, views, drawers), or null: the storefront shows the menus alone.
    page,
  };
}

/** A linked merchant's card on the public venue page: enough to show it and lead to its page. */
const venueMerchantCard = (doc: TenantDoc) => {
  const branding = brandingOf(doc.branding);
  return { id: doc.id, name: doc.name, description: doc.description, handle: doc.handle, branding: { icon: branding.icon ?? null, banner: branding.banner ?? null } };
};

/**
 * The public venue page's document (seed 002 §2, §3; issue 20): `type: 'venue'`, the venue (hours,
 * address, branding, colors for the sidebar) and its linked merchants in the venue's order.
 */
export function venueOf(doc: TenantDoc, linked: TenantDoc[]) {
  const { address, colors, fonts, hours, phone, email, website, textTranslations } = settingsView(doc);
  return {
    type: 'venue' as const,
    venue: {
      id: doc.id, name: doc.name, description: doc.description, handle: doc.handle, timeZone: doc.timeZone,
      phone, email, website, address, branding: brandingOf(doc.branding), colors, fonts, hours, textTranslations,
    },
    merchants: linked.map(venueMerchantCard),
  };
}

import type { PageData } from '@seatside/ui/src/page/types';
/**
 * The public storefront document (docs/storefront-api.md, `GET /v1/storefront/{handle}`) and the
 * orders and tags answers the storefront reads. Money here is major units, as the API speaks it.
 */

import type { TextTranslation } from './translate';

/** TAG: staff deliver the order to the tag's table or seat. */
export type FulfillmentType = 'DELIVERY' | 'PICKUP' | 'SELF_CHECKOUT' | 'TAG';
export type PickupMethod = 'COUNTER' | 'TABLE' | 'CURBSIDE' | 'DRIVE_THROUGH';
/** Cash, pay later, or a card through the merchant's Stripe account or Square connection (when `GET …/payments/card` offers it). */
export type PaymentProcessor = 'CASH' | 'TBD' | 'STRIPE' | 'SQUARE';

/** `GET /v1/merchants/{id}/payments/card`: how the browser takes a card for this merchant and mode. */
export interface CardOptions {
  processor: 'STRIPE' | 'SQUARE';
  /** Stripe: `pk_…`; Square: the application id. */
  publishableKey: string;
  /** Stripe: the connected account; Square: the location. */
  accountId: string;
  /** Square: its Web Payments SDK for this mode. */
  scriptUrl?: string;
}

export interface HoursEntry {
  /** A day name ('Monday', 'mon') or a number (0 = Sunday). */
  day: string | number;
  isOpen: boolean;
  openAllDay: boolean;
  open?: { time?: string | null } | null;
  close?: { time?: string | null } | null;
}

export interface MenuAvailability {
  allDayMenu: boolean;
  begin?: string | null;
  end?: string | null;
}

/** The public part of checkoutOptions. */
export interface PublicCheckoutOptions {
  fulfillmentTypes: Partial<Record<FulfillmentType, boolean>>;
  pickupMethods: Partial<Record<PickupMethod, boolean>>;
  paused: boolean;
  collectTips: boolean;
  preparationTime: number;
  pickUpPaddingTime: number;
  pickupTimeSlotsInterval: number;
  minimumOrderAmount: number;
  enablePayLater: boolean;
  enableCoupons: boolean;
  anonymousSelfCheckout: boolean;
  /** Products are taken only while one of their menus is offered (absent in older documents: off). */
  restrictUPCItemsToMenuTimes?: boolean;
  requireAgeRestriction: boolean;
  ageRestriction: number;
  currency: string;
  taxRate?: number;
  deliveryFee?: number;
  tagDeliveryFee?: number;
  convenienceFee?: number;
  /** The diner may correct the tag's values (a seat moved) before placing a TAG order. */
  enableTagMetadataEdit?: boolean;
  /** Pacing: orders per 5-minute window (0 or absent: no cap). */
  maxOrdersPerSlot?: number;
  /** Group orders (issue 20): a diner may start one and share its link. */
  enableGroupOrdering?: boolean;
}

export interface Branding {
  icon?: string | null;
  logo?: string | null;
  logoDark?: string | null;
  banner?: string | null;
}

export interface StorefrontMerchant {
  id: string;
  name: string;
  description: string;
  handle: string;
  timeZone: string;
  branding: Branding;
  colors: Partial<Record<'primary' | 'secondary' | 'success' | 'info' | 'error' | 'splashScreenBackground', string>> | null;
  fonts: { headlines?: string; base?: string } | null;
  hours: HoursEntry[];
  checkoutOptions: PublicCheckoutOptions;
  /** Seed 001 §3: the visible links, in order (absent in older documents). */
  links?: MerchantLink[];
  /** Seed 002 §3: search/replace pairs over the page's own texts (absent in older documents). */
  textTranslations?: TextTranslation[];
  /** Seed 002 §2: where the page sends diners while Teleport is on; null (or absent) when off. */
  teleport?: string | null;
}

export interface MerchantLink {
  title: string;
  url: string;
  type: string;
  icon: string | null;
  target: '_blank' | '_self';
}

export interface StorefrontMenu {
  id: string;
  title: string;
  description: string;
  branding: { banner?: string | null; icon?: string | null } | null;
  availability: MenuAvailability;
  products: string[];
}

export interface StorefrontProduct {
  id: string;
  title: string;
  description: string;
  price: number;
  images: string[];
  code: string;
  manageStock: boolean;
  stockQuantity: number;
  soldOut: boolean;
  modifiers: string[];
}

export interface ModifierOption {
  id: string;
  label: string;
  additionalCost: number;
  additionalCalories?: number;
  preSelected?: boolean;
}

export interface StorefrontModifier {
  id: string;
  title: string;
  instructions: string;
  description: string;
  options: ModifierOption[];
  minSelections: number;
  maxSelections: number;
}

export interface StorefrontDocument {
  merchant: StorefrontMerchant;
  menus: StorefrontMenu[];
  products: Record<string, StorefrontProduct>;
  modifiers: Record<string, StorefrontModifier>;
  /** The page builder's published page (null, or absent in older documents, when none). */
  page?: PageData | null;
}

/** A linked merchant's card on the public venue page. */
export interface VenueMerchantCard {
  id: string;
  name: string;
  description: string;
  handle: string;
  branding: { icon: string | null; banner: string | null };
}

/** A venue handle's public document (docs/storefront-api.md): the venue and its linked merchants in order. */
export interface VenueDocument {
  type: 'venue';
  venue: Pick<StorefrontMerchant, 'id' | 'name' | 'description' | 'handle' | 'timeZone' | 'branding' | 'colors' | 'fonts' | 'hours' | 'textTranslations'> & {
    address: { line1?: string; line2?: string; city?: string; state?: string; postal_code?: string } | null;
  };
  merchants: VenueMerchantCard[];
}

export interface BillingSummary {
  currency: string;
  totals: { subtotal: number; discounts: number; tax: number; tip: number; cashAmount?: number; amountDue: number };
  fees: { deliveryFee: number; tagDeliveryFee?: number; convenienceFee: number; processingFeeToBePaidByCustomer: number; platformFeeToByPaidByCustomer: number };
}

export interface PlacedOrder {
  id: string;
  orderCode: string;
  status: string;
  message: string;
  statusToken: string;
  billingSummary: BillingSummary;
  /** A card order's payment: Stripe's PaymentIntent with its client secret for Stripe.js; Square's payment (already taken) without. */
  payment?: { clientSecret?: string; paymentIntentId: string };
}

export interface OrderStatus {
  id: string;
  orderCode: string;
  status: string;
  billingSummary: BillingSummary;
  lineItems: { lineItemId: string; title: string; quantity: number; total: number; options: { label: string }[] }[];
  /** TAB: a round of a tab. */
  fulfillment: { type: FulfillmentType | 'TAB'; pickupMethod?: PickupMethod; pickupTime?: string; address?: { line1: string; line2?: string; city: string } };
  /** The tag's table or seat, as ordered. */
  location?: { tagId: string; tagCode?: string; name: string; metadata: { key: string; value: string }[] };
  /** While it waits: when it should be ready, as a range (issue 27); from = to: at the chosen pickup time. */
  estimatedReadyAt?: { from: string; to: string };
  receivedAt: string;
  /** The order stream's version (and when it last changed): the newer of two views has the higher. */
  version?: number;
  updatedAt?: string;
}

/** `GET /v1/tags/{code}`: only the visible metadata. */
export interface PublicTag {
  id: string;
  code: string;
  name: string;
  collection: string;
  tenantId: string;
  testMode: boolean;
  metadata: { key: string; value: string }[];
  /** The merchant's handle, should the tags service add it (today the storefront is read by `tenantId`). */
  handle?: string;
}

import { createSessionApiClient } from '@seatside/ui/src/api/core';
import type { BillingSummary, CardOptions, OrderStatus, PlacedOrder, PublicTag, StorefrontDocument, VenueDocument } from './domain/types';
import type { LineModifier } from './cart/lines';
import type { FulfillmentType, PaymentProcessor, PickupMethod } from './domain/types';

export { ApiError } from '@seatside/ui/src/api/core';

// Every call here is public: no bearer token, even when a merchant's team member is signed in. So
// the storefront has its own client without the session (the shared @seatside/ui, its session
// store and zustand's middleware are not part of a diner's first visit).
const api = createSessionApiClient();
const publicCall = { bearer: false } as const;
const seg = encodeURIComponent;

/** `GET /v1/storefront/{handle}` (docs/storefront-api.md). */
export const fetchStorefront = (handleOrId: string, testMode: boolean, signal?: AbortSignal) =>
  api.get<StorefrontDocument | VenueDocument>(`/storefront/${seg(handleOrId)}`, { ...publicCall, query: { testMode: testMode || undefined }, signal });

/** `GET /v1/tags/{code}` (docs/tags-api.md): the visible metadata only. */
export const fetchTag = (code: string, signal?: AbortSignal) => api.get<PublicTag>(`/tags/${seg(code)}`, { ...publicCall, signal });

export interface CheckoutBody {
  lineItems: { productId: string; quantity: number; modifiers: LineModifier[] }[];
  fulfillment: {
    type: FulfillmentType;
    pickupMethod?: PickupMethod;
    pickupTime?: string;
    address?: { line1: string; line2?: string; city: string; state: string; postal_code: string };
    tagId?: string;
    metadata?: { key: string; value: string }[];
  };
  paymentProcessor: PaymentProcessor;
  couponCode?: string;
  tip?: number;
  tagId?: string;
  customer?: { firstName: string; lastName: string; email: string; phone: string };
  ageConfirmed?: boolean;
  testMode?: boolean;
  /** Pacing: the later window accepted ('Ready from 8:45 PM'). */
  readyFrom?: string;
}

/** `POST /v1/merchants/{id}/orders` with the checkout's Idempotency-Key (docs/orders-api.md). */
export const placeOrder = (merchantId: string, body: CheckoutBody, idempotencyKey: string) =>
  api.post<PlacedOrder>(`/merchants/${seg(merchantId)}/orders`, body, { ...publicCall, headers: { 'Idempotency-Key': idempotencyKey } });

/** A checkout body without what the price does not depend on (`POST …/orders/quote` drops it anyway). */
export type QuoteBody = Omit<CheckoutBody, 'customer' | 'ageConfirmed' | 'fulfillment'> & { fulfillment: Omit<CheckoutBody['fulfillment'], 'address'> };

/** `POST /v1/merchants/{id}/orders/quote`: what placing this cart would charge now (docs/orders-api.md, Price quote). */
export const quoteOrder = (merchantId: string, body: QuoteBody, signal?: AbortSignal) =>
  api.post<{ billingSummary: BillingSummary; pacing?: Pacing }>(`/merchants/${seg(merchantId)}/orders/quote`, body, { ...publicCall, signal });

/** Pacing: the earliest window is full, the order would be ready from this one. */
export interface Pacing {
  readyFrom: string;
  message: string;
}

/** `GET /v1/merchants/{id}/wait`: the wait a diner ordering now would get, in minutes. */
export const fetchWait = (merchantId: string, testMode: boolean, signal?: AbortSignal) =>
  api.get<{ currentWaitMinutes: number }>(`/merchants/${seg(merchantId)}/wait`, { ...publicCall, query: { testMode: testMode || undefined }, signal });

/** `GET /v1/merchants/{id}/payments/card`: whether, and how, this storefront takes a card (docs/orders-api.md, Payments). */
export const fetchCardOptions = (merchantId: string, testMode: boolean, signal?: AbortSignal) =>
  api.get<{ card: CardOptions | null }>(`/merchants/${seg(merchantId)}/payments/card`, { ...publicCall, query: { testMode: testMode || undefined }, signal });

/** `GET /v1/orders/{orderId}?token=` (the diner's status page). */
export const fetchOrderStatus = (orderId: string, token: string, signal?: AbortSignal) =>
  api.get<OrderStatus>(`/orders/${seg(orderId)}`, { ...publicCall, query: { token }, signal });

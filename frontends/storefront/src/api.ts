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
  /** A number, or the text typed when it is no amount of whole cents (the server refuses it on `tip`). */
  tip?: number | string;
  tagId?: string;
  customer?: { firstName: string; lastName: string; email: string; phone: string };
  ageConfirmed?: boolean;
  testMode?: boolean;
  /** Pacing: the later window accepted ('Ready from 8:45 PM'). */
  readyFrom?: string;
  /** SQUARE: the card token from Square's Web Payments SDK (single use). */
  sourceId?: string;
}

/** `POST /v1/merchants/{id}/orders` with the checkout's Idempotency-Key (docs/orders-api.md). */
export const placeOrder = (merchantId: string, body: CheckoutBody, idempotencyKey: string) =>
  api.post<PlacedOrder>(`/merchants/${seg(merchantId)}/orders`, body, { ...publicCall, headers: { 'Idempotency-Key': idempotencyKey } });

/** A checkout body without what the price does not depend on (`POST …/orders/quote` drops it anyway); a tab's round is quoted as fulfillment TAB. */
export type QuoteBody = Omit<CheckoutBody, 'customer' | 'ageConfirmed' | 'fulfillment'> & { fulfillment: Omit<CheckoutBody['fulfillment'], 'address' | 'type'> & { type: FulfillmentType | 'TAB' } };

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

/**
 * The card step of an order placed with a card and not paid yet, read again with its status token
 * (`GET /v1/orders/{id}/card`): for its page opened without the checkout's answer (another tab, the
 * e-mail's link); `card: null` when there is nothing to pay.
 */
export const fetchCardStep = (orderId: string, token: string, signal?: AbortSignal) =>
  api.get<{ card: { processor: string; publishableKey: string; accountId: string; clientSecret: string } | null }>(`/orders/${seg(orderId)}/card`, { ...publicCall, query: { token }, signal });

/** A group order as its participants see it (docs/orders-api.md, Group orders). */
export interface GroupView {
  groupId: string;
  merchantId: string;
  status: 'open' | 'placing' | 'placed' | 'closed';
  testMode?: boolean;
  requestedBy: string;
  participants: { participantId: string; name: string; host: boolean }[];
  lines: { lineId: string; participantId: string; participant: string; productId: string; title: string; quantity: number; unitPrice: number; modifiers: LineModifier[] }[];
  orderId?: string;
  merchant?: { name: string; handle: string };
}

export interface JoinOrderResponse {
  type: string;
  data: { id: string; name: string; handle: string; groupId: string; participantId: string; group: GroupView };
  mappedDomain: string | null;
  host: string | null;
  theme: unknown;
  signature: string;
  requestedBy: string;
}

export const startGroup = (merchantId: string, body: { firstName: string; clientId: string; testMode?: boolean }) =>
  api.post<{ groupId: string; signature: string; url: string; participantId: string; group: GroupView }>(`/merchants/${seg(merchantId)}/groups`, body, publicCall);
export const fetchGroup = (groupId: string, signature: string) => api.get<GroupView>(`/groups/${seg(groupId)}`, { ...publicCall, query: { signature } });
/** `POST /v1/{merchantId}/order/join/{signature}` (seed 002 §7): signed in, the session's bearer goes with it. */
/** As a guest (first name), or signed in with the session's bearer token (seed 002 §7). */
export const joinGroup = (merchantId: string, signature: string, body: { firstName?: string; lastName?: string; clientId: string }, token?: string | null) =>
  api.post<JoinOrderResponse>(`/${seg(merchantId)}/order/join/${seg(signature)}`, body, token ? { ...publicCall, headers: { authorization: `Bearer ${token}` } } : publicCall);
export const addGroupLines = (groupId: string, body: { signature: string; clientId: string; lineItems: { productId: string; quantity: number; modifiers: LineModifier[] }[] }) =>
  api.post<GroupView>(`/groups/${seg(groupId)}/lines`, body, publicCall);
/** A participant removes their own line; the host removes anyone's (403 `not_line_owner` otherwise). */
export const removeGroupLine = (groupId: string, lineId: string, body: { signature: string; clientId: string }) =>
  api.post<GroupView>(`/groups/${seg(groupId)}/lines/${seg(lineId)}/remove`, body, publicCall);
export const placeGroup = (groupId: string, body: { signature: string; clientId: string } & Omit<CheckoutBody, 'lineItems'>) =>
  api.post<PlacedOrder & { group: GroupView }>(`/groups/${seg(groupId)}/place`, body, publicCall);

/** A tab with its rounds and running total (docs/orders-api.md, Tabs). */
export interface TabView {
  id: string;
  /** `awaiting_cash`: the diner asked to pay in cash; it takes no rounds and waits for staff to take the cash and close it. */
  status: 'open' | 'awaiting_cash' | 'closed';
  cashRequestedAt?: string;
  name: string;
  rounds: { orderId: string; orderCode: string; amountDue: number; at: string }[];
  total: number;
  payment?: { paymentProcessor: string; amountPaid: number };
}
export const openTab = (merchantId: string, body: { customer: { firstName: string; lastName: string; email: string; phone: string }; testMode?: boolean; tagId?: string }) =>
  api.post<{ tabId: string; token: string; tab: TabView }>(`/merchants/${seg(merchantId)}/tabs`, body, publicCall);
export const fetchTab = (tabId: string, token: string) => api.get<TabView>(`/tabs/${seg(tabId)}`, { ...publicCall, query: { token } });
/** A round; `readyFrom`: the later window the diner accepted while pacing's earliest is full ('Ready from 8:45 PM'). */
export const sendRound = (tabId: string, token: string, lineItems: { productId: string; quantity: number; modifiers: LineModifier[] }[], idempotencyKey: string, readyFrom?: string) =>
  api.post<{ round: PlacedOrder; tab: TabView }>(`/tabs/${seg(tabId)}/rounds`, { token, lineItems, ...(readyFrom ? { readyFrom } : {}) }, { ...publicCall, headers: { 'Idempotency-Key': idempotencyKey } });
/** Cash asks staff to take it (the tab answers `awaiting_cash`; staff close it); a card answers the tab's one payment to confirm in the browser (its webhook closes the tab). */
export const closeTab = (tabId: string, token: string, paymentProcessor: 'CASH' | 'STRIPE' = 'CASH') =>
  api.post<TabView & { message: string; cardPayment?: { paymentId: string; clientSecret: string; amount: number } }>(`/tabs/${seg(tabId)}/close`, { token, paymentProcessor }, publicCall);

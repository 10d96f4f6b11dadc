import { api } from '@seatside/ui';

/** Amounts in major units, as the orders API speaks (docs/orders-api.md). */
export interface BillingSummary {
  currency: string;
  totals: { subtotal: number; discounts: number; tax: number; tip: number; cashAmount: number; amountDue: number };
  fees: { deliveryFee: number; tagDeliveryFee?: number; convenienceFee: number; processingFeeToBePaidByCustomer: number; platformFeeToByPaidByCustomer: number };
}

export type OrderType = 'DELIVERY' | 'PICKUP' | 'SELF_CHECKOUT' | 'TAG' | 'TAB';

/** Where a tag order goes, as ordered: 'Section 104 · Seat 2C' (`name`) and its pairs in order. */
export interface OrderLocation {
  tagId: string;
  tagCode?: string;
  name: string;
  metadata: { key: string; value: string }[];
}
export type OrderStatus = 'PLACED' | 'PAID' | 'ACCEPTED' | 'READY' | 'COMPLETED' | 'CANCELLED' | 'REFUNDED' | (string & {});

export interface OrderLineItem {
  lineItemId: string;
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  total: number;
  options: { modifierId: string; optionId: string; label: string; additionalCost: number }[];
  /** A group order's line: who added it. */
  participant?: string;
}

export interface Refund {
  title: string;
  total: number;
  tax: number;
  refundAmount: number;
  at: string;
}

export interface Payment {
  paymentProcessor: string;
  paymentMethodType: string;
  amountPaid: number;
  amountTendered?: number;
  changeDue?: number;
  paidAt: string;
}

/** The merchant's view of an order (seed 001 §3): the list, the detail and `order.updated` carry it. */
export interface Order {
  id: string;
  orderCode: string;
  merchantId: string;
  testMode: boolean;
  environment: 'sandbox' | 'production';
  status: OrderStatus;
  /** The actions the order allows now, from the orders service's transitions table: the screens show these. */
  nextActions: OrderAction[];
  /** Where it is in the stand: kitchen, runner, done, unpaid (docs/orders-api.md). */
  stage?: 'kitchen' | 'runner' | 'done' | 'unpaid';
  type: OrderType;
  fulfillment: { type: OrderType; pickupMethod?: string; pickupTime?: string; address?: { line1: string; line2?: string; city: string; state: string; postal_code: string } };
  paymentProcessor: string;
  lineItems: OrderLineItem[];
  billingSummary: BillingSummary;
  couponCode?: string;
  customer?: { firstName: string; lastName: string; email: string; phone: string };
  tagId?: string;
  location?: OrderLocation;
  /** A tab's round: its tab and the tab's name. */
  tab?: { id: string; name?: string };
  payment?: Payment;
  refunds: Record<string, Refund>;
  cancellation?: { reason: string; at: string };
  receivedAt: string;
  updatedAt: string;
}

export type OrderAction = 'accept' | 'ready' | 'complete' | 'cancel' | 'pay' | 'refund';

export const ordersPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/orders`;
export const orderPath = (merchantId: string, orderId: string) => `${ordersPath(merchantId)}/${encodeURIComponent(orderId)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/orders(/{orderId}). */
export const ordersPage = (merchantId: string, rest = '') => `/dashboard${ordersPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const ordersApi = {
  get: (merchantId: string, orderId: string, signal?: AbortSignal) => api.get<Order>(orderPath(merchantId, orderId), { signal }),
  /** POST …/{orderId}/{action}: answers the order as it now is and a message. */
  act: (merchantId: string, orderId: string, action: OrderAction, body: object = {}) =>
    api.post<Order & { message: string }>(`${orderPath(merchantId, orderId)}/${action}`, body),
};

export { newerOrder } from './newer';

import { conflict, notFound, validationFailed, type Decider } from '@seatside/chassis';
import { checkoutMessages } from '../checkout/messages';
import type { BillingSummaryMinor, FulfillmentType, PaymentProcessor } from '../pricing/pricing';
import { lifecycleAllows, lifecycleSteps } from './transitions';

/** The spec's words and ours for orders, reused by the router, the screens' copies and the specs. */
export const orderMessages = {
  placed: 'Order placed',
  notFound: 'Order not found',
  notNow: (action: string, status: OrderStatus) => `This order is ${status.toLowerCase()} and cannot be ${action} now`,
  alreadyPaid: 'This order is already paid',
  notPaid: 'This order has not been paid',
  refundTooLarge: 'The refund is larger than what is left to refund',
  refundNotPositive: 'The refund amount must be more than 0',
  paymentIntentRequired: 'A card order needs its payment intent',
  notThisOrdersPayment: 'This payment is not for this order',
  cardRefundRequired: 'This order was paid by card just now. Cancel it again to refund the card.',
  /** The title of the refund that sends a cancelled order's card payment back. */
  cancelledRefundTitle: 'Order cancelled',
} as const;

/**
 * The status machine (proto seatside.orders.v1): PLACED → ACCEPTED → READY → COMPLETED, or
 * CANCELLED before completion. Payment is its own fact (an order may be paid before or after it is
 * accepted, or at the counter); a payment of a PLACED order shows it as PAID (seed 001 §3), and a
 * full refund as REFUNDED.
 */
export const orderStatuses = ['PLACED', 'PAID', 'ACCEPTED', 'READY', 'COMPLETED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export type PickupMethod = 'COUNTER' | 'TABLE' | 'CURBSIDE' | 'DRIVE_THROUGH';

export interface OrderOption {
  modifierId: string;
  optionId: string;
  label: string;
  additionalCostMinor: number;
}

export interface OrderLine {
  lineItemId: string;
  productId: string;
  title: string;
  quantity: number;
  unitPriceMinor: number;
  options: OrderOption[];
  /** quantity × (unit price + options). */
  totalMinor: number;
  /** A group order's line: the participant who added it (groups/). */
  participant?: string;
}

export interface OrderCustomer {
  uid?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * The tag an order came from, as ordered: its code and its visible metadata (Section 104, Seat 2C),
 * with the diner's corrections where the merchant allows them; `name` is them as one line.
 */
export interface OrderLocation {
  tagId: string;
  tagCode?: string;
  name: string;
  metadata: { key: string; value: string }[];
}

export interface Fulfillment {
  type: FulfillmentType;
  pickupMethod?: PickupMethod;
  /** ISO instant of the chosen pickup slot. */
  pickupTime?: string;
  address?: { line1: string; line2?: string; city: string; state: string; postal_code: string };
}

/** A quantity of one stock-managed product (all of an order's lines of it together). */
export interface StockLine {
  productId: string;
  quantity: number;
}

/** Everything an order is when placed. Money is integer minor units. */
export interface PlacedOrder {
  orderId: string;
  orderCode: string;
  merchantId: string;
  testMode: boolean;
  currency: string;
  lineItems: OrderLine[];
  fulfillment: Fulfillment;
  paymentProcessor: PaymentProcessor;
  couponCode?: string;
  customer?: OrderCustomer;
  location?: OrderLocation;
  /** The tag (table, seat) the order came from, resolved on the server into `location`. */
  tagId?: string;
  /** A round of a tab (tabs/): paid once, with the tab's other rounds, when the tab closes. */
  tabId?: string;
  /** The tab's name (its diner's, as the merchant's Open Tabs show it), for the kitchen's ticket. */
  tabName?: string;
  /** The group order (groups/) the host placed as this order. */
  groupId?: string;
  /** SHA-256 (hex) of the diner's status token: the token itself is never stored in the log. */
  statusTokenHash?: string;
  billingSummary: BillingSummaryMinor;
  /** Pacing: the 5-minute window the order counts in (ISO start), and its start when later than the earliest (checkout/pacing.ts). */
  slot?: string;
  readyFrom?: string;
  /** What placing took of stock-managed products; a cancel gives it back. */
  stockTaken?: StockLine[];
  receivedAt: string;
}

export interface Payment {
  paymentProcessor: PaymentProcessor;
  paymentMethodType: 'CASH' | 'CARD';
  paymentId?: string;
  amountPaidMinor: number;
  amountTenderedMinor?: number;
  changeDueMinor?: number;
  cardBrand?: string;
  cardLast4?: string;
  /** A tab's round paid by the tab's one card payment (paymentId is the tab's, not the order's own). */
  tabId?: string;
}

type Ref = { orderId: string; merchantId: string; at: string };

/** A refund as recorded: the processor's refund id for a card, a new id for cash. */
export interface RefundRecord {
  refundId: string;
  title: string;
  refundAmountMinor: number;
  taxMinor: number;
  totalMinor: number;
  /**
   * The request that asked for it when it carried an Idempotency-Key: the key's SHA-256 (scoped by
   * merchant and order, never the key itself) and the body's hash, so a retry is answered, not refunded again.
   */
  request?: RefundRequest;
}

/** See RefundRecord.request. */
export type RefundRequest = { key: string; bodyHash: string };

/**
 * The one rule of a refund's Idempotency-Key, for the router (before the processor is asked) and the
 * decider (when two requests with one key raced): a key already recorded with this body is a retry,
 * answered without refunding again (true); with another body it is 409 idempotency_key_reused.
 * `recorded`: the body hash of each key the order's refunds were asked with.
 */
export function isRefundRetry(recorded: Readonly<Record<string, string>> | undefined, request: RefundRequest | undefined): boolean {
  const bodyHash = request && recorded ? recorded[request.key] : undefined;
  if (bodyHash === undefined) return false;
  if (bodyHash !== request!.bodyHash) throw conflict(checkoutMessages.idempotencyKeyReused, undefined, 'idempotency_key_reused');
  return true;
}

/** The keys an order's refunds were asked with, and their bodies' hashes (isRefundRetry's `recorded`). */
export const refundRequestsOf = (refunds: Iterable<Pick<RefundRecord, 'request'>>): Record<string, string> =>
  Object.fromEntries([...refunds].flatMap(({ request }) => (request ? [[request.key, request.bodyHash]] : [])));

/** The card payment started at checkout (a Stripe PaymentIntent), before the diner confirms it. */
export interface PaymentIntentRecord {
  paymentProcessor: 'STRIPE' | 'SQUARE';
  paymentId: string;
  amountMinor: number;
  currency: string;
  status: string;
}

/** The processor's webhook said the diner's payment failed; the order stays unpaid. */
export interface PaymentFailure {
  paymentId: string;
  /** The processor's event id: a redelivered event is recorded once. */
  paymentEventId: string;
  reason: string;
}

export type OrderEvent =
  | { type: 'OrderPlaced'; data: PlacedOrder }
  | { type: 'PaymentIntentCreated'; data: Ref & PaymentIntentRecord }
  | { type: 'OrderPaymentFailed'; data: Ref & PaymentFailure }
  | { type: 'OrderPaid'; data: Ref & Payment }
  | { type: 'OrderAccepted'; data: Ref & { by: string } }
  | { type: 'OrderReady'; data: Ref }
  | { type: 'OrderCompleted'; data: Ref }
  /**
   * `restock`: the stock the order took, given back (absent on orders cancelled before stock was given back, and when it took none).
   * `releaseSlot`: the pacing window (ISO start, mode) whose place the order held, freed (absent when it held none).
   */
  | { type: 'OrderCancelled'; data: Ref & { by: string; reason: string; restock?: StockLine[]; releaseSlot?: { start: string; testMode: boolean } } }
  | { type: 'OrderRefunded'; data: Ref & RefundRecord };

export type OrderCommand =
  | { type: 'PlaceOrder'; data: PlacedOrder; paymentIntent?: PaymentIntentRecord }
  | { type: 'RecordPaymentFailure'; data: Ref & PaymentFailure }
  | { type: 'PayOrder'; data: Ref & Payment }
  | { type: 'AcceptOrder'; data: Ref & { by: string } }
  | { type: 'MarkOrderReady'; data: Ref }
  | { type: 'CompleteOrder'; data: Ref }
  /** A card-paid order is cancelled with the refund of what is left on the card (cardRefundDue), issued first. */
  | { type: 'CancelOrder'; data: Ref & { by: string; reason: string; refund?: RefundRecord } }
  | { type: 'RefundOrder'; data: Ref & RefundRecord };

export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      merchantId: string;
      testMode: boolean;
      amountDueMinor: number;
      paidMinor: number;
      refundedMinor: number;
      /** The payment was a card's (it goes back to the card when the order is cancelled). */
      paidByCard?: boolean;
      /** The stock placing took, given back when the order is cancelled. */
      stockTaken?: StockLine[];
      /** The pacing window (ISO start) the order holds a place in, freed when it is cancelled. */
      slot?: string;
      progress: OrderStatus;
      /** The card payment started at checkout, and the last failure event recorded for it. */
      paymentIntentId?: string;
      lastPaymentEventId?: string;
      /** The refunds recorded, by refund id (the processor's for a card): one is never recorded twice. */
      refundIds?: string[];
      /** The Idempotency-Keys refunds were asked with (their SHA-256) and their bodies' hashes: one key is one refund. */
      refundRequests?: Record<string, string>;
    };

type Live = Exclude<OrderState, { status: 'none' }>;

const liveFor = (state: OrderState, merchantId: string): Live => {
  if (state.status === 'none' || state.merchantId !== merchantId) throw notFound(orderMessages.notFound, 'order_not_found');
  return state;
};

/** Allows a lifecycle step only where the transitions table does (transitions.ts). */
function step(state: Live, action: keyof typeof lifecycleSteps): void {
  if (!lifecycleAllows(state.progress, action)) throw conflict(orderMessages.notNow(lifecycleSteps[action].verb, state.status));
}

/** What the order shows: its progress, except that a paid PLACED order shows PAID and a fully refunded one REFUNDED. */
const shown = (progress: OrderStatus, paidMinor: number, refundedMinor: number): OrderStatus => {
  if (paidMinor > 0 && refundedMinor >= paidMinor) return 'REFUNDED';
  if (progress === 'PLACED' && paidMinor > 0) return 'PAID';
  return progress;
};

const byCard = (processor: PaymentProcessor) => processor === 'STRIPE' || processor === 'SQUARE';

/**
 * What a cancelled order owes back to the card it was paid with: the payment less its refunds (0 for
 * cash, which the merchant hands back and records as a refund). Cancelling refunds it first; a payment
 * that arrives after the order was cancelled is refunded as soon as it is recorded.
 */
export function cardRefundDue(state: OrderState): number {
  return state.status !== 'none' && state.paidByCard ? Math.max(0, state.paidMinor - state.refundedMinor) : 0;
}

/** A refund's share of tax is the order's tax in proportion, rounded to the cent. */
export function refundRecord(totals: { tax: number; amountDue: number }, refundAmountMinor: number, title: string, refundId: string, request?: RefundRequest): RefundRecord {
  const { tax, amountDue } = totals;
  const taxMinor = amountDue > 0 && refundAmountMinor > 0 ? Math.round((refundAmountMinor * tax) / amountDue) : 0;
  return { refundId, title, refundAmountMinor, taxMinor, totalMinor: refundAmountMinor, ...(request ? { request } : {}) };
}

/** OrderPlaced, and for a card order the payment intent created for it just before (one append). */
function placed(order: PlacedOrder, intent: PaymentIntentRecord | undefined): OrderEvent[] {
  if (byCard(order.paymentProcessor) !== (intent !== undefined)) throw validationFailed(orderMessages.paymentIntentRequired);
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: order }];
  if (intent) events.push({ type: 'PaymentIntentCreated', data: { orderId: order.orderId, merchantId: order.merchantId, at: order.receivedAt, ...intent } });
  return events;
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder':
        if (state.status !== 'none') throw conflict('This order already exists');
        return placed(command.data, command.paymentIntent);
      case 'RecordPaymentFailure': {
        const live = liveFor(state, command.data.merchantId);
        if (command.data.paymentId !== live.paymentIntentId) throw conflict(orderMessages.notThisOrdersPayment);
        // Paid since (Stripe does not promise order), or this event already recorded: nothing to add.
        if (live.paidMinor > 0 || live.lastPaymentEventId === command.data.paymentEventId) return [];
        return [{ type: 'OrderPaymentFailed', data: command.data }];
      }
      case 'PayOrder': {
        const live = liveFor(state, command.data.merchantId);
        if (live.paidMinor > 0) throw conflict(orderMessages.alreadyPaid);
        const card = command.data.paymentMethodType === 'CARD';
        if (card && !command.data.tabId && command.data.paymentId !== live.paymentIntentId) throw conflict(orderMessages.notThisOrdersPayment);
        // The diner's card was charged after the order was cancelled: the money moved, so it is
        // recorded (and then refunded, cardRefundDue); cash is not taken for a cancelled order.
        if (!card && !lifecycleAllows(live.progress, 'pay')) throw conflict(orderMessages.notNow('paid', live.status));
        return [{ type: 'OrderPaid', data: command.data }];
      }
      case 'AcceptOrder':
        step(liveFor(state, command.data.merchantId), 'accept');
        return [{ type: 'OrderAccepted', data: command.data }];
      case 'MarkOrderReady':
        step(liveFor(state, command.data.merchantId), 'ready');
        return [{ type: 'OrderReady', data: command.data }];
      case 'CompleteOrder':
        step(liveFor(state, command.data.merchantId), 'complete');
        return [{ type: 'OrderCompleted', data: command.data }];
      case 'CancelOrder': {
        const live = liveFor(state, command.data.merchantId);
        step(live, 'cancel');
        const { refund, ...cancel } = command.data;
        const due = cardRefundDue(live);
        if (due > 0 ? refund?.refundAmountMinor !== due : refund !== undefined) throw conflict(orderMessages.cardRefundRequired);
        // What the order took goes back to stock: it was never handed over (a completed order cannot be cancelled).
        // And its place in a paced window (issue 27): another diner may have it.
        const cancelled: OrderEvent = {
          type: 'OrderCancelled',
          data: { ...cancel, ...(live.stockTaken?.length ? { restock: live.stockTaken } : {}), ...(live.slot ? { releaseSlot: { start: live.slot, testMode: live.testMode } } : {}) },
        };
        if (!refund) return [cancelled];
        const { orderId, merchantId, at } = cancel;
        return [{ type: 'OrderRefunded', data: { orderId, merchantId, at, ...refund } }, cancelled];
      }
      case 'RefundOrder': {
        const live = liveFor(state, command.data.merchantId);
        if (live.paidMinor === 0) throw conflict(orderMessages.notPaid);
        // Its key was recorded by a request that raced this one: the same body records nothing more, another is refused.
        if (isRefundRetry(live.refundRequests, command.data.request)) return [];
        // The processor answers a repeated refund (same order, amount and refunded-so-far) with the refund it
        // already issued: a request that lost the race to record it (and was decided again) records nothing more.
        if (live.refundIds?.includes(command.data.refundId)) return [];
        if (command.data.refundAmountMinor <= 0) throw validationFailed(orderMessages.refundNotPositive, { refundAmount: orderMessages.refundNotPositive });
        if (command.data.refundAmountMinor > live.paidMinor - live.refundedMinor) throw conflict(orderMessages.refundTooLarge);
        return [{ type: 'OrderRefunded', data: command.data }];
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      const { merchantId, testMode, billingSummary, stockTaken, slot } = event.data;
      return {
        status: 'PLACED', progress: 'PLACED', merchantId, testMode, amountDueMinor: billingSummary.totals.amountDue, paidMinor: 0, refundedMinor: 0,
        ...(stockTaken ? { stockTaken } : {}),
        ...(slot ? { slot } : {}),
      };
    }
    if (state.status === 'none') return state;
    const next = (changes: Partial<Live>): Live => {
      const merged = { ...state, ...changes };
      return { ...merged, status: shown(merged.progress, merged.paidMinor, merged.refundedMinor) };
    };
    switch (event.type) {
      case 'PaymentIntentCreated':
        return next({ paymentIntentId: event.data.paymentId });
      case 'OrderPaymentFailed':
        return next({ lastPaymentEventId: event.data.paymentEventId });
      case 'OrderPaid':
        return next({ paidMinor: event.data.amountPaidMinor, paidByCard: event.data.paymentMethodType === 'CARD' });
      case 'OrderAccepted':
        return next({ progress: lifecycleSteps.accept.to });
      case 'OrderReady':
        return next({ progress: lifecycleSteps.ready.to });
      case 'OrderCompleted':
        return next({ progress: lifecycleSteps.complete.to });
      case 'OrderCancelled':
        return next({ progress: lifecycleSteps.cancel.to });
      case 'OrderRefunded':
        return next({
          refundedMinor: state.refundedMinor + event.data.refundAmountMinor,
          refundIds: [...(state.refundIds ?? []), event.data.refundId],
          ...(event.data.request ? { refundRequests: { ...state.refundRequests, ...refundRequestsOf([event.data]) } } : {}),
        });
    }
  },
};

export const orderStream = (orderId: string) => `order-${orderId}`;

/** Order codes avoid look-alikes (no I, O, 0, 1) so staff can read them aloud. */
export const ORDER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ORDER_CODE_LENGTH = 6;

/** A short human code from random bytes (one per character). */
export function orderCode(randomBytes: Uint8Array): string {
  if (randomBytes.length < ORDER_CODE_LENGTH) throw new Error(`orderCode needs ${ORDER_CODE_LENGTH} random bytes`);
  // 256 is a multiple of 32, so byte % 32 is uniform.
  return Array.from(randomBytes.subarray(0, ORDER_CODE_LENGTH), (byte) => ORDER_CODE_ALPHABET[byte % ORDER_CODE_ALPHABET.length]).join('');
}

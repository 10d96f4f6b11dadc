import type { CollectionSpec, InlineProjection, ReadModelStore, StoredEvent } from '@seatside/chassis';
import { orderDecider, type OrderEvent, type OrderState, type OrderStatus, type Payment, type PaymentIntentRecord, type PlacedOrder, type RefundRequest } from './order';

/**
 * Newest first by receivedAt; one mode at a time (filter testMode); `awaitingCard` for the expiry of
 * unpaid card orders; `stage` for the kitchen display and the runner view.
 */
export const orders: CollectionSpec = { name: 'orders', sortable: ['receivedAt'], filterable: ['merchantId', 'testMode', 'awaitingCard', 'stage'] };

/**
 * Where an order is in the stand (issue 27): `kitchen` while it is to be made (placed or accepted,
 * and not a card order still awaiting its payment), `runner` once ready (to be carried to the seat
 * or handed over), `done` when completed, cancelled or fully refunded (its money went back: nothing is
 * made or carried for it, though its lifecycle steps stay open), `unpaid` while a card payment is awaited.
 */
export type OrderStage = 'kitchen' | 'runner' | 'done' | 'unpaid';

export function stageOf(doc: Pick<OrderDoc, 'status' | 'progress' | 'awaitingCard'>): OrderStage {
  if (doc.progress === 'COMPLETED' || doc.progress === 'CANCELLED' || doc.status === 'REFUNDED') return 'done';
  if (doc.progress === 'READY') return 'runner';
  return doc.awaitingCard ? 'unpaid' : 'kitchen';
}

export type RefundEntry = { title: string; totalMinor: number; taxMinor: number; refundAmountMinor: number; at: string; request?: RefundRequest };

/** A card order's payment intent as it stands: created, failed (and why), succeeded. */
export type PaymentIntentDoc = PaymentIntentRecord & { createdAt: string; lastPaymentError?: { reason: string; at: string }; lastPaymentEventId?: string };

/** The order as placed plus what happened to it since. Money in minor units. */
export type OrderDoc = Omit<PlacedOrder, 'orderId'> & {
  id: string;
  status: OrderStatus;
  progress: OrderStatus;
  paidMinor: number;
  refundedMinor: number;
  payment?: Payment & { at: string };
  paymentIntent?: PaymentIntentDoc;
  refunds: Record<string, RefundEntry>;
  cancellation?: { by: string; reason: string; at: string };
  /** A card order whose payment was started and neither made nor ended by a cancel (orders/expiry.ts). */
  awaitingCard?: boolean;
  acceptedBy?: string;
  /** See stageOf; absent on documents written before it was kept. */
  stage?: OrderStage;
  acceptedAt?: string;
  readyAt?: string;
  updatedAt: string;
  version: number;
};

/** The decider's state of an order, read from its document. */
export const orderStateOf = (doc: OrderDoc): OrderState => ({
  status: doc.status,
  progress: doc.progress,
  merchantId: doc.merchantId,
  testMode: doc.testMode,
  amountDueMinor: doc.billingSummary.totals.amountDue,
  paidMinor: doc.paidMinor,
  refundedMinor: doc.refundedMinor,
  paidByCard: doc.payment?.paymentMethodType === 'CARD',
  ...(doc.stockTaken ? { stockTaken: doc.stockTaken } : {}),
  ...(doc.paymentIntent ? { paymentIntentId: doc.paymentIntent.paymentId } : {}),
  ...(doc.paymentIntent?.lastPaymentEventId ? { lastPaymentEventId: doc.paymentIntent.lastPaymentEventId } : {}),
});

/** What an event adds to the document besides the status the decider folds. */
function detailsOf(doc: OrderDoc, event: OrderEvent): Partial<OrderDoc> {
  switch (event.type) {
    case 'PaymentIntentCreated': {
      const { orderId: _o, merchantId: _m, at, ...intent } = event.data;
      return { paymentIntent: { ...intent, createdAt: at }, awaitingCard: true };
    }
    case 'OrderPaymentFailed': {
      const { reason, at, paymentEventId } = event.data;
      return doc.paymentIntent ? { paymentIntent: { ...doc.paymentIntent, status: 'requires_payment_method', lastPaymentError: { reason, at }, lastPaymentEventId: paymentEventId } } : {};
    }
    case 'OrderPaid': {
      const { orderId: _o, merchantId: _m, ...payment } = event.data;
      const intentPaid = doc.paymentIntent && payment.paymentMethodType === 'CARD' && payment.paymentId === doc.paymentIntent.paymentId;
      return { payment, awaitingCard: false, ...(intentPaid ? { paymentIntent: { ...doc.paymentIntent!, status: 'succeeded' } } : {}) };
    }
    case 'OrderAccepted':
      return { acceptedBy: event.data.by, acceptedAt: event.data.at };
    case 'OrderReady':
      return { readyAt: event.data.at };
    case 'OrderCancelled':
      return { cancellation: { by: event.data.by, reason: event.data.reason, at: event.data.at }, awaitingCard: false };
    default:
      return {};
  }
}

/** The next document after one lifecycle event: the decider's own evolve decides the status. */
export function evolveOrderDoc(doc: OrderDoc, event: Exclude<OrderEvent, { type: 'OrderPlaced' }>, version: number): OrderDoc {
  const next = orderDecider.evolve(orderStateOf(doc), event);
  if (next.status === 'none') return doc;
  const refunds =
    event.type === 'OrderRefunded'
      ? {
          ...doc.refunds,
          [event.data.refundId]: {
            title: event.data.title, totalMinor: event.data.totalMinor, taxMinor: event.data.taxMinor, refundAmountMinor: event.data.refundAmountMinor, at: event.data.at,
            ...(event.data.request ? { request: event.data.request } : {}),
          },
        }
      : doc.refunds;
  const evolved = { ...doc, ...detailsOf(doc, event), status: next.status, progress: next.progress, paidMinor: next.paidMinor, refundedMinor: next.refundedMinor, refunds, updatedAt: event.data.at, version };
  return { ...evolved, stage: stageOf(evolved) };
}

export function placedDocOf({ orderId, ...placed }: PlacedOrder, version: number): OrderDoc {
  return { id: orderId, ...placed, status: 'PLACED', progress: 'PLACED', stage: 'kitchen', paidMinor: 0, refundedMinor: 0, refunds: {}, updatedAt: placed.receivedAt, version };
}

/**
 * The documents of the orders placed in a run of order-stream events, folded from their OrderPlaced
 * on without reading anything: what the inline projection writes for them, and what the realtime
 * follower sends. `others`: the events of orders placed before the run, whose documents must be read
 * to apply them.
 */
export function foldPlaced(events: readonly StoredEvent[]): { placed: Map<string, OrderDoc>; others: StoredEvent[] } {
  const placed = new Map<string, OrderDoc>();
  const others: StoredEvent[] = [];
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as OrderEvent;
    if (event.type === 'OrderPlaced') {
      placed.set(event.data.orderId, placedDocOf(event.data, stored.streamVersion));
      continue;
    }
    const doc = placed.get(event.data.orderId);
    if (doc) placed.set(doc.id, evolveOrderDoc(doc, event, stored.streamVersion));
    else others.push(stored);
  }
  return { placed, others };
}

export const projectOrders =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<OrderDoc>(orders, tx);
    // New orders are written together (a group commit brings many, a card order its payment intent
    // too); an event of an older order reads its document. Different orders' events do not interact.
    const { placed, others } = foldPlaced(events);
    if (placed.size > 0) await docs.putMany([...placed.values()]);
    for (const stored of others) {
      const event = { type: stored.type, data: stored.data } as Exclude<OrderEvent, { type: 'OrderPlaced' }>;
      const doc = await docs.get(event.data.orderId);
      if (doc) await docs.put(evolveOrderDoc(doc, event, stored.streamVersion));
    }
  };

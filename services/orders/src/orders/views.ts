import { z } from 'zod';
import { orderActionsFor } from '@seatside/rules';
import { toMajor } from '../pricing/money';
import { lineTotal, type BillingSummaryMinor, type PricedLine } from '../pricing/pricing';
import type { OrderLine } from './order';
import type { OrderDoc } from './projections';
import { nextActions, orderActions } from './transitions';

/** The API's money is major units (19.5 = 19.50); the documents keep minor units. */
function majors<T extends Record<string, number>>(amounts: T): T {
  const major: Record<string, number> = {};
  // Own keys only: the amounts are object literals.
  for (const key in amounts) major[key] = toMajor(amounts[key] as number);
  return major as T;
}

/** billingSummary as seed 001 §3 names it, in major units. */
export const billingSummaryOf = (currency: string, summary: BillingSummaryMinor) => ({
  currency,
  totals: majors({ ...summary.totals }),
  // Orders placed before the tag delivery fee had its own line show it as 0.
  fees: majors({ ...summary.fees, tagDeliveryFee: summary.fees.tagDeliveryFee ?? 0 }),
});

/** A quoted line (POST …/orders/quote): the catalog's unit price with its options, and the line's total. */
export const quotedLineOf = (line: PricedLine) => ({
  productId: line.productId,
  quantity: line.quantity,
  unitPrice: toMajor(line.unitPriceMinor),
  total: toMajor(lineTotal(line)),
});

export const lineItemOf = (line: OrderLine) => ({
  lineItemId: line.lineItemId,
  productId: line.productId,
  title: line.title,
  quantity: line.quantity,
  unitPrice: toMajor(line.unitPriceMinor),
  total: toMajor(line.totalMinor),
  options: line.options.map(({ additionalCostMinor, ...option }) => ({ ...option, additionalCost: toMajor(additionalCostMinor) })),
  ...(line.participant ? { participant: line.participant } : {}),
});

const paymentOf = (payment: NonNullable<OrderDoc['payment']>) => ({
  paymentProcessor: payment.paymentProcessor,
  paymentMethodType: payment.paymentMethodType,
  amountPaid: toMajor(payment.amountPaidMinor),
  ...(payment.amountTenderedMinor === undefined ? {} : { amountTendered: toMajor(payment.amountTenderedMinor) }),
  ...(payment.changeDueMinor === undefined ? {} : { changeDue: toMajor(payment.changeDueMinor) }),
  ...(payment.paymentId ? { paymentId: payment.paymentId } : {}),
  ...(payment.cardBrand && payment.cardLast4 ? { card: { brand: payment.cardBrand, last4: payment.cardLast4 } } : {}),
  paidAt: payment.at,
});

/** Seed 001 §3's payment intent: its status and amount in cents (the processor's unit), as Stripe says them. */
const paymentIntentOf = (intent: NonNullable<OrderDoc['paymentIntent']>) => ({
  id: intent.paymentId,
  paymentProcessor: intent.paymentProcessor,
  status: intent.status,
  amount: intent.amountMinor,
  currency: intent.currency,
  ...(intent.lastPaymentError ? { lastPaymentError: intent.lastPaymentError } : {}),
});

/**
 * The merchant's view of an order (docs/orders-api.md), for a caller with `role` (its nextActions are
 * those the caller may take; without a role, every one the order allows: the merchant's room).
 */
export function orderOf(doc: OrderDoc, role?: string) {
  return {
    id: doc.id,
    orderCode: doc.orderCode,
    merchantId: doc.merchantId,
    testMode: doc.testMode,
    environment: doc.testMode ? 'sandbox' : 'production',
    status: doc.status,
    // What the merchant may do with it now, from the transitions table (transitions.ts): the dashboard shows these.
    nextActions: orderActionsFor(role, nextActions(doc)),
    ...(doc.stage ? { stage: doc.stage } : {}),
    type: doc.fulfillment.type,
    fulfillment: doc.fulfillment,
    paymentProcessor: doc.paymentProcessor,
    lineItems: doc.lineItems.map(lineItemOf),
    billingSummary: billingSummaryOf(doc.currency, doc.billingSummary),
    ...(doc.couponCode ? { couponCode: doc.couponCode } : {}),
    ...(doc.customer ? { customer: doc.customer } : {}),
    ...(doc.tagId ? { tagId: doc.tagId } : {}),
    ...(doc.location ? { location: doc.location } : {}),
    // A tab's round: which tab (its name, for the kitchen's ticket; absent on rounds placed before it was kept).
    ...(doc.tabId ? { tab: { id: doc.tabId, ...(doc.tabName ? { name: doc.tabName } : {}) } } : {}),
    ...(doc.payment ? { payment: paymentOf(doc.payment) } : {}),
    ...(doc.paymentIntent ? { paymentIntent: paymentIntentOf(doc.paymentIntent) } : {}),
    refunds: Object.fromEntries(
      Object.entries(doc.refunds).map(([id, r]) => [id, { title: r.title, total: toMajor(r.totalMinor), tax: toMajor(r.taxMinor), refundAmount: toMajor(r.refundAmountMinor), at: r.at }]),
    ),
    ...(doc.cancellation ? { cancellation: doc.cancellation } : {}),
    receivedAt: doc.receivedAt,
    updatedAt: doc.updatedAt,
  };
}

/**
 * The order answer in the OpenAPI document (src/openapi.ts): its identity, status and `nextActions`;
 * the rest (lines, money, payment, refunds) as docs/orders-api.md lists it.
 */
export const orderAnswer = z.looseObject({
  id: z.string(),
  orderCode: z.string(),
  merchantId: z.string(),
  testMode: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  status: z.enum(['PLACED', 'PAID', 'ACCEPTED', 'READY', 'COMPLETED', 'CANCELLED', 'REFUNDED']),
  nextActions: z.array(z.enum(orderActions)).describe('The actions (POST …/orders/{orderId}/{action}) the order allows now, from the order status transitions table'),
  stage: z.enum(['kitchen', 'runner', 'done', 'unpaid']).optional(),
  receivedAt: z.string(),
  updatedAt: z.string(),
});
export const orderListAnswer = z.object({ data: z.array(orderAnswer), nextCursor: z.string().nullable().optional(), total: z.number().optional() });
export const orderActionAnswer = orderAnswer.extend({ message: z.string() });

/** What the diner's confirmation page shows: no customer details, no payment internals; `version` (the order stream's) orders two views. */
export const publicOrderOf = (doc: OrderDoc) => ({
  id: doc.id,
  orderCode: doc.orderCode,
  status: doc.status,
  billingSummary: billingSummaryOf(doc.currency, doc.billingSummary),
  lineItems: doc.lineItems.map(lineItemOf),
  fulfillment: doc.fulfillment,
  ...(doc.location ? { location: doc.location } : {}),
  receivedAt: doc.receivedAt,
  // Which of two views is the newer: a live update and a status read may cross on the way.
  updatedAt: doc.updatedAt,
  version: doc.version,
});

/** The answers' schemas in the OpenAPI document (src/openapi.ts), for the views above. */
const statuses = z.enum(['PLACED', 'PAID', 'ACCEPTED', 'READY', 'COMPLETED', 'CANCELLED', 'REFUNDED']);
/** Money in major units; `totals` and `fees` carry more amounts than the ones named. */
export const billingSummaryAnswer = z.object({ currency: z.string(), totals: z.looseObject({ subtotal: z.number(), tax: z.number(), amountDue: z.number() }), fees: z.looseObject({}) });
const lineAnswer = z.looseObject({ productId: z.string(), title: z.string(), quantity: z.number(), total: z.number() });

/** POST …/orders/quote: the billing summary the cart would get now, line by line. */
export const quoteAnswer = z.object({
  billingSummary: billingSummaryAnswer,
  lineItems: z.array(z.object({ productId: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() })),
  /** The earliest window is full: the order would be ready from a later one ('Ready from 8:45 PM'). */
  pacing: z.object({ readyFrom: z.string(), message: z.string() }).optional(),
});

/** A placed order's answer (POST …/orders, a group's place, a tab's round): keep `statusToken`, it opens the diner's view. */
export const checkoutAnswer = z.looseObject({
  id: z.string(),
  orderCode: z.string(),
  status: z.literal('PLACED'),
  billingSummary: billingSummaryAnswer,
  message: z.string(),
  /** Opens the diner's view: GET /v1/orders/{id}?token=. */
  statusToken: z.string(),
  /** A card order: what the browser confirms the payment with. */
  payment: z.object({ clientSecret: z.string().optional(), paymentIntentId: z.string() }).optional(),
});

/** GET /v1/orders/{orderId}?token=: the diner's view. */
export const publicOrderAnswer = z.looseObject({
  id: z.string(),
  orderCode: z.string(),
  status: statuses,
  billingSummary: billingSummaryAnswer,
  lineItems: z.array(lineAnswer),
  fulfillment: z.looseObject({ type: z.string() }),
  receivedAt: z.string(),
  version: z.number(),
  /** While it waits to be made. */
  estimatedReadyAt: z.object({ from: z.string(), to: z.string() }).optional(),
});

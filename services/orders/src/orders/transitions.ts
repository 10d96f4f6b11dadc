import type { PaymentProcessor } from '../pricing/pricing';

/** The merchant's actions on an order: `POST …/orders/{orderId}/{action}` (docs/orders-api.md). */
export const orderActions = ['accept', 'ready', 'complete', 'cancel', 'pay', 'refund'] as const;
export type OrderAction = (typeof orderActions)[number];

export const isOrderAction = (value: unknown): value is OrderAction => (orderActions as readonly unknown[]).includes(value);

/**
 * Where an order is in its lifecycle (PLACED → ACCEPTED → READY → COMPLETED, or CANCELLED). PAID and
 * REFUNDED are only shown (a paid PLACED order, a fully refunded one): they are never a progress.
 */
export type OrderProgress = 'PLACED' | 'ACCEPTED' | 'READY' | 'COMPLETED' | 'CANCELLED';

/**
 * When an action is allowed from a progress: `yes`, `no`, or only while the money allows it:
 * `unpaid` (nothing paid yet, and the order is paid at the counter: CASH, or pay later), `refundable`
 * (something paid is not refunded yet).
 */
export type Allowed = 'yes' | 'no' | 'unpaid' | 'refundable';

/**
 * The order status transitions: the one table the decider refuses by and the order view answers
 * `nextActions` from (the dashboard shows those, it works nothing out again).
 */
export const transitions: Readonly<Record<OrderProgress, Readonly<Record<OrderAction, Allowed>>>> = {
  PLACED: { accept: 'yes', ready: 'yes', complete: 'yes', cancel: 'yes', pay: 'unpaid', refund: 'refundable' },
  ACCEPTED: { accept: 'no', ready: 'yes', complete: 'yes', cancel: 'yes', pay: 'unpaid', refund: 'refundable' },
  READY: { accept: 'no', ready: 'no', complete: 'yes', cancel: 'yes', pay: 'unpaid', refund: 'refundable' },
  COMPLETED: { accept: 'no', ready: 'no', complete: 'no', cancel: 'no', pay: 'unpaid', refund: 'refundable' },
  CANCELLED: { accept: 'no', ready: 'no', complete: 'no', cancel: 'no', pay: 'no', refund: 'refundable' },
};

/** What each lifecycle action leads to, and its verb in the decider's refusal (`This order is … and cannot be {verb} now`). */
export const lifecycleSteps = {
  accept: { to: 'ACCEPTED', verb: 'accepted' },
  ready: { to: 'READY', verb: 'marked ready' },
  complete: { to: 'COMPLETED', verb: 'completed' },
  cancel: { to: 'CANCELLED', verb: 'cancelled' },
} as const satisfies Record<Exclude<OrderAction, 'pay' | 'refund'>, { to: OrderProgress; verb: string }>;

/** Whether the lifecycle allows the action from this progress at all (the money aside). */
export const lifecycleAllows = (progress: string, action: OrderAction): boolean => (transitions[progress as OrderProgress]?.[action] ?? 'no') !== 'no';

/** An order as nextActions reads it. */
export interface ActionableOrder {
  progress: string;
  paidMinor: number;
  refundedMinor: number;
  paymentProcessor: PaymentProcessor | string;
}

/** Paid at the counter: in cash, or later (TBD, a tab's round); a card order is paid by its card. */
const paidAtCounter = (processor: string) => processor === 'CASH' || processor === 'TBD';

/** The actions the order allows now, in the table's order. */
export function nextActions(order: ActionableOrder): OrderAction[] {
  const row = transitions[order.progress as OrderProgress];
  if (!row) return [];
  const allowed: Record<Allowed, boolean> = {
    yes: true,
    no: false,
    unpaid: order.paidMinor === 0 && paidAtCounter(order.paymentProcessor),
    refundable: order.paidMinor - order.refundedMinor > 0,
  };
  return orderActions.filter((action) => allowed[row[action]]);
}

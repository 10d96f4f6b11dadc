import type { Order } from './api';
/**
 * A card order the diner has not paid yet (the card is confirmed on the storefront after the order
 * is placed; Stripe's webhook makes it PAID): staff should not prepare it yet.
 */
export const awaitsCard = (order: Pick<Order, 'status' | 'paymentProcessor' | 'payment'>): boolean =>
  order.status === 'PLACED' && (order.paymentProcessor === 'STRIPE' || order.paymentProcessor === 'SQUARE') && !order.payment;

/**
 * What cancelling the order sends back to the diner's card: the card payment less its refunds (0 for
 * cash, which staff hand back and record as a refund). The orders API refunds it before it records
 * the cancel.
 */
export function cardRefundOnCancel(order: Pick<Order, 'payment' | 'refunds'>): number {
  if (order.payment?.paymentMethodType !== 'CARD') return 0;
  const refundedCents = Object.values(order.refunds).reduce((sum, refund) => sum + Math.round(refund.refundAmount * 100), 0);
  return Math.max(0, Math.round(order.payment.amountPaid * 100) - refundedCents) / 100;
}

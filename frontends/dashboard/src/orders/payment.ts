import type { Order } from './api';
/**
 * A card order the diner has not paid yet (the card is confirmed on the storefront after the order
 * is placed; Stripe's webhook makes it PAID): staff should not prepare it yet.
 */
export const awaitsCard = (order: Pick<Order, 'status' | 'paymentProcessor' | 'payment'>): boolean =>
  order.status === 'PLACED' && (order.paymentProcessor === 'STRIPE' || order.paymentProcessor === 'SQUARE') && !order.payment;

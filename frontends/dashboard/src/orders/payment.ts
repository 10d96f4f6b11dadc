import { roundToMinor } from '@seatside/rules';
import type { Order } from './api';
import { refundMessages } from './messages';
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
export const cardRefundOnCancel = (order: Pick<Order, 'payment' | 'refunds'>): number => (order.payment?.paymentMethodType === 'CARD' ? leftToRefund(order) : 0);

/** What was paid and not yet refunded, in major units (counted in cents). */
export function leftToRefund(order: Pick<Order, 'payment' | 'refunds'>): number {
  if (!order.payment) return 0;
  const refundedCents = Object.values(order.refunds).reduce((sum, refund) => sum + roundToMinor(refund.refundAmount), 0);
  return Math.max(0, roundToMinor(order.payment.amountPaid) - refundedCents) / 100;
}

export interface RefundForm {
  title: string;
  amount: string;
}

/**
 * The refund form's own checks, in the orders API's words (it checks again, and the amount's bound):
 * an amount above what is `left` to refund (major units) is refused under the field, where the API's
 * 409 has no field to name.
 */
export function refundFormErrors(form: RefundForm, left = Infinity): Partial<Record<keyof RefundForm, string>> {
  const errors: Partial<Record<keyof RefundForm, string>> = {};
  if (form.title.trim() === '') errors.title = refundMessages.titleRequired;
  const amount = Number(form.amount);
  if (form.amount.trim() === '' || !Number.isFinite(amount)) errors.amount = refundMessages.amountInvalid;
  else if (amount <= 0) errors.amount = refundMessages.amountNotPositive;
  else if (Number.isFinite(left) && roundToMinor(amount) > roundToMinor(left)) errors.amount = refundMessages.amountTooLarge;
  return errors;
}

/**
 * Seed 001 §4: the cash change when the order is paid in cash: its payment's processor is CASH (a
 * pay-later order paid at the counter too), whatever the order's progress since (accepted, ready,
 * completed: still paid). Issue 24: it was recorded but hidden once the order moved on from PAID.
 */
export const showsCashChange = (order: Pick<Order, 'payment'>) => order.payment?.paymentProcessor === 'CASH';

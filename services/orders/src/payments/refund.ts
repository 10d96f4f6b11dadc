import { validationFailed, type Logger } from '@seatside/chassis';
import { cardRefundDue, orderMessages, refundRecord, type RefundRecord } from '../orders/order';
import { orderStateOf, type OrderDoc } from '../orders/projections';
import { paymentMessages as pm } from './messages';
import { isCardProcessor, PaymentNotCancelled, PaymentsNotConfigured, type PaymentsPorts } from './port';

/**
 * A refund of an order paid by card goes back to the card first, through the processor, on the
 * merchant's connected account; the refund is recorded only once the processor issued it, under the
 * processor's refund id. The idempotency key is the order, what it had refunded so far and the
 * amount: a retry after a lost answer is the same refund at the processor, recorded once; a second
 * refund asked for after the first was recorded is a new one.
 *
 * Answers the processor's refund id; undefined when there is nothing to send back to a card (cash,
 * or an amount the decider will refuse: nothing moves before the bounds hold).
 */
export async function refundToCard(ports: PaymentsPorts, doc: OrderDoc, amountMinor: number, requestKey?: string): Promise<string | undefined> {
  const payment = doc.payment;
  if (!payment || payment.paymentMethodType !== 'CARD' || !payment.paymentId || !isCardProcessor(payment.paymentProcessor)) return undefined;
  if (amountMinor <= 0 || amountMinor > doc.paidMinor - doc.refundedMinor) return undefined;
  const processor = payment.paymentProcessor;
  const account = await ports[processor].account(doc.merchantId, doc.testMode, 'refund');
  if (!account) throw validationFailed(pm.cannotRefundCards[processor]);
  try {
    const refund = await ports[processor].refundPayment({
      paymentId: payment.paymentId,
      amountMinor,
      currency: doc.currency,
      connectedAccount: account.connectedAccount,
      testMode: doc.testMode,
      // A request with an Idempotency-Key is one refund at the processor too, whatever was refunded meanwhile.
      idempotencyKey: requestKey ? `refund-${doc.id}-key-${requestKey.slice(0, 32)}` : `refund-${doc.id}-${doc.refundedMinor}-${amountMinor}`,
    });
    return refund.refundId;
  } catch (err) {
    if (err instanceof PaymentsNotConfigured) throw validationFailed(pm.notConfigured[err.processor]);
    throw err;
  }
}

/**
 * What is left on a card-paid order's card (cardRefundDue), refunded at the processor and ready to
 * record with the order's cancel, or after it when the payment came late; undefined when the order
 * owes nothing to a card. Throws as refundToCard does.
 */
export async function refundLeftOnCard(ports: PaymentsPorts, doc: OrderDoc): Promise<RefundRecord | undefined> {
  const due = cardRefundDue(orderStateOf(doc));
  const refundId = due > 0 ? await refundToCard(ports, doc, due) : undefined;
  return refundId ? refundRecord(doc.billingSummary.totals, due, orderMessages.cancelledRefundTitle, refundId) : undefined;
}

/**
 * Closes the unpaid card payment of an order just cancelled, so the diner can no longer pay it. Best
 * effort: the order is cancelled all the same, and a payment that still arrives (the diner was
 * faster, or the processor could not be reached) is refunded when its webhook records it.
 */
export async function closeCardPayment(ports: PaymentsPorts, doc: OrderDoc, log: Logger): Promise<void> {
  const intent = doc.paymentIntent;
  if (!intent || doc.paidMinor > 0 || intent.status === 'succeeded') return;
  try {
    const account = await ports[intent.paymentProcessor].account(doc.merchantId, doc.testMode, 'refund');
    if (!account) return;
    await ports[intent.paymentProcessor].cancelPayment({ paymentId: intent.paymentId, connectedAccount: account.connectedAccount, testMode: doc.testMode });
  } catch (err) {
    if (!(err instanceof PaymentNotCancelled || err instanceof PaymentsNotConfigured)) throw err;
    log.warn({ err: err instanceof PaymentNotCancelled ? err.cause : err, orderId: doc.id, paymentId: intent.paymentId }, 'card payment of a cancelled order not closed; a late payment is refunded');
  }
}

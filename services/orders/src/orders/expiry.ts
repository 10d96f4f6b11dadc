import { handleCommand, isDomainError, sweepEvery, type InlineProjection, type ServiceDeps, type Sweep } from '@seatside/chassis';
import type { PaymentsPorts } from '../payments/port';
import { closeCardPayment } from '../payments/refund';
import { orderDecider, orderStream } from './order';
import { orders, type OrderDoc } from './projections';

/**
 * How long a diner has to pay a card order once it is placed. The order is placed (and its stock
 * taken) before the diner confirms the card on the order page; one never paid would otherwise hold
 * its stock and wait in the merchant's list, `Awaiting card payment`, for ever.
 */
export const CARD_PAYMENT_WINDOW_MINUTES = 30;

export const expiryMessages = {
  by: 'seatside',
  reason: `The card payment was not completed within ${CARD_PAYMENT_WINDOW_MINUTES} minutes`,
} as const;

/** Whether a card order placed at `receivedAt` and still unpaid is past its payment window at `now`. */
export const cardPaymentExpired = (receivedAt: string, now: Date): boolean => now.getTime() - Date.parse(receivedAt) >= CARD_PAYMENT_WINDOW_MINUTES * 60_000;

/**
 * Cancels the card orders whose payment window has passed, oldest first, as a merchant's cancel
 * would: the stock goes back (`restock`, in the cancel's transaction) and the PaymentIntent is closed
 * at the processor. An order paid or cancelled meanwhile is a Conflict of its decider and is passed
 * by; a payment that still arrives is refunded by the webhook. Any replica may run it: the decider
 * lets one cancel through. Answers how many it cancelled.
 */
export function expireUnpaidCardOrders(deps: ServiceDeps, payments: PaymentsPorts, orderProjections: InlineProjection[], batch = 100) {
  const docs = () => deps.readModels.collection<OrderDoc>(orders);
  return async (): Promise<number> => {
    let cancelled = 0;
    const page = await docs().find({ filter: { awaitingCard: true }, sort: 'receivedAt', order: 'asc', limit: batch });
    for (const doc of page.data) {
      const now = deps.now();
      if (!cardPaymentExpired(doc.receivedAt, now)) break;
      const data = { orderId: doc.id, merchantId: doc.merchantId, at: now.toISOString(), ...expiryMessages };
      try {
        await handleCommand(deps.eventStore, orderStream(doc.id), orderDecider, { type: 'CancelOrder', data }, { metadata: { tenantId: doc.merchantId }, inline: orderProjections });
      } catch (err) {
        if (isDomainError(err) && err.kind === 'Conflict') continue;
        throw err;
      }
      cancelled += 1;
      const updated = await docs().get(doc.id);
      if (updated) await closeCardPayment(payments, updated, deps.logger);
    }
    return cancelled;
  };
}

/** Runs the expiry every minute until stopped; a failed round is logged and the next one tries again. */
export function scheduleExpiry(deps: ServiceDeps, expire: () => Promise<number>, everyMs = 60_000): Sweep {
  return sweepEvery(
    deps.logger,
    everyMs,
    async () => {
      const count = await expire();
      if (count > 0) deps.logger.info({ count }, 'unpaid card orders cancelled after their payment window');
    },
    'expiry of unpaid card orders failed; the next round tries again',
  );
}

import { BUSY_LOG_READS, createRealtimePublisher, type ServiceDeps } from '@seatside/chassis';
import { merchantRoom, ORDERS_NAMESPACE } from '../realtime/rooms';
import { stripeAccounts, type StripeAccountEvent, type StripeAccountsDoc } from './accounts';
import { connectionsOf } from './http';
import type { PaymentsPorts } from './port';

/** What the payment connection screen listens to in the merchant's rooms (docs/orders-api.md, Realtime). */
export const PAYMENTS_UPDATED = 'payments.updated';
export const PAYMENTS_REALTIME_SUBSCRIPTION = 'payments-realtime';

/**
 * A checkpointed subscription on this service's own log: after a connection changes (connected,
 * charges enabled or not), the merchant's connections as they now are go to the merchant's room of
 * that mode, so the screen follows Stripe without a reload (seed 001 §8: live read). At least once.
 */
export function followPaymentConnectionUpdates(deps: ServiceDeps, ports: PaymentsPorts): void {
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  deps.subscribe({
    name: PAYMENTS_REALTIME_SUBSCRIPTION,
    types: ['StripeAccountConnected', 'StripeChargesUpdated'],
    // It passes over the orders' events, which come by the hundred a second: read them in bulk.
    ...BUSY_LOG_READS,
    handle: async (event, tx) => {
      const { merchantId, environment } = (event as unknown as StripeAccountEvent).data;
      const doc = await deps.readModels.collection<StripeAccountsDoc>(stripeAccounts, tx).get(merchantId);
      await publisher.emit(ORDERS_NAMESPACE, merchantRoom(merchantId, environment === 'sandbox'), PAYMENTS_UPDATED, { merchantId, stripe: connectionsOf(doc, ports) });
    },
  });
}

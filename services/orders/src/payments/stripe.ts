import Stripe from 'stripe';
import type { Logger, ReadModelStore } from '@seatside/chassis';
import { chargeableAccount, connectedAccount } from './accounts';
import type { StripeKeys, StripeOptions } from './options';
import {
  ConnectNotCompleted, InvalidSignature, PaymentNotCancelled, PaymentNotResumed, PaymentNotStarted, PaymentsNotConfigured, RefundNotIssued, type CreatePaymentInput, type PaymentEvent, type PaymentsPort,
} from './port';

/** A PaymentIntent the diner's browser can still confirm (Stripe's statuses before it succeeds, is processing or is cancelled). */
const AWAITING_THE_CARD = new Set<string>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

type Mode = 'production' | 'sandbox';
const modeOf = (testMode: boolean): Mode => (testMode ? 'sandbox' : 'production');

/** The SDK's options for another API origin (the local fake in specs). */
function endpointOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const cardOf = (charge: Stripe.PaymentIntent['latest_charge']): { brand: string; last4: string } | undefined => {
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : undefined;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : undefined;
};

const refsOf = (intent: Stripe.PaymentIntent) => ({
  paymentId: intent.id,
  ...(intent.metadata?.orderId ? { orderId: intent.metadata.orderId } : {}),
  ...(intent.metadata?.merchantId ? { merchantId: intent.metadata.merchantId } : {}),
  ...(intent.metadata?.tabId ? { tabId: intent.metadata.tabId } : {}),
});

/**
 * Stripe through the official SDK. Charges are direct charges on the merchant's connected account
 * (the `Stripe-Account` header): the merchant is the merchant of record and pays Stripe's fee; the
 * platform takes no application fee yet. Live keys for production orders, test keys for sandbox ones.
 */
export function stripePayments(options: StripeOptions, logger: Logger, readModels: ReadModelStore): PaymentsPort {
  const clients = new Map<Mode, Stripe>();
  const keysFor = (mode: Mode): StripeKeys | undefined => options[mode];
  const clientFor = (mode: Mode): Stripe => {
    const keys = keysFor(mode);
    if (!keys) throw new PaymentsNotConfigured('STRIPE');
    let client = clients.get(mode);
    if (!client) {
      client = new Stripe(keys.secretKey, { ...endpointOf(options.apiBase), maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'Seatside' } });
      clients.set(mode, client);
    }
    return client;
  };

  /** A succeeded intent's card, from its latest charge (fetched when the event carries only its id). */
  async function cardFor(intent: Stripe.PaymentIntent, mode: Mode, account: string | undefined) {
    const inline = cardOf(intent.latest_charge);
    if (inline || typeof intent.latest_charge !== 'string') return inline;
    try {
      const fetched = await clientFor(mode).paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }, account ? { stripeAccount: account } : {});
      return cardOf(fetched.latest_charge);
    } catch (err) {
      // The brand and last4 are details: the payment is recorded without them rather than delayed.
      logger.warn({ err, paymentIntentId: intent.id }, 'could not read the card of a Stripe payment');
      return undefined;
    }
  }

  /** The event, verified with the secret of the mode that signed it (live first, then test). */
  function verified(rawBody: Buffer, signature: string | undefined): { event: Stripe.Event; mode: Mode } {
    if (!signature) throw new InvalidSignature('no Stripe-Signature header');
    let reason = 'no webhook secret is configured';
    for (const mode of ['production', 'sandbox'] as const) {
      const secret = keysFor(mode)?.webhookSecret;
      if (!secret) continue;
      try {
        return { event: Stripe.webhooks.constructEvent(rawBody, signature, secret), mode };
      } catch (err) {
        reason = (err as Error).message;
      }
    }
    throw new InvalidSignature(reason);
  }

  return {
    processor: 'STRIPE',
    configured: (testMode) => keysFor(modeOf(testMode)) !== undefined,
    browserKey: (testMode) => keysFor(modeOf(testMode))?.publishableKey,

    async account(merchantId, testMode, purpose) {
      const accountId = await (purpose === 'charge' ? chargeableAccount : connectedAccount)(readModels, merchantId, testMode);
      return accountId ? { connectedAccount: accountId } : undefined;
    },

    // The diner's browser confirms the PaymentIntent (Stripe.js); payment_intent.succeeded pays the order.
    settlePayment: () => Promise.resolve(undefined),

    async createPayment({ order, tabId, amountMinor, currency, connectedAccount, testMode, idempotencyKey }: CreatePaymentInput) {
      const client = clientFor(modeOf(testMode));
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            // Only what is the same on every attempt of one checkout: Stripe compares a retried request's parameters.
            metadata: { ...(order.orderId ? { orderId: order.orderId } : {}), merchantId: order.merchantId, ...(tabId ? { tabId } : {}) },
          },
          { idempotencyKey, stripeAccount: connectedAccount },
        );
        if (!intent.client_secret) throw new Error(`payment intent ${intent.id} has no client secret`);
        return { paymentId: intent.id, clientSecret: intent.client_secret, status: intent.status };
      } catch (err) {
        throw new PaymentNotStarted('STRIPE', err);
      }
    },

    async refundPayment({ paymentId, amountMinor, connectedAccount, testMode, idempotencyKey }) {
      const client = clientFor(modeOf(testMode));
      try {
        const refund = await client.refunds.create({ payment_intent: paymentId, amount: amountMinor }, { idempotencyKey, stripeAccount: connectedAccount });
        return { refundId: refund.id, status: refund.status ?? 'pending' };
      } catch (err) {
        throw new RefundNotIssued('STRIPE', err);
      }
    },

    async resumePayment({ paymentId, connectedAccount, testMode }) {
      try {
        const intent = await clientFor(modeOf(testMode)).paymentIntents.retrieve(paymentId, {}, { stripeAccount: connectedAccount });
        return AWAITING_THE_CARD.has(intent.status) ? (intent.client_secret ?? undefined) : undefined;
      } catch (err) {
        throw new PaymentNotResumed('STRIPE', err);
      }
    },

    async cancelPayment({ paymentId, connectedAccount, testMode }) {
      const client = clientFor(modeOf(testMode));
      try {
        await client.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' }, { stripeAccount: connectedAccount });
      } catch (err) {
        throw new PaymentNotCancelled('STRIPE', err);
      }
    },

    async webhookEvent(rawBody, signature): Promise<PaymentEvent> {
      const { event, mode } = verified(rawBody, signature);
      const testMode = mode === 'sandbox';
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        const card = await cardFor(intent, mode, event.account ?? undefined);
        return { type: 'PaymentSucceeded', eventId: event.id, testMode, ...refsOf(intent), amountMinor: intent.amount_received, ...(card ? { card } : {}) };
      }
      if (event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        const reason = intent.last_payment_error?.message ?? intent.last_payment_error?.code ?? 'The payment failed';
        return { type: 'PaymentFailed', eventId: event.id, testMode, ...refsOf(intent), reason };
      }
      if (event.type === 'account.updated') {
        const account = event.data.object;
        return { type: 'AccountUpdated', eventId: event.id, testMode, accountId: event.account ?? account.id, chargesEnabled: account.charges_enabled === true };
      }
      return { type: 'Ignored', eventId: event.id, eventType: event.type };
    },

    connectable: (testMode) => keysFor(modeOf(testMode))?.clientId !== undefined,

    connectUrl(testMode, { state, redirectUri }) {
      const clientId = keysFor(modeOf(testMode))?.clientId;
      if (!clientId) throw new PaymentsNotConfigured('STRIPE');
      // Standard accounts through Connect OAuth: the merchant signs in (or signs up) and allows us.
      const url = new URL('/oauth/authorize', options.connectBase ?? 'https://connect.stripe.com');
      url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, scope: 'read_write', state, redirect_uri: redirectUri }).toString();
      return url.toString();
    },

    async completeConnect(testMode, code) {
      const client = clientFor(modeOf(testMode));
      try {
        const token = await client.oauth.token({ grant_type: 'authorization_code', code });
        const accountId = token.stripe_user_id;
        if (!accountId) throw new Error('Stripe answered no account');
        // A code exchanged with the live key answers a live account, with the test key a test one:
        // never record a test account for production, nor the reverse.
        if (token.livemode !== !testMode) throw new Error(`Stripe answered a ${token.livemode ? 'live' : 'test'} account for ${modeOf(testMode)}`);
        const account = await client.accounts.retrieve(accountId);
        return { accountId, chargesEnabled: account.charges_enabled === true };
      } catch (err) {
        throw new ConnectNotCompleted('STRIPE', err);
      }
    },
  };
}

import { createHash } from 'node:crypto';
import { SquareError, WebhooksHelper, type Square } from 'square';
import type { Logger } from '@seatside/chassis';
import { environmentOf, type Environment } from './accounts';
import type { SquareAccess } from './square-access';
import type { SquareConnector, SquareOptions } from './square-connect';
import {
  InvalidSignature, PaymentNotCancelled, PaymentNotStarted, PaymentsNotConfigured, RefundNotIssued, type PaymentEvent, type PaymentsPort,
} from './port';

/** Square's idempotency keys are at most 45 characters: ours (a checkout's digest, a refund's parts) are hashed into 40. */
export const squareIdempotencyKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

/** What Square said, in its words: the first error's `detail` (a declined card: "Authorization error: 'GENERIC_DECLINE'"). */
export const squareDetailOf = (err: unknown): string | undefined => (err instanceof SquareError ? err.errors.find((e) => e.detail)?.detail : undefined);

/** A notification's payment as Square sends it (snake_case JSON, not the SDK's camelCase). */
interface WebhookPayment {
  id?: string;
  status?: string;
  reference_id?: string;
  amount_money?: { amount?: number };
  total_money?: { amount?: number };
  card_details?: { status?: string; errors?: { detail?: string; code?: string }[]; card?: { card_brand?: string; last_4?: string } };
}
interface Notification {
  event_id?: string;
  type?: string;
  merchant_id?: string;
  data?: { type?: string; id?: string; object?: { payment?: WebhookPayment; refund?: { id?: string; status?: string; payment_id?: string } } };
}

const cardOfSdk = (payment: Square.Payment | undefined) => {
  const card = payment?.cardDetails?.card;
  return card?.cardBrand && card.last4 ? { brand: card.cardBrand, last4: card.last4 } : undefined;
};

/**
 * Square's Payments API through the official SDK, on the seller's connection of the order's mode
 * (sandbox for test orders, production for live ones: square-access.ts opens and refreshes the sealed
 * token of that mode only). The diner's browser tokenizes the card (Web Payments SDK); checkout
 * creates the payment with that token as an authorization only (`autocomplete: false`), writes the
 * order, then completes it (settlePayment): an order that could not be written leaves no charge
 * (the authorization is cancelled), and an order that is never completed is cancelled by the expiry
 * like Stripe's unpaid ones. Square's `payment.updated` notification pays the order too (idempotent).
 */
export function squarePayments(options: SquareOptions, connector: SquareConnector, sellers: SquareAccess, logger: Logger): PaymentsPort {
  const appOf = (testMode: boolean) => options[environmentOf(testMode)];
  const client = (testMode: boolean, accessToken: string) => {
    if (!appOf(testMode)) throw new PaymentsNotConfigured('SQUARE');
    return connector.client(environmentOf(testMode), accessToken);
  };

  /** The notification, verified with the signature key of the mode whose subscription signed it. */
  async function verified(rawBody: Buffer, signature: string | undefined, notificationUrl: string): Promise<{ notification: Notification; environment: Environment }> {
    if (!signature) throw new InvalidSignature('no x-square-hmacsha256-signature header');
    const requestBody = rawBody.toString('utf8');
    let checked = false;
    for (const environment of ['production', 'sandbox'] as const) {
      const signatureKey = options[environment]?.webhookSignatureKey;
      if (!signatureKey) continue;
      checked = true;
      if (await WebhooksHelper.verifySignature({ requestBody, signatureHeader: signature, signatureKey, notificationUrl })) {
        try {
          return { notification: JSON.parse(requestBody) as Notification, environment };
        } catch {
          throw new InvalidSignature('the body is not JSON');
        }
      }
    }
    throw new InvalidSignature(checked ? 'the signature matches no configured key' : 'no Square webhook signature key is configured');
  }

  return {
    processor: 'SQUARE',
    configured: (testMode) => appOf(testMode) !== undefined,
    // The Web Payments SDK is loaded with the application id (and the location, the account below).
    browserKey: (testMode) => appOf(testMode)?.applicationId,
    browserScript: (testMode) => options.webPaymentsSdkUrl ?? (testMode ? 'https://sandbox.web.squarecdn.com/v1/square.js' : 'https://web.squarecdn.com/v1/square.js'),

    async account(merchantId, testMode, purpose) {
      let seller;
      try {
        seller = await sellers.seller(merchantId, environmentOf(testMode));
      } catch (err) {
        // A token that cannot be refreshed: no card now (checkout says so), and the log says why.
        logger.warn({ err, merchantId, testMode }, 'Square access token could not be refreshed');
        return undefined;
      }
      if (!seller || (purpose === 'charge' && !seller.locationId)) return undefined;
      return { connectedAccount: seller.accessToken, ...(seller.locationId ? { locationId: seller.locationId } : {}) };
    },

    async createPayment({ order, tabId, amountMinor, currency, connectedAccount, testMode, idempotencyKey, locationId, sourceId }) {
      const square = client(testMode, connectedAccount);
      try {
        if (!sourceId) throw new Error('no card token (sourceId) from the Web Payments SDK');
        const reference = order.orderId ?? tabId;
        const { payment } = await square.payments.create({
          sourceId,
          idempotencyKey: squareIdempotencyKey(idempotencyKey),
          amountMoney: { amount: BigInt(amountMinor), currency: currency.toUpperCase() as Square.Currency },
          ...(locationId ? { locationId } : {}),
          // Authorized now, captured once the order is written (settlePayment).
          autocomplete: false,
          ...(reference ? { referenceId: reference } : {}),
          note: `Seatside ${order.orderId ? `order ${order.orderId}` : `tab ${tabId}`}`,
        });
        if (!payment?.id) throw new Error('Square answered no payment');
        return { paymentId: payment.id, status: payment.status ?? 'APPROVED' };
      } catch (err) {
        throw new PaymentNotStarted('SQUARE', err, squareDetailOf(err));
      }
    },

    // Square takes the card at checkout: no payment waits for the diner's browser.
    resumePayment: () => Promise.resolve(undefined),

    async settlePayment({ paymentId, connectedAccount, testMode }) {
      const square = client(testMode, connectedAccount);
      try {
        const { payment } = await square.payments.complete({ paymentId });
        if (payment?.status !== 'COMPLETED') throw new Error(`Square answered ${payment?.status ?? 'no payment'}`);
        const card = cardOfSdk(payment);
        return { paymentId, amountMinor: Number(payment.totalMoney?.amount ?? payment.amountMoney?.amount ?? 0), ...(card ? { card } : {}) };
      } catch (err) {
        throw new PaymentNotStarted('SQUARE', err, squareDetailOf(err));
      }
    },

    async refundPayment({ paymentId, amountMinor, currency, connectedAccount, testMode, idempotencyKey }) {
      const square = client(testMode, connectedAccount);
      try {
        const { refund } = await square.refunds.refundPayment({
          paymentId,
          idempotencyKey: squareIdempotencyKey(idempotencyKey),
          amountMoney: { amount: BigInt(amountMinor), currency: currency.toUpperCase() as Square.Currency },
        });
        if (!refund?.id) throw new Error('Square answered no refund');
        return { refundId: refund.id, status: refund.status ?? 'PENDING' };
      } catch (err) {
        throw new RefundNotIssued('SQUARE', err);
      }
    },

    async cancelPayment({ paymentId, connectedAccount, testMode }) {
      const square = client(testMode, connectedAccount);
      try {
        await square.payments.cancel({ paymentId });
      } catch (err) {
        throw new PaymentNotCancelled('SQUARE', err);
      }
    },

    async webhookEvent(rawBody, signature, requestUrl): Promise<PaymentEvent> {
      const notificationUrl = options.webhookUrl ?? requestUrl;
      if (!notificationUrl) throw new InvalidSignature('no notification URL to verify the signature with');
      const { notification, environment } = await verified(rawBody, signature, notificationUrl);
      const eventId = notification.event_id ?? '';
      const eventType = notification.type ?? '';
      const testMode = environment === 'sandbox';
      if (!eventId) throw new InvalidSignature('the notification has no event_id');
      const payment = notification.data?.object?.payment;
      if (eventType === 'payment.updated' && payment?.id) {
        const refs = { eventId, testMode, paymentId: payment.id, ...(payment.reference_id ? { orderId: payment.reference_id } : {}) };
        if (payment.status === 'COMPLETED') {
          const card = payment.card_details?.card;
          const amountMinor = Number(payment.total_money?.amount ?? payment.amount_money?.amount ?? 0);
          return { type: 'PaymentSucceeded', ...refs, amountMinor, ...(card?.card_brand && card.last_4 ? { card: { brand: card.card_brand, last4: card.last_4 } } : {}) };
        }
        if (payment.status === 'FAILED') {
          const reason = payment.card_details?.errors?.[0]?.detail ?? payment.card_details?.errors?.[0]?.code ?? 'The payment failed';
          return { type: 'PaymentFailed', ...refs, reason };
        }
      }
      // refund.updated: our refunds are recorded when Square issues them (refundPayment); a refund that
      // Square later rejects or fails is logged for the merchant to see in Square's dashboard.
      const refund = notification.data?.object?.refund;
      if (eventType === 'refund.updated' && refund && (refund.status === 'REJECTED' || refund.status === 'FAILED')) {
        logger.warn({ refundId: refund.id, paymentId: refund.payment_id, status: refund.status, eventId }, 'Square refund did not complete');
      }
      return { type: 'Ignored', eventId, eventType };
    },

    // Square's connection has its own routes (square-http.ts): OAuth per environment, locations.
    connectable: (testMode) => appOf(testMode) !== undefined,
    connectUrl: () => {
      throw new PaymentsNotConfigured('SQUARE');
    },
    completeConnect: () => Promise.reject(new PaymentsNotConfigured('SQUARE')),
  };
}

import { hash } from 'node:crypto';
import { validationFailed, type Logger } from '@seatside/chassis';
import type { Payment, PaymentIntentRecord, PlacedOrder } from '../orders/order';
import type { OrderDoc } from '../orders/projections';
import { paymentMessages as pm } from './messages';
import { isCardProcessor, PaymentsNotConfigured, type CardProcessor, type PaymentsPorts } from './port';

export interface StartedCardPayment {
  intent: PaymentIntentRecord;
  /** For the diner's browser only: in the checkout answer (and its replay), never in the log. None when the server took the card (Square). */
  clientSecret?: string;
}

const refuse = (message: string) => validationFailed(message, { paymentProcessor: message });

/** A v8-shaped UUID from a digest, so a derived id looks like any other order id. */
const uuidOf = (hex: string) => {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A card checkout's order id and the processor's idempotency key, the same on every attempt of one
 * request (merchant, Idempotency-Key, body): Stripe answers a retried create with the first
 * PaymentIntent only when its parameters (metadata.orderId among them) are the same. The body's hash
 * is in it so a body fixed after a refusal is a new payment, as it is a new order.
 */
export function cardCheckoutIdentity(scopedKey: string, bodyHash: string): { orderId: string; idempotencyKey: string } {
  const digest = hash('sha256', `${scopedKey}\n${bodyHash}`);
  return { orderId: uuidOf(digest), idempotencyKey: `checkout-${digest}` };
}

/**
 * For a card order: the merchant's processor must be configured and its account able to charge; then
 * the payment is created for amountDue (minor units: cents for USD and EUR, Stripe's unit) before
 * anything is written, so a processor failure (PaymentNotStarted, a 502) leaves no order behind.
 * Undefined for CASH and pay later.
 */
export async function startCardPayment(ports: PaymentsPorts, order: PlacedOrder, idempotencyKey: string, sourceId?: string): Promise<StartedCardPayment | undefined> {
  const processor = order.paymentProcessor;
  if (!isCardProcessor(processor)) return undefined;
  const port = ports[processor];
  if (!port.configured(order.testMode)) throw refuse(pm.notConfigured[processor]);
  const account = await port.account(order.merchantId, order.testMode, 'charge');
  if (!account) throw refuse(pm.cannotTakeCards);
  const amountMinor = order.billingSummary.totals.amountDue;
  try {
    const created = await port.createPayment({ order, amountMinor, currency: order.currency, ...account, testMode: order.testMode, idempotencyKey, ...(sourceId ? { sourceId } : {}) });
    return {
      intent: { paymentProcessor: processor, paymentId: created.paymentId, amountMinor, currency: order.currency, status: created.status },
      ...(created.clientSecret ? { clientSecret: created.clientSecret } : {}),
    };
  } catch (err) {
    if (err instanceof PaymentsNotConfigured) throw refuse(pm.notConfigured[err.processor]);
    throw err;
  }
}

/**
 * After the order is written: the payment the server took the card for is completed (Square), and
 * what the order is paid with is answered; undefined when the diner's browser confirms it (Stripe).
 * Throws PaymentNotStarted when the processor refused: the order stays unpaid (the expiry cancels it).
 */
export async function settleCardPayment(ports: PaymentsPorts, order: Pick<PlacedOrder, 'merchantId' | 'testMode'>, intent: PaymentIntentRecord): Promise<Payment | undefined> {
  const port = ports[intent.paymentProcessor];
  const account = await port.account(order.merchantId, order.testMode, 'refund');
  if (!account) return undefined;
  const settled = await port.settlePayment({ paymentId: intent.paymentId, connectedAccount: account.connectedAccount, testMode: order.testMode });
  if (!settled) return undefined;
  return {
    paymentProcessor: intent.paymentProcessor,
    paymentMethodType: 'CARD',
    paymentId: settled.paymentId,
    amountPaidMinor: settled.amountMinor,
    ...(settled.card ? { cardBrand: settled.card.brand, cardLast4: settled.card.last4 } : {}),
  };
}

/**
 * An authorization whose order could not be written goes back at once (Square's approved payment is
 * cancelled), so the diner is never charged for no order. Best effort: the log says when it was not.
 */
export async function voidCardPayment(ports: PaymentsPorts, order: Pick<PlacedOrder, 'merchantId' | 'testMode'>, payment: StartedCardPayment, log: Logger): Promise<void> {
  if (payment.clientSecret) return; // The diner's browser has not confirmed it: nothing was taken (Stripe).
  const port = ports[payment.intent.paymentProcessor];
  try {
    const account = await port.account(order.merchantId, order.testMode, 'refund');
    if (account) await port.cancelPayment({ paymentId: payment.intent.paymentId, connectedAccount: account.connectedAccount, testMode: order.testMode });
  } catch (err) {
    log.warn({ err, paymentId: payment.intent.paymentId }, 'card authorization of an order not written was not cancelled');
  }
}

/** How the diner's browser takes a card for the merchant in this mode (GET …/payments/card). */
export interface BrowserCard {
  processor: CardProcessor;
  /** The processor's public key for its script (Stripe.js: `pk_…`; Square: the application id). */
  publishableKey: string;
  /** Stripe: the connected account; Square: the chosen location. */
  accountId: string;
  /** Square: the Web Payments SDK to load for this mode (sandbox or production, or the configured one). */
  scriptUrl?: string;
}

/**
 * The card the storefront may offer: the merchant's own processor (`checkoutOptions.paymentProcessor`),
 * configured for this mode with a public key for the browser, and an account that can charge, as
 * startCardPayment requires; undefined when any is missing.
 */
export async function browserCardOf(ports: PaymentsPorts, merchantId: string, processor: string, testMode: boolean): Promise<BrowserCard | undefined> {
  if (!isCardProcessor(processor)) return undefined;
  const port = ports[processor];
  const publishableKey = port.configured(testMode) ? port.browserKey(testMode) : undefined;
  if (!publishableKey) return undefined;
  const account = await port.account(merchantId, testMode, 'charge');
  if (!account) return undefined;
  // Stripe.js names the connected account; Square's Web Payments SDK the location (never the token).
  if (processor === 'SQUARE') return account.locationId ? { processor, publishableKey, accountId: account.locationId, ...(port.browserScript ? { scriptUrl: port.browserScript(testMode) } : {}) } : undefined;
  return { processor, publishableKey, accountId: account.connectedAccount };
}

/**
 * The card step of an order the diner has not paid yet, for its order page opened again (another
 * tab, the e-mail's link: the checkout's answer is kept in the first tab only): Stripe's Payment
 * Element needs the PaymentIntent's client secret, read again from Stripe while it awaits the card.
 */
export async function resumedCardOf(ports: PaymentsPorts, doc: OrderDoc): Promise<(BrowserCard & { clientSecret: string }) | undefined> {
  const intent = doc.paymentIntent;
  if (!doc.awaitingCard || doc.status !== 'PLACED' || doc.payment || intent?.paymentProcessor !== 'STRIPE') return undefined;
  const port = ports.STRIPE;
  const publishableKey = port.configured(doc.testMode) ? port.browserKey(doc.testMode) : undefined;
  // The account the payment was started on, whether or not it may take new charges now.
  const account = publishableKey ? await port.account(doc.merchantId, doc.testMode, 'refund') : undefined;
  if (!publishableKey || !account) return undefined;
  const clientSecret = await port.resumePayment({ paymentId: intent.paymentId, connectedAccount: account.connectedAccount, testMode: doc.testMode });
  return clientSecret ? { processor: 'STRIPE', publishableKey, accountId: account.connectedAccount, clientSecret } : undefined;
}

/**
 * A tab's one card payment (issue 20): the total of its rounds, on the merchant's account, with the
 * tab id in the processor's metadata (its webhook closes the tab and pays every round). The same
 * processor idempotency key for the same tab and amount, so a retried close answers the same payment.
 */
export async function startTabCardPayment(
  ports: PaymentsPorts,
  input: { processor: string; merchantId: string; testMode: boolean; currency: string; tabId: string; amountMinor: number },
): Promise<{ paymentId: string; clientSecret?: string; status: string }> {
  const { processor, merchantId, testMode, currency, tabId, amountMinor } = input;
  // A tab is paid in the diner's browser after the close (Stripe.js); Square's server-side card is not offered for tabs.
  if (processor !== 'STRIPE') throw refuse(pm.cannotTakeCards);
  const port = ports[processor];
  if (!port.configured(testMode)) throw refuse(pm.notConfigured[processor]);
  const account = await port.account(merchantId, testMode, 'charge');
  if (!account) throw refuse(pm.cannotTakeCards);
  try {
    return await port.createPayment({ order: { merchantId }, tabId, amountMinor, currency, ...account, testMode, idempotencyKey: `tab-${tabId}-${amountMinor}` });
  } catch (err) {
    if (err instanceof PaymentsNotConfigured) throw refuse(pm.notConfigured[err.processor]);
    throw err;
  }
}

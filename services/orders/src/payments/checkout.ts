import { createHash } from 'node:crypto';
import { validationFailed, type ReadModelStore } from '@seatside/chassis';
import type { PaymentIntentRecord, PlacedOrder } from '../orders/order';
import { chargeableAccount } from './accounts';
import { paymentMessages as pm } from './messages';
import { isCardProcessor, PaymentsNotConfigured, type CardProcessor, type PaymentsPorts } from './port';

export interface StartedCardPayment {
  intent: PaymentIntentRecord;
  /** For the diner's browser only: in the checkout answer (and its replay), never in the log. */
  clientSecret: string;
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
  const digest = createHash('sha256').update(`${scopedKey}\n${bodyHash}`).digest('hex');
  return { orderId: uuidOf(digest), idempotencyKey: `checkout-${digest}` };
}

/**
 * For a card order: the merchant's processor must be configured and its account able to charge; then
 * the payment is created for amountDue (minor units: cents for USD and EUR, Stripe's unit) before
 * anything is written, so a processor failure (PaymentNotStarted, a 502) leaves no order behind.
 * Undefined for CASH and pay later.
 */
export async function startCardPayment(ports: PaymentsPorts, readModels: ReadModelStore, order: PlacedOrder, idempotencyKey: string): Promise<StartedCardPayment | undefined> {
  const processor = order.paymentProcessor;
  if (!isCardProcessor(processor)) return undefined;
  const port = ports[processor];
  if (!port.configured(order.testMode)) throw refuse(pm.notConfigured[processor]);
  const account = await connectedAccountOf(readModels, processor, order);
  if (!account) throw refuse(pm.cannotTakeCards);
  const amountMinor = order.billingSummary.totals.amountDue;
  try {
    const created = await port.createPayment({ order, amountMinor, currency: order.currency, connectedAccount: account, testMode: order.testMode, idempotencyKey });
    return { intent: { paymentProcessor: processor, paymentId: created.paymentId, amountMinor, currency: order.currency, status: created.status }, clientSecret: created.clientSecret };
  } catch (err) {
    if (err instanceof PaymentsNotConfigured) throw refuse(pm.notConfigured[err.processor]);
    throw err;
  }
}

/** How the diner's browser takes a card for the merchant in this mode (GET …/payments/card). */
export interface BrowserCard {
  processor: CardProcessor;
  /** The processor's public key for its script (Stripe.js: `pk_…`). */
  publishableKey: string;
  accountId: string;
}

/**
 * The card the storefront may offer: the merchant's own processor (`checkoutOptions.paymentProcessor`),
 * configured for this mode with a public key for the browser, and an account that can charge, as
 * startCardPayment requires; undefined when any is missing.
 */
export async function browserCardOf(ports: PaymentsPorts, readModels: ReadModelStore, merchantId: string, processor: string, testMode: boolean): Promise<BrowserCard | undefined> {
  if (!isCardProcessor(processor)) return undefined;
  const port = ports[processor];
  const publishableKey = port.configured(testMode) ? port.browserKey(testMode) : undefined;
  if (!publishableKey) return undefined;
  const accountId = await connectedAccountOf(readModels, processor, { merchantId, testMode });
  return accountId ? { processor, publishableKey, accountId } : undefined;
}

/** Square accounts are not connectable yet (its port answers NotConfigured before this is asked). */
const connectedAccountOf = (readModels: ReadModelStore, processor: CardProcessor, { merchantId, testMode }: Pick<PlacedOrder, 'merchantId' | 'testMode'>) =>
  processor === 'STRIPE' ? chargeableAccount(readModels, merchantId, testMode) : Promise.resolve(undefined);

/**
 * A tab's one card payment (issue 20): the total of its rounds, on the merchant's account, with the
 * tab id in the processor's metadata (its webhook closes the tab and pays every round). The same
 * processor idempotency key for the same tab and amount, so a retried close answers the same payment.
 */
export async function startTabCardPayment(
  ports: PaymentsPorts,
  readModels: ReadModelStore,
  input: { processor: string; merchantId: string; testMode: boolean; currency: string; tabId: string; amountMinor: number },
): Promise<{ paymentId: string; clientSecret: string; status: string }> {
  const { processor, merchantId, testMode, currency, tabId, amountMinor } = input;
  if (!isCardProcessor(processor)) throw refuse(pm.cannotTakeCards);
  const port = ports[processor];
  if (!port.configured(testMode)) throw refuse(pm.notConfigured[processor]);
  const account = await connectedAccountOf(readModels, processor, { merchantId, testMode });
  if (!account) throw refuse(pm.cannotTakeCards);
  try {
    return await port.createPayment({ order: { merchantId }, tabId, amountMinor, currency, connectedAccount: account, testMode, idempotencyKey: `tab-${tabId}-${amountMinor}` });
  } catch (err) {
    if (err instanceof PaymentsNotConfigured) throw refuse(pm.notConfigured[err.processor]);
    throw err;
  }
}

import type { PlacedOrder } from '../orders/order';

/** The processors a diner pays by card with (checkout's `paymentProcessor`). */
export type CardProcessor = 'STRIPE' | 'SQUARE';
export const isCardProcessor = (processor: string): processor is CardProcessor => processor === 'STRIPE' || processor === 'SQUARE';

export interface CreatePaymentInput {
  /** The order paid (its id in the processor's metadata); a tab's payment has none of its own. */
  order: Pick<PlacedOrder, 'merchantId'> & { orderId?: string };
  /** A tab's one payment for all its rounds (issue 20): in the metadata, so its webhook closes the tab. */
  tabId?: string;
  amountMinor: number;
  currency: string;
  /** The merchant's account at the processor (Stripe: `acct_…`); the charge is made on it. */
  connectedAccount: string;
  /** Sandbox orders use the processor's test keys. */
  testMode: boolean;
  /** The same for every attempt of one checkout, so a retried call creates one payment. */
  idempotencyKey: string;
  /** Where the payment is taken (Square: the merchant's chosen location of this mode). */
  locationId?: string;
  /** The card the diner's browser tokenized (Square's Web Payments SDK); Stripe's browser confirms later instead. */
  sourceId?: string;
}

export interface CreatedPayment {
  paymentId: string;
  /** Handed to the diner's browser to confirm the payment (Stripe.js); none when the server took the card (Square). */
  clientSecret?: string;
  status: string;
}

/** A payment the server completed itself once the order was written (Square): the order is paid with it. */
export interface SettledPayment {
  paymentId: string;
  amountMinor: number;
  card?: { brand: string; last4: string };
}

/** The merchant's account at the processor for one mode, as the adapter's calls need it. */
export interface ProcessorAccount {
  /** Stripe: the connected account `acct_…`; Square: the seller's access token (in memory only, never logged). */
  connectedAccount: string;
  /** Square: the chosen location (`squareLocationId:{environment}`). */
  locationId?: string;
}

export interface RefundPaymentInput {
  /** The succeeded payment (Stripe: the PaymentIntent). */
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** The merchant's account the payment was made on. */
  connectedAccount: string;
  testMode: boolean;
  /** The same for a retry of one refund, so the processor issues it once. */
  idempotencyKey: string;
}

export interface CancelPaymentInput {
  /** The payment the diner has not completed (Stripe: the PaymentIntent). */
  paymentId: string;
  connectedAccount: string;
  testMode: boolean;
}

export interface IssuedRefund {
  refundId: string;
  status: string;
}

/** What a verified webhook says, in our words. Amounts in minor units. */
export type PaymentEvent =
  | {
      type: 'PaymentSucceeded';
      eventId: string;
      testMode: boolean;
      paymentId: string;
      orderId?: string;
      merchantId?: string;
      tabId?: string;
      amountMinor: number;
      card?: { brand: string; last4: string };
    }
  | { type: 'PaymentFailed'; eventId: string; testMode: boolean; paymentId: string; orderId?: string; merchantId?: string; tabId?: string; reason: string }
  /** The merchant's account at the processor changed (Stripe `account.updated`): whether it may charge now. */
  | { type: 'AccountUpdated'; eventId: string; testMode: boolean; accountId: string; chargesEnabled: boolean }
  | { type: 'Ignored'; eventId: string; eventType: string };

/** Where the processor sends the merchant's browser back to, and what it must carry back. */
export interface ConnectRequest {
  /** Signed by us (state.ts): names the merchant and the mode, expires, used once. */
  state: string;
  /** Our callback, as registered with the processor. */
  redirectUri: string;
}

/** The merchant's account at the processor, once the merchant signed in and allowed us. */
export interface ConnectedAccount {
  accountId: string;
  chargesEnabled: boolean;
}

/**
 * A card processor behind the narrow interface checkout and the webhook need (STYLE: Vendure's
 * plugins). Adapters: stripe.ts and square.ts (each through its official SDK).
 */
export interface PaymentsPort {
  readonly processor: CardProcessor;
  /** Whether keys for this mode are configured; checkout refuses with NotConfigured otherwise. */
  configured(testMode: boolean): boolean;
  /** The public key the diner's browser loads the processor's script with (Stripe: `pk_…`), when this mode has one. */
  browserKey(testMode: boolean): string | undefined;
  /** The processor's script for the diner's browser when the storefront must be told it (Square's Web Payments SDK per mode). */
  browserScript?(testMode: boolean): string;
  /**
   * The merchant's account for this mode: for a `charge`, only one that may take charges now (and,
   * for Square, has a location chosen); for a `refund`, the one the payment went through.
   */
  account(merchantId: string, testMode: boolean, purpose: 'charge' | 'refund'): Promise<ProcessorAccount | undefined>;
  /** Throws PaymentsNotConfigured, or PaymentNotStarted when the processor refused or failed. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Completes a payment the server took the card for, once its order is written (Square: the
   * approved payment is captured); undefined when the diner's browser confirms it and the webhook pays
   * the order (Stripe). Throws PaymentNotStarted when the processor refused or failed.
   */
  settlePayment(input: CancelPaymentInput): Promise<SettledPayment | undefined>;
  /**
   * The browser's key to a payment the diner has not completed and can still confirm (Stripe: the
   * PaymentIntent's client secret while it awaits the card), for an order page opened again; undefined
   * when there is none (Square took the card at checkout). Throws PaymentNotResumed when the processor failed.
   */
  resumePayment(input: CancelPaymentInput): Promise<string | undefined>;
  /** Sends part or all of a succeeded payment back to the card; throws RefundNotIssued when the processor refused or failed. */
  refundPayment(input: RefundPaymentInput): Promise<IssuedRefund>;
  /**
   * Closes a payment the diner has not completed, so it can no longer be paid (the order was
   * cancelled); throws PaymentNotCancelled when the processor refused (it already succeeded) or failed.
   */
  cancelPayment(input: CancelPaymentInput): Promise<void>;
  /** Verifies the signature over the raw bytes (Square signs the notification URL with them); throws InvalidSignature. */
  webhookEvent(rawBody: Buffer, signature: string | undefined, notificationUrl?: string): Promise<PaymentEvent>;
  /** Whether merchants of this mode can connect themselves (an OAuth client id is configured). */
  connectable(testMode: boolean): boolean;
  /** The processor's sign-in page for the merchant (OAuth authorize); throws PaymentsNotConfigured. */
  connectUrl(testMode: boolean, request: ConnectRequest): string;
  /** Exchanges the code the processor sent back for the account, in this mode only; throws ConnectNotCompleted. */
  completeConnect(testMode: boolean, code: string): Promise<ConnectedAccount>;
}

export type PaymentsPorts = Record<CardProcessor, PaymentsPort>;

/** The processor has no keys (for this mode): a 400 with the processor's message. */
export class PaymentsNotConfigured extends Error {
  constructor(readonly processor: CardProcessor) {
    super(`${processor} payments are not configured`);
    this.name = 'PaymentsNotConfigured';
  }
}

/** The processor refused a call or could not be reached (its own error is `cause`). */
abstract class ProcessorFailed extends Error {
  constructor(
    readonly processor: CardProcessor,
    what: string,
    override readonly cause: unknown,
  ) {
    super(`${processor} did not ${what}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = new.target.name;
  }
}

/**
 * Creating the payment failed: checkout answers 502 and writes nothing. `told` is what the processor
 * said to the diner in its own words (Square's error `detail`, a declined card), shown as the message.
 */
export class PaymentNotStarted extends ProcessorFailed {
  constructor(
    processor: CardProcessor,
    cause: unknown,
    readonly told?: string,
  ) {
    super(processor, 'create the payment', cause);
  }
}

/** Issuing a refund failed: the action answers 502 and records nothing. */
export class RefundNotIssued extends ProcessorFailed {
  constructor(processor: CardProcessor, cause: unknown) {
    super(processor, 'issue the refund', cause);
  }
}

/** Closing an unpaid payment failed: the order is cancelled all the same; a payment that still arrives is refunded. */
export class PaymentNotResumed extends ProcessorFailed {
  constructor(processor: CardProcessor, cause: unknown) {
    super(processor, 'read the payment', cause);
  }
}

export class PaymentNotCancelled extends ProcessorFailed {
  constructor(processor: CardProcessor, cause: unknown) {
    super(processor, 'cancel the payment', cause);
  }
}

/** The code exchange failed, or answered an account of the other mode: nothing is recorded. */
export class ConnectNotCompleted extends ProcessorFailed {
  constructor(processor: CardProcessor, cause: unknown) {
    super(processor, 'connect the account', cause);
  }
}

export class InvalidSignature extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidSignature';
  }
}

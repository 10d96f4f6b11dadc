import type { CardProcessor } from './port';

/** What card payments say (docs/orders-api.md, Payments), reused by the routers and the specs. */
export const paymentMessages = {
  notConfigured: { STRIPE: 'Stripe payments are not configured yet', SQUARE: 'Square payments are not configured yet' } satisfies Record<CardProcessor, string>,
  cannotTakeCards: 'This merchant cannot take card payments yet',
  notStarted: 'The card payment could not be started. Please try again.',
  invalidSignature: 'Invalid signature',
  refundNotIssued: 'The card refund could not be issued. Nothing was recorded; please try again.',
  cannotRefundCards: {
    STRIPE: 'This card payment cannot be refunded here: the merchant has no Stripe account connected for it',
    SQUARE: 'This card payment cannot be refunded here: the merchant has no Square account connected for it',
  } satisfies Record<CardProcessor, string>,
  /** Seed 002 §8, spelt so. */
  chargesNotEnabled: 'Charges not enables, check your Stripe account',
  accountIdInvalid: 'A Stripe account id starts with acct_',
  accountConnected: 'Stripe account connected',
  environmentInvalid: 'Environment must be production or sandbox',
  /** No OAuth client id for this mode: merchants cannot connect themselves (the README's configuration). */
  connectNotConfigured: { STRIPE: 'Stripe Connect is not configured for this mode', SQUARE: 'Square is not configured for this mode' } satisfies Record<CardProcessor, string>,
  stateUsed: 'This connection link was already used',
  /** Seed 001 §8, as written. */
  squareDeauthorized: 'App deauthorized from Square',
  squareNotConnected: 'Square is not connected for this mode',
  squareLocationInvalid: 'Choose one of your Square locations',
  squareLocationSaved: 'Settings saved',
  squareFailed: 'Square did not answer. Nothing was changed; please try again.',
} as const;

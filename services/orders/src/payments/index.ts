import type { Logger } from '@seatside/chassis';
import type { OrdersOptions } from './options';
import type { PaymentsPorts } from './port';
import { squarePayments } from './square';
import { stripePayments } from './stripe';

/** Each card processor's adapter, from the parsed options. */
export const paymentsPorts = (options: OrdersOptions, logger: Logger): PaymentsPorts => ({
  STRIPE: stripePayments(options.stripe, logger),
  SQUARE: squarePayments(),
});

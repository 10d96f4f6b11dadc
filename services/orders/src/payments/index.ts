import { randomBytes } from 'node:crypto';
import { createDataKeyRing, type DataKeyRing, type ServiceDeps } from '@seatside/chassis';
import type { OrdersOptions } from './options';
import type { PaymentsPorts } from './port';
import { squarePayments } from './square';
import { squareAccess, type SquareAccess } from './square-access';
import { squareConnector, type SquareConnector } from './square-connect';
import { stripePayments } from './stripe';

type Deps = Pick<ServiceDeps, 'logger' | 'readModels' | 'eventStore' | 'now'>;

/** Square's connection (the SDK's OAuth and clients) and the sellers' sealed tokens, shared by the port and the connection routes. */
export interface SquareParts {
  connector: SquareConnector;
  sellers: SquareAccess;
}

export const squareParts = (options: OrdersOptions, deps: Deps, keys: () => DataKeyRing): SquareParts => {
  const connector = squareConnector(options.square);
  return { connector, sellers: squareAccess(deps, connector, keys) };
};

/** Each card processor's adapter, from the parsed options. */
export const paymentsPorts = (options: OrdersOptions, deps: Deps, square: SquareParts = squareParts(options, deps, () => createDataKeyRing([randomBytes(32)]))): PaymentsPorts => ({
  STRIPE: stripePayments(options.stripe, deps.logger, deps.readModels),
  SQUARE: squarePayments(options.square, square.connector, square.sellers, deps.logger),
});

import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';

/** An env text where '' means unset (compose files often pass empty variables). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** What the orders service needs beyond the chassis: set by env in both topologies. */
export const ordersConfigFields = {
  /** Live keys: production orders. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** Test keys: sandbox orders (testMode). */
  STRIPE_TEST_SECRET_KEY: optionalText,
  STRIPE_TEST_WEBHOOK_SECRET: optionalText,
  STRIPE_TEST_PUBLISHABLE_KEY: optionalText,
  /** Another Stripe API origin (a local fake in specs); default Stripe's own. */
  STRIPE_API_BASE: optionalText.pipe(z.string().url().optional()),
};

export const ordersConfigSchema = serviceConfigSchema('orders', 8104).extend(ordersConfigFields);

export interface StripeKeys {
  secretKey: string;
  /** `whsec_…` of the webhook endpoint for this mode; unset: its events are refused. */
  webhookSecret?: string;
  /** `pk_…`, with which the diner's browser loads Stripe.js; unset: the storefront offers no card. */
  publishableKey?: string;
}

export interface StripeOptions {
  production?: StripeKeys;
  sandbox?: StripeKeys;
  /** e.g. http://127.0.0.1:12111 for the fake; unset: https://api.stripe.com. */
  apiBase?: string;
}

/** The orders service's settings, as `createOrdersService` takes them. */
export interface OrdersOptions {
  stripe: StripeOptions;
}

export const defaultOrdersOptions = (overrides: Partial<OrdersOptions> = {}): OrdersOptions => ({ stripe: {}, ...overrides });

const keysOf = (secretKey: string | undefined, webhookSecret: string | undefined, publishableKey: string | undefined): StripeKeys | undefined =>
  secretKey ? { secretKey, ...(webhookSecret ? { webhookSecret } : {}), ...(publishableKey ? { publishableKey } : {}) } : undefined;

/** From a parsed env (the orders service alone, or the embedded gateway). */
export function ordersOptionsFrom(config: Partial<z.output<z.ZodObject<typeof ordersConfigFields>>>): OrdersOptions {
  const production = keysOf(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PUBLISHABLE_KEY);
  const sandbox = keysOf(config.STRIPE_TEST_SECRET_KEY, config.STRIPE_TEST_WEBHOOK_SECRET, config.STRIPE_TEST_PUBLISHABLE_KEY);
  return defaultOrdersOptions({
    stripe: { ...(production ? { production } : {}), ...(sandbox ? { sandbox } : {}), ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}) },
  });
}

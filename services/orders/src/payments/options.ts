import { z } from 'zod';
import { serviceConfigSchema } from '@seatside/chassis/src/config';
import type { SquareApp, SquareOptions } from './square-connect';

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
  /** Stripe Connect's OAuth client ids (`ca_…`, Connect settings of the platform account): live for production, test for sandbox. */
  STRIPE_CLIENT_ID: optionalText,
  STRIPE_TEST_CLIENT_ID: optionalText,
  /** Where the merchant's browser signs in to Stripe (OAuth authorize); default https://connect.stripe.com (a local fake in specs). */
  STRIPE_CONNECT_BASE: optionalText.pipe(z.string().url().optional()),
  /**
   * Signs the OAuth `state` of a provider connection (merchant, mode, expiry). Several replicas
   * need the same one; unset, each process draws its own (fine for one process).
   */
  PAYMENTS_STATE_SECRET: optionalText,
  /** Square OAuth apps (Developer Console, OAuth page): production, and the sandbox app's own. */
  SQUARE_APPLICATION_ID: optionalText,
  SQUARE_APPLICATION_SECRET: optionalText,
  SQUARE_SANDBOX_APPLICATION_ID: optionalText,
  SQUARE_SANDBOX_APPLICATION_SECRET: optionalText,
  /** Another Square origin for both modes (a local fake in specs); default Square's own hosts. */
  SQUARE_API_BASE: optionalText.pipe(z.string().url().optional()),
  /** Signature keys of the webhook subscriptions (Developer Console, Webhooks): production's, and the sandbox app's own. */
  SQUARE_WEBHOOK_SIGNATURE_KEY: optionalText,
  SQUARE_SANDBOX_WEBHOOK_SIGNATURE_KEY: optionalText,
  /** The notification URL exactly as registered with Square (it is signed); default the URL the notification came to. */
  SQUARE_WEBHOOK_URL: optionalText.pipe(z.string().url().optional()),
  /** Square's Web Payments SDK the storefront loads (a fake in browser tests); default Square's own, sandbox or production per mode. */
  SQUARE_WEB_PAYMENTS_SDK_URL: optionalText.pipe(z.string().url().optional()),
};

export const ordersConfigSchema = serviceConfigSchema('orders', 8104).extend(ordersConfigFields);

export interface StripeKeys {
  secretKey: string;
  /** `whsec_…` of the webhook endpoint for this mode; unset: its events are refused. */
  webhookSecret?: string;
  /** `pk_…`, with which the diner's browser loads Stripe.js; unset: the storefront offers no card. */
  publishableKey?: string;
  /** `ca_…`: Stripe Connect's OAuth client id for this mode; unset: merchants cannot connect themselves. */
  clientId?: string;
}

export interface StripeOptions {
  production?: StripeKeys;
  sandbox?: StripeKeys;
  /** e.g. http://127.0.0.1:12111 for the fake; unset: https://api.stripe.com. */
  apiBase?: string;
  /** The OAuth authorize origin; unset: https://connect.stripe.com. */
  connectBase?: string;
}

/** The orders service's settings, as `createOrdersService` takes them. */
export interface OrdersOptions {
  stripe: StripeOptions;
  square: SquareOptions;
  /** Seals Square's tokens at rest: DATA_ENCRYPTION_KEY, else DATA_DIR's key file; unset both: a random key of the process. */
  dataEncryptionKey?: string;
  dataDir?: string;
  /** Signs provider connection `state`s; unset: a random secret of this process. */
  stateSecret?: string;
}

export const defaultOrdersOptions = (overrides: Partial<OrdersOptions> = {}): OrdersOptions => ({ stripe: {}, square: {}, ...overrides });

const appOf = (applicationId: string | undefined, applicationSecret: string | undefined, webhookSignatureKey: string | undefined): SquareApp | undefined =>
  applicationId && applicationSecret ? { applicationId, applicationSecret, ...(webhookSignatureKey ? { webhookSignatureKey } : {}) } : undefined;

const keysOf = (secretKey: string | undefined, webhookSecret: string | undefined, publishableKey: string | undefined, clientId: string | undefined): StripeKeys | undefined =>
  secretKey ? { secretKey, ...(webhookSecret ? { webhookSecret } : {}), ...(publishableKey ? { publishableKey } : {}), ...(clientId ? { clientId } : {}) } : undefined;

/** From a parsed env (the orders service alone, or the embedded gateway). */
export function ordersOptionsFrom(config: Partial<z.output<z.ZodObject<typeof ordersConfigFields>>> & { DATA_ENCRYPTION_KEY?: string; DATA_DIR?: string }): OrdersOptions {
  const squareProduction = appOf(config.SQUARE_APPLICATION_ID, config.SQUARE_APPLICATION_SECRET, config.SQUARE_WEBHOOK_SIGNATURE_KEY);
  const squareSandbox = appOf(config.SQUARE_SANDBOX_APPLICATION_ID, config.SQUARE_SANDBOX_APPLICATION_SECRET, config.SQUARE_SANDBOX_WEBHOOK_SIGNATURE_KEY);
  const production = keysOf(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PUBLISHABLE_KEY, config.STRIPE_CLIENT_ID);
  const sandbox = keysOf(config.STRIPE_TEST_SECRET_KEY, config.STRIPE_TEST_WEBHOOK_SECRET, config.STRIPE_TEST_PUBLISHABLE_KEY, config.STRIPE_TEST_CLIENT_ID);
  return defaultOrdersOptions({
    stripe: {
      ...(production ? { production } : {}),
      ...(sandbox ? { sandbox } : {}),
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
      ...(config.STRIPE_CONNECT_BASE ? { connectBase: config.STRIPE_CONNECT_BASE } : {}),
    },
    ...(config.PAYMENTS_STATE_SECRET ? { stateSecret: config.PAYMENTS_STATE_SECRET } : {}),
    square: {
      ...(squareProduction ? { production: squareProduction } : {}),
      ...(squareSandbox ? { sandbox: squareSandbox } : {}),
      ...(config.SQUARE_API_BASE ? { apiBase: config.SQUARE_API_BASE } : {}),
      ...(config.SQUARE_WEBHOOK_URL ? { webhookUrl: config.SQUARE_WEBHOOK_URL } : {}),
      ...(config.SQUARE_WEB_PAYMENTS_SDK_URL ? { webPaymentsSdkUrl: config.SQUARE_WEB_PAYMENTS_SDK_URL } : {}),
    },
    ...(config.DATA_ENCRYPTION_KEY?.trim() ? { dataEncryptionKey: config.DATA_ENCRYPTION_KEY } : {}),
    ...(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {}),
  });
}

import { api } from '@seatside/ui';

export type Environment = 'production' | 'sandbox';
export const environments: readonly Environment[] = ['production', 'sandbox'];

/** One environment's Stripe connection (docs/orders-api.md, Connected accounts). */
export interface StripeConnection {
  connected: boolean;
  accountId?: string;
  chargesEnabled: boolean;
  /** Seed 002 §8's note when connected without charges. */
  message?: string;
  /** Stripe Connect is configured for this mode: the Connect button can work. */
  connectable: boolean;
  dashboardUrl: string;
}

export type StripeConnections = Record<Environment, StripeConnection>;

/** One environment's Square connection (docs/orders-api.md, Square connection): never a token. */
export interface SquareConnection {
  connected: boolean;
  squareMerchantId?: string;
  /** `squareLocationId:{environment}`. */
  locationId: string | null;
}

export type SquareConnections = Record<Environment, SquareConnection> & { connectable: Record<Environment, boolean> };

/** The payment connection screen's texts (seed 002 §2, §8: spelt so). */
export const paymentScreenMessages = {
  title: 'Payments',
  rows: { production: 'Production', sandbox: 'Sandbox' } satisfies Record<Environment, string>,
  connected: 'Connected',
  connect: 'Connect',
  chargesNotEnabled: 'Charges not enables, check your Stripe account',
  stripeNotConfigured: 'Stripe Connect is not configured for this mode on this platform.',
  stripeDashboard: 'Stripe dashboard app settings',
  squareNotConfigured: 'Square is not configured for this mode on this platform.',
  deauthorize: 'Deauthorize',
  location: 'Location',
  chooseLocation: 'Choose a location',
} as const;

const seg = encodeURIComponent;

export const paymentsApi = {
  stripe: (merchantId: string, signal?: AbortSignal) => api.get<StripeConnections>(`/merchants/${seg(merchantId)}/payments/stripe`, { signal }),
  /** Stripe's sign-in address; the `{token}` segment is the spec's and carries nothing (the session's bearer token authenticates). */
  stripeConnectUrl: (merchantId: string, environment: Environment) =>
    api.get<{ url: string }>(`/merchants/${seg(merchantId)}/stripe/${environment}/connect/oauth/${Date.now().toString(36)}`),
  square: (merchantId: string, signal?: AbortSignal) => api.get<SquareConnections>(`/merchants/${seg(merchantId)}/payments/square`, { signal }),
  /** Square's sign-in address; the `{token}` segment is the spec's and carries nothing (the bearer token authenticates). */
  squareConnectUrl: (merchantId: string, environment: Environment) => api.get<{ url: string }>(`/square/${seg(merchantId)}/${environment}/oauth/${Date.now().toString(36)}`),
  squareDeauthorize: (merchantId: string, environment: Environment) => api.post<{ message: string }>(`/square/${seg(merchantId)}/${environment}/oauth/deauthorize/${Date.now().toString(36)}`),
  squareLocations: (merchantId: string, environment: Environment) => api.get<{ id: string; name: string }[]>(`/merchants/${seg(merchantId)}/${environment}/square/locations`),
  squareChooseLocation: (merchantId: string, environment: Environment, locationId: string) =>
    api.post<Record<Environment, SquareConnection> & { message: string }>(`/merchants/${seg(merchantId)}/${environment}/square/location`, { locationId }),
};

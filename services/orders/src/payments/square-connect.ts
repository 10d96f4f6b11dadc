import { SquareClient, SquareEnvironment } from 'square';
import type { Environment } from './accounts';
import type { ConnectRequest } from './port';

/** A seller's OAuth credentials at Square (plaintext only in memory: sealed before they are stored). */
export interface SquareCredentials {
  squareMerchantId: string;
  accessToken: string;
  refreshToken: string;
  /** ISO instant; Square's access tokens live 30 days. */
  expiresAt: string;
}

export interface SquareApp {
  applicationId: string;
  applicationSecret: string;
  /** The signature key of this mode's webhook subscription (Developer Console, Webhooks); unset: its notifications are refused. */
  webhookSignatureKey?: string;
}

export interface SquareOptions {
  production?: SquareApp;
  sandbox?: SquareApp;
  /** Another Square origin for both modes (a local fake in specs); unset: Square's production and sandbox hosts. */
  apiBase?: string;
  /** The notification URL as registered with Square (it signs it with the body); unset: the URL the request came to. */
  webhookUrl?: string;
  /** Square's Web Payments SDK for the storefront (a fake in browser tests); unset: Square's own per mode. */
  webPaymentsSdkUrl?: string;
}

/** Square failed or refused (its own error is `cause`): nothing is recorded. */
export class SquareFailed extends Error {
  constructor(
    what: string,
    override readonly cause: unknown,
  ) {
    super(`Square did not ${what}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'SquareFailed';
  }
}

/** The seller's connection to Square through the official SDK: OAuth, token refresh, revoke, locations. */
export interface SquareConnector {
  configured(environment: Environment): boolean;
  authorizeUrl(environment: Environment, request: ConnectRequest): string;
  obtain(environment: Environment, code: string): Promise<SquareCredentials>;
  refresh(environment: Environment, refreshToken: string): Promise<SquareCredentials>;
  revoke(environment: Environment, accessToken: string): Promise<void>;
  locations(environment: Environment, accessToken: string): Promise<{ id: string; name: string }[]>;
  /** The SDK's client of this mode's host, acting for the seller whose access token it is. */
  client(environment: Environment, accessToken: string): SquareClient;
}

/** What the seller allows: read the locations and merchant, take payments, write orders (forwardOrdersToSquare). */
const SCOPES = ['MERCHANT_PROFILE_READ', 'PAYMENTS_READ', 'PAYMENTS_WRITE', 'ORDERS_READ', 'ORDERS_WRITE'];

export function squareConnector(options: SquareOptions): SquareConnector {
  const appOf = (environment: Environment): SquareApp => {
    const app = options[environment];
    if (!app) throw new SquareFailed('answer: Square is not configured for this mode', undefined);
    return app;
  };
  const baseOf = (environment: Environment) => options.apiBase ?? (environment === 'sandbox' ? SquareEnvironment.Sandbox : SquareEnvironment.Production);
  const client = (environment: Environment, token = '') => new SquareClient({ environment: baseOf(environment), token, maxRetries: 2, timeoutInSeconds: 20 });
  const credentialsOf = (answer: { accessToken?: string; refreshToken?: string; expiresAt?: string; merchantId?: string }): SquareCredentials => {
    if (!answer.accessToken || !answer.refreshToken || !answer.merchantId || !answer.expiresAt) throw new Error('Square answered no token');
    return { squareMerchantId: answer.merchantId, accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresAt: new Date(answer.expiresAt).toISOString() };
  };
  return {
    client: (environment, accessToken) => client(environment, accessToken),
    configured: (environment) => options[environment] !== undefined,
    authorizeUrl(environment, { state, redirectUri }) {
      const url = new URL('/oauth2/authorize', baseOf(environment));
      url.search = new URLSearchParams({ client_id: appOf(environment).applicationId, scope: SCOPES.join(' '), session: 'false', state, redirect_uri: redirectUri }).toString();
      return url.toString();
    },
    async obtain(environment, code) {
      const app = appOf(environment);
      try {
        return credentialsOf(await client(environment).oAuth.obtainToken({ clientId: app.applicationId, clientSecret: app.applicationSecret, code, grantType: 'authorization_code' }));
      } catch (err) {
        throw new SquareFailed('connect the seller', err);
      }
    },
    async refresh(environment, refreshToken) {
      const app = appOf(environment);
      try {
        return credentialsOf(await client(environment).oAuth.obtainToken({ clientId: app.applicationId, clientSecret: app.applicationSecret, refreshToken, grantType: 'refresh_token' }));
      } catch (err) {
        throw new SquareFailed('refresh the access token', err);
      }
    },
    async revoke(environment, accessToken) {
      const app = appOf(environment);
      try {
        await client(environment).oAuth.revokeToken({ clientId: app.applicationId, accessToken }, { headers: { Authorization: `Client ${app.applicationSecret}` } });
      } catch (err) {
        throw new SquareFailed('revoke the access token', err);
      }
    },
    async locations(environment, accessToken) {
      try {
        const answer = await client(environment, accessToken).locations.list();
        // A deactivated location takes no payments: it is neither listed nor can it be chosen.
        return (answer.locations ?? []).filter((l) => l.id && l.status !== 'INACTIVE').map((l) => ({ id: l.id!, name: l.name ?? l.id! }));
      } catch (err) {
        throw new SquareFailed('list the locations', err);
      }
    },
  };
}

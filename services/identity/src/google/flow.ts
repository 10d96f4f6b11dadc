import { timingSafeEqual } from 'node:crypto';
import type { GoogleOptions } from '../options';
import { accountFor, type AccountDeps } from './account';
import { googleIdentityOf } from './claims';
import { GoogleSignInError } from './errors';
import { GOOGLE_ROUTES } from './messages';
import { authorizationUrl, type OidcClient } from './oidc';
import type { PendingLogins } from './pending';

/** The provider's answer on the callback, as query strings (anything else is treated as absent). */
export type CallbackParams = { state?: string; code?: string; error?: string; iss?: string };

export const redirectUriOf = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}${GOOGLE_ROUTES.callback}`;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export interface GoogleSignIn {
  /** A new pending login: its state (for the browser cookie) and the provider URL to send the browser to. */
  begin(): Promise<{ state: string; url: string }>;
  /**
   * Finishes a login: the callback's state must be the browser's (cookie) and still pending; then the
   * code is exchanged and the ID token verified. Returns the uid signed in to; throws GoogleSignInError.
   */
  complete(params: CallbackParams, browserState: string | undefined): Promise<string>;
}

export function createGoogleSignIn(deps: AccountDeps & { google: GoogleOptions; publicUrl: string; client: OidcClient; pending: PendingLogins }): GoogleSignIn {
  const redirectUri = redirectUriOf(deps.publicUrl);
  return {
    async begin() {
      const metadata = await deps.client.metadata();
      const login = await deps.pending.begin();
      const url = authorizationUrl(metadata.authorization_endpoint, { clientId: deps.google.clientId, redirectUri, ...login });
      return { state: login.state, url };
    },

    async complete(params, browserState) {
      // Taken first, so any answer, even a refusal, uses the browser's pending login up.
      const login = browserState ? await deps.pending.take(browserState) : undefined;
      if (!browserState || !params.state || !sameSecret(params.state, browserState)) throw new GoogleSignInError('badState', 'The state is not this browser’s');
      if (params.error) throw new GoogleSignInError('denied', 'The provider answered with an error');
      if (!login) throw new GoogleSignInError('badState', 'The login is unknown, used or expired');
      const metadata = await deps.client.metadata();
      // RFC 9207: an answer naming another issuer is a mix-up.
      if (params.iss !== undefined && params.iss !== metadata.issuer) throw new GoogleSignInError('badState', 'The answer names another issuer');
      if (!params.code) throw new GoogleSignInError('badState', 'The answer carries no code');
      const idToken = await deps.client.exchangeCode({ code: params.code, codeVerifier: login.codeVerifier, redirectUri });
      const identity = googleIdentityOf(await deps.client.verifyIdToken(idToken, login.nonce));
      return accountFor(deps, identity);
    },
  };
}

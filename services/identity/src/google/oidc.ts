import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { GoogleOptions } from '../options';
import { GoogleSignInError } from './errors';

/** The part of the provider's discovery document the sign-in uses. */
const providerMetadataSchema = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type ProviderMetadata = z.output<typeof providerMetadataSchema>;

export const SCOPE = 'openid email profile';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const discoveryUrl = (issuer: string): string => `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;

/** Checks a discovery document: its issuer must be the configured one (OIDC Discovery §4.3), and S256 offered. */
export function providerMetadataOf(document: unknown, expectedIssuer: string): ProviderMetadata {
  const parsed = providerMetadataSchema.safeParse(document);
  if (!parsed.success) throw new GoogleSignInError('discovery', 'The discovery document is incomplete');
  const metadata = parsed.data;
  if (withoutTrailingSlash(metadata.issuer) !== withoutTrailingSlash(expectedIssuer)) {
    throw new GoogleSignInError('discovery', 'The discovery document names another issuer');
  }
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
    throw new GoogleSignInError('discovery', 'The provider does not offer PKCE with S256');
  }
  return metadata;
}

export type AuthorizationRequest = { clientId: string; redirectUri: string; state: string; nonce: string; codeChallenge: string };

/** The provider's authorization URL for a code flow with PKCE (S256); keeps any query the endpoint has. */
export function authorizationUrl(endpoint: string, request: AuthorizationRequest): string {
  const url = new URL(endpoint);
  const params = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: SCOPE,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export type TokenExchange = { code: string; codeVerifier: string; redirectUri: string };

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 wants client credentials before Basic encoding. */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * The token request for a confidential client: client_secret_basic when the provider offers it (its
 * default when discovery is silent), otherwise client_secret_post.
 */
export function tokenRequest(metadata: ProviderMetadata, client: Pick<GoogleOptions, 'clientId' | 'clientSecret'>, exchange: TokenExchange): { headers: Record<string, string>; body: URLSearchParams } {
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (methods.includes('client_secret_basic')) {
    const credentials = Buffer.from(`${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`).toString('base64');
    return { headers: { ...headers, authorization: `Basic ${credentials}` }, body };
  }
  if (methods.includes('client_secret_post')) {
    body.set('client_id', client.clientId);
    body.set('client_secret', client.clientSecret);
    return { headers, body };
  }
  throw new GoogleSignInError('discovery', 'The provider offers no client secret authentication');
}

/** The relying party's side of OpenID Connect, against one provider. */
export interface OidcClient {
  /** The provider's metadata; fetched once, fetched again after a failure. */
  metadata(): Promise<ProviderMetadata>;
  /** Trades the code (with its PKCE verifier) for the ID token. */
  exchangeCode(exchange: TokenExchange): Promise<string>;
  /** Signature (provider JWKS), issuer, audience, expiry and nonce of an ID token; its claims. */
  verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload>;
}

/** Outbound calls to the provider give up after this long, so a stalled provider frees the request. */
const PROVIDER_TIMEOUT_MS = 10_000;

export function createOidcClient(options: GoogleOptions, now: () => Date, fetchImpl: typeof fetch = fetch): OidcClient {
  let discovered: Promise<{ metadata: ProviderMetadata; keys: ReturnType<typeof createRemoteJWKSet> }> | undefined;

  async function discover() {
    const response = await fetchImpl(discoveryUrl(options.issuer), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch((cause: unknown) => {
      throw new GoogleSignInError('discovery', 'The provider is unreachable', { cause });
    });
    if (!response.ok) throw new GoogleSignInError('discovery', `Discovery answered ${response.status}`);
    const metadata = providerMetadataOf(await response.json().catch(() => undefined), options.issuer);
    return { metadata, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
  }

  function discovery() {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  }

  return {
    metadata: async () => (await discovery()).metadata,

    async exchangeCode(exchange) {
      const { metadata } = await discovery();
      const { headers, body } = tokenRequest(metadata, options, exchange);
      const response = await fetchImpl(metadata.token_endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch((cause: unknown) => {
        throw new GoogleSignInError('tokenExchange', 'The token endpoint is unreachable', { cause });
      });
      if (!response.ok) throw new GoogleSignInError('tokenExchange', `The token endpoint answered ${response.status}`);
      const tokens = (await response.json().catch(() => undefined)) as { id_token?: unknown } | undefined;
      if (typeof tokens?.id_token !== 'string') throw new GoogleSignInError('tokenExchange', 'The token response has no ID token');
      return tokens.id_token;
    },

    async verifyIdToken(idToken, nonce) {
      const { metadata, keys } = await discovery();
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: metadata.issuer,
        audience: options.clientId,
        currentDate: now(),
        clockTolerance: 60,
        requiredClaims: ['sub', 'iat', 'exp'],
      }).catch((cause: unknown) => {
        throw new GoogleSignInError('badIdToken', 'The ID token did not verify', { cause });
      });
      if (payload.nonce !== nonce) throw new GoogleSignInError('badIdToken', 'The ID token carries another nonce');
      // With several audiences, the token must have been issued to us (OIDC Core §3.1.3.7).
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) {
        throw new GoogleSignInError('badIdToken', 'The ID token was issued to another party');
      }
      return payload;
    },
  };
}

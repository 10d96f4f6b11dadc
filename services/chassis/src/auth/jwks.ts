import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { unauthorized } from '../errors';
import type { Cache, PubSub } from '../kv/types';
import { createAccountGenerations, type AccountGenerations } from './generations';
import { authMessages } from './messages';
import { isTenantCollection } from './tenant';
import type { Principal, TokenVerifier } from './types';

export interface JwksVerifierOptions {
  /** Where the identity service publishes its keys; fetched on demand and cached by jose. */
  jwksUrl?: string;
  /** An inline key set instead of a URL (tests, or keys shipped as config). */
  jwks?: JSONWebKeySet;
  issuer: string;
  audience: string;
  /** Refuses a user's token issued before the account's current generation (password or e-mail change). */
  generations?: Pick<AccountGenerations, 'current'>;
  /** The clock exp and nbf are checked against (tests move it). */
  now?: () => number;
}

/** Three base64url segments: lets API-key tokens (`sk_…`) skip this verifier without a parse. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;
export const looksLikeJwt = (token: string): boolean => JWT_SHAPE.test(token);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `tenant` claim of an API key's token: the one tenant it acts for, and its mode. */
function tenantOf(value: unknown): Principal['tenant'] {
  if (!isPlainObject(value)) return undefined;
  const { collection, id, testMode } = value;
  if (!isTenantCollection(collection)) return undefined;
  if (typeof id !== 'string' || id === '' || typeof testMode !== 'boolean') return undefined;
  return { collection, id, testMode };
}

/** Maps verified claims to the chassis Principal; a token without a subject names nobody. */
export function principalFromClaims(payload: JWTPayload): Principal {
  if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized(authMessages.invalidToken, 'token_invalid');
  if (payload.tenant !== undefined && !tenantOf(payload.tenant)) throw unauthorized(authMessages.invalidToken, 'token_invalid');
  const tenant = tenantOf(payload.tenant);
  return {
    uid: payload.sub,
    ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
    claims: isPlainObject(payload.claims) ? { ...payload.claims } : {},
    ...(tenant ? { tenant } : {}),
  };
}

function keySetOf(options: JwksVerifierOptions) {
  if (options.jwksUrl && options.jwks) throw new Error('createJwksVerifier: give jwksUrl or jwks, not both');
  if (options.jwksUrl) return createRemoteJWKSet(new URL(options.jwksUrl));
  if (options.jwks) return createLocalJWKSet(options.jwks);
  throw new Error('createJwksVerifier: jwksUrl or jwks is required');
}

/** The generation a token was issued at (`gen`); tokens from before generations existed are 0. */
const generationOf = (payload: JWTPayload) => (typeof payload.gen === 'number' && Number.isInteger(payload.gen) ? payload.gen : 0);

/**
 * The generation of a token a verifier already accepted (no check here): a JWT's `gen`, and 0 for
 * any other credential (an API key's secret), which every raise of its subject's generation ends.
 */
export function generationOfToken(token: string): number {
  if (!looksLikeJwt(token)) return 0;
  try {
    return generationOf(decodeJwt(token));
  } catch {
    return 0;
  }
}

/** How long a token's checked signature is remembered: a rotated-out key stops working within it. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens whose signature, issuer and audience were checked, with their claims, for
 * VERIFIED_TOKEN_TTL_MS and never past their own `exp`: a client sends the same token with every
 * request, and an asymmetric signature check was the largest single cost of an authenticated read.
 * Bounded: the oldest entries go first.
 */
export function verifiedTokens(now: () => number, max = VERIFIED_TOKENS_MAX) {
  const entries = new Map<string, { payload: JWTPayload; until: number }>();
  return {
    get(token: string): JWTPayload | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.until > now()) return hit.payload;
      entries.delete(token);
      return undefined;
    },
    set(token: string, payload: JWTPayload): void {
      const until = Math.min(now() + VERIFIED_TOKEN_TTL_MS, (payload.exp ?? 0) * 1000);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(token, { payload, until });
    },
  };
}

/**
 * Verifies signature, exp/nbf, issuer and audience locally against the identity service's keys; a
 * token without `exp` never expires, so it is refused. A user's token older than the account's
 * generation is refused too, on every request. Every failure, including an unreachable key set,
 * answers the same Unauthorized so a caller learns nothing about why a token was refused.
 */
export function createJwksVerifier(options: JwksVerifierOptions): TokenVerifier {
  const keys = keySetOf(options);
  const { issuer, audience, generations } = options;
  const now = options.now ?? Date.now;
  const verified = verifiedTokens(now);
  return {
    accepts: looksLikeJwt,
    async verify(token) {
      let payload = verified.get(token);
      if (!payload) {
        try {
          ({ payload } = await jwtVerify(token, keys, { issuer, audience, requiredClaims: ['exp'], currentDate: new Date(now()) }));
        } catch {
          throw unauthorized(authMessages.invalidToken, 'token_invalid');
        }
        verified.set(token, payload);
      }
      const principal = principalFromClaims(payload);
      // A user's token ends with a password or e-mail change; an API key's (subject `apikey:<id>`) with the key's revocation.
      if (generations && generationOf(payload) < (await generations.current(principal.uid))) {
        throw unauthorized(authMessages.invalidToken, 'token_invalid');
      }
      return principal;
    },
  };
}

/**
 * The verifiers a process configured by env uses: the identity service's JWKS when JWKS_URL is set,
 * checking account generations through the process's key-value store when it is given.
 */
export function verifiersFromConfig(
  config: { JWKS_URL?: string; JWT_ISSUER: string; JWT_AUDIENCE: string },
  kv?: { cache: Cache; pubsub: PubSub },
): TokenVerifier[] {
  if (!config.JWKS_URL) return [];
  const generations = kv ? createAccountGenerations(kv) : undefined;
  return [createJwksVerifier({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, ...(generations ? { generations } : {}) })];
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import { quoteSchema, storedKey, storedKeySql, unauthorized, type TokenVerifier } from '@seatside/chassis';

/** What an order token says: the merchant, the voice session (its cart) and when it ends. */
export interface OrderToken {
  merchantId: string;
  sessionId: string;
  expiresAt: number;
  /** A visit of the sandbox site (`?testMode=true`): the session orders from the sandbox catalog. */
  testMode?: boolean;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Every order token starts so (the edge tells it from a sign-in JWT or an `sk_` API key by it). */
export const ORDER_TOKEN_PREFIX = 'vo_';

/** `vo_{payload}.{hmac}`: an HMAC-SHA256 over the payload with this service's key. */
export function signOrderToken(key: Buffer, token: OrderToken): string {
  const payload = b64(JSON.stringify({ m: token.merchantId, s: token.sessionId, e: token.expiresAt, ...(token.testMode ? { t: true } : {}) }));
  return `${ORDER_TOKEN_PREFIX}${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

/** The token's claims when its signature holds and it has not expired at `now`; otherwise undefined. */
export function verifyOrderToken(key: Buffer, text: string, now: number): OrderToken | undefined {
  if (!text.startsWith(ORDER_TOKEN_PREFIX)) return undefined;
  const [payload, signature, extra] = text.slice(ORDER_TOKEN_PREFIX.length).split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { m, s, e, t } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { m?: unknown; s?: unknown; e?: unknown; t?: unknown };
    if (typeof m !== 'string' || typeof s !== 'string' || typeof e !== 'number' || e <= now) return undefined;
    return { merchantId: m, sessionId: s, expiresAt: e, ...(t === true ? { testMode: true } : {}) };
  } catch {
    return undefined;
  }
}

const KEY_NAME = 'order-token';
const tableOf = (schema: string) => `${quoteSchema(schema)}.voice_secrets`;

/** The key's table and its random key; a later start keeps the first key. */
export const tokenKeyMigrations = (schema: string): string[] => storedKeySql(tableOf(schema), KEY_NAME);

/**
 * The HMAC key of order tokens, kept in this service's schema (tokenKeyMigrations) so every replica
 * signs and checks with the same one.
 */
export const tokenKey = (pool: Pool, schema: string) => storedKey(pool, tableOf(schema), KEY_NAME, 'the order token key is missing: the ai-voice service has not migrated');

export type TokenKey = ReturnType<typeof tokenKey>;

/** The claim an order token's principal carries (`requirePrincipal` refuses it: it is no sign-in). */
export const orderTokenOf = (claims: Record<string, unknown>): OrderToken | undefined => claims.orderToken as OrderToken | undefined;

/**
 * Order tokens at the edge: `Bearer vo_…` is verified here (a bad or expired one is 401, as any bad
 * token), and the request carries `claims.orderToken`; no other route takes it as a sign-in.
 */
export function orderTokenVerifier(key: TokenKey, now: () => Date): TokenVerifier {
  return {
    accepts: (token) => token.startsWith(ORDER_TOKEN_PREFIX),
    async verify(token) {
      const claims = verifyOrderToken(await key.get(), token, now().getTime());
      if (!claims) throw unauthorized('This order token is not valid or has expired', 'token_invalid');
      return { uid: `order-token:${claims.sessionId}`, claims: { orderToken: claims } };
    },
  };
}

/**
 * The distributed gateway's edge, which has no key: it lets `Bearer vo_…` through to the ai-voice
 * service, which verifies it. The principal it gives is the order token's (no sign-in anywhere).
 */
export const orderTokenPassThrough: TokenVerifier = {
  accepts: (token) => token.startsWith(ORDER_TOKEN_PREFIX),
  verify: async () => ({ uid: 'order-token', claims: { orderToken: {} } }),
};

import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JSONWebKeySet, type JWK } from 'jose';
import {
  createJwksVerifier, looksLikeJwt, quoteSchema, type AccountGenerations, type DataKeyRing, type Principal, type TokenVerifier,
} from '@seatside/chassis';
import type { Pool } from 'pg';

const ALG = 'ES256';

/** What an access token says about its subject. */
export interface TokenSubject {
  uid: string;
  email?: string;
  claims: Record<string, unknown>;
  /** API-key tokens: the one tenant they act for. */
  tenant?: Principal['tenant'];
  /** A user's token generation (`gen`): a password or e-mail change makes older tokens invalid. */
  generation?: number;
}

/** A sign-in at this moment, as a token's `auth_time` (seconds, on the wall clock as jose stamps iat). */
export const authTimeNow = (): number => Math.floor(Date.now() / 1000);

export interface AccessTokens {
  /** Loads (or makes, once) the signing key; the service's start() awaits it. */
  init(): Promise<void>;
  /** A signed, short-lived access token (ES256). */
  /**
   * `authTime`: when the person signed in, in seconds (the `auth_time` claim, OpenID Connect's name);
   * a refreshed token carries its session's, not the refresh's. Absent: now (a sign-in).
   */
  issue(subject: TokenSubject, options?: { ttlSeconds?: number; authTime?: number }): Promise<string>;
  /** The public keys, as `/.well-known/jwks.json` serves them. */
  jwks(): JSONWebKeySet;
  /** Verifies tokens this service issued (signature, expiry, issuer, audience, account generation). */
  verifier(): TokenVerifier;
  ttlSeconds: number;
}

type KeyRow = { kid: string; private_jwk: JWK; public_jwk: JWK };
/** A private key as stored: `{ sealed }` (AES-256-GCM under the data key ring, bound to its kid); a plain JWK before sealing existed. */
type StoredPrivateKey = { sealed: string } | JWK;

const sealedOf = (stored: StoredPrivateKey) => ('sealed' in stored && typeof stored.sealed === 'string' ? stored.sealed : undefined);
const sealContext = (kid: string) => `identity.signing_keys:${kid}`;

/** The private JWK of a stored row: opened with the ring when sealed. */
export function privateJwkOf(row: { kid: string; private_jwk: StoredPrivateKey }, keys: DataKeyRing): JWK {
  const sealed = sealedOf(row.private_jwk);
  return sealed === undefined ? (row.private_jwk as JWK) : (JSON.parse(keys.open(sealed, sealContext(row.kid))) as JWK);
}

const sealPrivateJwk = (kid: string, jwk: JWK, keys: DataKeyRing): StoredPrivateKey => ({ sealed: keys.seal(JSON.stringify(jwk), sealContext(kid)) });

/**
 * Newest first, private keys opened; the first replica to start makes the key, under a lock, so all
 * sign with one key. Private keys are stored sealed: one stored in plaintext (before sealing) or
 * under a retired data key is sealed again under the current one here.
 */
async function loadOrMakeKeys(pool: Pool, table: string, schema: string, keys: DataKeyRing): Promise<KeyRow[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema}.signing_keys`]);
    const select = `SELECT kid, private_jwk, public_jwk FROM ${table} ORDER BY created_at DESC`;
    let stored = (await client.query<{ kid: string; private_jwk: StoredPrivateKey; public_jwk: JWK }>(select)).rows;
    if (stored.length === 0) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
      await client.query(`INSERT INTO ${table} (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)`, [kid, sealPrivateJwk(kid, privateJwk, keys), publicJwk]);
      stored = (await client.query<{ kid: string; private_jwk: StoredPrivateKey; public_jwk: JWK }>(select)).rows;
    }
    const rows: KeyRow[] = [];
    for (const row of stored) {
      const privateJwk = privateJwkOf(row, keys);
      if (keys.needsSealing(sealedOf(row.private_jwk))) {
        await client.query(`UPDATE ${table} SET private_jwk = $2 WHERE kid = $1`, [row.kid, sealPrivateJwk(row.kid, privateJwk, keys)]);
      }
      rows.push({ kid: row.kid, private_jwk: privateJwk, public_jwk: row.public_jwk });
    }
    await client.query('COMMIT');
    return rows;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The signing keys' table (identity migration 1); the key in it is made on the first start. */
export const signingKeysTable = (schema: string) =>
  `CREATE TABLE IF NOT EXISTS ${quoteSchema(schema)}.signing_keys (kid text PRIMARY KEY, private_jwk jsonb NOT NULL, public_jwk jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;

/**
 * The signing key lives in the identity schema, made once under a lock, so every replica and every
 * restart signs with the same key and tokens survive restarts.
 */
export function createAccessTokens(options: {
  pool: Pool;
  schema: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  generations: Pick<AccountGenerations, 'current'>;
  /** The data key ring sealing private keys at rest (loaded at start). */
  dataKeys: () => DataKeyRing;
}): AccessTokens {
  let loaded: { kid: string; signingKey: Awaited<ReturnType<typeof importJWK>>; jwks: JSONWebKeySet; verifier: TokenVerifier } | undefined;
  const ready = () => {
    if (!loaded) throw new Error('identity: access tokens used before the service started');
    return loaded;
  };
  const table = `${quoteSchema(options.schema)}.signing_keys`;
  const init = async () => {
    const rows = await loadOrMakeKeys(options.pool, table, options.schema, options.dataKeys());
    const current = rows[0]!;
    const jwks: JSONWebKeySet = { keys: rows.map((row) => row.public_jwk) };
    loaded = {
      kid: current.kid,
      signingKey: await importJWK(current.private_jwk, ALG),
      jwks,
      verifier: createJwksVerifier({ jwks, issuer: options.issuer, audience: options.audience, generations: options.generations }),
    };
  };
  const verifier: TokenVerifier = { accepts: looksLikeJwt, verify: (token) => ready().verifier.verify(token) };
  return {
    init,
    ttlSeconds: options.ttlSeconds,
    async issue(subject, issueOptions = {}) {
      const { kid, signingKey } = ready();
      const payload: Record<string, unknown> = { claims: subject.claims };
      if (subject.email !== undefined) payload.email = subject.email;
      if (subject.tenant) payload.tenant = subject.tenant;
      if (subject.generation !== undefined) payload.gen = subject.generation;
      payload.auth_time = issueOptions.authTime ?? authTimeNow();
      return new SignJWT(payload)
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setSubject(subject.uid)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${issueOptions.ttlSeconds ?? options.ttlSeconds}s`)
        .sign(signingKey);
    },
    jwks: () => ready().jwks,
    verifier: () => verifier,
  };
}

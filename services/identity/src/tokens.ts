import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JSONWebKeySet, type JWK } from 'jose';
import {
  createJwksVerifier, looksLikeJwt, migrateUnderLock, quoteSchema, type AccountGenerations, type Principal, type TokenVerifier,
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

export interface AccessTokens {
  /** Loads (or makes, once) the signing key; the service's start() awaits it. */
  init(): Promise<void>;
  /** A signed, short-lived access token (ES256). */
  issue(subject: TokenSubject, options?: { ttlSeconds?: number }): Promise<string>;
  /** The public keys, as `/.well-known/jwks.json` serves them. */
  jwks(): JSONWebKeySet;
  /** Verifies tokens this service issued (signature, expiry, issuer, audience, account generation). */
  verifier(): TokenVerifier;
  ttlSeconds: number;
}

type KeyRow = { kid: string; private_jwk: JWK; public_jwk: JWK };

/** Newest first; the first replica to start makes the key, under a lock, so all sign with one key. */
async function loadOrMakeKeys(pool: Pool, table: string, schema: string): Promise<KeyRow[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema}.signing_keys`]);
    const select = `SELECT kid, private_jwk, public_jwk FROM ${table} ORDER BY created_at DESC`;
    let rows = (await client.query<KeyRow>(select)).rows;
    if (rows.length === 0) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
      await client.query(`INSERT INTO ${table} (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)`, [kid, privateJwk, publicJwk]);
      rows = (await client.query<KeyRow>(select)).rows;
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
}): AccessTokens {
  let loaded: { kid: string; signingKey: Awaited<ReturnType<typeof importJWK>>; jwks: JSONWebKeySet; verifier: TokenVerifier } | undefined;
  const ready = () => {
    if (!loaded) throw new Error('identity: access tokens used before the service started');
    return loaded;
  };
  const table = `${quoteSchema(options.schema)}.signing_keys`;
  const init = async () => {
    await migrateUnderLock(options.pool, options.schema, [
      `CREATE TABLE IF NOT EXISTS ${table} (kid text PRIMARY KEY, private_jwk jsonb NOT NULL, public_jwk jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    ]);
    const rows = await loadOrMakeKeys(options.pool, table, options.schema);
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

import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';
import { conflict, pooledRandomBytes, prepared, quoteSchema, uniqueClaims, type Queryable, type Tx } from '@seatside/chassis';
import { checkoutMessages as m } from './messages';

/**
 * JSON with object keys sorted at every level, so two spellings of one body hash alike. Built by
 * concatenation (every checkout hashes its body: 7–12 µs a body with entries, filter, map and join;
 * 4–6 µs so).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let json = '[';
    for (let i = 0; i < value.length; i++) json += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${json}]`;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    let json = '{';
    for (const key of Object.keys(object).sort()) {
      const child = object[key];
      if (child !== undefined) json += (json === '{' ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(child);
    }
    return `${json}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (body: unknown): string => hash('sha256', canonicalJson(body));

/** The owner of a claimed key: which request (its hash) placed which order. */
export const ownerOf = (hash: string, orderId: string) => `${hash}:${orderId}`;

/** Thrown inside the placing transaction when another request holds the key: rolls the order back. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency-Key claimed by another request');
  }
}

export type CheckoutAnswer = Record<string, unknown>;

/**
 * A checkout's Idempotency-Key as this service keeps it: `id`, what is stored (the merchant and the
 * key's SHA-256), and `seal`, derived from the key itself and never stored, which encrypts the
 * answer's status token.
 *
 * Why sealed with the caller's key (docs/orders-api.md: only the status token's SHA-256 is kept): a
 * replay must answer the very token the first request got, so the server has to be able to recover
 * it, but only for the rightful caller. Encrypting it (AES-256-GCM) under a key derived from the
 * Idempotency-Key, and keeping the Idempotency-Key only as its hash, means the database alone (a
 * dump, a replica, a stray `SELECT * FROM orders.checkout_answers`) holds neither the token nor the
 * means to open it; the caller who sends the same key again, the only one a replay answers, brings
 * them. There is no server secret to configure, rotate or leak. Whoever knows the merchant, the key
 * and the body can replay over HTTP and get the token anyway, so the seal gives away nothing more.
 */
export interface CheckoutKey {
  id: string;
  /** A key object, not bytes: AES-GCM set up from raw bytes cost ~25 µs more per order (Node 24). */
  seal: KeyObject;
}

export function checkoutKeyOf(merchantId: string, rawKey: string): CheckoutKey {
  return {
    id: `${merchantId}/sha256:${hash('sha256', rawKey)}`,
    seal: createSecretKey(createHmac('sha256', `${merchantId}/${rawKey}`).update('seatside checkout status token').digest()),
  };
}

/** Replaces one field by another in the same place, so a replay's JSON reads as the first answer did. */
const swapField = (answer: CheckoutAnswer, from: string, to: string, value: string): CheckoutAnswer =>
  Object.fromEntries(Object.entries(answer).map(([k, v]) => (k === from ? [to, value] : [k, v])));

/** The answer as stored: its status token replaced by `sealedStatusToken` (iv, tag, ciphertext; base64url). */
export function sealAnswer(answer: CheckoutAnswer, key: CheckoutKey): CheckoutAnswer {
  if (typeof answer.statusToken !== 'string') return answer;
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.seal, iv).setAAD(Buffer.from(key.id));
  const sealed = Buffer.concat([cipher.update(answer.statusToken, 'utf8'), cipher.final()]);
  return swapField(answer, 'statusToken', 'sealedStatusToken', Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url'));
}

/** The stored answer as the first request got it, its status token opened with the caller's key. */
export function openAnswer(stored: CheckoutAnswer, key: CheckoutKey): CheckoutAnswer {
  if (typeof stored.sealedStatusToken !== 'string') return stored;
  const bytes = Buffer.from(stored.sealedStatusToken, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.seal, bytes.subarray(0, 12)).setAAD(Buffer.from(key.id));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const statusToken = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  return swapField(stored, 'sealedStatusToken', 'statusToken', statusToken);
}

/**
 * Idempotency keys of checkout, scoped by merchant and stored hashed (checkoutKeyOf). The key is claimed (uniqueClaims: a primary
 * key) in the transaction that appends OrderPlaced, with the answer the first request gave, so
 * concurrent requests with one key place one order and a retry gets that answer again.
 */
export function checkoutIdempotency(schema: string) {
  const claims = uniqueClaims(schema, 'checkout_idempotency_keys');
  const keys = `${quoteSchema(schema)}.checkout_idempotency_keys`;
  const answers = `${quoteSchema(schema)}.checkout_answers`;
  const sqlOf = (tx: Tx): Queryable => {
    if (tx.kind !== 'pg') throw new Error('idempotency needs the PostgreSQL stores');
    return tx.client;
  };
  const upgrades = `${quoteSchema(schema)}.checkout_upgrades`;
  /** A key stored before keys were hashed (`{merchantId}/{raw key}`), as checkoutKeyOf's id. */
  const hashedKey = (column: string) =>
    `split_part(${column}, '/', 1) || '/sha256:' || encode(sha256(convert_to(substr(${column}, strpos(${column}, '/') + 1), 'UTF8')), 'hex')`;
  return {
    migrations: [
      claims.migration,
      `CREATE TABLE IF NOT EXISTS ${answers} (key text PRIMARY KEY, answer json NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${upgrades} (name text PRIMARY KEY)`,
      // Once: answers written before tokens were sealed lose their raw token (a replay of one answers
      // without it), and every stored key becomes its hash, so such a replay is still found.
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT 1 FROM ${upgrades} WHERE name = 'hashed-keys-no-raw-tokens') THEN
           UPDATE ${keys} SET key = ${hashedKey('key')} WHERE strpos(key, '/sha256:') = 0;
           UPDATE ${answers} SET key = ${hashedKey('key')} WHERE strpos(key, '/sha256:') = 0;
           UPDATE ${answers} SET answer = (answer::jsonb - 'statusToken')::json WHERE answer::jsonb ? 'statusToken';
           INSERT INTO ${upgrades} (name) VALUES ('hashed-keys-no-raw-tokens');
         END IF;
       END $$`,
    ],
    scopedKey: checkoutKeyOf,
    /**
     * In the placing transaction: claims the keys of the orders committed in it and keeps their
     * answers, in one statement whatever their number (the claim as uniqueClaims makes it). Throws
     * IdempotencyKeyTaken when any key is held by another request: the transaction rolls back.
     */
    async claimAll(tx: Tx, orders: { key: CheckoutKey; owner: string; answer: CheckoutAnswer }[]): Promise<void> {
      // One key twice among them: the second request must wait for the first's answer.
      if (new Set(orders.map((o) => o.key.id)).size !== orders.length) throw new IdempotencyKeyTaken();
      if (orders.length === 0) return;
      const { rows } = await sqlOf(tx).query<{ claimed: number }>(
        prepared(
          `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[], $3::json[]) AS w(key, owner, answer)),
              claimed AS (INSERT INTO ${keys} (key, owner) SELECT key, owner FROM wanted
                          ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner WHERE ${keys}.owner = EXCLUDED.owner RETURNING key),
              answered AS (INSERT INTO ${answers} (key, answer) SELECT w.key, w.answer FROM wanted w JOIN claimed c USING (key))
         SELECT count(*)::int AS claimed FROM claimed`,
          [orders.map((o) => o.key.id), orders.map((o) => o.owner), orders.map((o) => JSON.stringify(sealAnswer(o.answer, o.key)))],
        ),
      );
      if (rows[0]?.claimed !== orders.length) throw new IdempotencyKeyTaken();
    },
    /** The first answer for this key and body; 409 when the key placed an order for another body. */
    async previous(db: Queryable, key: CheckoutKey, hash: string): Promise<CheckoutAnswer | undefined> {
      const owner = await claims.ownerOf(db, key.id);
      if (owner === undefined) return undefined;
      if (!owner.startsWith(`${hash}:`)) throw conflict(m.idempotencyKeyReused, undefined, 'idempotency_key_reused');
      const { rows } = await db.query<{ answer: CheckoutAnswer }>(`SELECT answer FROM ${answers} WHERE key = $1`, [key.id]);
      return rows[0] && openAnswer(rows[0].answer, key);
    },
  };
}

export type CheckoutIdempotency = ReturnType<typeof checkoutIdempotency>;

import { createHash } from 'node:crypto';
import { conflict, quoteSchema, uniqueClaims, type Queryable, type Tx } from '@seatside/chassis';
import { checkoutMessages as m } from './messages';

/** JSON with object keys sorted at every level, so two spellings of one body hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');

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
 * Idempotency keys of checkout, scoped by merchant. The key is claimed (uniqueClaims: a primary
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
  return {
    migrations: [claims.migration, `CREATE TABLE IF NOT EXISTS ${answers} (key text PRIMARY KEY, answer json NOT NULL)`],
    scopedKey: (merchantId: string, key: string) => `${merchantId}/${key}`,
    /**
     * In the placing transaction: claims the keys of the orders committed in it and keeps their
     * answers, in one statement whatever their number (the claim as uniqueClaims makes it). Throws
     * IdempotencyKeyTaken when any key is held by another request: the transaction rolls back.
     */
    async claimAll(tx: Tx, orders: { key: string; owner: string; answer: CheckoutAnswer }[]): Promise<void> {
      // One key twice among them: the second request must wait for the first's answer.
      if (new Set(orders.map((o) => o.key)).size !== orders.length) throw new IdempotencyKeyTaken();
      if (orders.length === 0) return;
      const { rows } = await sqlOf(tx).query<{ claimed: number }>(
        `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[], $3::json[]) AS w(key, owner, answer)),
              claimed AS (INSERT INTO ${keys} (key, owner) SELECT key, owner FROM wanted
                          ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner WHERE ${keys}.owner = EXCLUDED.owner RETURNING key),
              answered AS (INSERT INTO ${answers} (key, answer) SELECT w.key, w.answer FROM wanted w JOIN claimed c USING (key))
         SELECT count(*)::int AS claimed FROM claimed`,
        [orders.map((o) => o.key), orders.map((o) => o.owner), orders.map((o) => JSON.stringify(o.answer))],
      );
      if (rows[0]?.claimed !== orders.length) throw new IdempotencyKeyTaken();
    },
    /** The first answer for this key and body; 409 when the key placed an order for another body. */
    async previous(db: Queryable, key: string, hash: string): Promise<CheckoutAnswer | undefined> {
      const owner = await claims.ownerOf(db, key);
      if (owner === undefined) return undefined;
      if (!owner.startsWith(`${hash}:`)) throw conflict(m.idempotencyKeyReused);
      const { rows } = await db.query<{ answer: CheckoutAnswer }>(`SELECT answer FROM ${answers} WHERE key = $1`, [key]);
      return rows[0]?.answer;
    },
  };
}

export type CheckoutIdempotency = ReturnType<typeof checkoutIdempotency>;

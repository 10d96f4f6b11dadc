import type { Queryable, Tx } from './db';
import { quoteSchema } from './db';

/**
 * Keys that must be unique across streams (an e-mail, a handle), each owned by one id. An inline
 * projection claims them inside the append's transaction: the primary key makes two racing appends
 * impossible, and a refused claim rolls the append back. PostgreSQL only.
 */
export interface UniqueClaims {
  /** The table's DDL, for `migrateUnderLock`. */
  migration: string;
  /** True when the key is now (or already was) the owner's; false when someone else holds it. */
  claim(tx: Tx, key: string, owner: string): Promise<boolean>;
  /** `claim` for many keys in one statement: true when every key is now (or already was) its owner's. */
  claimAll(tx: Tx, claims: ReadonlyArray<{ key: string; owner: string }>): Promise<boolean>;
  /** Gives the key up, if the owner holds it. */
  release(tx: Tx, key: string, owner: string): Promise<void>;
  ownerOf(db: Queryable, key: string): Promise<string | undefined>;
  /** The keys among these that someone holds, with their owners. */
  ownersOf(db: Queryable, keys: readonly string[]): Promise<Map<string, string>>;
}

function sqlOf(tx: Tx): Queryable {
  if (tx.kind !== 'pg') throw new Error('unique claims need the PostgreSQL event store');
  return tx.client;
}

export function uniqueClaims(schema: string, name: string): UniqueClaims {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid claims table name: ${name}`);
  const table = `${quoteSchema(schema)}.${name}`;
  return {
    migration: `CREATE TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, owner text NOT NULL)`,
    async claim(tx, key, owner) {
      const result = await sqlOf(tx).query(
        `INSERT INTO ${table} (key, owner) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner WHERE ${table}.owner = EXCLUDED.owner`,
        [key, owner],
      );
      return result.rowCount === 1;
    },
    async claimAll(tx, claims) {
      if (claims.length === 0) return true;
      const result = await sqlOf(tx).query(
        `INSERT INTO ${table} (key, owner) SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner WHERE ${table}.owner = EXCLUDED.owner`,
        [claims.map((c) => c.key), claims.map((c) => c.owner)],
      );
      return result.rowCount === claims.length;
    },
    async release(tx, key, owner) {
      await sqlOf(tx).query(`DELETE FROM ${table} WHERE key = $1 AND owner = $2`, [key, owner]);
    },
    async ownerOf(db, key) {
      const { rows } = await db.query<{ owner: string }>(`SELECT owner FROM ${table} WHERE key = $1`, [key]);
      return rows[0]?.owner;
    },
    async ownersOf(db, keys) {
      if (keys.length === 0) return new Map();
      const { rows } = await db.query<{ key: string; owner: string }>(`SELECT key, owner FROM ${table} WHERE key = ANY($1::text[])`, [keys]);
      return new Map(rows.map((row) => [row.key, row.owner]));
    },
  };
}

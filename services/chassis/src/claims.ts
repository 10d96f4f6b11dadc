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
  /** Gives the key up, if the owner holds it. */
  release(tx: Tx, key: string, owner: string): Promise<void>;
  ownerOf(db: Queryable, key: string): Promise<string | undefined>;
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
    async release(tx, key, owner) {
      await sqlOf(tx).query(`DELETE FROM ${table} WHERE key = $1 AND owner = $2`, [key, owner]);
    },
    async ownerOf(db, key) {
      const { rows } = await db.query<{ owner: string }>(`SELECT owner FROM ${table} WHERE key = $1`, [key]);
      return rows[0]?.owner;
    },
  };
}

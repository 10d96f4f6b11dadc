import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

/**
 * A random key a service keeps in a `(name, value)` table of its own schema, so that every replica
 * signs and checks with the same one (the media service's upload policies, the ai-voice service's
 * order tokens).
 */

/** The table and its key (32 random bytes, hex, so safe in the statement); a later run keeps the first key. */
export const storedKeySql = (table: string, name: string): string[] => [
  `CREATE TABLE IF NOT EXISTS ${table} (name text PRIMARY KEY, value text NOT NULL)`,
  `INSERT INTO ${table} (name, value) VALUES ('${name}', '${randomBytes(32).toString('hex')}') ON CONFLICT (name) DO NOTHING`,
];

export interface StoredKey {
  /** The key, read once and kept; a failed read is tried again by the next call. */
  get(): Promise<Buffer>;
}

/** Reads the key `storedKeySql` made; `missing` is the error when it is not there (the service has not migrated). */
export function storedKey(pool: Pool, table: string, name: string, missing: string): StoredKey {
  let loaded: Promise<Buffer> | undefined;
  const load = async () => {
    const { rows } = await pool.query<{ value: string }>(`SELECT value FROM ${table} WHERE name = $1`, [name]);
    if (!rows[0]) throw new Error(missing);
    return Buffer.from(rows[0].value, 'hex');
  };
  return {
    get() {
      loaded ??= load().catch((err: unknown) => {
        loaded = undefined;
        throw err;
      });
      return loaded;
    },
  };
}

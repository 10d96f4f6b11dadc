import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { quoteSchema } from '@seatside/chassis';

const POLICY_KEY = 'upload-policy';

/**
 * The key's table and its random key (media migration 1; hex, so safe in the statement). A schema
 * that had them before migrations were recorded keeps its key (IF NOT EXISTS, ON CONFLICT DO NOTHING).
 */
export const uploadSecretMigrations = (schema: string): string[] => [
  `CREATE TABLE IF NOT EXISTS ${quoteSchema(schema)}.media_secrets (name text PRIMARY KEY, value text NOT NULL)`,
  `INSERT INTO ${quoteSchema(schema)}.media_secrets (name, value) VALUES ('${POLICY_KEY}', '${randomBytes(32).toString('hex')}') ON CONFLICT (name) DO NOTHING`,
];

/**
 * The HMAC key of upload policies, kept in the media schema so every replica signs and checks with
 * the same one. Its migration writes a random key; later starts keep it.
 */
export function uploadSecret(pool: Pool, schema: string) {
  const table = `${quoteSchema(schema)}.media_secrets`;
  let loaded: Promise<Buffer> | undefined;
  const load = async () => {
    const { rows } = await pool.query<{ value: string }>(`SELECT value FROM ${table} WHERE name = $1`, [POLICY_KEY]);
    if (!rows[0]) throw new Error('the upload policy key is missing: the media service has not migrated');
    return Buffer.from(rows[0].value, 'hex');
  };
  return {
    get(): Promise<Buffer> {
      loaded ??= load().catch((err: unknown) => {
        loaded = undefined;
        throw err;
      });
      return loaded;
    },
  };
}

export type UploadSecret = ReturnType<typeof uploadSecret>;

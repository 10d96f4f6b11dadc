import type { Pool } from 'pg';
import { quoteSchema, storedKey, storedKeySql } from '@seatside/chassis';

const POLICY_KEY = 'upload-policy';

/**
 * The key's table and its random key (media migration 1; hex, so safe in the statement). A schema
 * that had them before migrations were recorded keeps its key (IF NOT EXISTS, ON CONFLICT DO NOTHING).
 */
export const uploadSecretMigrations = (schema: string): string[] => storedKeySql(`${quoteSchema(schema)}.media_secrets`, POLICY_KEY);

/**
 * The HMAC key of upload policies, kept in the media schema so every replica signs and checks with
 * the same one. Its migration writes a random key; later starts keep it.
 */
export const uploadSecret = (pool: Pool, schema: string) =>
  storedKey(pool, `${quoteSchema(schema)}.media_secrets`, POLICY_KEY, 'the upload policy key is missing: the media service has not migrated');

export type UploadSecret = ReturnType<typeof uploadSecret>;

import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool, quoteSchema } from '../db';

/** The PostgreSQL a test run uses: DATABASE_URL (jest's global setup sets it if CI did not). */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run tests through jest (its global setup provides one)');
  return url;
}

export interface FreshSchema {
  pool: Pool;
  schema: string;
  /** Drops the schema and closes the pool. */
  drop(): Promise<void>;
}

/** A new, empty schema for one spec file, so files never see each other's data. */
export async function freshSchema(prefix = 't'): Promise<FreshSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const pool = createPool(testDatabaseUrl(), 10);
  await pool.query(`CREATE SCHEMA ${quoteSchema(schema)}`);
  return {
    pool,
    schema,
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(schema)} CASCADE`);
      await pool.end();
    },
  };
}

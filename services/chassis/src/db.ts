import { createHash } from 'node:crypto';
import { Pool, type QueryResultRow } from 'pg';
import type { Logger } from './logger';

/**
 * The platform's PostgreSQL pool (embedded, standalone, test kit). Its connections are pipelined:
 * statements given to one connection without waiting go out together and are answered in order, so
 * independent statements of one transaction share a round trip (eventstore/pipelined.ts); a caller
 * that waits for each statement sees no difference.
 */
export function createPool(connectionString: string, max: number, logger?: Pick<Logger, 'warn'>): Pool {
  const pool = new Pool({ connectionString, max, pipeline: true });
  // An idle connection that fails (PostgreSQL restarted or stopping) is dropped by the pool and
  // replaced on the next checkout; without a listener, node would end the process for it.
  pool.on('error', (err) => logger?.warn({ err }, 'idle PostgreSQL connection failed'));
  return pool;
}

/** A statement with a name: PostgreSQL parses and plans it once per connection. */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** Anything that runs SQL: a pg Pool, or a PoolClient inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  query<R extends QueryResultRow = QueryResultRow>(statement: NamedStatement): Promise<{ rows: R[]; rowCount: number | null }>;
}

const statementNames = new Map<string, string>();

/**
 * A hot statement (a read model's get, a log's read) as a named one, so PostgreSQL parses and plans
 * it once per connection rather than on every call. Named by its text: one text, one name.
 */
export function prepared(text: string, values: unknown[]): NamedStatement {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/**
 * A transaction that adapters can join, so an inline projection commits or rolls back with the
 * events it projects. PostgreSQL adapters use `client`; in-memory adapters apply their writes at
 * once and register how to undo them.
 */
export type Tx =
  | { kind: 'pg'; client: Queryable }
  | { kind: 'memory'; onRollback(undo: () => void): void };

/** A schema name is interpolated into SQL, so only plain identifiers are accepted. */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return `"${schema}"`;
}

/**
 * Runs a schema's DDL in one transaction under a transaction-scoped advisory lock: every replica
 * migrates on start, and the lock makes them take turns instead of racing the same DDL.
 */
export async function migrateUnderLock(pool: Pool, schema: string, statements: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`seatside:migrate:${schema}`]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * CREATE SCHEMA IF NOT EXISTS that two processes may run at once: PostgreSQL can still report the
 * loser's duplicate (23505 or 42P06), which only means the schema is there.
 */
export async function ensureSchema(db: Queryable, schema: string): Promise<void> {
  try {
    await db.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  }
}

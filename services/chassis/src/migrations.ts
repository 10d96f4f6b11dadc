import type { Pool } from 'pg';
import { quoteSchema, type Queryable } from './db';

/**
 * One numbered schema change. `up` runs once per schema, in version order, inside one transaction
 * with the other pending ones and the row that records it in `<schema>.schema_migrations`.
 * Never edit or renumber a migration that has landed: add the next number.
 */
export interface Migration {
  version: number;
  /** A few words for the log and the table, e.g. `stock rows`. */
  name: string;
  /** SQL statements, or a function for a change that needs code (a backfill). */
  up: string | readonly string[] | ((db: Queryable) => Promise<void>);
}

/**
 * The numbered migrations of one component of a schema (`eventstore`, `checkpoints`, the service's
 * own `orders`, ...). Versions are 1, 2, 3, ... with no gaps; each component counts its own.
 */
export interface MigrationSet {
  component: string;
  migrations: readonly Migration[];
}

const TABLE = 'schema_migrations';

/** The bookkeeping table: the only DDL that runs on every start (it cannot record itself). */
const bootstrap = (schema: string) => [
  `CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`,
  `CREATE TABLE IF NOT EXISTS ${quoteSchema(schema)}.${TABLE} (
     component text NOT NULL,
     version int NOT NULL,
     name text NOT NULL,
     applied_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (component, version)
   )`,
];

function check({ component, migrations }: MigrationSet): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migrations of ${component}: expected version ${i + 1}, found ${m.version} (${m.name})`);
  });
}

/** What has been applied, by component: empty when the table does not exist yet. */
async function appliedVersions(db: Queryable, schema: string): Promise<Map<string, Set<number>>> {
  const applied = new Map<string, Set<number>>();
  try {
    const { rows } = await db.query<{ component: string; version: number }>(`SELECT component, version FROM ${quoteSchema(schema)}.${TABLE}`);
    for (const row of rows) {
      if (!applied.has(row.component)) applied.set(row.component, new Set());
      applied.get(row.component)!.add(row.version);
    }
  } catch (err) {
    // 3F000: no schema, 42P01: no table: nothing applied yet.
    const code = (err as { code?: string }).code;
    if (code !== '3F000' && code !== '42P01') throw err;
  }
  return applied;
}

const pending = (sets: readonly MigrationSet[], applied: Map<string, Set<number>>) =>
  sets.flatMap((set) => set.migrations.filter((m) => !applied.get(set.component)?.has(m.version)).map((m) => ({ component: set.component, migration: m })));

/**
 * Applies the pending numbered migrations of a schema, once: every replica runs this on start; the
 * first takes a transaction-scoped advisory lock, applies what is missing and records it in the same
 * transaction; the others wait on the lock, then find nothing left to do. Starts with no lock and no
 * transaction when everything is applied already (the common start). Answers what it applied
 * (`component@version name`).
 */
export async function runMigrations(pool: Pool, schema: string, sets: readonly MigrationSet[]): Promise<string[]> {
  for (const set of sets) check(set);
  if (pending(sets, await appliedVersions(pool, schema)).length === 0) return [];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`seatside:migrate:${schema}`]);
    for (const statement of bootstrap(schema)) await client.query(statement);
    const todo = pending(sets, await appliedVersions(client, schema));
    for (const { component, migration } of todo) {
      if (typeof migration.up === 'function') await migration.up(client);
      else for (const statement of typeof migration.up === 'string' ? [migration.up] : migration.up) await client.query(statement);
      await client.query(`INSERT INTO ${quoteSchema(schema)}.${TABLE} (component, version, name) VALUES ($1, $2, $3)`, [component, migration.version, migration.name]);
    }
    await client.query('COMMIT');
    return todo.map(({ component, migration }) => `${component}@${migration.version} ${migration.name}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The recorded migrations of a schema, in the order they were applied (for specs and operators). */
export async function appliedMigrations(db: Queryable, schema: string): Promise<{ component: string; version: number; name: string }[]> {
  try {
    const { rows } = await db.query<{ component: string; version: number; name: string }>(
      `SELECT component, version, name FROM ${quoteSchema(schema)}.${TABLE} ORDER BY applied_at, component, version`,
    );
    return rows;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '3F000' || code === '42P01') return [];
    throw err;
  }
}

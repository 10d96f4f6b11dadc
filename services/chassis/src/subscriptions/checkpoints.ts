import type { Pool, PoolClient } from 'pg';
import { quoteSchema, type NamedStatement, type Queryable, type Tx } from '../db';
import { runMigrations } from '../migrations';

/** Another instance of the same subscription saved a checkpoint first: reload it and go on from there. */
export class CheckpointMoved extends Error {
  constructor(name: string, expected: number) {
    super(`checkpoint ${name} is no longer at ${expected}`);
    this.name = 'CheckpointMoved';
  }
}

/** Where each named subscription got to, saved atomically with the work that got it there. */
export interface CheckpointStore {
  /** Applies the checkpoints table's numbered migrations; safe to run on every start. */
  migrate(): Promise<void>;
  /** The position of the last event `name` finished; 0 when it never ran. */
  load(name: string): Promise<number>;
  /**
   * Runs `work` in one transaction with moving `name` from `from` to `to`: both commit or neither
   * does, so a projection written through `tx` is applied exactly once. Throws CheckpointMoved
   * (after rolling back) when the saved checkpoint is no longer `from`. The transaction begins with
   * work's first statement through `tx` (in memory: its first undo): work that made none wrote
   * nothing, so nothing is saved and it resolves false (the caller saves that position later, with
   * other work or alone). Without `work`, the checkpoint alone is moved (true).
   */
  advance(name: string, from: number, to: number, work?: (tx: Tx) => Promise<void>): Promise<boolean>;
}

export interface PgCheckpointStoreOptions {
  /** Used, never ended. */
  pool: Pool;
  schema: string;
}

export function createPgCheckpointStore({ pool, schema }: PgCheckpointStoreOptions): CheckpointStore {
  const table = `${quoteSchema(schema)}.checkpoints`;
  return {
    async migrate() {
      await runMigrations(pool, schema, [
        // 1 is what schemas had before migrations were recorded (IF NOT EXISTS: adopted as is).
        { component: 'checkpoints', migrations: [{ version: 1, name: 'checkpoints', up: `CREATE TABLE IF NOT EXISTS ${table} (name text PRIMARY KEY, position bigint NOT NULL)` }] },
      ]);
    },

    async load(name) {
      const { rows } = await pool.query<{ position: string }>(`SELECT position FROM ${table} WHERE name = $1`, [name]);
      return Number(rows[0]?.position ?? 0);
    },

    async advance(name, from, to, work) {
      let client: PoolClient | undefined;
      let begun: Promise<PoolClient> | undefined;
      // The transaction starts when work first needs it: a handler that only looked costs no statement.
      const begin = (): Promise<PoolClient> =>
        (begun ??= pool.connect().then(async (connected) => {
          client = connected;
          // A read model is rebuilt from the log, and its checkpoint commits with it, so losing the last
          // few commits in a server crash only replays them: no need to wait for the WAL flush.
          await connected.query('BEGIN; SET LOCAL synchronous_commit TO OFF');
          return connected;
        }));
      const lazy: Queryable = {
        query: async (statement: string | NamedStatement, values?: unknown[]) => {
          const tx = await begin();
          return typeof statement === 'string' ? tx.query(statement, values) : tx.query(statement);
        },
      };
      try {
        if (work) await work({ kind: 'pg', client: lazy });
        if (!begun) {
          if (work) return false;
          await begin();
        }
        const tx = await begun!;
        // Compare-and-set and COMMIT in one round trip: a second instance of this subscription waits
        // on the row, then finds it moved, and the failed cast aborts the transaction before COMMIT.
        await tx.query(
          `WITH saved AS (INSERT INTO ${table} (name, position) VALUES (${tx.escapeLiteral(name)}, ${Math.trunc(to)})
             ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE ${table}.position = ${Math.trunc(from)} RETURNING 1)
           SELECT 1 / (count(*) = 1)::int FROM saved; COMMIT`,
        ).catch((error: unknown) => {
          // division_by_zero: no row moved (a constant error would be raised while planning).
          throw (error as { code?: string }).code === '22012' ? new CheckpointMoved(name, from) : error;
        });
        tx.release();
        return true;
      } catch (error) {
        // Work may fail while its first statement is still connecting: let that finish. A failed connect leaves no client.
        await begun?.catch(() => undefined);
        if (client) {
          const rolledBack = await client.query('ROLLBACK').then(
            () => true,
            () => false,
          );
          client.release(!rolledBack);
        }
        throw error;
      }
    },
  };
}

/** The same port in process: `work` writes at once and registers undos, which run if it throws. */
export function createMemoryCheckpointStore(): CheckpointStore {
  const positions = new Map<string, number>();
  return {
    async migrate() {
      // nothing to create in memory
    },

    async load(name) {
      return positions.get(name) ?? 0;
    },

    async advance(name, from, to, work) {
      if ((positions.get(name) ?? 0) !== from) throw new CheckpointMoved(name, from);
      const undos: Array<() => void> = [];
      const rollback = () => undos.reverse().forEach((undo) => undo());
      try {
        await work?.({ kind: 'memory', onRollback: (undo) => void undos.push(undo) });
      } catch (error) {
        rollback();
        throw error;
      }
      if (work && undos.length === 0) return false;
      // `work` was asynchronous: another instance may have advanced meanwhile.
      if ((positions.get(name) ?? 0) !== from) {
        rollback();
        throw new CheckpointMoved(name, from);
      }
      positions.set(name, to);
      return true;
    },
  };
}

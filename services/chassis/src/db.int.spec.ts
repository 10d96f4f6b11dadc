import { Pool } from 'pg';
import { createPool, ensureSchema, prepared, quoteSchema } from './db';
import { testDatabaseUrl } from './testkit/pg';

describe('ensureSchema', () => {
  it('given several processes creating one schema at once, then none of them fails and the schema exists', async () => {
    const schema = `ensure_${process.pid}_${Date.now()}`;
    const pools = [1, 2, 3, 4, 5].map(() => new Pool({ connectionString: testDatabaseUrl(), max: 1 }));
    try {
      await Promise.all(pools.map((pool) => ensureSchema(pool, schema)));
      const { rows } = await pools[0]!.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
      expect(rows).toHaveLength(1);
    } finally {
      await pools[0]!.query(`DROP SCHEMA IF EXISTS ${quoteSchema(schema)}`);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('prepared statements', () => {
  it('given one text, then one name; given another text, another name; on one connection it runs again and again with new values', async () => {
    const first = prepared('SELECT $1::int + 1 AS n', [1]);
    expect(prepared('SELECT $1::int + 1 AS n', [2]).name).toBe(first.name);
    expect(prepared('SELECT $1::int + 2 AS n', [1]).name).not.toBe(first.name);
    const pool = new Pool({ connectionString: testDatabaseUrl(), max: 1 });
    try {
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await pool.query<{ n: number }>(prepared('SELECT $1::int + 1 AS n', [value]))).rows[0]?.n);
      expect(answers).toEqual([2, 3, 4]);
    } finally {
      await pool.end();
    }
  });
});

describe('createPool', () => {
  it('given an idle connection that PostgreSQL terminates (a restart, a shutdown), then the failure is logged, the process goes on and the next query gets a new connection', async () => {
    const warned: unknown[] = [];
    const pool = createPool(testDatabaseUrl(), 1, { warn: (fields: unknown) => void warned.push(fields) } as never);
    const other = new Pool({ connectionString: testDatabaseUrl(), max: 1 });
    try {
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // No listener of the test's own: the pool's is the only one (without it, node ends the process).
      await other.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      while (warned.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warned).toHaveLength(1);
      const again = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await Promise.all([pool.end(), other.end()]);
    }
  });
});

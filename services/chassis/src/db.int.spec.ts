import { Pool } from 'pg';
import { ensureSchema, prepared, quoteSchema } from './db';
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

import { Pool } from 'pg';
import { ensureSchema, quoteSchema } from './db';
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

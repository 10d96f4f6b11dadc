import { freshSchema } from '../testkit/pg';
import { readModelContract } from './contract';
import { createPgReadModelStore } from './pg';

readModelContract('PostgreSQL', async () => {
  const fresh = await freshSchema('rm');
  return {
    store: createPgReadModelStore({ pool: fresh.pool, schema: fresh.schema }),
    async rollback(work) {
      const client = await fresh.pool.connect();
      try {
        await client.query('BEGIN');
        await work({ kind: 'pg', client });
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    },
    cleanup: () => fresh.drop(),
  };
});

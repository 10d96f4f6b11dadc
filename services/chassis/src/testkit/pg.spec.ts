import { freshSchema } from './pg';

describe('freshSchema', () => {
  it('given a test database, when a schema is made, then it is empty and dropped afterwards', async () => {
    const fresh = await freshSchema();
    const { rows } = await fresh.pool.query(
      'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1',
      [fresh.schema],
    );
    expect(rows[0].n).toBe(0);
    await fresh.drop();
  });
});

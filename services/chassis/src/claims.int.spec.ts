import { uniqueClaims } from './claims';
import { freshSchema, type FreshSchema } from './testkit/pg';

describe('uniqueClaims (PostgreSQL)', () => {
  let db: FreshSchema;
  beforeAll(async () => {
    db = await freshSchema('claims');
    await db.pool.query(uniqueClaims(db.schema, 'handle_claims').migration);
  });
  afterAll(() => db.drop());

  const inTx = async <T>(work: (tx: { kind: 'pg'; client: import('pg').PoolClient }) => Promise<T>): Promise<T> => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({ kind: 'pg', client });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  };

  it('given a free key, when claimed, then the owner holds it; claiming it again for the same owner is fine; another owner is refused', async () => {
    const claims = uniqueClaims(db.schema, 'handle_claims');
    await expect(inTx((tx) => claims.claim(tx, 'joes-pizza', 'merchants/m1'))).resolves.toBe(true);
    await expect(inTx((tx) => claims.claim(tx, 'joes-pizza', 'merchants/m1'))).resolves.toBe(true);
    await expect(inTx((tx) => claims.claim(tx, 'joes-pizza', 'venues/v1'))).resolves.toBe(false);
    await expect(claims.ownerOf(db.pool, 'joes-pizza')).resolves.toBe('merchants/m1');
  });

  it('given a released key, then another owner may claim it; releasing someone else’s key does nothing', async () => {
    const claims = uniqueClaims(db.schema, 'handle_claims');
    await inTx((tx) => claims.claim(tx, 'arena', 'venues/v1'));
    await inTx((tx) => claims.release(tx, 'arena', 'venues/other'));
    await expect(claims.ownerOf(db.pool, 'arena')).resolves.toBe('venues/v1');
    await inTx((tx) => claims.release(tx, 'arena', 'venues/v1'));
    await expect(inTx((tx) => claims.claim(tx, 'arena', 'venues/v2'))).resolves.toBe(true);
  });

  it('given two transactions racing for one key, then exactly one wins', async () => {
    const claims = uniqueClaims(db.schema, 'handle_claims');
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => inTx((tx) => claims.claim(tx, 'race', owner))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('given many keys, when claimed at once, then all are held; with one held by another owner, the claim is refused', async () => {
    const claims = uniqueClaims(db.schema, 'handle_claims');
    await expect(inTx((tx) => claims.claimAll(tx, [{ key: 'o1/p1', owner: 'e1' }, { key: 'o1/p2', owner: 'e1' }]))).resolves.toBe(true);
    await expect(inTx((tx) => claims.claimAll(tx, [{ key: 'o1/p1', owner: 'e1' }]))).resolves.toBe(true);
    await expect(inTx((tx) => claims.claimAll(tx, [{ key: 'o2/p1', owner: 'e2' }, { key: 'o1/p2', owner: 'e2' }]))).resolves.toBe(false);
    await expect(inTx((tx) => claims.claimAll(tx, []))).resolves.toBe(true);
    const owners = await claims.ownersOf(db.pool, ['o1/p1', 'o1/p2', 'nobody']);
    expect([...owners]).toEqual(expect.arrayContaining([['o1/p1', 'e1'], ['o1/p2', 'e1']]));
    expect(owners.size).toBe(2);
  });

  it('given a memory transaction, then it refuses plainly', async () => {
    const claims = uniqueClaims(db.schema, 'handle_claims');
    await expect(claims.claim({ kind: 'memory', onRollback: () => undefined }, 'x', 'y')).rejects.toThrow('unique claims need the PostgreSQL event store');
  });

  it('given a name that is not an identifier, then it is refused before any SQL', () => {
    expect(() => uniqueClaims(db.schema, 'claims; DROP TABLE x')).toThrow('invalid claims table name');
  });
});

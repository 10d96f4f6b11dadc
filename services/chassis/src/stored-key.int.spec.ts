import { quoteSchema } from './db';
import { storedKey, storedKeySql } from './stored-key';
import { freshSchema, type FreshSchema } from './testkit/pg';

describe('a key kept in a service schema (stored-key.ts)', () => {
  let db: FreshSchema;
  let table: string;
  beforeAll(async () => {
    db = await freshSchema('storedkey');
    table = `${quoteSchema(db.schema)}.secrets`;
  });
  afterAll(() => db.drop());

  it('given the migration run twice (a later start), then the first key is kept, and every reader gets those 32 bytes', async () => {
    for (const sql of storedKeySql(table, 'signing')) await db.pool.query(sql);
    const first = await storedKey(db.pool, table, 'signing', 'missing').get();
    for (const sql of storedKeySql(table, 'signing')) await db.pool.query(sql);
    const again = await storedKey(db.pool, table, 'signing', 'missing').get();
    expect(first.length).toBe(32);
    expect(again.equals(first)).toBe(true);
  });

  it('given no key yet, then reading fails with the service\'s message, and reads again once the key is there', async () => {
    const key = storedKey(db.pool, table, 'later', 'the later key is missing: not migrated');
    await expect(key.get()).rejects.toThrow('the later key is missing: not migrated');
    for (const sql of storedKeySql(table, 'later')) await db.pool.query(sql);
    expect((await key.get()).length).toBe(32);
  });
});

import { createPgReadModelStore, runMigrations } from '@seatside/chassis';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { ordersMigrations } from './migrations';
import { orders, type OrderDoc } from './orders/projections';

/** The orders schema's numbered migrations over a schema that already holds orders. */
describe('orders migrations', () => {
  let db: FreshSchema;
  beforeAll(async () => {
    db = await freshSchema('ordmig');
  });
  afterAll(() => db.drop());

  it('given orders fully refunded while a refund left them in the kitchen or runner stage, when migration 4 runs, then they are done; the others keep their stage', async () => {
    const all = ordersMigrations(db.schema);
    await runMigrations(db.pool, db.schema, [{ ...all, migrations: all.migrations.filter((m) => m.version < 4) }]);
    const readModels = createPgReadModelStore({ pool: db.pool, schema: db.schema });
    await readModels.migrate([orders]);
    const doc = (id: string, status: string, stage: string) => ({ id, merchantId: 'm', testMode: false, status, stage, receivedAt: '2026-11-30T12:00:00.000Z' }) as unknown as OrderDoc;
    await readModels.collection<OrderDoc>(orders).putMany([doc('a', 'REFUNDED', 'kitchen'), doc('b', 'REFUNDED', 'runner'), doc('c', 'PAID', 'kitchen'), doc('d', 'READY', 'runner')]);
    expect(await runMigrations(db.pool, db.schema, [all])).toHaveLength(1);
    const stages = (await readModels.collection<OrderDoc>(orders).getMany(['a', 'b', 'c', 'd'])).map((o) => [o.id, o.stage]);
    expect(Object.fromEntries(stages)).toEqual({ a: 'done', b: 'done', c: 'kitchen', d: 'runner' });
  });

  it('given a fresh schema, then every migration applies before the read model tables exist', async () => {
    const fresh = await freshSchema('ordmig');
    try {
      expect(await runMigrations(fresh.pool, fresh.schema, [ordersMigrations(fresh.schema)])).toHaveLength(4);
    } finally {
      await fresh.drop();
    }
  });
});

import { fromBinary } from '@bufbuild/protobuf';
import { catalogV1 } from '@seatside/proto';
import { Router } from 'express';
import { quoteSchema } from './db';
import { committedEvents } from './eventstore/pg';
import { eventStoreDdl } from './eventstore/pg-schema';
import { createMemoryAdapters } from './kv';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { appliedMigrations } from './migrations';
import { committedPublished } from './published/pg';
import { publication, published } from './published/types';
import { replayPublished } from './published/publish';
import { startService, type ServiceModule } from './service';
import { freshSchema, type FreshSchema } from './testkit/pg';

type Event = { type: 'ThingMade'; data: { id: string; title?: string; name?: string } };
type State = { title: string };

/** A service that publishes ThingMade as ProductCreated, reads an old shape through an upcaster, and has a table of its own. */
const things: ServiceModule = {
  name: 'things',
  migrations: (schema) => ({
    component: 'things',
    migrations: [
      { version: 1, name: 'notes (as the old start-up DDL made it)', up: `CREATE TABLE IF NOT EXISTS ${quoteSchema(schema)}.notes (id text PRIMARY KEY)` },
      { version: 2, name: 'notes.body', up: `ALTER TABLE ${quoteSchema(schema)}.notes ADD COLUMN body text NOT NULL DEFAULT ''` },
    ],
  }),
  upcasters: [{ name: 'ThingMade: name -> title', type: 'ThingMade', upcast: (data) => { const { name, ...rest } = data as Event['data']; return name === undefined ? data : { ...rest, title: name }; } }],
  publications: {
    version: 1,
    streams: [
      publication<Event, State>({
        streamPrefix: 'thing-',
        decider: { initialState: () => ({ title: '' }), evolve: (_s, e) => ({ title: e.data.title ?? '' }) },
        map: { ThingMade: ({ data }, state) => published(catalogV1.ProductCreatedSchema, { envelope: { tenantId: 'm1' }, product: { productId: data.id, title: state.title } }) },
      }),
    ],
  },
  create: () => ({ name: 'things', router: Router(), collections: [] }),
};

describe('numbered migrations, and the published stream of a database made before them', () => {
  let db: FreshSchema;
  const start = () =>
    startService(things, { pool: db.pool, schema: db.schema, kv: createMemoryAdapters(), logger: createLogger({ service: 'things', level: 'silent' }), metrics: createMetrics({ defaultMetrics: false }) });

  beforeAll(async () => {
    db = await freshSchema('mig');
    // The schema as the old start-up DDL left it: the log (with an event of the old shape), checkpoints, notes.
    await db.pool.query(eventStoreDdl(db.schema));
    await db.pool.query(`CREATE TABLE ${quoteSchema(db.schema)}.checkpoints (name text PRIMARY KEY, position bigint NOT NULL)`);
    await db.pool.query(`CREATE TABLE ${quoteSchema(db.schema)}.notes (id text PRIMARY KEY)`);
    await db.pool.query(`SELECT * FROM ${quoteSchema(db.schema)}.append_to_stream('thing-1', 0, $1::jsonb)`, [
      JSON.stringify([{ eventId: '00000000-0000-4000-8000-000000000001', type: 'ThingMade', data: { id: '1', name: 'Old' }, metadata: {} }]),
    ]);
  });
  afterAll(() => db.drop());

  it('given that database, when the service starts, then every migration is applied once and recorded, and its tables are kept', async () => {
    const started = await start();
    await started.service.start?.();
    expect((await appliedMigrations(db.pool, db.schema)).map((m) => `${m.component}@${m.version}`)).toEqual(
      expect.arrayContaining(['eventstore@1', 'eventstore@2', 'checkpoints@1', 'things@1', 'things@2', 'published@1']),
    );
    await db.pool.query(`INSERT INTO ${quoteSchema(db.schema)}.notes (id, body) VALUES ('n1', 'kept')`);
    await started.stop();
  });

  it('given the old event, then it was mapped once onto the published stream, read through the upcaster', async () => {
    const rows = await committedPublished(db.pool, db.schema);
    expect(rows.map((r) => fromBinary(catalogV1.ProductCreatedSchema, r.payload).product?.title)).toEqual(['Old']);
  });

  it('given a second start, then nothing is applied again and a new append publishes in its transaction, like the replay', async () => {
    const before = await appliedMigrations(db.pool, db.schema);
    const started = await start();
    expect(await appliedMigrations(db.pool, db.schema)).toEqual(before);
    await started.deps.eventStore.appendToStream('thing-2', [{ type: 'ThingMade', data: { id: '2', title: 'New' } }], { expectedVersion: 'no_stream' });
    const rows = await committedPublished(db.pool, db.schema);
    expect(rows.map((r) => fromBinary(catalogV1.ProductCreatedSchema, r.payload).product?.title)).toEqual(['Old', 'New']);
    expect(replayPublished(await committedEvents(db.pool, db.schema, things.upcasters), things.publications!)).toEqual(rows);
    await started.stop();
  });
});

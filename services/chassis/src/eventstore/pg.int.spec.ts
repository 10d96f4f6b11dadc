import { fromBinary } from '@bufbuild/protobuf';
import { catalogV1 } from '@seatside/proto';
import { createPool, quoteSchema } from '../db';
import { committedPublished, createPgPublishedReader } from '../published/pg';
import { publication, published, type Publications } from '../published/types';
import { freshSchema, testDatabaseUrl, type FreshSchema } from '../testkit/pg';
import { eventStoreContract } from './contract';
import { committedEvents, createPgEventStore } from './pg';
import { createNotifyListener } from './pg-listener';
import { publishedChannel } from './pg-notify';
import type { EventStore } from './types';

eventStoreContract('PostgreSQL', async () => {
  const fresh = await freshSchema('es');
  const store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
  return {
    store,
    async cleanup() {
      await store.close();
      await fresh.drop();
    },
  };
});

describe('PostgreSQL event store specifics', () => {
  let fresh: FreshSchema;
  let store: EventStore;
  beforeAll(async () => {
    fresh = await freshSchema('es');
    store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema, listenRetryMs: 50 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await fresh.drop();
  });

  it('given several processes starting at once, when each migrates, then all succeed', async () => {
    const stores = [1, 2, 3, 4].map(() => createPgEventStore({ pool: fresh.pool, schema: fresh.schema }));
    await Promise.all(stores.map((s) => s.migrate()));
    await Promise.all(stores.map((s) => s.close()));
  });

  it('given an inline projection that wrote to a table, when a later projection throws, then its write is rolled back with the events', async () => {
    const table = `${quoteSchema(fresh.schema)}.order_totals`;
    await fresh.pool.query(`CREATE TABLE ${table} (order_id text PRIMARY KEY, total int NOT NULL)`);
    const project = async (events: { streamId: string }[], tx: import('../db').Tx) => {
      if (tx.kind !== 'pg') throw new Error('expected a pg transaction');
      await tx.client.query(`INSERT INTO ${table} VALUES ($1, $2)`, [events[0]!.streamId, events.length]);
    };
    await store.appendToStream('order-1', [{ type: 'OrderPlaced', data: {} }], { expectedVersion: 'no_stream', inline: [project] });
    await expect(
      store.appendToStream('order-2', [{ type: 'OrderPlaced', data: {} }], {
        expectedVersion: 'no_stream',
        inline: [
          project,
          async () => {
            throw new Error('second projection failed');
          },
        ],
      }),
    ).rejects.toThrow('second projection failed');
    const { rows } = await fresh.pool.query(`SELECT order_id FROM ${table} ORDER BY order_id`);
    expect(rows).toEqual([{ order_id: 'order-1' }]);
    expect(await store.readStream('order-2')).toEqual([]);
  });

  it('given an observer, when an append commits, then it is told how many events and how long it took', async () => {
    const seen: Array<[number, number]> = [];
    const observed = createPgEventStore({ pool: fresh.pool, schema: fresh.schema, observer: { appended: (n, s) => void seen.push([n, s]) } });
    await observed.appendToStream('observed-1', [{ type: 'A', data: {} }, { type: 'B', data: {} }], { expectedVersion: 'no_stream' });
    await observed.close();
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe(2);
    expect(seen[0]![1]).toBeGreaterThan(0);
  });

  it('given a listener on another store instance, when this one appends, then the NOTIFY wakes it', async () => {
    const other = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
    const woken = new Promise<void>((resolve) => other.onAppended(resolve));
    await waitForListenConnection(fresh, 1);
    await store.appendToStream('notify-1', [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' });
    await woken;
    await other.close();
  });

  it('given a listening store whose LISTEN connection is killed, when it reconnects, then notifications arrive again', async () => {
    const listening = createPgEventStore({ pool: fresh.pool, schema: fresh.schema, listenRetryMs: 50 });
    let wakes = 0;
    listening.onAppended(() => void (wakes += 1));
    const pid = await waitForListenConnection(fresh, 1);
    await fresh.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    const newPid = await waitForListenConnection(fresh, 1, pid);
    expect(newPid).not.toBe(pid);
    // Each (re)connect wakes the listeners once, since notifications may have been missed meanwhile.
    while (wakes < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = wakes;
    await store.appendToStream('notify-2', [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' });
    while (wakes === before) await new Promise((resolve) => setTimeout(resolve, 10));
    await listening.close();
  });

  it('given listeners on two channels of one pool, then one connection listens to both and each is woken by its own NOTIFY; it closes with the last', async () => {
    const channels = [`${fresh.schema}_a`, `${fresh.schema}_b`] as const;
    const woken = { a: 0, b: 0 };
    const a = createNotifyListener({ pool: fresh.pool, channel: channels[0], onNotify: () => void (woken.a += 1) });
    const b = createNotifyListener({ pool: fresh.pool, channel: channels[1], onNotify: () => void (woken.b += 1) });
    a.start();
    b.start();
    const connection = `seatside-listen:${channels.join(',')}`;
    await waitForListenConnection(fresh, 1, undefined, connection);
    // Each is woken once it listens (what came before sent it nothing).
    while (woken.a === 0 || woken.b === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = { ...woken };
    await fresh.pool.query('SELECT pg_notify($1, NULL)', [channels[0]]);
    await fresh.pool.query('SELECT pg_notify($1, NULL)', [channels[1]]);
    // One connection delivers in order: once b heard its own, a has heard its one.
    while (woken.b === before.b) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(woken).toEqual({ a: before.a + 1, b: before.b + 1 });
    await a.close();
    await waitForListenConnection(fresh, 1, undefined, `seatside-listen:${channels[1]}`);
    await b.close();
    await waitForListenConnection(fresh, 0, undefined, `seatside-listen:${channels[1]}`);
  });

  it('given the last listener closing, when another channel registers before the connection went, then the connection stays and wakes the new one', async () => {
    const channels = [`${fresh.schema}_last`, `${fresh.schema}_next`] as const;
    let next = 0;
    const last = createNotifyListener({ pool: fresh.pool, channel: channels[0], onNotify: () => undefined });
    const later = createNotifyListener({ pool: fresh.pool, channel: channels[1], onNotify: () => void (next += 1) });
    last.start();
    const pid = await waitForListenConnection(fresh, 1, undefined, `seatside-listen:${channels[0]}`);
    const closing = last.close();
    later.start();
    await closing;
    // Woken once it listens, then by its own NOTIFY, on the same connection.
    while (next === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await fresh.pool.query('SELECT pg_notify($1, NULL)', [channels[1]]);
    while (next === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    // The same connection, now named after the channel it listens to.
    expect(await waitForListenConnection(fresh, 1, undefined, `seatside-listen:${channels[1]}`)).toBe(pid);
    await later.close();
    await waitForListenConnection(fresh, 0, undefined, `seatside-listen:${channels[1]}`);
  });

  it.each([
    ['append_to_stream', (s: string) => `SELECT * FROM ${s}.append_to_stream('late-1', 0, '[{"eventId":"00000000-0000-4000-8000-000000000001","type":"A"}]')`],
    ['append_to_streams', (s: string) => `SELECT * FROM ${s}.append_to_streams('[{"s":"late-1","x":0,"e":[{"eventId":"00000000-0000-4000-8000-000000000001","type":"A"}]}]')`],
  ])('given a transaction that already wrote, when %s runs in it, then it refuses and nothing is appended', async (_fn, call) => {
    const s = quoteSchema(fresh.schema);
    const client = await fresh.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`CREATE TEMP TABLE earlier_write (x int) ON COMMIT DROP; INSERT INTO earlier_write VALUES (1)`);
      await expect(client.query(call(s))).rejects.toThrow('an append must be the first write of its transaction');
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await store.readStream('late-1')).toEqual([]);
  });

  it.each([
    ['append_to_stream', (s: string) => `SELECT * FROM ${s}.append_to_stream('versioned-1', 5, '[{"eventId":"00000000-0000-4000-8000-000000000002","type":"A"}]')`],
    ['append_to_streams', (s: string) => `SELECT * FROM ${s}.append_to_streams('[{"s":"versioned-1","x":5,"e":[{"eventId":"00000000-0000-4000-8000-000000000002","type":"A"}]}]')`],
  ])('given a stream at version 1, when %s expects 5, then SE409 with the current version in DETAIL and the stream in HINT', async (_fn, call) => {
    await store.appendToStream('versioned-1', [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' });
    await expect(fresh.pool.query(call(quoteSchema(fresh.schema)))).rejects.toMatchObject({ code: 'SE409', detail: '1', hint: 'versioned-1' });
    await fresh.pool.query(`DELETE FROM ${quoteSchema(fresh.schema)}.events WHERE stream_id = 'versioned-1'`);
  });
});

describe('PostgreSQL event store: the published stream of appends', () => {
  type Event = { type: 'Named'; data: { name: string } } | { type: 'Counted'; data: { by: number } };
  type State = { name: string; count: number };
  let fresh: FreshSchema;
  let store: EventStore;
  /** Events the publication's fold has evolved: what the append read and folded to map its events. */
  let folded = 0;
  beforeAll(async () => {
    fresh = await freshSchema('espub');
    const publications: Publications = {
      version: 1,
      streams: [
        publication<Event, State>({
          streamPrefix: 'thing-',
          decider: {
            initialState: () => ({ name: '', count: 0 }),
            evolve: (state, event) => {
              folded++;
              return event.type === 'Named' ? { ...state, name: event.data.name } : { ...state, count: state.count + event.data.by };
            },
          },
          // Counted publishes nothing (like a product's stock changes); Named carries the count so far.
          map: { Named: (_event, state) => published(catalogV1.ProductCreatedSchema, { envelope: { tenantId: 'm1' }, product: { productId: 'thing-1', title: `${state.name} ${state.count}` } }) },
        }),
      ],
    };
    store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema, publications });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await fresh.drop();
  });

  it('given a long stream, when events that publish nothing are appended, then the stream is not read; a later mapped event still sees them all', async () => {
    await store.appendToStream('thing-1', [{ type: 'Named', data: { name: 'Soup' } }], { expectedVersion: 'no_stream' });
    for (let i = 0; i < 20; i++) await store.appendToStreams([{ streamId: 'thing-1', events: [{ type: 'Counted', data: { by: 1 } }], expectedVersion: 'any' }]);
    folded = 0;
    await store.appendToStreams([{ streamId: 'thing-1', events: [{ type: 'Counted', data: { by: 1 } }], expectedVersion: 'any' }]);
    expect(folded).toBe(0);

    await store.appendToStreams([{ streamId: 'thing-1', events: [{ type: 'Named', data: { name: 'Stew' } }], expectedVersion: 'any' }]);
    expect(folded).toBe(23); // the 22 events before it, then itself
    const titles = (await committedPublished(fresh.pool, fresh.schema)).map((row) => fromBinary(catalogV1.ProductCreatedSchema, row.payload).product?.title);
    expect(titles).toEqual(['Soup 0', 'Stew 21']);
  });

  it('given readers of the log and of the published stream, when an append publishes nothing, then only the log is notified; one that publishes notifies both', async () => {
    const woken = { log: 0, published: 0, marker: 0 };
    const listeners = (['log', 'published', 'marker'] as const).map((which) =>
      createNotifyListener({ pool: fresh.pool, channel: { log: fresh.schema, published: publishedChannel(fresh.schema), marker: `${fresh.schema}.marker` }[which], onNotify: () => void (woken[which] += 1) }),
    );
    for (const listener of listeners) listener.start();
    const after = async (which: keyof typeof woken, count: number) => {
      while (woken[which] < count) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await Promise.all([after('log', 1), after('published', 1), after('marker', 1)]); // each woken once it listens
    const before = { ...woken };

    await store.appendToStreams([{ streamId: 'thing-1', events: [{ type: 'Counted', data: { by: 1 } }], expectedVersion: 'any' }]);
    await after('log', before.log + 1);
    // One connection delivers in commit order: once the marker is heard, the append's NOTIFY was all heard.
    await fresh.pool.query('SELECT pg_notify($1, NULL)', [`${fresh.schema}.marker`]);
    await after('marker', before.marker + 1);
    expect(woken.published).toBe(before.published);

    await store.appendToStreams([{ streamId: 'thing-1', events: [{ type: 'Named', data: { name: 'Pie' } }], expectedVersion: 'any' }]);
    await after('published', before.published + 1);
    for (const listener of listeners) await listener.close();
  });

  it('given readers of the log and of the published stream in this process, when appends commit here, then they read them as the database holds them without fetching their rows', async () => {
    const reader = createPgPublishedReader({ pool: fresh.pool, schema: fresh.schema });
    // Readers in another process: their own pool, so nothing is handed to them.
    const elsewhere = createPool(testDatabaseUrl(), 2);
    const otherStore = createPgEventStore({ pool: elsewhere, schema: fresh.schema });
    const otherReader = createPgPublishedReader({ pool: elsewhere, schema: fresh.schema });
    try {
      const head = await store.headPosition();
      // Followers have read the log once, as a running subscription has.
      await Promise.all([store.readAll({ after: head, limit: 10 }), reader.readAll({ after: head, limit: 10 })]);
      const queries: string[] = [];
      const query = fresh.pool.query.bind(fresh.pool);
      const spy = jest.spyOn(fresh.pool, 'query').mockImplementation(((config: string | { text: string }, ...rest: unknown[]) => {
        queries.push(typeof config === 'string' ? config : config.text);
        return (query as (...args: unknown[]) => unknown)(config, ...rest);
      }) as never);
      try {
        await store.appendToStreams([
          { streamId: 'thing-2', events: [{ type: 'Named', data: { name: 'Tart', note: undefined } }, { type: 'Counted', data: { by: 2 } }], expectedVersion: 'no_stream' },
          { streamId: 'thing-3', events: [{ type: 'Named', data: { name: 'Flan' } }], expectedVersion: 'no_stream' },
        ]);
        await store.appendToStream('thing-3', [{ type: 'Named', data: { name: 'Fool' }, metadata: { actor: 'u1' } }], { expectedVersion: 1 });
        const events = await store.readAll({ after: head, limit: 10 });
        const rows = await reader.readAll({ after: head, limit: 10 });
        expect(events).toHaveLength(4);
        expect(rows).toHaveLength(3);
        expect(queries.filter((text) => text.includes('= ANY($1::bigint[])'))).toEqual([]);
      } finally {
        spy.mockRestore();
      }
      // What was handed over equals what the database holds, as readers elsewhere fetch it.
      const written = (await committedEvents(fresh.pool, fresh.schema)).filter((event) => event.globalPosition > head);
      expect(await store.readAll({ after: head, limit: 10 })).toEqual(written);
      expect(await otherStore.readAll({ after: head, limit: 10 })).toEqual(written);
      const writtenRows = (await otherReader.readAll({ after: head, limit: 10 })).map(({ data, ...row }) => ({ ...row, data: Buffer.from(data as Uint8Array) }));
      expect((await reader.readAll({ after: head, limit: 10 })).map(({ data, ...row }) => ({ ...row, data: Buffer.from(data as Uint8Array) }))).toEqual(writtenRows);
      expect(writtenRows.map((row) => fromBinary(catalogV1.ProductCreatedSchema, row.data).product?.title)).toEqual(['Tart 0', 'Flan 0', 'Fool 0']);
    } finally {
      await Promise.all([reader.close(), otherReader.close(), otherStore.close()]);
      await elsewhere.end();
    }
  });
});

/** Waits until exactly `count` LISTEN connections named `name` (the schema's by default) exist (other than `not`); answers one pid. */
async function waitForListenConnection(fresh: FreshSchema, count: number, not?: number, name = `seatside-listen:${fresh.schema}`): Promise<number> {
  for (;;) {
    const { rows } = await fresh.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%LISTEN%' AND pid <> $2`,
      [name, not ?? 0],
    );
    if (rows.length === count && (count === 0 || rows[0])) return rows[0]?.pid ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

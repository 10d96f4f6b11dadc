import { Pool } from 'pg';
import { quoteSchema, type Queryable, type Tx } from '../db';
import { freshSchema, testDatabaseUrl, type FreshSchema } from '../testkit/pg';
import { createGroupCommit } from './group-commit';
import { createPgEventStore } from './pg';
import { independent, isPipelined, sentTogether } from './pipelined';
import type { EventStore, InlineProjection, StoredEvent } from './types';

const sqlOf = (tx: Tx): Queryable => {
  if (tx.kind !== 'pg') throw new Error('expected a pg transaction');
  return tx.client;
};

describe('independent inline projections on pipelined connections', () => {
  let fresh: FreshSchema;
  let store: EventStore;
  let a: string;
  let b: string;
  beforeAll(async () => {
    fresh = await freshSchema('pl');
    store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
    await store.migrate();
    a = `${quoteSchema(fresh.schema)}.a`;
    b = `${quoteSchema(fresh.schema)}.b`;
    await fresh.pool.query(`CREATE TABLE ${a} (id text PRIMARY KEY); CREATE TABLE ${b} (id text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await store.close();
    await fresh.drop();
  });

  /** A projection writing each event's stream id into `table`, logging when it sent and when it was answered. */
  const writer =
    (table: string, log: string[], name: string): InlineProjection =>
    async (events: StoredEvent[], tx: Tx) => {
      log.push(`${name} sent`);
      await sqlOf(tx).query(`INSERT INTO ${table} (id) SELECT unnest($1::text[])`, [events.map((e) => e.streamId)]);
      log.push(`${name} answered`);
    };
  const idsIn = async (table: string, ids: string[]) =>
    (await fresh.pool.query<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1) ORDER BY id`, [ids])).rows.map((r) => r.id);
  const placed = [{ type: 'Placed', data: {} }];

  it('given two independent projections, when an append commits on the platform pool, then both statements are sent before either is answered and both commit with the events', async () => {
    const log: string[] = [];
    let pipelined: boolean | undefined;
    const first: InlineProjection = async (events, tx) => {
      pipelined = isPipelined(sqlOf(tx));
      await writer(a, log, 'a')(events, tx);
    };

    await store.appendToStream('together-1', placed, { expectedVersion: 'no_stream', inline: [independent(first, writer(b, log, 'b'))] });

    expect(pipelined).toBe(true);
    expect(log).toEqual(['a sent', 'b sent', 'a answered', 'b answered']);
    expect(await idsIn(a, ['together-1'])).toEqual(['together-1']);
    expect(await idsIn(b, ['together-1'])).toEqual(['together-1']);
    expect((await store.readStream('together-1')).map((e) => e.type)).toEqual(['Placed']);
  });

  it('given the first projection refuses after its statement was answered, when the second one wrote meanwhile, then nothing of the append is kept and the answer is the first refusal', async () => {
    const refusing: InlineProjection = async (events, tx) => {
      await writer(a, [], 'a')(events, tx);
      throw new Error('key taken');
    };
    const alsoRefusing: InlineProjection = async (events, tx) => {
      await writer(b, [], 'b')(events, tx);
      throw new Error('out of stock');
    };

    await expect(store.appendToStream('refused-1', placed, { expectedVersion: 'no_stream', inline: [independent(refusing, alsoRefusing)] })).rejects.toThrow('key taken');

    expect(await idsIn(a, ['refused-1'])).toEqual([]);
    expect(await idsIn(b, ['refused-1'])).toEqual([]);
    expect(await store.readStream('refused-1')).toEqual([]);
  });

  it("given the first projection's statement fails in PostgreSQL, when the second's was sent behind it, then the answer is the first's error (not the aborted transaction's) and the connections serve the next appends", async () => {
    const failing: InlineProjection = async (_events, tx) => {
      await sqlOf(tx).query('SELECT 1 / 0');
    };

    const error = await store.appendToStream('failed-1', placed, { expectedVersion: 'no_stream', inline: [independent(failing, writer(b, [], 'b'))] }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: '22012' }); // division_by_zero; the second statement got 25P02
    expect(await idsIn(b, ['failed-1'])).toEqual([]);
    expect(await store.readStream('failed-1')).toEqual([]);
    const inline = [independent(writer(a, [], 'a'), writer(b, [], 'b'))];
    await Promise.all(Array.from({ length: 12 }, (_, i) => store.appendToStream(`after-${i}`, placed, { expectedVersion: 'no_stream', inline })));
    const ids = Array.from({ length: 12 }, (_, i) => `after-${i}`).sort();
    expect(await idsIn(a, ids)).toEqual(ids);
    expect(await idsIn(b, ids)).toEqual(ids);
  });

  it('given a group commit, when appends share a transaction, then each independent projection gets all their events in one statement and a refusal places each alone', async () => {
    const log: string[] = [];
    const groups: number[] = [];
    const counting: InlineProjection = async (events, tx) => {
      groups.push(events.length);
      await writer(a, log, 'a')(events, tx);
    };
    const refuseStream = 'grouped-refused';
    const refusing: InlineProjection = async (events, tx) => {
      await writer(b, [], 'b')(events, tx);
      if (events.some((e) => e.streamId === refuseStream)) throw new Error('refused');
    };
    const group = createGroupCommit(store);
    const inline = [independent(counting, refusing)];
    const streams = ['grouped-1', 'grouped-2', 'grouped-3', refuseStream, 'grouped-4'];

    const answers = await Promise.allSettled(streams.map((streamId) => group.append({ streamId, events: placed, expectedVersion: 'no_stream', inline })));

    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const kept = streams.filter((s) => s !== refuseStream).sort();
    expect(await idsIn(a, streams)).toEqual(kept);
    expect(await idsIn(b, streams)).toEqual(kept);
    expect(Math.max(...groups)).toBeGreaterThan(1);
  });

  it('given statements sent together on a pipelined connection, then they leave in one socket write and are answered in order', async () => {
    const client = await fresh.pool.connect();
    try {
      const socket = (client as unknown as { connection: { stream: { _writev: (...args: unknown[]) => unknown; _write: (...args: unknown[]) => unknown } } }).connection.stream;
      let writes = 0;
      const count = <F extends (...args: unknown[]) => unknown>(write: F) => function (this: unknown, ...args: unknown[]) {
        writes++;
        return write.apply(this, args);
      };
      const [writev, write] = [socket._writev, socket._write];
      socket._writev = count(writev);
      socket._write = count(write);
      try {
        const answers = sentTogether(client, () => [1, 2, 3].map((n) => client.query<{ n: number }>('SELECT $1::int AS n', [n])));
        expect(writes).toBe(1);
        expect((await Promise.all(answers)).map((answer) => answer.rows[0]?.n)).toEqual([1, 2, 3]);
        writes = 0;
        await Promise.all([client.query('SELECT 1'), client.query('SELECT 2')]);
        expect(writes).toBe(2);
      } finally {
        socket._writev = writev;
        socket._write = write;
      }
    } finally {
      client.release();
    }
  });

  it('given a plain pool (not pipelined), when independent projections run, then they run one after another', async () => {
    const plain = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
    const onPlain = createPgEventStore({ pool: plain, schema: fresh.schema });
    const log: string[] = [];
    try {
      await onPlain.appendToStream('plain-1', placed, { expectedVersion: 'no_stream', inline: [independent(writer(a, log, 'a'), writer(b, log, 'b'))] });
    } finally {
      await onPlain.close();
      await plain.end();
    }

    expect(log).toEqual(['a sent', 'a answered', 'b sent', 'b answered']);
    expect(await idsIn(b, ['plain-1'])).toEqual(['plain-1']);
  });
});

import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import { DomainError } from '../errors';
import type { EventStore, InlineProjection, NewEvent } from './types';

/**
 * The behaviour every event store adapter must share. A spec file calls this once per adapter, so
 * the in-memory and PostgreSQL stores pass the same cases.
 */

const newStream = (name = 'order') => `${name}-${randomUUID()}`;
const placed = (n: number): NewEvent => ({ type: 'OrderPlaced', data: { n } });

/** A projection that records which events it was given. */
function recordingProjection(seen: string[][]): InlineProjection {
  return async (events) => {
    seen.push(events.map((e) => `${e.streamId}@${e.streamVersion}`));
  };
}

/** PostgreSQL: the append's writes gave the transaction an id; memory: it offers an undo log. */
async function insideAppendTransaction(tx: Tx): Promise<boolean> {
  if (tx.kind === 'memory') return typeof tx.onRollback === 'function';
  const { rows } = await tx.client.query<{ xid: string | null }>('SELECT pg_current_xact_id_if_assigned()::text AS xid');
  return rows[0]?.xid != null;
}

/**
 * readAll holds back events while any older transaction on the server is still open (the snapshot
 * rule), and other specs share the server: re-read until the expected events are visible.
 */
async function readAllOnceSettled(store: EventStore, after: number, limit: number, count: number) {
  for (;;) {
    const events = await store.readAll({ after, limit });
    if (events.length >= count) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function expectConflict(attempt: Promise<unknown>): Promise<void> {
  await expect(attempt).rejects.toBeInstanceOf(DomainError);
  await expect(attempt).rejects.toMatchObject({ kind: 'Conflict' });
}

export function eventStoreContract(name: string, make: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>): void {
  describe(`${name} event store`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await make());
      await store.migrate();
    });
    afterAll(async () => {
      await cleanup?.();
    });

    describe('appendToStream and readStream', () => {
      it('given a new stream, when two events are appended with metadata, then reading it returns them with versions 1 and 2', async () => {
        const streamId = newStream();
        const metadata = { tenantId: 'm-1', actorId: 'u-1', correlationId: 'c-1' };
        const result = await store.appendToStream(
          streamId,
          [{ type: 'OrderPlaced', data: { total: 1250, items: ['fries'] }, metadata }, { type: 'OrderPaid', data: { amount: 1250 } }],
          { expectedVersion: 'no_stream' },
        );
        const read = await store.readStream(streamId);
        expect(read.map((e) => [e.type, e.streamVersion, e.data, e.metadata])).toEqual([
          ['OrderPlaced', 1, { total: 1250, items: ['fries'] }, metadata],
          ['OrderPaid', 2, { amount: 1250 }, {}],
        ]);
        expect(read).toEqual(result.events);
        expect(result.nextExpectedVersion).toBe(2);
        expect(result.lastGlobalPosition).toBe(read[1]!.globalPosition);
        expect(read[1]!.globalPosition).toBeGreaterThan(read[0]!.globalPosition);
        expect(new Set(read.map((e) => e.eventId)).size).toBe(2);
        expect(read[0]!.recordedAt).toBeInstanceOf(Date);
      });

      it('given a stream of three events, when read from version 2, then only versions 2 and 3 return', async () => {
        const streamId = newStream();
        await store.appendToStream(streamId, [placed(1), placed(2), placed(3)], { expectedVersion: 'no_stream' });
        expect((await store.readStream(streamId, { fromVersion: 2 })).map((e) => e.streamVersion)).toEqual([2, 3]);
      });

      it('given no such stream, when it is read, then it is empty', async () => {
        expect(await store.readStream(newStream())).toEqual([]);
      });
    });

    describe('expectedVersion', () => {
      let streamId: string;
      beforeEach(async () => {
        streamId = newStream();
        await store.appendToStream(streamId, [placed(1), placed(2)], { expectedVersion: 'no_stream' });
      });

      it.each([
        ['the current version', 2, 3],
        ['any', 'any', 3],
        ['stream_exists', 'stream_exists', 3],
      ] as const)('given a stream at version 2, when appending expecting %s, then it succeeds', async (_, expectedVersion, next) => {
        const result = await store.appendToStream(streamId, [placed(3)], { expectedVersion });
        expect(result.nextExpectedVersion).toBe(next);
      });

      it.each([
        ['a stale version', 1],
        ['a future version', 3],
        ['no_stream', 'no_stream'],
        ['version 0', 0],
      ] as const)('given a stream at version 2, when appending expecting %s, then it is a Conflict and nothing is written', async (_, expectedVersion) => {
        await expectConflict(store.appendToStream(streamId, [placed(3)], { expectedVersion }));
        expect((await store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([1, 2]);
      });

      it.each([['no_stream'], [0], ['any']] as const)(
        'given no stream, when appending expecting %s, then it starts at version 1',
        async (expectedVersion) => {
          const fresh = newStream();
          const result = await store.appendToStream(fresh, [placed(1)], { expectedVersion });
          expect(result.events.map((e) => e.streamVersion)).toEqual([1]);
        },
      );

      it.each([['stream_exists'], [1]] as const)(
        'given no stream, when appending expecting %s, then it is a Conflict and nothing is written',
        async (expectedVersion) => {
          const fresh = newStream();
          await expectConflict(store.appendToStream(fresh, [placed(1)], { expectedVersion }));
          expect(await store.readStream(fresh)).toEqual([]);
        },
      );

      it('given a stream at version 2, when two writers append expecting version 2 at once, then exactly one succeeds and the other is a Conflict', async () => {
        const outcomes = await Promise.allSettled([
          store.appendToStream(streamId, [{ type: 'A', data: {} }], { expectedVersion: 2 }),
          store.appendToStream(streamId, [{ type: 'B', data: {} }, { type: 'B', data: {} }], { expectedVersion: 2 }),
        ]);
        const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toMatchObject({ kind: 'Conflict' });
        const types = (await store.readStream(streamId)).slice(2).map((e) => e.type);
        expect([['A'], ['B', 'B']]).toContainEqual(types);
      });

      it('given no stream, when two writers create it at once, then exactly one succeeds', async () => {
        const fresh = newStream();
        const outcomes = await Promise.allSettled(
          [1, 2, 3].map((n) => store.appendToStream(fresh, [placed(n)], { expectedVersion: 'no_stream' })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(fresh)).toHaveLength(1);
      });

      it('given a negative expected version, when appending, then it is refused before anything is written', async () => {
        await expect(store.appendToStream(streamId, [placed(3)], { expectedVersion: -1 })).rejects.toThrow(RangeError);
      });
    });

    describe('readAll', () => {
      it('given events appended to several streams, when read after a position with a limit, then they come in global order from there', async () => {
        const start = await store.headPosition();
        const a = newStream();
        const b = newStream();
        await store.appendToStream(a, [placed(1)], { expectedVersion: 'no_stream' });
        await store.appendToStream(b, [placed(2), placed(3)], { expectedVersion: 'no_stream' });
        await store.appendToStream(a, [placed(4)], { expectedVersion: 1 });

        const all = await readAllOnceSettled(store, start, 100, 4);
        expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
        const positions = all.map((e) => e.globalPosition);
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
        expect(await store.headPosition()).toBe(positions[3]);

        const page = await store.readAll({ after: positions[0]!, limit: 2 });
        expect(page.map((e) => e.globalPosition)).toEqual([positions[1], positions[2]]);
        expect(await store.readAll({ after: positions[3]!, limit: 10 })).toEqual([]);
      });
    });

    describe('inline projections', () => {
      it('given an inline projection, when events are appended, then it sees the stored events inside the transaction', async () => {
        const seen: string[][] = [];
        const joined: boolean[] = [];
        const streamId = newStream();
        await store.appendToStream(streamId, [placed(1), placed(2)], {
          expectedVersion: 'no_stream',
          inline: [recordingProjection(seen), async (_events, tx) => void joined.push(await insideAppendTransaction(tx))],
        });
        expect(seen).toEqual([[`${streamId}@1`, `${streamId}@2`]]);
        expect(joined).toEqual([true]);
      });

      it('given a projection that throws, when events are appended, then the error surfaces and no event is written', async () => {
        const streamId = newStream();
        const head = await store.headPosition();
        const boom = new Error('read model rejected it');
        await expect(
          store.appendToStream(streamId, [placed(1)], {
            expectedVersion: 'no_stream',
            inline: [
              async () => {
                throw boom;
              },
            ],
          }),
        ).rejects.toBe(boom);
        expect(await store.readStream(streamId)).toEqual([]);
        expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);
        const retried = await store.appendToStream(streamId, [placed(1)], { expectedVersion: 'no_stream' });
        expect(retried.nextExpectedVersion).toBe(1);
      });

      it('given an expected version that does not hold, when appending, then the projection never runs', async () => {
        const seen: string[][] = [];
        await expectConflict(
          store.appendToStream(newStream(), [placed(1)], { expectedVersion: 5, inline: [recordingProjection(seen)] }),
        );
        expect(seen).toEqual([]);
      });
    });

    describe('appendToStreams', () => {
      it('given two new streams, when appended at once, then both are written in order with their projections inside one transaction', async () => {
        const [a, b] = [newStream(), newStream()];
        const seen: string[][] = [];
        const joined: boolean[] = [];
        const inline = [recordingProjection(seen), async (_events: unknown, tx: Tx) => void joined.push(await insideAppendTransaction(tx))];
        const results = await store.appendToStreams([
          { streamId: a, events: [placed(1), placed(2)], expectedVersion: 'no_stream', inline },
          { streamId: b, events: [placed(3)], expectedVersion: 0, inline },
        ]);
        expect(results.map((r) => r.nextExpectedVersion)).toEqual([2, 1]);
        expect(results[1]!.lastGlobalPosition).toBeGreaterThan(results[0]!.lastGlobalPosition);
        // Listed by both appends: each projection ran once, with all their events.
        expect(seen).toEqual([[`${a}@1`, `${a}@2`, `${b}@1`]]);
        expect(joined).toEqual([true]);
        expect((await store.readStream(b)).map((e) => e.data)).toEqual([{ n: 3 }]);
        const all = await readAllOnceSettled(store, results[0]!.events[0]!.globalPosition - 1, 3, 3);
        expect(all.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual([`${a}@1`, `${a}@2`, `${b}@1`]);
      });

      it('given one stream whose expected version does not hold, when appended with another, then a Conflict names it (for logs, not in its message) and nothing is written', async () => {
        const [fresh, existing] = [newStream(), newStream()];
        await store.appendToStream(existing, [placed(1)], { expectedVersion: 'no_stream' });
        const attempt = store.appendToStreams([
          { streamId: fresh, events: [placed(1)], expectedVersion: 'no_stream' },
          { streamId: existing, events: [placed(2)], expectedVersion: 'no_stream' },
        ]);
        await expectConflict(attempt);
        await expect(attempt).rejects.toMatchObject({ streamId: existing });
        expect(await store.readStream(fresh)).toEqual([]);
      });

      it('given a projection of one append that throws, when appended, then no stream is written', async () => {
        const [a, b] = [newStream(), newStream()];
        const boom = new Error('read model rejected it');
        await expect(
          store.appendToStreams([
            { streamId: a, events: [placed(1)], expectedVersion: 'no_stream' },
            { streamId: b, events: [placed(2)], expectedVersion: 'no_stream', inline: [async () => Promise.reject(boom)] },
          ]),
        ).rejects.toBe(boom);
        expect(await store.readStream(a)).toEqual([]);
        expect(await store.readStream(b)).toEqual([]);
      });

      it('given one stream twice, when appended, then it is refused before anything is written', async () => {
        const streamId = newStream();
        const twice = { streamId, events: [placed(1)], expectedVersion: 'any' as const };
        await expect(store.appendToStreams([twice, twice])).rejects.toBeInstanceOf(RangeError);
        expect(await store.readStream(streamId)).toEqual([]);
      });
    });

    describe('onAppended', () => {
      it('given a listener, when an event is appended, then it is called; after unsubscribing it is not', async () => {
        let calls = 0;
        let woken!: () => void;
        const wake = new Promise<void>((resolve) => (woken = resolve));
        const unsubscribe = store.onAppended(() => {
          calls += 1;
          woken();
        });
        await store.appendToStream(newStream(), [placed(1)], { expectedVersion: 'no_stream' });
        await wake;
        unsubscribe();
        const after = calls;
        await store.appendToStream(newStream(), [placed(2)], { expectedVersion: 'no_stream' });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(calls).toBe(after);
      });
    });
  });
}

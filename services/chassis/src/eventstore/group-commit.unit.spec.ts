import { conflict } from '../errors';
import { createGroupCommit } from './group-commit';
import { createMemoryEventStore } from './memory';
import type { EventStore, StreamAppend } from './types';

const placed = (streamId: string, extra: Partial<StreamAppend> = {}): StreamAppend => ({
  streamId,
  events: [{ type: 'OrderPlaced', data: { streamId } }],
  expectedVersion: 'no_stream',
  ...extra,
});

/** Counts the transactions the group commit opens. */
function counting(store: EventStore) {
  const calls = { many: 0, alone: 0 };
  const counted: EventStore = {
    ...store,
    appendToStreams: (appends) => (calls.many++, store.appendToStreams(appends)),
    appendToStream: (...args) => (calls.alone++, store.appendToStream(...args)),
  };
  return { counted, calls };
}

/** The first transaction stays open until `release` is called. */
function heldFirst(store: EventStore) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  const hold = async () => {
    if (!first) return;
    first = false;
    await held;
  };
  const gated: EventStore = {
    ...store,
    appendToStreams: async (appends) => (await hold(), store.appendToStreams(appends)),
    appendToStream: async (...args) => (await hold(), store.appendToStream(...args)),
  };
  return { gated, release };
}

/** Lets every started append reach the store. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('given appends arriving while one commits, when they settle, then the waiting ones shared one transaction', async () => {
    const { counted, calls } = counting(createMemoryEventStore());
    const group = createGroupCommit(counted, { transactions: 1 });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((s) => group.append(placed(s))));
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 1, 1, 1]);
    expect(calls).toEqual({ alone: 1, many: 1 });
  });

  it('given one append of a group is refused, when they settle, then it alone gets the refusal and the others are written', async () => {
    const store = createMemoryEventStore();
    const group = createGroupCommit(store);
    const refused = conflict('out of stock');
    const outcomes = await Promise.allSettled([
      group.append(placed('first')),
      group.append(placed('ok')),
      group.append(placed('bad', { inline: [async () => Promise.reject(refused)] })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(outcomes[2]).toMatchObject({ reason: refused });
    expect(await store.readStream('ok')).toHaveLength(1);
    expect(await store.readStream('bad')).toEqual([]);
  });

  it('given two appends to one stream, when grouped, then they go in turn and the second expects what the first left', async () => {
    const group = createGroupCommit(createMemoryEventStore());
    const [first, second, third] = await Promise.allSettled([group.append(placed('x')), group.append(placed('x')), group.append(placed('x', { expectedVersion: 1 }))]);
    expect(first).toMatchObject({ status: 'fulfilled' });
    expect(second).toMatchObject({ status: 'rejected', reason: { kind: 'Conflict' } });
    expect(third).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 2 } });
  });

  it('given one transaction committing, when fewer than minGroupWhileBusy appends wait, then they wait for it and then share one', async () => {
    const { gated, release } = heldFirst(createMemoryEventStore());
    const { counted, calls } = counting(gated);
    const group = createGroupCommit(counted, { minGroupWhileBusy: 3 });
    const first = group.append(placed('a'));
    const waiting = [group.append(placed('b')), group.append(placed('c'))];
    await settle();
    expect(calls).toEqual({ alone: 1, many: 0 });

    release();
    await Promise.all([first, ...waiting]);
    expect(calls).toEqual({ alone: 1, many: 1 });
  });

  it('given one transaction committing, when minGroupWhileBusy appends wait, then a second transaction takes them at once', async () => {
    const { gated, release } = heldFirst(createMemoryEventStore());
    const { counted, calls } = counting(gated);
    const group = createGroupCommit(counted, { minGroupWhileBusy: 3 });
    const first = group.append(placed('a'));
    const second = ['b', 'c', 'd'].map((s) => group.append(placed(s)));
    const results = await Promise.all(second);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 1, 1]);
    expect(calls).toEqual({ alone: 1, many: 1 });

    release();
    await first;
  });
});

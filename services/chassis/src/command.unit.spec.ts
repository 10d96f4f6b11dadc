import { handleCommand } from './command';
import type { Decider } from './decider';
import { createMemoryEventStore, versionMessages } from './eventstore';
import { toProblem } from './http/problem';

type Event = { type: 'Opened'; data: { n: number } };
type State = { opened: number };
const decider: Decider<{ type: 'Open'; n: number }, Event, State> = {
  initialState: () => ({ opened: 0 }),
  decide: (command, state) => [{ type: 'Opened', data: { n: command.n + state.opened } }],
  evolve: (state) => ({ opened: state.opened + 1 }),
};

describe('handleCommand with newStream', () => {
  it('given no stream, when a command runs with newStream, then it is decided from the initial state and appended as version 1', async () => {
    const store = createMemoryEventStore();
    const handled = await handleCommand(store, 's-1', decider, { type: 'Open', n: 1 }, { newStream: true });
    expect(handled.newEvents).toEqual([{ type: 'Opened', data: { n: 1 } }]);
    expect(handled.nextExpectedVersion).toBe(1);
  });

  it('given the stream exists, when a command runs with newStream, then it is a Conflict and nothing is appended', async () => {
    const store = createMemoryEventStore();
    await handleCommand(store, 's-1', decider, { type: 'Open', n: 1 });
    await expect(handleCommand(store, 's-1', decider, { type: 'Open', n: 2 }, { newStream: true })).rejects.toMatchObject({ kind: 'Conflict' });
    expect(await store.readStream('s-1')).toHaveLength(1);
  });
});

describe('handleCommand when another writer appends between its read and its append', () => {
  type Counted = { type: 'Added'; data: { by: string } };
  const counter: Decider<{ type: 'Add'; by: string }, Counted, { count: number }> = {
    initialState: () => ({ count: 0 }),
    decide: (command) => [{ type: 'Added', data: { by: command.by } }],
    evolve: (state) => ({ count: state.count + 1 }),
  };
  /** A store where, before each of the next `races` appends, a rival's event lands first. */
  const racedStore = (races: number) => {
    const store = createMemoryEventStore();
    const append = store.appendToStream.bind(store);
    const raced = { left: races };
    store.appendToStream = async (streamId, events, options) => {
      if (raced.left-- > 0) await append(streamId, [{ type: 'Added', data: { by: 'rival' } }], { expectedVersion: 'any' });
      return append(streamId, events, options);
    };
    return Object.assign(store, { raced });
  };
  const bodyOf = (err: unknown) => JSON.stringify(toProblem(err));

  it('given a command without a client version, when it loses the race, then it is decided again and both writes stand', async () => {
    const store = racedStore(2);
    await handleCommand(store, 's-1', counter, { type: 'Add', by: 'me' });
    expect((await store.readStream('s-1')).map((e) => (e.data as { by: string }).by)).toEqual(['rival', 'rival', 'me']);
  });

  it('given a writer that loses every race, when the retries are spent, then 409 with the message and no stream id or version', async () => {
    const store = racedStore(Number.MAX_SAFE_INTEGER);
    const err = await handleCommand(store, 'order-secret-42', counter, { type: 'Add', by: 'me' }, { retries: 2 }).catch((e: unknown) => e);
    expect(toProblem(err)).toMatchObject({ status: 409, message: versionMessages.changed });
    expect(bodyOf(err)).not.toMatch(/order-secret-42|version \d|streamId|currentVersion|expectedVersion/);
    expect((await store.readStream('order-secret-42')).map((e) => (e.data as { by: string }).by)).toEqual(['rival', 'rival', 'rival']);
  });

  it('given a client version (If-Match) that held when read, when another writer appends first, then 412 with the message, not retried', async () => {
    const store = racedStore(0);
    await handleCommand(store, 's-2', counter, { type: 'Add', by: 'first' });
    store.raced.left = 1;
    const err = await handleCommand(store, 's-2', counter, { type: 'Add', by: 'me' }, { expectedVersion: 1 }).catch((e: unknown) => e);
    expect(toProblem(err)).toMatchObject({ status: 412, message: versionMessages.changed });
    expect(bodyOf(err)).not.toContain('s-2');
    expect(await store.readStream('s-2')).toHaveLength(2);
  });

  it('given a stale client version, then 412 with the message and nothing appended', async () => {
    const store = createMemoryEventStore();
    await handleCommand(store, 's-3', counter, { type: 'Add', by: 'first' });
    await handleCommand(store, 's-3', counter, { type: 'Add', by: 'second' });
    const err = await handleCommand(store, 's-3', counter, { type: 'Add', by: 'stale' }, { expectedVersion: 1 }).catch((e: unknown) => e);
    expect(toProblem(err)).toMatchObject({ status: 412, message: versionMessages.changed });
    expect(bodyOf(err)).not.toContain('s-3');
    expect(await store.readStream('s-3')).toHaveLength(2);
  });

  it('given an append that conflicts in the store itself, then the 409 body names no stream', async () => {
    const store = createMemoryEventStore();
    await store.appendToStream('hidden-stream', [{ type: 'Added', data: { by: 'x' } }], { expectedVersion: 'no_stream' });
    const err = await store.appendToStream('hidden-stream', [{ type: 'Added', data: { by: 'y' } }], { expectedVersion: 'no_stream' }).catch((e: unknown) => e);
    expect(toProblem(err)).toMatchObject({ status: 409, message: versionMessages.changed });
    expect(bodyOf(err)).not.toContain('hidden-stream');
  });
});

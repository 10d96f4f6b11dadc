import { handleCommand } from './command';
import type { Decider } from './decider';
import { createMemoryEventStore } from './eventstore';

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

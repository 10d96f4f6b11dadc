import { createMemoryEventStore } from '../eventstore/memory';
import type { EventStore } from '../eventstore/types';
import { createMemoryCheckpointStore } from './checkpoints';
import { memoryEffects, subscriptionContract } from './contract';
import { createSubscription } from './subscription';

subscriptionContract('the in-memory stores', async () => {
  const store = createMemoryEventStore();
  return { store, checkpoints: createMemoryCheckpointStore(), effects: memoryEffects(), cleanup: () => store.close() };
});

const HOUR = 3_600_000;

describe('subscription wake-ups', () => {
  it('given an idle subscription that would poll only hourly, when an event is appended, then the append wakes it', async () => {
    const store = createMemoryEventStore();
    const seen: string[] = [];
    const subscription = createSubscription({
      name: 'wake',
      store,
      checkpoints: createMemoryCheckpointStore(),
      idleMs: HOUR,
      handle: async (event) => void seen.push(event.type),
    });
    await subscription.start();
    const { lastGlobalPosition } = await store.appendToStream('s', [{ type: 'Woken', data: {} }], { expectedVersion: 'no_stream' });
    await subscription.caughtUp(lastGlobalPosition);
    await subscription.stop();
    expect(seen).toEqual(['Woken']);
  });

  it('given a store whose append notifications never arrive, when an event is appended, then polling still finds it', async () => {
    const inner = createMemoryEventStore();
    const deaf: EventStore = { ...inner, onAppended: () => () => undefined };
    const subscription = createSubscription({ name: 'poll', store: deaf, checkpoints: createMemoryCheckpointStore(), idleMs: 5, handle: async () => undefined });
    await subscription.start();
    const { lastGlobalPosition } = await deaf.appendToStream('s', [{ type: 'Polled', data: {} }], { expectedVersion: 'no_stream' });
    await subscription.caughtUp(lastGlobalPosition);
    await subscription.stop();
  });
});

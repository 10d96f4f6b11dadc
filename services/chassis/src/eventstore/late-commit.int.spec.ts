import { createPgCheckpointStore } from '../subscriptions/checkpoints';
import { createSubscription } from '../subscriptions/subscription';
import { freshSchema, type FreshSchema } from '../testkit/pg';
import { createPgEventStore } from './pg';
import type { AppendResult, EventStore, InlineProjection } from './types';

/** A promise that can be settled from outside: lets a test hold a transaction open, then let it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Reads after `after` until `count` events show. Needed only because the snapshot rule looks at the
 * oldest running transaction in the whole server: another test's open transaction may hold it back.
 */
async function readOnceVisible(store: EventStore, after: number, count: number) {
  for (;;) {
    const events = await store.readAll({ after, limit: 100 });
    if (events.length >= count) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The case a position-only checkpoint gets wrong: A takes position p and stays uncommitted while B
 * takes p+1 and commits. A reader that returned B and checkpointed p+1 would never see A.
 */
describe('an event whose transaction commits after a later-positioned one', () => {
  let fresh: FreshSchema;
  let store: EventStore;
  beforeAll(async () => {
    fresh = await freshSchema('late');
    store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
    await store.migrate();
    await createPgCheckpointStore({ pool: fresh.pool, schema: fresh.schema }).migrate();
  });
  afterAll(async () => {
    await store.close();
    await fresh.drop();
  });

  /** Appends A with a projection that holds A's transaction open until `release`; resolves once A has its position. */
  async function holdOpen(streamId: string) {
    const inserted = gate();
    const release = gate();
    const hold: InlineProjection = async () => {
      inserted.open();
      await release.opened;
    };
    const committed: Promise<AppendResult> = store.appendToStream(streamId, [{ type: 'A', data: {} }], { expectedVersion: 'no_stream', inline: [hold] });
    await inserted.opened;
    return { committed, release: release.open };
  }

  it('given A holding its transaction open and B committed after it, when reading, then nothing past A returns until A commits, then A before B', async () => {
    const head = await store.headPosition();
    const a = await holdOpen('late-a');
    const b = await store.appendToStream('late-b', [{ type: 'B', data: {} }], { expectedVersion: 'no_stream' });
    try {
      expect(await store.readAll({ after: head, limit: 100 })).toEqual([]);
    } finally {
      a.release(); // even when failing, or A's open transaction would hang the suite
    }
    const committedA = await a.committed;
    expect(committedA.lastGlobalPosition).toBeLessThan(b.lastGlobalPosition);
    expect((await readOnceVisible(store, head, 2)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('given a running subscription, when A commits after B, then its handler gets A and then B and its checkpoint never passes A early', async () => {
    const checkpoints = createPgCheckpointStore({ pool: fresh.pool, schema: fresh.schema });
    const head = await store.headPosition();
    const handled: Array<{ type: string; position: number }> = [];
    const subscription = createSubscription({
      name: 'late-commit',
      store,
      checkpoints,
      idleMs: 10,
      handle: async (event) => void handled.push({ type: event.type, position: event.globalPosition }),
    });
    await subscription.start();
    await subscription.caughtUp(head);

    const a = await holdOpen('late-sub-a');
    const b = await store.appendToStream('late-sub-b', [{ type: 'B', data: {} }], { expectedVersion: 'no_stream' });
    try {
      // B's commit woke the subscription (and it keeps polling); A is still open, so it must not move.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(handled.filter((e) => e.position > head)).toEqual([]);
      expect(await checkpoints.load('late-commit')).toBeLessThanOrEqual(head);
    } finally {
      a.release();
    }
    await a.committed;
    await subscription.caughtUp(b.lastGlobalPosition);
    await subscription.stop();
    expect(handled.filter((e) => e.position > head).map((e) => e.type)).toEqual(['A', 'B']);
  });
});

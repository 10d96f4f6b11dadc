import { randomUUID } from 'node:crypto';
import { quoteSchema, type Queryable, type Tx } from '../db';
import type { EventStore, StoredEvent } from '../eventstore/types';
import type { CheckpointStore } from './checkpoints';
import { createSubscription, type Subscription, type SubscriptionOptions } from './subscription';

/**
 * Subscription behaviour over one wiring of event store and checkpoint store. A spec file calls it
 * once per wiring (in-memory, PostgreSQL). The log is shared by the cases, so each case appends to
 * streams of its own and only looks at those; each subscription has a fresh name, so it starts at 0.
 */

export interface SubscriptionWiring {
  store: EventStore;
  checkpoints: CheckpointStore;
  /** Records written through a handler's transaction, so a case can see what a rollback kept. */
  effects: TransactionalEffects;
  cleanup(): Promise<void>;
}

export interface TransactionalEffects {
  record(tx: Tx, key: string): Promise<void>;
  count(key: string): Promise<number>;
}

/** Effects in memory: written at once, removed again by the transaction's undo. */
export function memoryEffects(): TransactionalEffects {
  const keys: string[] = [];
  return {
    async record(tx, key) {
      if (tx.kind !== 'memory') throw new Error('expected a memory transaction');
      keys.push(key);
      tx.onRollback(() => void keys.splice(keys.lastIndexOf(key), 1));
    },
    async count(key) {
      return keys.filter((k) => k === key).length;
    },
  };
}

/** Effects as rows of a table in the schema, written through the handler's transaction. */
export async function pgEffects(pool: Queryable, schema: string): Promise<TransactionalEffects> {
  const table = `${quoteSchema(schema)}.effects`;
  await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (key text NOT NULL)`);
  return {
    async record(tx, key) {
      if (tx.kind !== 'pg') throw new Error('expected a pg transaction');
      await tx.client.query(`INSERT INTO ${table} (key) VALUES ($1)`, [key]);
    },
    async count(key) {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE key = $1`, [key]);
      return rows[0]?.n ?? 0;
    },
  };
}

type Handle = (event: StoredEvent, tx: Tx) => Promise<void>;

/**
 * Appends `count` orders and answers the last one's position once a read sees it (so every case
 * starts with all of them waiting): a read sees an event only when every transaction older than its
 * own has ended, and another suite's open transaction on the same server can hold the later ones back
 * for a moment, so a first read would find only some of them.
 */
const appendOrders = async (store: EventStore, prefix: string, count: number): Promise<number> => {
  let last = 0;
  for (let n = 1; n <= count; n++) {
    const result = await store.appendToStream(`${prefix}-${n % 2}`, [{ type: 'OrderPlaced', data: { n } }], { expectedVersion: 'any' });
    last = result.lastGlobalPosition;
  }
  while (!(await store.readAll({ after: last - 1, limit: 1 })).some((event) => event.globalPosition === last)) await new Promise((resolve) => setTimeout(resolve, 10));
  return last;
};

/** The `n`s of this case's events, in the order the handler got them; each also written through its transaction, as a projection would. */
function recorder(prefix: string, effects: TransactionalEffects) {
  const seen: number[] = [];
  const handle: Handle = async (event, tx) => {
    if (!event.streamId.startsWith(`${prefix}-`)) return;
    seen.push((event.data as { n: number }).n);
    await effects.record(tx, `${prefix}:seen:${event.globalPosition}`);
  };
  return { seen, handle };
}

export function subscriptionContract(name: string, make: () => Promise<SubscriptionWiring>): void {
  describe(`subscriptions over ${name}`, () => {
    let wiring: SubscriptionWiring;
    let running: Subscription[] = [];
    let prefix: string;
    const subscribe = (options: Partial<SubscriptionOptions>): Subscription => {
      const subscription = createSubscription({
        name: `sub-${randomUUID()}`,
        store: wiring.store,
        checkpoints: wiring.checkpoints,
        idleMs: 20,
        retry: { firstMs: 5, maxMs: 20 },
        ...options,
      });
      running.push(subscription);
      return subscription;
    };

    beforeAll(async () => {
      wiring = await make();
      await wiring.store.migrate();
      await wiring.checkpoints.migrate();
    });
    beforeEach(() => {
      prefix = `order-${randomUUID()}`;
    });
    afterEach(async () => {
      await Promise.all(running.map((s) => s.stop()));
      running = [];
    });
    afterAll(async () => {
      await wiring?.cleanup();
    });

    it('given events appended before it starts, when started, then it handles them in order and caughtUp resolves', async () => {
      const last = await appendOrders(wiring.store, prefix, 5);
      const { seen, handle } = recorder(prefix, wiring.effects);
      const subscription = subscribe({ handle, batchSize: 2 });
      await subscription.start();
      await subscription.caughtUp(last);
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(await wiring.checkpoints.load(subscription.name)).toBeGreaterThanOrEqual(last);
    });

    it('given a running subscription, when events are appended, then it handles them as they come', async () => {
      const { seen, handle } = recorder(prefix, wiring.effects);
      const subscription = subscribe({ handle });
      await subscription.start();
      const first = await appendOrders(wiring.store, prefix, 2);
      await subscription.caughtUp(first);
      const last = await appendOrders(wiring.store, prefix, 1);
      await subscription.caughtUp(last);
      expect(seen).toEqual([1, 2, 1]);
    });

    it('given a subscription that stopped, when a new instance with the same name starts, then it resumes after the checkpoint', async () => {
      const named = `sub-${randomUUID()}`;
      const first = recorder(prefix, wiring.effects);
      const one = subscribe({ name: named, handle: first.handle });
      await one.start();
      await one.caughtUp(await appendOrders(wiring.store, prefix, 3));
      await one.stop();

      const last = await appendOrders(wiring.store, prefix, 2);
      const second = recorder(prefix, wiring.effects);
      const two = subscribe({ name: named, handle: second.handle });
      await two.start();
      await two.caughtUp(last);
      expect(first.seen).toEqual([1, 2, 3]);
      expect(second.seen).toEqual([1, 2]);
    });

    it('given a handler that fails twice on an event, when it runs, then it retries that event without skipping it and the checkpoint waits', async () => {
      // The first failure rolls back the whole read (checkpoint still at the start); then its events
      // go one per transaction, so the event before the failing one commits and the checkpoint waits there.
      // (When the first read sees only event 1 — the snapshot horizon can hold 2 and 3 back while another
      // transaction on the server is open — event 1 commits alone first: the checkpoint is then already there.)
      const last = await appendOrders(wiring.store, prefix, 3);
      const { seen, handle } = recorder(prefix, wiring.effects);
      const named = `sub-${randomUUID()}`;
      let failuresLeft = 2;
      const checkpointsWhileFailing: number[] = [];
      const errors: Array<[unknown, number]> = [];
      const subscription = subscribe({
        name: named,
        handle: async (event, tx) => {
          if (event.streamId.startsWith(prefix) && (event.data as { n: number }).n === 2 && failuresLeft > 0) {
            failuresLeft -= 1;
            checkpointsWhileFailing.push(await wiring.checkpoints.load(named));
            throw new Error('read model unavailable');
          }
          await handle(event, tx);
        },
        onError: (_error, info) => void errors.push([(info.event?.data as { n: number }).n, info.attempt]),
      });
      await subscription.start();
      await subscription.caughtUp(last);
      expect(seen.filter((n, i) => seen.indexOf(n) === i)).toEqual([1, 2, 3]);
      expect(errors).toEqual([
        [2, 1],
        [2, 2],
      ]);
      const [first] = (await wiring.store.readAll({ after: 0, limit: 100_000 })).filter((e) => e.streamId.startsWith(prefix));
      const [atFirstFailure, atSecondFailure] = checkpointsWhileFailing;
      expect([0, first!.globalPosition]).toContain(atFirstFailure);
      expect(atSecondFailure).toBe(first!.globalPosition);
    });

    it('given a batch handler, when several events are waiting, then it gets them in one call and they commit with one checkpoint', async () => {
      const last = await appendOrders(wiring.store, prefix, 4);
      const calls: number[][] = [];
      const subscription = subscribe({
        batchSize: 100_000,
        handle: undefined,
        handleBatch: async (events, tx) => {
          const mine = events.filter((e) => e.streamId.startsWith(`${prefix}-`));
          if (mine.length > 0) calls.push(mine.map((e) => (e.data as { n: number }).n));
          for (const e of mine) await wiring.effects.record(tx, `${prefix}:${(e.data as { n: number }).n}`);
        },
      });
      await subscription.start();
      await subscription.caughtUp(last);
      expect(calls).toEqual([[1, 2, 3, 4]]);
      for (let n = 1; n <= 4; n++) expect(await wiring.effects.count(`${prefix}:${n}`)).toBe(1);
    });

    it('given a batch handler that fails on one event of a read, when retried, then the events before it are kept and it is retried alone', async () => {
      const last = await appendOrders(wiring.store, prefix, 3);
      let failuresLeft = 2;
      const errors: number[] = [];
      const subscription = subscribe({
        handle: undefined,
        handleBatch: async (events, tx) => {
          for (const e of events.filter((x) => x.streamId.startsWith(`${prefix}-`))) {
            const { n } = e.data as { n: number };
            await wiring.effects.record(tx, `${prefix}:${n}`);
            if (n === 2 && failuresLeft-- > 0) throw new Error('read model unavailable');
          }
        },
        onError: (_error, info) => void errors.push(info.attempt),
      });
      await subscription.start();
      await subscription.caughtUp(last);
      expect(errors).toEqual([1, 2]);
      for (let n = 1; n <= 3; n++) expect(await wiring.effects.count(`${prefix}:${n}`)).toBe(1);
    });

    it('given the types it reads, when only other types arrive, then the handler is not called and the checkpoint still moves past them', async () => {
      const seen: string[] = [];
      const named = `sub-${randomUUID()}`;
      const subscription = subscribe({ name: named, types: ['Wanted'], handle: async (event) => void seen.push(event.type) });
      await subscription.start();
      const first = await wiring.store.appendToStream(`${prefix}-types`, [{ type: 'Other', data: {} }, { type: 'Wanted', data: {} }, { type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
      await subscription.caughtUp(first.lastGlobalPosition);
      const passed = await wiring.store.appendToStream(`${prefix}-types`, [{ type: 'Other', data: {} }], { expectedVersion: 'any' });
      await subscription.caughtUp(passed.lastGlobalPosition);
      while ((await wiring.checkpoints.load(named)) < passed.lastGlobalPosition) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(seen.filter((type) => type !== 'Wanted')).toEqual([]);
      expect(seen).toContain('Wanted');
    });

    it('given a commit listener, when a read is handled, then it is told of the handled events after they committed', async () => {
      const named = `sub-${randomUUID()}`;
      const told: Array<{ types: string[]; checkpoint: number }> = [];
      const subscription = subscribe({
        name: named,
        types: ['Told'],
        handle: (event, tx) => wiring.effects.record(tx, `${prefix}:told:${event.globalPosition}`),
        committed: (events) => void told.push({ types: events.map((e) => e.type), checkpoint: events[events.length - 1]!.globalPosition }),
      });
      await subscription.start();
      const { lastGlobalPosition } = await wiring.store.appendToStream(`${prefix}-told`, [{ type: 'Told', data: {} }, { type: 'Other', data: {} }], { expectedVersion: 'no_stream' });
      await subscription.caughtUp(lastGlobalPosition);
      const mine = told.filter((t) => t.checkpoint === lastGlobalPosition - 1);
      expect(mine.map((t) => t.types)).toEqual([['Told']]);
      expect(await wiring.checkpoints.load(named)).toBeGreaterThanOrEqual(lastGlobalPosition - 1);
    });

    it('given work that writes nothing through its transaction, when advanced, then nothing is saved and it answers false; without work, the checkpoint alone moves', async () => {
      const named = `sub-${randomUUID()}`;
      await expect(wiring.checkpoints.advance(named, 0, 5, async () => undefined)).resolves.toBe(false);
      expect(await wiring.checkpoints.load(named)).toBe(0);
      await expect(wiring.checkpoints.advance(named, 0, 5)).resolves.toBe(true);
      expect(await wiring.checkpoints.load(named)).toBe(5);
      await expect(wiring.checkpoints.advance(named, 5, 7, (tx) => wiring.effects.record(tx, `${prefix}:advanced`))).resolves.toBe(true);
      expect(await wiring.checkpoints.load(named)).toBe(7);
      expect(await wiring.effects.count(`${prefix}:advanced`)).toBe(1);
    });

    it('given a handler that writes nothing, when it handles events, then a read of them saves no checkpoint, yet the checkpoint reaches them once the log is idle', async () => {
      const named = `sub-${randomUUID()}`;
      const seen: number[] = [];
      let saves = 0;
      let reads = 0;
      const checkpoints: CheckpointStore = {
        ...wiring.checkpoints,
        advance: async (...args) => {
          const saved = await wiring.checkpoints.advance(...args);
          if (saved) saves++;
          return saved;
        },
      };
      const store: SubscriptionOptions['store'] = {
        readAll: async (options) => {
          const events = await wiring.store.readAll(options);
          if (events.length > 0) reads++;
          return events;
        },
        onAppended: (listener) => wiring.store.onAppended(listener),
        headPosition: () => wiring.store.headPosition(),
      };
      const last = await appendOrders(wiring.store, prefix, 3);
      // One event per read: read after read while the log has more, then one that finds nothing.
      const subscription = subscribe({ name: named, store, checkpoints, batchSize: 1, handle: async (event) => void (event.streamId.startsWith(`${prefix}-`) && seen.push((event.data as { n: number }).n)) });
      await subscription.start();
      await subscription.caughtUp(last);
      while ((await wiring.checkpoints.load(named)) < last) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(seen).toEqual([1, 2, 3]);
      expect(reads).toBeGreaterThanOrEqual(3);
      // Saved when a read found nothing (or once a second of reading), not with each read.
      expect(saves).toBeLessThan(reads);
    });

    it('given a gathering time, when events keep coming, then it reads them in fewer, bigger reads, and all of them', async () => {
      const reads: number[] = [];
      const subscription = subscribe({
        gatherMs: 40,
        handleBatch: async (events) => {
          const mine = events.filter((e) => e.streamId.startsWith(`${prefix}-`));
          if (mine.length > 0) reads.push(mine.length);
        },
        handle: undefined,
      });
      await subscription.start();
      let last = 0;
      for (let n = 0; n < 20; n++) {
        last = (await wiring.store.appendToStream(`${prefix}-${n}`, [{ type: 'OrderPlaced', data: { n } }], { expectedVersion: 'no_stream' })).lastGlobalPosition;
        await new Promise((resolve) => setTimeout(resolve, 4));
      }
      await subscription.caughtUp(last);
      expect(reads.reduce((a, b) => a + b, 0)).toBe(20);
      expect(reads.length).toBeLessThan(20);
    });

    it('given a handler that wrote through its transaction and then failed, when retried, then only the successful attempt is kept', async () => {
      const last = await appendOrders(wiring.store, prefix, 1);
      let failed = false;
      const subscription = subscribe({
        handle: async (event, tx) => {
          if (!event.streamId.startsWith(prefix)) return;
          await wiring.effects.record(tx, prefix);
          if (!failed) {
            failed = true;
            throw new Error('after writing');
          }
        },
      });
      await subscription.start();
      await subscription.caughtUp(last);
      expect(await wiring.effects.count(prefix)).toBe(1);
    });

    it('given two instances of one subscription at once, when both run, then each event is applied exactly once', async () => {
      const last = await appendOrders(wiring.store, prefix, 12);
      const named = `sub-${randomUUID()}`;
      const twins = [1, 2].map(() =>
        subscribe({
          name: named,
          batchSize: 3,
          handle: async (event, tx) => {
            if (!event.streamId.startsWith(prefix)) return;
            await new Promise((resolve) => setImmediate(resolve));
            await wiring.effects.record(tx, `${prefix}:${(event.data as { n: number }).n}`);
          },
        }),
      );
      await Promise.all(twins.map((t) => t.start()));
      await Promise.all(twins.map((t) => t.caughtUp(last)));
      for (let n = 1; n <= 12; n++) expect(await wiring.effects.count(`${prefix}:${n}`)).toBe(1);
    });

    it('given a batch in hand, when stop is called, then it finishes the batch before resolving', async () => {
      const last = await appendOrders(wiring.store, prefix, 3);
      const { seen, handle } = recorder(prefix, wiring.effects);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const blocked = new Promise<void>((resolve) => (entered = resolve));
      const subscription = subscribe({
        batchSize: 100_000,
        handle: async (event, tx) => {
          if (event.streamId.startsWith(prefix) && (event.data as { n: number }).n === 1) {
            entered();
            await gate;
          }
          await handle(event, tx);
        },
      });
      await subscription.start();
      await blocked;
      const stopped = subscription.stop();
      release();
      await stopped;
      expect(seen).toEqual([1, 2, 3]);
      expect(await wiring.checkpoints.load(subscription.name)).toBeGreaterThanOrEqual(last);
    });

    it('given a position already handled, when caughtUp is asked, then it resolves; given a stop first, then it rejects', async () => {
      const last = await appendOrders(wiring.store, prefix, 1);
      const subscription = subscribe({ handle: async () => undefined });
      await subscription.start();
      await subscription.caughtUp(last);
      await expect(subscription.caughtUp(last)).resolves.toBeUndefined();
      const never = subscription.caughtUp(Number.MAX_SAFE_INTEGER);
      await subscription.stop();
      await expect(never).rejects.toThrow('stopped');
    });

    it('given an observer, when it catches up, then it reports how far behind it was and finally 0', async () => {
      const last = await appendOrders(wiring.store, prefix, 3);
      const lags: number[] = [];
      const subscription = subscribe({ handle: async () => undefined, batchSize: 1, observer: { lag: (_name, behind) => void lags.push(behind) } });
      await subscription.start();
      await subscription.caughtUp(last);
      while (lags.at(-1) !== 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(lags[0]).toBeGreaterThan(0);
    });

    it('given an observer, when events come one at a time and it catches up after each, then it asks for the head at most once a second (and when it catches up after a lag)', async () => {
      let heads = 0;
      const lags: number[] = [];
      const store: SubscriptionOptions['store'] = {
        readAll: (options) => wiring.store.readAll(options),
        onAppended: (listener) => wiring.store.onAppended(listener),
        headPosition: () => {
          heads++;
          return wiring.store.headPosition();
        },
      };
      const began = Date.now();
      const subscription = subscribe({ store, handle: async () => undefined, observer: { lag: (_name, behind) => void lags.push(behind) } });
      await subscription.start();
      for (let n = 0; n < 10; n++) await subscription.caughtUp(await appendOrders(wiring.store, `${prefix}-${n}`, 1));
      await subscription.stop();
      // One at the start and at most one per whole second after it (ceil would allow one too few when the run lasts a whole number of seconds to the millisecond).
      const seconds = Math.floor((Date.now() - began) / 1000) + 1;
      // Before: one head per read that found nothing, i.e. after each of the 10 events and every 20 ms poll.
      expect(heads).toBeLessThanOrEqual(seconds + lags.filter((lag) => lag > 0).length);
    });
  });
}

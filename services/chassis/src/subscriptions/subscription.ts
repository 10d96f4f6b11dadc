import { setTimeout as sleep } from 'node:timers/promises';
import type { Tx } from '../db';
import type { EventStore, StoredEvent } from '../eventstore/types';
import { CheckpointMoved, type CheckpointStore } from './checkpoints';

/** Lets the chassis export consumer lag as a metric. */
export interface SubscriptionObserver {
  lag(name: string, behind: number): void;
}

export interface SubscriptionErrorInfo {
  subscription: string;
  /** The event whose handler failed; absent when reading the log or the checkpoint failed. */
  event?: StoredEvent;
  /** Consecutive failures so far, 1 for the first. */
  attempt: number;
}

export interface SubscriptionOptions {
  /** Names the checkpoint: a new instance with the same name resumes where the last one stopped. */
  name: string;
  store: EventStore;
  checkpoints: CheckpointStore;
  /** Writes through `tx` commit with the checkpoint; must tolerate a redelivery of other effects. */
  handle: (event: StoredEvent, tx: Tx) => Promise<void>;
  /** Events read per query (default 100). */
  batchSize?: number;
  /** Poll interval when no append wakes it (default 500 ms). */
  idleMs?: number;
  observer?: SubscriptionObserver;
  /** Told about every failure; the subscription retries the same event with backoff. */
  onError?: (error: unknown, info: SubscriptionErrorInfo) => void;
  /** Backoff after a failure: starts at firstMs (default 100), doubles, capped at maxMs (default 30 s). */
  retry?: { firstMs?: number; maxMs?: number };
}

export interface Subscription {
  readonly name: string;
  /** Loads the checkpoint and starts tailing the log; resolves once running. */
  start(): Promise<void>;
  /** Finishes the batch in hand, then stops; pending caughtUp calls reject. */
  stop(): Promise<void>;
  /** Resolves once every event up to `position` is handled (e.g. an append's lastGlobalPosition). */
  caughtUp(position: number): Promise<void>;
}

/** Wakes a waiting loop early; a wake while not waiting makes the next wait return at once. */
function wakeSignal() {
  let pending = false;
  let wakeWaiter: (() => void) | undefined;
  return {
    wake(): void {
      pending = true;
      wakeWaiter?.();
    },
    /** Forget earlier wakes: called right before reading, which sees everything they announced. */
    clear(): void {
      pending = false;
    },
    wait(ms: number): Promise<void> {
      if (pending) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeWaiter = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakeWaiter = done;
      });
    },
  };
}

/** Callers of caughtUp, released as the checkpoint passes their position. */
function positionWaiters() {
  let waiters: Array<{ position: number; resolve: () => void; reject: (error: Error) => void }> = [];
  return {
    add(position: number): Promise<void> {
      return new Promise((resolve, reject) => waiters.push({ position, resolve, reject }));
    },
    reached(position: number): void {
      const done = waiters.filter((w) => w.position <= position);
      waiters = waiters.filter((w) => w.position > position);
      for (const w of done) w.resolve();
    },
    rejectAll(error: Error): void {
      const all = waiters;
      waiters = [];
      for (const w of all) w.reject(error);
    },
  };
}

/**
 * A named, checkpointed, at-least-once consumer of the whole log. It reads from its checkpoint with
 * `readAll` (which never returns past an event that could still commit), handles each event in one
 * transaction with the checkpoint, and wakes on appends with a poll as fallback. A failing handler
 * holds the subscription at that event, retried with backoff: it is never skipped.
 */
export function createSubscription(options: SubscriptionOptions): Subscription {
  const { name, store, checkpoints, handle, batchSize = 100, idleMs = 500, observer, onError } = options;
  const firstRetryMs = options.retry?.firstMs ?? 100;
  const maxRetryMs = options.retry?.maxMs ?? 30_000;
  const signal = wakeSignal();
  const waiters = positionWaiters();
  let position = 0;
  let running = false;
  let loop: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopping = new AbortController();
  let inFlight: StoredEvent | undefined;
  /** Set when another instance saved first: its checkpoint is the truth. */
  let reload = false;

  function advancedTo(next: number): void {
    position = next;
    waiters.reached(position);
  }

  async function handleBatch(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      inFlight = event;
      await checkpoints.advance(name, position, event.globalPosition, (tx) => handle(event, tx));
      inFlight = undefined;
      advancedTo(event.globalPosition);
    }
  }

  async function reportLag(): Promise<void> {
    if (!observer) return;
    const head = await store.headPosition();
    observer.lag(name, Math.max(0, head - position));
  }

  /** One read: handle what it returned, or wait for a wake-up or the poll interval. */
  async function step(): Promise<void> {
    if (reload) {
      advancedTo(await checkpoints.load(name));
      reload = false;
    }
    signal.clear();
    const events = await store.readAll({ after: position, limit: batchSize });
    if (events.length > 0) await handleBatch(events);
    await reportLag();
    if (events.length < batchSize && running) await signal.wait(idleMs);
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      try {
        await step();
        failures = 0;
      } catch (error) {
        const event = inFlight;
        inFlight = undefined;
        if (error instanceof CheckpointMoved) {
          reload = true;
          continue;
        }
        failures += 1;
        try {
          onError?.(error, { subscription: name, event, attempt: failures });
        } catch {
          // A failing error reporter must not end the loop; the retry below still happens.
        }
        const backoff = Math.min(firstRetryMs * 2 ** (failures - 1), maxRetryMs);
        await sleep(backoff, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  return {
    name,

    async start() {
      if (running) return;
      advancedTo(await checkpoints.load(name));
      running = true;
      stopping = new AbortController();
      unsubscribe = store.onAppended(signal.wake);
      loop = run();
    },

    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      stopping.abort();
      signal.wake();
      await loop;
      loop = undefined;
      waiters.rejectAll(new Error(`subscription ${name} stopped`));
    },

    caughtUp(target) {
      return position >= target ? Promise.resolve() : waiters.add(target);
    },
  };
}

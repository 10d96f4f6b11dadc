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
  /** The log it reads: a service's own log, or another service's published stream. */
  store: Pick<EventStore, 'readAll' | 'headPosition' | 'onAppended'>;
  checkpoints: CheckpointStore;
  /**
   * Writes through `tx` commit with the checkpoint; must tolerate a redelivery of other effects. The
   * transaction begins with the first statement through `tx`: a read whose handler made none opens
   * none, and its position is saved as passed-over events' is (below). Read outside `tx` what needs
   * no snapshot of the transaction, so that a handler which writes nothing stays that cheap.
   */
  handle?: (event: StoredEvent, tx: Tx) => Promise<void>;
  /**
   * Instead of `handle`: every event of one read at once (a handler that can do one statement for
   * many events). The same rules: writes through `tx` commit with the checkpoint.
   */
  handleBatch?: (events: StoredEvent[], tx: Tx) => Promise<void>;
  /**
   * The event types the handler reads. Others are passed over without a transaction: their
   * position is saved with the next handled batch, or within a second (a crash replays them to
   * nobody). Default: every type.
   */
  types?: readonly string[];
  /** Told, after their transaction committed, of the events a read handled (say, to drop cached copies). */
  committed?: (events: StoredEvent[]) => void;
  /** Events read per query (default 100). */
  batchSize?: number;
  /**
   * After a read that found events, wait this long before the next one (default 0), so a busy log
   * is handled in fewer, bigger reads (one transaction each) at the cost of that much latency.
   */
  gatherMs?: number;
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
 * How a follower of a busy log reads it (the orders log and its published stream: one event per
 * order, hundreds a second): after a read that found events, it gathers for a tenth of a second, up
 * to 500 events a read, so one read (and at most one transaction) serves all orders of that time.
 * The first event after a quiet spell is still read as soon as its append wakes the follower.
 */
export const BUSY_LOG_READS = { gatherMs: 100, batchSize: 500 } as const satisfies Pick<SubscriptionOptions, 'gatherMs' | 'batchSize'>;

/** How often, at most, the lag is measured while events keep coming (it costs a query of the head). */
const LAG_REPORT_MS = 1_000;
/** How long a position reached by passing events over may stay unsaved while events keep coming. */
const SAVE_PASSED_MS = 1_000;

/**
 * A named, checkpointed, at-least-once consumer of the whole log. It reads from its checkpoint with
 * `readAll` (which never returns past an event that could still commit), handles all events of one
 * read in one transaction with the checkpoint (under load a read returns what arrived meanwhile, so
 * one commit serves many events), and wakes on appends with a poll as fallback. When a batch fails,
 * its events are retried one per transaction, so a failing handler holds the subscription at that
 * event, retried with backoff: it is never skipped, and the events before it are kept.
 */
export function createSubscription(options: SubscriptionOptions): Subscription {
  const { name, store, checkpoints, batchSize = 100, idleMs = 500, gatherMs = 0, observer, onError } = options;
  const { handle, handleBatch } = options;
  if (!handle === !handleBatch) throw new Error(`subscription ${name} needs handle or handleBatch, not both`);
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

  /** The checkpoint as saved; `position` may be ahead of it by events passed over. */
  let saved = 0;
  let savedAt = 0;
  const wanted = options.types ? new Set(options.types) : undefined;

  function advancedTo(next: number): void {
    position = next;
    waiters.reached(position);
  }

  /**
   * Moves the saved checkpoint to `to` with `work` in the same transaction. Work that wrote nothing
   * opened none: its events count as passed over (saved with the next write, or by savePassed).
   */
  async function save(to: number, work?: (tx: Tx) => Promise<void>): Promise<void> {
    if (!(await checkpoints.advance(name, saved, to, work))) return;
    saved = to;
    savedAt = Date.now();
  }

  function loaded(at: number): void {
    saved = at;
    savedAt = Date.now();
    advancedTo(at);
  }

  /** Positions up to here go one per transaction: a batch that ended there failed. */
  let singlyThrough = 0;
  let lagReportedAt = 0;
  let lagReported = 0;

  const handleAll = async (events: StoredEvent[], tx: Tx): Promise<void> => {
    if (handleBatch) {
      inFlight = events.length === 1 ? events[0] : undefined;
      return handleBatch(events, tx);
    }
    for (const event of events) {
      inFlight = event;
      await handle!(event, tx);
    }
  };

  async function handleEvents(read: StoredEvent[]): Promise<void> {
    const last = read[read.length - 1]!.globalPosition;
    const events = wanted ? read.filter((event) => wanted.has(event.type)) : read;
    if (events.length > 1 && events[0]!.globalPosition > singlyThrough) {
      try {
        await save(last, (tx) => handleAll(events, tx));
      } catch (error) {
        if (!(error instanceof CheckpointMoved)) singlyThrough = last;
        throw error;
      }
      inFlight = undefined;
      options.committed?.(events);
    } else {
      for (const event of events) {
        await save(event.globalPosition, (tx) => handleAll([event], tx));
        inFlight = undefined;
        options.committed?.([event]);
        advancedTo(event.globalPosition);
      }
    }
    advancedTo(last);
  }

  /** Saves a position reached by passing events over: when idle, or once it is a second old. */
  async function savePassed(idle: boolean): Promise<void> {
    if (saved < position && (idle || Date.now() - savedAt >= SAVE_PASSED_MS)) await save(position);
  }

  /**
   * At most every LAG_REPORT_MS (the head is a query, and a busy subscription is caught up after
   * nearly every read), except when it catches up after reporting a lag: then at once, so the
   * metric drops to 0 as soon as it is true.
   */
  async function reportLag(caughtUp: boolean): Promise<void> {
    if (!observer || (Date.now() - lagReportedAt < LAG_REPORT_MS && !(caughtUp && lagReported > 0))) return;
    lagReportedAt = Date.now();
    const head = await store.headPosition();
    lagReported = Math.max(0, head - position);
    observer.lag(name, lagReported);
  }

  /** One read: handle what it returned, or wait for a wake-up or the poll interval. */
  async function step(): Promise<void> {
    if (reload) {
      loaded(await checkpoints.load(name));
      reload = false;
    }
    signal.clear();
    const events = await store.readAll({ after: position, limit: batchSize });
    if (events.length > 0) await handleEvents(events);
    await savePassed(events.length === 0);
    await reportLag(events.length === 0);
    if (!running || events.length >= batchSize) return;
    if (events.length > 0 && gatherMs > 0) await sleep(gatherMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    else await signal.wait(idleMs);
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
      loaded(await checkpoints.load(name));
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
      // Best effort: a position not saved is only passed over again by the next instance.
      await savePassed(true).catch(() => undefined);
      waiters.rejectAll(new Error(`subscription ${name} stopped`));
    },

    caughtUp(target) {
      return position >= target ? Promise.resolve() : waiters.add(target);
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import { assertValidExpectedVersion, satisfies, versionConflict } from './expected-version';
import { listenerSet } from './listeners';
import type { AppendOptions, AppendResult, EventStore, NewEvent, StoredEvent } from './types';

/** A JSON round trip, as jsonb does: what the caller keeps (or gets back) can never alias the log. */
const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

const copyEvent = (event: StoredEvent): StoredEvent => ({
  ...event,
  data: jsonCopy(event.data),
  metadata: jsonCopy(event.metadata),
  recordedAt: new Date(event.recordedAt),
});

/** Runs `work` after every earlier call has settled: appends are serialized like a single writer. */
function promiseQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Inline projections write at once and register undos; a throw runs them newest first. */
async function runInline(events: StoredEvent[], options: AppendOptions): Promise<void> {
  const undos: Array<() => void> = [];
  const tx: Tx = { kind: 'memory', onRollback: (undo) => void undos.push(undo) };
  try {
    for (const project of options.inline ?? []) await project(events.map(copyEvent), tx);
  } catch (error) {
    for (const undo of undos.reverse()) undo();
    throw error;
  }
}

/**
 * The in-process event store: the same contract as PostgreSQL's, for unit tests and tools. Appends
 * are serialized, so the log never has an uncommitted gap and readAll needs no snapshot rule.
 */
export function createMemoryEventStore(): EventStore {
  const log: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const listeners = listenerSet();
  const serialize = promiseQueue();

  function stage(streamId: string, events: NewEvent[], version: number): StoredEvent[] {
    const recordedAt = new Date();
    return events.map((event, i) => ({
      eventId: randomUUID(),
      streamId,
      streamVersion: version + i + 1,
      globalPosition: log.length + i + 1,
      type: event.type,
      data: jsonCopy(event.data),
      metadata: jsonCopy(event.metadata ?? {}),
      recordedAt,
    }));
  }

  async function append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const stream = streams.get(streamId) ?? [];
    if (!satisfies(options.expectedVersion, stream.length)) {
      throw versionConflict(streamId, options.expectedVersion, stream.length);
    }
    if (events.length === 0) return { nextExpectedVersion: stream.length, lastGlobalPosition: 0, events: [] };
    const staged = stage(streamId, events, stream.length);
    await runInline(staged, options);
    log.push(...staged);
    streams.set(streamId, [...stream, ...staged]);
    setImmediate(listeners.notify);
    return {
      nextExpectedVersion: stream.length + staged.length,
      lastGlobalPosition: log.length,
      events: staged.map(copyEvent),
    };
  }

  return {
    async migrate() {
      // nothing to create in memory
    },

    async readStream(streamId, options = {}) {
      const fromVersion = options.fromVersion ?? 1;
      return (streams.get(streamId) ?? []).filter((e) => e.streamVersion >= fromVersion).map(copyEvent);
    },

    async appendToStream(streamId, events, options) {
      assertValidExpectedVersion(options.expectedVersion);
      return serialize(() => append(streamId, events, options));
    },

    // Positions are 1..n without gaps here, so a position is also an index.
    async readAll({ after, limit }) {
      const from = Math.max(0, Math.floor(after));
      return log.slice(from, from + Math.max(0, limit)).map(copyEvent);
    },

    async headPosition() {
      return log.length;
    },

    onAppended: (listener) => listeners.add(listener),

    async close() {
      listeners.clear();
    },
  };
}

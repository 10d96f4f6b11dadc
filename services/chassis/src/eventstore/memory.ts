import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import { assertDistinctStreams, assertValidExpectedVersion, satisfies, sharedProjections, versionConflict } from './expected-version';
import { listenerSet } from './listeners';
import type { AppendOptions, AppendResult, EventStore, InlineProjection, NewEvent, StoredEvent, StreamAppend } from './types';

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
async function runInline(projections: Iterable<[InlineProjection, StoredEvent[]]>): Promise<void> {
  const undos: Array<() => void> = [];
  const tx: Tx = { kind: 'memory', onRollback: (undo) => void undos.push(undo) };
  try {
    for (const [project, events] of projections) await project(events.map(copyEvent), tx);
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

  function stage(streamId: string, events: NewEvent[], version: number, after = log.length): StoredEvent[] {
    const recordedAt = new Date();
    return events.map((event, i) => ({
      eventId: randomUUID(),
      streamId,
      streamVersion: version + i + 1,
      globalPosition: after + i + 1,
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
    await runInline((options.inline ?? []).map((project): [InlineProjection, StoredEvent[]] => [project, staged]));
    log.push(...staged);
    streams.set(streamId, [...stream, ...staged]);
    setImmediate(listeners.notify);
    return {
      nextExpectedVersion: stream.length + staged.length,
      lastGlobalPosition: log.length,
      events: staged.map(copyEvent),
    };
  }

  /** Checks every version, stages all, runs every projection; only then does anything reach the log. */
  async function appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    let after = log.length;
    const staged = appends.map((append) => {
      const stream = streams.get(append.streamId) ?? [];
      if (!satisfies(append.expectedVersion, stream.length)) throw versionConflict(append.streamId, append.expectedVersion, stream.length);
      const events = stage(append.streamId, append.events, stream.length, after);
      after += events.length;
      return { stream, events, options: append };
    });
    await runInline(sharedProjections(appends, staged.map(({ events }) => events)));
    for (const { stream, events, options } of staged) {
      log.push(...events);
      streams.set(options.streamId, [...stream, ...events]);
    }
    if (staged.some(({ events }) => events.length > 0)) setImmediate(listeners.notify);
    return staged.map(({ stream, events }) => ({
      nextExpectedVersion: stream.length + events.length,
      lastGlobalPosition: events[events.length - 1]?.globalPosition ?? 0,
      events: events.map(copyEvent),
    }));
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

    async appendToStreams(appends) {
      assertDistinctStreams(appends);
      return serialize(() => appendMany(appends));
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

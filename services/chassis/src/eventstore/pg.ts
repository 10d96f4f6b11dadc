import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { migrateUnderLock, quoteSchema } from '../db';
import { isDomainError } from '../errors';
import { assertValidExpectedVersion, concurrentAppendConflict, satisfies, versionConflict } from './expected-version';
import { listenerSet } from './listeners';
import { createNotifyListener } from './pg-listener';
import { createCommitNotifier } from './pg-notify';
import { eventStoreDdl, EXPECT_ANY, EXPECT_STREAM_EXISTS, VERSION_MISMATCH } from './pg-schema';
import type { AppendOptions, AppendResult, EventMetadata, EventStore, ExpectedVersion, NewEvent, StoredEvent } from './types';

/** Lets the chassis record metrics without the store knowing about Prometheus. */
export interface EventStoreObserver {
  appended(events: number, seconds: number): void;
}

export interface PgEventStoreOptions {
  /** Used, never ended: whoever made the pool closes it. */
  pool: Pool;
  /** The service's schema; also the NOTIFY channel. */
  schema: string;
  observer?: EventStoreObserver;
  /** First wait before reopening a dropped LISTEN connection (default 1000 ms). */
  listenRetryMs?: number;
}

interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

interface AppendedRow {
  r_positions: string[];
  r_first_version: number;
  r_recorded_at: Date;
}

interface PendingEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const COLUMNS = 'global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at';

// bigint arrives as a string; positions stay far below 2^53, so a number is exact.
const toStoredEvent = (row: EventRow): StoredEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  globalPosition: Number(row.global_position),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
});

/** An event as sent (`json`) and as the append answers it (`event`). */
interface EncodedEvent {
  json: string;
  event: PendingEvent;
}

// A JSON round trip, so what the append answers equals what a read returns (jsonb drops undefined).
const encode = (event: NewEvent): EncodedEvent => {
  const json = JSON.stringify({ eventId: randomUUID(), type: event.type, data: event.data ?? null, metadata: event.metadata ?? {} });
  return { json, event: JSON.parse(json) as PendingEvent };
};

const encodeExpected = (expected: ExpectedVersion): number =>
  expected === 'any' ? EXPECT_ANY : expected === 'stream_exists' ? EXPECT_STREAM_EXISTS : expected === 'no_stream' ? 0 : expected;

const sqlState = (error: unknown): string | undefined => (error as { code?: unknown }).code?.toString();

/** Version failures become Conflicts; anything else is not ours to reinterpret. */
function appendError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  const code = sqlState(error);
  if (code === VERSION_MISMATCH) return versionConflict(streamId, expected, Number((error as { detail?: string }).detail));
  if (code === '23505') return concurrentAppendConflict(streamId, expected);
  return error;
}

/**
 * The PostgreSQL event store: one `events` table per service schema, appends through a plpgsql
 * function (one round trip), readers bounded by the transaction-id snapshot rule, and a NOTIFY on
 * the schema's channel after each commit.
 */
export function createPgEventStore({ pool, schema, observer, listenRetryMs }: PgEventStoreOptions): EventStore {
  const s = quoteSchema(schema);
  const listeners = listenerSet();
  const notifications = createNotifyListener({ pool, channel: schema, onNotify: listeners.notify, retryMs: listenRetryMs });
  const notifier = createCommitNotifier(pool, schema);

  // Prepared once per connection: parsing and planning the call each time cost ~20% of the append's database CPU.
  const appendStatement = { name: `seatside_append_${schema}`, text: `SELECT * FROM ${s}.append_to_stream($1, $2, $3)` };

  async function insert(client: PoolClient, streamId: string, expected: ExpectedVersion, events: EncodedEvent[]) {
    const { rows } = await client.query<AppendedRow>({
      ...appendStatement,
      values: [streamId, encodeExpected(expected), `[${events.map((e) => e.json).join(',')}]`],
    });
    const row = rows[0];
    if (row?.r_positions.length !== events.length) {
      throw new Error(`append_to_stream answered ${row?.r_positions.length} positions for ${events.length} events`);
    }
    return events.map(({ event }, i): StoredEvent => ({
      ...event,
      streamId,
      streamVersion: row.r_first_version + i,
      globalPosition: Number(row.r_positions[i]),
      recordedAt: row.r_recorded_at,
    }));
  }

  /** Autocommit when nothing else must join the transaction: the whole append is one round trip. */
  async function write(client: PoolClient, streamId: string, events: EncodedEvent[], options: AppendOptions) {
    const inline = options.inline ?? [];
    if (inline.length === 0) return insert(client, streamId, options.expectedVersion, events);
    await client.query('BEGIN');
    try {
      const stored = await insert(client, streamId, options.expectedVersion, events);
      for (const project of inline) await project(stored, { kind: 'pg', client });
      await client.query('COMMIT');
      return stored;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }

  async function currentVersion(streamId: string): Promise<number> {
    const { rows } = await pool.query<{ v: number }>(
      `SELECT coalesce(max(stream_version), 0)::int AS v FROM ${s}.events WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0]?.v ?? 0;
  }

  async function appendNothing(streamId: string, expected: ExpectedVersion): Promise<AppendResult> {
    const version = await currentVersion(streamId);
    if (!satisfies(expected, version)) throw versionConflict(streamId, expected, version);
    return { nextExpectedVersion: version, lastGlobalPosition: 0, events: [] };
  }

  return {
    async migrate() {
      await migrateUnderLock(pool, schema, [eventStoreDdl(schema)]);
    },

    async readStream(streamId, options = {}) {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
        [streamId, options.fromVersion ?? 1],
      );
      return rows.map(toStoredEvent);
    },

    async appendToStream(streamId, newEvents, options) {
      assertValidExpectedVersion(options.expectedVersion);
      if (newEvents.length === 0) return appendNothing(streamId, options.expectedVersion);
      const started = process.hrtime.bigint();
      const events = newEvents.map(encode);
      const client = await pool.connect();
      let stored: StoredEvent[];
      try {
        stored = await write(client, streamId, events, options);
      } catch (error) {
        const mapped = appendError(error, streamId, options.expectedVersion);
        client.release(reusable(mapped) ? undefined : true);
        throw mapped;
      }
      client.release();
      observer?.appended(stored.length, Number(process.hrtime.bigint() - started) / 1e9);
      // Wake this process's listeners now; other processes hear the NOTIFY.
      if (listeners.size > 0) setImmediate(listeners.notify);
      notifier.poke();
      const last = stored[stored.length - 1];
      return { nextExpectedVersion: last?.streamVersion ?? 0, lastGlobalPosition: last?.globalPosition ?? 0, events: stored };
    },

    async readAll({ after, limit }) {
      // Only rows of transactions older than every running one: nothing can still commit below them.
      // The horizon is server-wide, so a long transaction anywhere delays readers (never loses events).
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${s}.events
          WHERE global_position > $1 AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY global_position LIMIT $2`,
        [after, Math.max(0, limit)],
      );
      return rows.map(toStoredEvent);
    },

    async headPosition() {
      const { rows } = await pool.query<{ head: string }>(`SELECT coalesce(max(global_position), 0) AS head FROM ${s}.events`);
      return Number(rows[0]?.head ?? 0);
    },

    onAppended(listener) {
      const remove = listeners.add(listener);
      notifications.start();
      return remove;
    },

    async close() {
      listeners.clear();
      await Promise.all([notifications.close(), notifier.flush()]);
    },
  };
}

/**
 * Keep a connection whose state is known: after a Conflict, or after a projection's own error (no
 * SQL state) once ROLLBACK succeeded. A database or socket error may have left it mid-transaction or
 * even holding the position lock, so that connection is closed instead of going back to the pool.
 */
function reusable(error: unknown): boolean {
  return isDomainError(error) || sqlState(error) === undefined;
}

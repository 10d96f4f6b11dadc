import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { migrateUnderLock, prepared, quoteSchema, type Queryable } from '../db';
import { isDomainError } from '../errors';
import { assertDistinctStreams, assertValidExpectedVersion, concurrentAppendConflict, sharedProjections, satisfies, versionConflict } from './expected-version';
import { listenerSet } from './listeners';
import { createNotifyListener } from './pg-listener';
import { createCommitNotifier } from './pg-notify';
import { eventStoreDdl, EXPECT_ANY, EXPECT_STREAM_EXISTS, VERSION_MISMATCH } from './pg-schema';
import type { AppendOptions, AppendResult, EventMetadata, EventStore, ExpectedVersion, InlineProjection, NewEvent, StoredEvent, StreamAppend } from './types';

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

interface AppendedManyRow {
  r_positions: string[] | null;
  r_first_versions: number[];
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
  if (code === VERSION_MISMATCH) {
    const { detail, hint } = error as { detail?: string; hint?: string };
    return versionConflict(hint ?? streamId, expected, Number(detail));
  }
  if (code === '23505') return concurrentAppendConflict(streamId, expected);
  return error;
}

/**
 * Every committed event of a schema's log, in order, without `readAll`'s snapshot horizon (which a
 * transaction anywhere on the server holds back): for specs that check what was, or was not, written.
 */
export async function committedEvents(db: Queryable, schema: string): Promise<StoredEvent[]> {
  const { rows } = await db.query<EventRow>(`SELECT ${COLUMNS} FROM ${quoteSchema(schema)}.events ORDER BY global_position`);
  return rows.map(toStoredEvent);
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

  /** `write` in a transaction: ROLLBACK when anything in it throws. */
  async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
    await client.query('BEGIN');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }

  /** Autocommit when nothing else must join the transaction: the whole append is one round trip. */
  async function write(client: PoolClient, streamId: string, events: EncodedEvent[], options: AppendOptions) {
    const inline = options.inline ?? [];
    if (inline.length === 0) return insert(client, streamId, options.expectedVersion, events);
    return inTransaction(client, async () => {
      const stored = await insert(client, streamId, options.expectedVersion, events);
      await project(client, inline, stored);
      return stored;
    });
  }

  async function project(client: PoolClient, inline: InlineProjection[], stored: StoredEvent[]) {
    for (const projection of inline) await projection(stored, { kind: 'pg', client });
  }

  /**
   * BEGIN and every stream's events in one round trip (a simple query of two statements, so the
   * events go as a quoted literal), then the projections; the caller commits or rolls back.
   */
  async function writeMany(client: PoolClient, appends: StreamAppend[], encoded: EncodedEvent[][]) {
    const streams = appends.map((append, i) => `{"s":${JSON.stringify(append.streamId)},"x":${encodeExpected(append.expectedVersion)},"e":[${encoded[i]!.map((e) => e.json).join(',')}]}`);
    const answers = (await client.query(`BEGIN; SELECT * FROM ${s}.append_to_streams(${client.escapeLiteral(`[${streams.join(',')}]`)}::jsonb)`)) as unknown as { rows: AppendedManyRow[] }[];
    const row = answers[1]!.rows[0]!;
    let offset = 0;
    const stored = appends.map((append, i) =>
      encoded[i]!.map(({ event }, k): StoredEvent => ({
        ...event,
        streamId: append.streamId,
        streamVersion: row.r_first_versions[i]! + k,
        globalPosition: Number(row.r_positions![offset++]),
        recordedAt: row.r_recorded_at,
      })),
    );
    for (const [projection, events] of sharedProjections(appends, stored)) await projection(events, { kind: 'pg', client });
    return appends.map((append, i): AppendResult => {
      const last = stored[i]![stored[i]!.length - 1];
      return { nextExpectedVersion: last?.streamVersion ?? row.r_first_versions[i]! - 1, lastGlobalPosition: last?.globalPosition ?? 0, events: stored[i]! };
    });
  }

  /** After a commit: metrics, this process's listeners now, other processes through NOTIFY. */
  function committed(events: number, started: bigint) {
    observer?.appended(events, Number(process.hrtime.bigint() - started) / 1e9);
    if (listeners.size > 0) setImmediate(listeners.notify);
    notifier.poke();
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
      committed(stored.length, started);
      const last = stored[stored.length - 1];
      return { nextExpectedVersion: last?.streamVersion ?? 0, lastGlobalPosition: last?.globalPosition ?? 0, events: stored };
    },

    async appendToStreams(appends) {
      assertDistinctStreams(appends);
      if (appends.length === 0) return [];
      const started = process.hrtime.bigint();
      const encoded = appends.map((append) => append.events.map(encode));
      const client = await pool.connect();
      let results: AppendResult[];
      try {
        results = await writeMany(client, appends, encoded).then(
          async (written) => (await client.query('COMMIT'), written),
          async (error: unknown) => {
            await client.query('ROLLBACK');
            throw error;
          },
        );
      } catch (error) {
        // A version mismatch names its stream (HINT); a unique-key race could be any of them.
        const failed = appends.find((a) => a.streamId === (error as { hint?: string }).hint);
        const mapped = appendError(error, failed?.streamId ?? appends.map((a) => a.streamId).join(', '), (failed ?? appends[0]!).expectedVersion);
        client.release(reusable(mapped) ? undefined : true);
        throw mapped;
      }
      client.release();
      const count = results.reduce((sum, r) => sum + r.events.length, 0);
      if (count > 0) committed(count, started);
      return results;
    },

    async readAll({ after, limit }) {
      // Only rows of transactions older than every running one: nothing can still commit below them.
      // The horizon is server-wide, so a long transaction anywhere delays readers (never loses events).
      const { rows } = await pool.query<EventRow>(
        prepared(
          `SELECT ${COLUMNS} FROM ${s}.events
            WHERE global_position > $1 AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
            ORDER BY global_position LIMIT $2`,
          [after, Math.max(0, limit)],
        ),
      );
      return rows.map(toStoredEvent);
    },

    async headPosition() {
      const { rows } = await pool.query<{ head: string }>(prepared(`SELECT coalesce(max(global_position), 0) AS head FROM ${s}.events`, []));
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

import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { prepared, quoteSchema, type Queryable } from '../db';
import { runMigrations, type MigrationSet } from '../migrations';
import { backfillPublished, handOverPublished, insertPublished, publishedTableDdl } from '../published/pg';
import { mapsEvent, publicationFor, publishEvents } from '../published/publish';
import type { Publications, PublishedRow } from '../published/types';
import { isDomainError } from '../errors';
import { assertDistinctStreams, assertValidExpectedVersion, concurrentAppendConflict, sharedProjections, satisfies, versionConflict } from './expected-version';
import { listenerSet } from './listeners';
import { allInOrder, isPipelined, sentTogether } from './pipelined';
import { createNotifyListener } from './pg-listener';
import { createCommitNotifier } from './pg-notify';
import { logRows, sharedReads, sharedReadsOf } from './shared-reads';
import { eventStoreDdl, EXPECT_ANY, EXPECT_STREAM_EXISTS, VERSION_MISMATCH } from './pg-schema';
import { upcasterChain, type Upcaster } from './upcasters';
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
  /** What this log publishes: each append writes its integration events in its own transaction. */
  publications?: Publications;
  /** Old event shapes read as current ones, on every read (src/upcasters.ts of the service). */
  upcasters?: readonly Upcaster[];
}

/**
 * The event store's numbered migrations (chassis/src/migrations.ts). 1 is the DDL every schema had
 * before migrations were recorded (IF NOT EXISTS, so such a schema adopts it as is); from 2 on each
 * runs once.
 */
export const eventStoreMigrations = (schema: string): MigrationSet => ({
  component: 'eventstore',
  migrations: [
    { version: 1, name: 'events log and append functions', up: eventStoreDdl(schema) },
    { version: 2, name: 'published stream', up: publishedTableDdl(schema) },
  ],
});

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
export async function committedEvents(db: Queryable, schema: string, upcasters?: readonly Upcaster[]): Promise<StoredEvent[]> {
  const { rows } = await db.query<EventRow>(`SELECT ${COLUMNS} FROM ${quoteSchema(schema)}.events ORDER BY global_position`);
  const upcast = upcasterChain(upcasters);
  return upcast ? rows.map((row) => upcast(toStoredEvent(row))) : rows.map(toStoredEvent);
}

/**
 * The PostgreSQL event store: one `events` table per service schema, appends through a plpgsql
 * function (one round trip), readers bounded by the transaction-id snapshot rule, and a NOTIFY on
 * the schema's channel after each commit.
 */
export function createPgEventStore({ pool, schema, observer, listenRetryMs, publications, upcasters }: PgEventStoreOptions): EventStore {
  const s = quoteSchema(schema);
  const upcast = upcasterChain(upcasters);
  const fromRow = upcast ? (row: EventRow) => upcast(toStoredEvent(row)) : toStoredEvent;
  const listeners = listenerSet();
  const notifications = createNotifyListener({ pool, channel: schema, onNotify: listeners.notify, retryMs: listenRetryMs });
  const notifier = createCommitNotifier(pool, schema);
  const log = logRows(pool, `${s}.events`, COLUMNS, fromRow);
  // Every follower of this log in the process shares its reads (shared-reads.ts); an upcasting store's events are its own.
  const reads = upcast ? sharedReads(log) : sharedReadsOf(pool, `${schema}.events`, log);

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

  /**
   * `work` in a transaction: ROLLBACK when anything in it throws. On a pipelined connection BEGIN
   * goes out with the work's first statement (the append) instead of a round trip of its own.
   */
  async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
    if (isPipelined(client)) {
      // The work's first statement leaves with BEGIN.
      const [begun, working] = sentTogether(client, () => [client.query('BEGIN'), work()] as const);
      await allInOrder([begun, working]).catch(async (error: unknown) => {
        await client.query('ROLLBACK');
        throw error;
      });
      const result = await working;
      await client.query('COMMIT');
      return result;
    }
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
  async function write(client: PoolClient, streamId: string, events: EncodedEvent[], options: AppendOptions, published: PublishedRow[]) {
    const inline = options.inline ?? [];
    const publishing = publicationFor(publications, streamId) !== undefined;
    if (inline.length === 0 && !publishing) return insert(client, streamId, options.expectedVersion, events);
    return inTransaction(client, async () => {
      const stored = await insert(client, streamId, options.expectedVersion, events);
      await alongside(client, () => publish(client, [{ streamId, options, stored }], published), () => project(client, inline, stored));
      return stored;
    });
  }

  /**
   * After the append: its integration events and its projections. Neither reads what the other
   * writes, so on a pipelined connection they go out together (the projections among themselves
   * still one after another, in their order: one may read what an earlier one wrote).
   */
  async function alongside(client: PoolClient, published: () => Promise<void>, projected: () => Promise<void>): Promise<void> {
    if (isPipelined(client)) return allInOrder(sentTogether(client, () => [published(), projected()]));
    await published();
    await projected();
  }

  /**
   * Every append's integration events in one statement: a round trip per transaction, not per
   * append. When no stream has to be read first (new streams, the command's fold given, nothing
   * mapped), the statement is sent without waiting, so it leaves with the projections' (`alongside`).
   */
  async function publish(client: PoolClient, appends: Array<{ streamId: string; options: AppendOptions; stored: StoredEvent[] }>, rows: PublishedRow[]): Promise<void> {
    for (const { streamId, options, stored } of appends) {
      const mapped = publishedRows(streamId, options, stored);
      rows.push(...(Array.isArray(mapped) ? mapped : await mapped.afterReading(client)));
    }
    await insertPublished(client, schema, rows);
  }

  /**
   * The append's integration events, to be written in its transaction: each new event through its
   * stream's mapping, from the state before it: the command's fold when handleCommand passes it, a
   * new stream's initial state, else (`afterReading`) the stream read here, up to the new events.
   */
  function publishedRows(streamId: string, options: AppendOptions, stored: StoredEvent[]): PublishedRow[] | { afterReading(client: PoolClient): Promise<PublishedRow[]> } {
    const publication = publicationFor(publications, streamId);
    // The mappings read events as a reader would: upcast.
    const events = upcast ? stored.map(upcast) : stored;
    // No mapping, no row: the state before them is not needed (a popular product's stock changes
    // would otherwise read its whole stream, one event per order, in every stock append).
    if (!publication || !events.some((event) => mapsEvent(publication, event.type))) return [];
    if (options.prior && options.prior.decider === publication.decider) return publishEvents(publication, options.prior.state, events).rows;
    if (stored[0]!.streamVersion === 1) return publishEvents(publication, publication.decider.initialState(), events).rows;
    return {
      async afterReading(client) {
        const { rows } = await client.query<EventRow>(
          `SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = $1 AND stream_version < $2 ORDER BY stream_version`,
          [streamId, stored[0]!.streamVersion],
        );
        const prior = rows.map(fromRow).reduce((state, e) => publication.decider.evolve(state, { type: e.type, data: e.data }), publication.decider.initialState());
        return publishEvents(publication, prior, events).rows;
      },
    };
  }

  async function project(client: PoolClient, inline: InlineProjection[], stored: StoredEvent[]) {
    for (const projection of inline) await projection(stored, { kind: 'pg', client });
  }

  /**
   * BEGIN and every stream's events in one round trip, then the projections; the caller commits or
   * rolls back. On a pipelined connection the events go as a parameter of a prepared statement sent
   * with BEGIN (escaping them as a literal took ~1 % of the server's CPU while placing orders);
   * otherwise as one simple query of two statements, the events a quoted literal.
   */
  async function writeMany(client: PoolClient, appends: StreamAppend[], encoded: EncodedEvent[][], published: PublishedRow[]) {
    const streams = appends.map((append, i) => `{"s":${JSON.stringify(append.streamId)},"x":${encodeExpected(append.expectedVersion)},"e":[${encoded[i]!.map((e) => e.json).join(',')}]}`);
    const events = `[${streams.join(',')}]`;
    let row: AppendedManyRow;
    if (isPipelined(client)) {
      const [begun, appended] = sentTogether(client, () => [client.query('BEGIN'), client.query<AppendedManyRow>(prepared(`SELECT * FROM ${s}.append_to_streams($1::jsonb)`, [events]))] as const);
      await allInOrder([begun, appended]);
      row = (await appended).rows[0]!;
    } else {
      const answers = (await client.query(`BEGIN; SELECT * FROM ${s}.append_to_streams(${client.escapeLiteral(events)}::jsonb)`)) as unknown as { rows: AppendedManyRow[] }[];
      row = answers[1]!.rows[0]!;
    }
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
    await alongside(
      client,
      () => publish(client, appends.map((append, i) => ({ streamId: append.streamId, options: append, stored: stored[i]! })), published),
      async () => {
        for (const [projection, events] of sharedProjections(appends, stored)) await projection(events, { kind: 'pg', client });
      },
    );
    return appends.map((append, i): AppendResult => {
      const last = stored[i]![stored[i]!.length - 1];
      return { nextExpectedVersion: last?.streamVersion ?? row.r_first_versions[i]! - 1, lastGlobalPosition: last?.globalPosition ?? 0, events: stored[i]! };
    });
  }

  /**
   * After a commit: metrics; the events and published rows handed to this process's readers of the
   * log (shared-reads.ts), then its listeners told at once; other processes through NOTIFY.
   */
  function committed(stored: readonly StoredEvent[], published: readonly PublishedRow[], started: bigint) {
    observer?.appended(stored.length, Number(process.hrtime.bigint() - started) / 1e9);
    reads.committed(() => (upcast ? stored.map(upcast) : stored));
    handOverPublished(pool, schema, published);
    if (listeners.size > 0) setImmediate(listeners.notify);
    notifier.poke(stored.some(publishes));
  }

  /** Whether the event's stream maps its type onto the published stream (whose readers are then told). */
  function publishes(event: StoredEvent): boolean {
    const publication = publicationFor(publications, event.streamId);
    return publication !== undefined && mapsEvent(publication, event.type);
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
      const sets = [eventStoreMigrations(schema)];
      if (publications && publications.version > 0) {
        // The old events mapped once, when a service starts publishing (or publishes more).
        const backfill = (db: Queryable) => backfillPublished(db, schema, publications, (tx) => committedEvents(tx, schema, upcasters));
        sets.push({
          component: 'published',
          migrations: Array.from({ length: publications.version }, (_, i) => ({
            version: i + 1,
            name: 'old events mapped to the published stream',
            // Only the newest pending one needs to map: it covers what every earlier mapping did.
            up: i + 1 === publications.version ? backfill : async () => undefined,
          })),
        });
      }
      await runMigrations(pool, schema, sets);
    },

    async readStream(streamId, options = {}) {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${s}.events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
        [streamId, options.fromVersion ?? 1],
      );
      return rows.map(fromRow);
    },

    async appendToStream(streamId, newEvents, options) {
      assertValidExpectedVersion(options.expectedVersion);
      if (newEvents.length === 0) return appendNothing(streamId, options.expectedVersion);
      const started = process.hrtime.bigint();
      const events = newEvents.map(encode);
      const published: PublishedRow[] = [];
      const client = await pool.connect();
      let stored: StoredEvent[];
      try {
        stored = await write(client, streamId, events, options, published);
      } catch (error) {
        const mapped = appendError(error, streamId, options.expectedVersion);
        client.release(reusable(mapped) ? undefined : true);
        throw mapped;
      }
      client.release();
      committed(stored, published, started);
      const last = stored[stored.length - 1];
      return { nextExpectedVersion: last?.streamVersion ?? 0, lastGlobalPosition: last?.globalPosition ?? 0, events: stored };
    },

    async appendToStreams(appends) {
      assertDistinctStreams(appends);
      if (appends.length === 0) return [];
      const started = process.hrtime.bigint();
      const encoded = appends.map((append) => append.events.map(encode));
      const published: PublishedRow[] = [];
      const client = await pool.connect();
      let results: AppendResult[];
      try {
        results = await writeMany(client, appends, encoded, published).then(
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
      const stored = results.flatMap((r) => r.events);
      if (stored.length > 0) committed(stored, published, started);
      return results;
    },

    readAll: ({ after, limit }) => reads.read(after, limit),

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

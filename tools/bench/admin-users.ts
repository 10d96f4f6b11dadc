/**
 * The admin users table (seed 000 §9, issue 23): with 100,000 accounts, a page of 100 sorted by
 * e-mail through the identity service's HTTP API (authentication, the admin claim, the page and its
 * total), with the load from a child process, beside the same run's raw SQL for the same page in
 * this process: the best the database can do (the page straight off the e-mail sort index, and the
 * users' maintained count for `total`, the two queries at once as the read model sends them), with
 * no validation, cursor or HTTP around it. Prints the page's plan, first and next page, to show both
 * are an index scan with no sort and no count over the table.
 *   npx tsx tools/bench/admin-users.ts        (DATABASE_URL, or an embedded PostgreSQL)
 * Prints: admin-users: api p99=…ms api/s=… raw p99=…ms raw/s=… goal p99<=50ms ratio=…   (ratio = api p99 ÷ raw p99)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate, createHttpApp, createLogger, createMemoryAdapters, createMetrics, finishHttpApp, startService } from '@seatside/chassis';
import { createTestIssuer } from '@seatside/chassis/src/auth/testing';
import { sortColumns, storedCountSql, tableName } from '@seatside/chassis/src/readmodels/pg-sql';
import { freshSchema } from '@seatside/chassis/src/testkit/pg';
import { createIdentityService } from '@seatside/identity';
import { users, type UserDoc } from '@seatside/identity/src/users/projections';
import { measure, runBench } from './lib/harness';

const USERS = 100_000;
const CONNECTIONS = 4;
const SECONDS = 8;
const GOAL_P99_MS = 50;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log('admin-users: skipped: DATABASE_URL is not set (this bench fills a schema of the PostgreSQL it names) ratio=n/a');
    return;
  }
  const db = await freshSchema('bench_admin_users');
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-admin-users-'));
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const metrics = createMetrics({ defaultMetrics: false });
  const started = await startService(createIdentityService({ dataDir, passwordCost: 4 }), { pool: db.pool, schema: db.schema, kv: createMemoryAdapters(), logger, metrics });
  try {
    const profiles = started.deps.readModels.collection<UserDoc>(users);
    const at = new Date().toISOString();
    const loadStarted = Date.now();
    for (let chunk = 0; chunk < USERS; chunk += 1000) {
      await profiles.putMany(
        Array.from({ length: 1000 }, (_, i) => {
          const n = chunk + i;
          // Spread over the alphabet so the sort does real work.
          const email = `${(n * 7919 % USERS).toString(36)}.user${n}@example.com`;
          return {
            id: `uid-${n.toString().padStart(6, '0')}`, email, emailLower: email, displayName: `User ${n}`, photoURL: null, emailVerified: n % 3 === 0, admin: false,
            firstName: 'User', lastName: String(n), phone: '', provider: 'password', hasPassword: true, generation: 0, createdAt: at, updatedAt: at,
          } as UserDoc;
        }),
      );
    }
    await db.pool.query(`ANALYZE ${db.schema}.rm_users`).catch(() => undefined);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    // The bench's token verifies on the first try, as an identity-signed token does in production (not after a refused try).
    const issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
    const app = createHttpApp({ logger, metrics, readiness: {}, before: [authenticate([issuer.verifier(), ...(started.service.verifiers ?? [])])] });
    app.use(started.service.router);
    finishHttpApp(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/admin/users?sort=email&order=asc`;
    const headers = { authorization: `Bearer ${await issuer.sign({ uid: 'bench-admin', claims: { admin: true } })}` };
    const first = await fetch(url, { headers });
    const page = (await first.json()) as { data: unknown[]; total: number; nextPageToken: string | null };
    if (first.status !== 200 || page.data.length !== 100 || page.total !== USERS) throw new Error(`unexpected page: ${first.status} ${page.data?.length} ${page.total}`);

    const loadAsync = (seconds: number) =>
      new Promise<{ perSecond: number; p99: number; errors: number }>((resolve, reject) => {
        const child = spawn(process.execPath, [join(process.cwd(), 'tools', 'bench', 'lib', 'gets-load.cjs'), JSON.stringify({ url, headers, connections: CONNECTIONS, seconds })], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`))));
      });
    await loadAsync(2); // warm-up
    const api = await loadAsync(SECONDS);
    server.close();
    // The raw page: ORDER BY exactly the sort index's columns (so the index answers it, no sort), LIMIT 100 + 1
    // (the extra row says whether there is a next page), and the total from the maintained count.
    const orderBy = sortColumns('emailLower').map((column) => `${column} ASC`).join(', ');
    const rawPage = `SELECT doc FROM ${tableName(db.schema, 'users')} ORDER BY ${orderBy} LIMIT 101`;
    const rawTotal = storedCountSql(db.schema, 'users');
    const plan = async (text: string, values: unknown[] = []) =>
      ((await db.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values)).rows.map((row) => row['QUERY PLAN'].trim().split(' ').slice(0, 3).join(' ')).join(' / '));
    const [after] = (await profiles.find({ sort: 'emailLower', order: 'desc', limit: 1 })).data;
    if (!after) throw new Error('no users');
    const [rank, num, text] = sortColumns('emailLower');
    const nextPage = `SELECT doc FROM ${tableName(db.schema, 'users')} WHERE (${sortColumns('emailLower').join(', ')}) > (${[rank, num, text].map((c) => (c ?? '').replaceAll("(doc->'emailLower')", '($1::jsonb)')).join(', ')}, $2) ORDER BY ${orderBy} LIMIT 101`;
    console.log(`admin-users: plan first page: ${await plan(rawPage)}; next page: ${await plan(nextPage, [JSON.stringify(after.emailLower), after.id])}; total: ${await plan(rawTotal.text, rawTotal.values)}`);
    const raw = await measure(CONNECTIONS, SECONDS, async () => {
      await Promise.all([db.pool.query(rawPage), db.pool.query(rawTotal.text, rawTotal.values)]);
    });
    console.log(
      `admin-users: users=${USERS} (loaded in ${loadSeconds.toFixed(1)} s) api p99=${api.p99.toFixed(1)}ms api/s=${api.perSecond.toFixed(0)} errors=${api.errors} raw p99=${raw.p99.toFixed(1)}ms raw/s=${raw.perSecond.toFixed(0)} goal p99<=${GOAL_P99_MS}ms ${api.p99 <= GOAL_P99_MS ? 'met' : 'MISSED'} ratio=${(api.p99 / raw.p99).toFixed(2)}`,
    );
  } finally {
    await started.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);

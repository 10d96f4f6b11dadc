/**
 * What the HTTP benches share: an embedded platform in a temporary DATA_DIR, a bare node:http
 * baseline, and a closed-loop load generator (N operations in flight for S seconds). Not a bench
 * itself (run.mjs only runs the files directly in tools/bench).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Result = { perSecond: number; p99: number; count: number };

/** Keeps `connections` operations in flight for `seconds`; answers throughput and the 99th percentile latency. */
export async function measure(connections: number, seconds: number, op: (worker: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const worker = async (w: number) => {
    while (Date.now() < until) {
      const started = process.hrtime.bigint();
      await op(w);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  const elapsed = (Date.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, count: latencies.length };
}

/**
 * Runs `work` under the V8 CPU profiler of this process when BENCH_CPU_PROFILE names a file prefix
 * (`<prefix>-<label>.cpuprofile`, open it in Chrome DevTools): the measured phase only, not the setup.
 */
export async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const prefix = process.env.BENCH_CPU_PROFILE;
  if (!prefix) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${prefix}-${label}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** One GET on a keep-alive agent; rejects unless 200. */
export function getOk(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** GETs of one URL with `connections` in flight for `seconds`. */
export async function measureGets(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    return await measure(connections, seconds, () => getOk(agent, url, headers));
  } finally {
    agent.destroy();
  }
}

/** One POST with a keep-alive agent (fetch's pool adds its own overhead to every request). */
export function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A bare node:http server answering this body to every request: the baseline. */
export async function serveStatic(body: string): Promise<{ url: string; close(): void }> {
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, close: () => bare.close() };
}

export interface BenchPlatform {
  url: string;
  dataDir: string;
  /** A JSON POST through the gateway; throws unless 2xx. */
  post(path: string, body: unknown, token?: string): Promise<Record<string, string>>;
}

type Embedded = typeof import('@seatside/gateway/src/embedded');

/**
 * The embedded platform's code as `npm start` runs it: bundled by esbuild with the production build's
 * options (`bundle` in tools/build.mjs) into gateway/dist, beside main.cjs. The benches' own code runs
 * through tsx, which transpiles file by file: its cross-module calls go through export getters and
 * every named function through a `__name` call, which the server measured here would otherwise pay
 * and a deployed one does not.
 */
export async function builtEmbedded(): Promise<Embedded> {
  return createRequire(join(process.cwd(), 'package.json'))(await built('embedded')) as Embedded;
}

/**
 * The gateway's `src/<entry>.ts` bundled as the production build bundles it (`bundle` in
 * tools/build.mjs), into gateway/dist/<entry>.cjs, or `main-bench.cjs` for main (main.cjs itself
 * is the build's own output): its path. For a platform in a process of its own, as `npm start` runs it.
 */
export async function built(entry: 'embedded' | 'main'): Promise<string> {
  const root = process.cwd();
  const { bundle } = (await import(pathToFileURL(join(root, 'tools/build.mjs')).href)) as { bundle(entry: string, outfile: string): Promise<void> };
  const outfile = join(root, `gateway/dist/${entry === 'main' ? 'main-bench' : entry}.cjs`);
  await bundle(join(root, `gateway/src/${entry}.ts`), outfile);
  return outfile;
}

/** The embedded platform, as built (`builtEmbedded`), with its own PostgreSQL, no Redis, silent logs and no rate limit, for the length of `run`. */
export async function withEmbeddedPlatform<T>(name: string, run: (platform: BenchPlatform) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `seatside-bench-${name}-`));
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  const { parseConfig } = await import('@seatside/chassis/src/config');
  const { gatewayConfigSchema } = await import('@seatside/gateway/src/config');
  const { startEmbedded } = await builtEmbedded();
  const config = parseConfig(gatewayConfigSchema, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' });
  const platform = await startEmbedded(config);
  const postJson = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${platform.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  try {
    return await run({ url: platform.url, dataDir, post: postJson });
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The PostgreSQL of a bench that runs services in its own process: DATABASE_URL when it is set, else
 * an embedded one in a temporary directory (DATABASE_URL pointing at it for `run`), stopped and
 * removed afterwards.
 */
export async function withDatabase<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return run();
  const dataDir = mkdtempSync(join(tmpdir(), `seatside-bench-${name}-`));
  const { startEmbeddedPostgres } = await import('@seatside/gateway/src/postgres');
  const { createLogger } = await import('@seatside/chassis');
  const pg = await startEmbeddedPostgres({ dataDir, logger: createLogger({ service: 'bench', level: 'silent' }) });
  process.env.DATABASE_URL = pg.url;
  try {
    return await run();
  } finally {
    await pg.stop();
    delete process.env.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a bench's main and exits with its outcome (the embedded platform keeps handles open). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

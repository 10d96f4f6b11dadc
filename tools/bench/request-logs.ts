/**
 * Request logs (issue 18): API-key reads per second through the embedded platform with request
 * logging on, against the same platform with REQUEST_LOGS=false, in the same run. Both run at once,
 * each in a process of its own on its own copy of the same DATA_DIR (same data), and the load, from
 * a third process (lib/gets-alternating.cjs), alternates between them in 1 s slices (on, off, off,
 * on, … 40 slices), so a change in what else the machine does falls on both sides alike. (Runs of
 * 8 s, one platform after the other, varied by up to 25% between runs of the same side.)
 *   npm run bench -- request-logs
 * Prints: request-logs: on/s=… p99=…ms off/s=… p99=…ms cpu/read on=…µs off=…µs stored=… ratio=…
 * (ratio = on/s ÷ off/s; the goal is ≥ 0.9). cpu/read is the CPU the platform's process (gateway and
 * services; PostgreSQL is a process of its own) used per read, a steadier figure than reads/s when
 * other work shares the machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedEnv, launch } from '../e2e/platform';
import { built, runBench } from './lib/harness';

const PRODUCTS = 10;
const CONNECTIONS = 16;
const SLICE_SECONDS = 1;
/** on, off, off, on, repeated: a steady drift of the machine's load falls on both sides alike. */
const PATTERN = Array.from({ length: 10 }, () => [0, 1, 1, 0]).flat();
const GOAL = 0.9;

type Side = { perSecond: number; p99: number; count: number; errors: number; cpuPerRead: number };

function alternate(targets: Array<{ url: string; pid: number }>, headers: Record<string, string>, pattern: number[], sliceSeconds: number): Promise<Side[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(process.cwd(), 'tools', 'bench', 'lib', 'gets-alternating.cjs'), JSON.stringify({ targets, headers, connections: CONNECTIONS, sliceSeconds, pattern })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Side[]) : reject(new Error(`load exited ${code}`))));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-request-logs-'));
  const copyDir = `${dataDir}-off`;
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  // The embedded platform as `npm start` runs it (gateway/src/main.ts bundled), in a process of its own.
  const main = await built('main');
  const platform = (dir: string, logging: boolean) =>
    launch([main], embeddedEnv({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', REQUEST_LOGS: String(logging) }));
  const call = async (base: string, method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const running: Array<{ stop(): Promise<unknown> }> = [];
  /** Stops every platform started and not yet stopped (each one once). */
  const stopAll = async () => {
    for (const side of running.splice(0)) await side.stop();
  };

  try {
    // The data: a merchant with a few products and a production API key; then the same data twice.
    const setup = await platform(dataDir, true);
    running.push(setup);
    const base = setup.url;
    const { token } = (await call(base, 'POST', '/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' })) as { token: string };
    const { id: merchantId } = (await call(base, 'POST', '/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro', description: 'Stadium food' }, token)) as { id: string };
    for (let i = 0; i < PRODUCTS; i++) await call(base, 'POST', `/v1/merchants/${merchantId}/products`, { title: `Dish ${i}`, price: 5 + i, code: `D-${i}` }, token);
    let apiKey = '';
    for (let tries = 0; !apiKey; tries++) {
      // The creator's admin role reaches the identity service a moment after the merchant is made.
      const res = await fetch(`${base}/v1/merchants/${merchantId}/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Bench', testMode: false }) });
      if (res.status === 201) apiKey = ((await res.json()) as { apiKey: string }).apiKey;
      else if (tries > 100) throw new Error(`API key: ${res.status}`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stopAll();
    const copied = spawnSync('cp', ['-a', dataDir, copyDir]);
    if (copied.status !== 0) throw new Error(`copying the DATA_DIR failed: ${copied.stderr.toString()}`);

    // Each side in a process of its own.
    const on = await platform(dataDir, true);
    running.push(on);
    const off = await platform(copyDir, false);
    running.push(off);
    const path = `/v1/merchants/${merchantId}/products?limit=10`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const targets = [on, off].map(({ url, child }) => ({ url: `${url}${path}`, pid: child.pid! }));
    await alternate(targets, headers, [0, 1, 0, 1], 1); // warm-up
    const [logged, plain] = await alternate(targets, headers, PATTERN, SLICE_SECONDS);
    if (logged!.errors + plain!.errors > 0) throw new Error(`${logged!.errors + plain!.errors} reads failed`);
    await stopAll();

    // What logging stored (the shutdown's flush included).
    const last = await platform(dataDir, false);
    running.push(last);
    const stored = ((await call(last.url, 'GET', `/v1/merchants/${merchantId}/logs?limit=1`, undefined, token)) as { total: number }).total;
    await stopAll();

    const ratio = logged!.perSecond / plain!.perSecond;
    console.log(
      `request-logs: on/s=${logged!.perSecond.toFixed(0)} p99=${logged!.p99.toFixed(1)}ms off/s=${plain!.perSecond.toFixed(0)} p99=${plain!.p99.toFixed(1)}ms cpu/read on=${logged!.cpuPerRead.toFixed(0)}µs off=${plain!.cpuPerRead.toFixed(0)}µs stored=${stored} (${PATTERN.length} slices of ${SLICE_SECONDS} s, on and off alternating) load=${loadavg()[0]!.toFixed(1)} goal ≥${GOAL} ${ratio >= GOAL ? 'met' : 'MISSED'} ratio=${ratio.toFixed(3)}`,
    );
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }
}

runBench(main);

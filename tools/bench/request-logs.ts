/**
 * Request logs (issue 18): API-key reads per second through the embedded platform with request
 * logging on, against the same platform (same DATA_DIR, same data) with REQUEST_LOGS=false, in the
 * same run. The load comes from a separate process (lib/gets-load.cjs). Runs are interleaved
 * on, off, off, on, on, off so a drift of the machine's load falls on both sides alike (three runs a side: one 8 s run of
 * either side varied by up to 25% on a quiet machine).
 *   npm run bench -- request-logs
 * Prints: request-logs: on/s=… p99=…ms off/s=… p99=…ms cpu/read on=…µs off=…µs stored=… ratio=…   (ratio = on/s ÷ off/s; the
 * goal is ≥ 0.9). cpu/read is the CPU this process (gateway and services; PostgreSQL is a process of
 * its own) used per read, a steadier figure than reads/s when other work shares the machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPlatform } from '@seatside/gateway/src/embedded';
import { runBench } from './lib/harness';

const PRODUCTS = 10;
const CONNECTIONS = 16;
const SECONDS = 8;
const GOAL = 0.9;

type Load = { perSecond: number; p99: number; count: number; errors: number };
/** A run's load with the CPU this process (the whole platform but PostgreSQL) used per read, in µs. */
type Run = Load & { cpuPerRead: number };

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(process.cwd(), 'tools', 'bench', 'lib', 'gets-load.cjs'), JSON.stringify({ url, headers, connections: CONNECTIONS, seconds })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load exited ${code}`))));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-request-logs-'));
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  const { parseConfig } = await import('@seatside/chassis/src/config');
  const { gatewayConfigSchema } = await import('@seatside/gateway/src/config');
  const { startEmbedded } = await import('@seatside/gateway/src/embedded');
  const start = (logging: boolean) =>
    startEmbedded(parseConfig(gatewayConfigSchema, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', REQUEST_LOGS: String(logging) }));
  const call = async (base: string, method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };

  try {
    // The data: a merchant with a few products and a production API key.
    let platform: RunningPlatform | undefined = await start(true);
    const base = platform.url;
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
    const path = `/v1/merchants/${merchantId}/products?limit=10`;
    const headers = { authorization: `Bearer ${apiKey}` };

    const runs: Record<'on' | 'off', Run[]> = { on: [], off: [] };
    for (const logging of [true, false, false, true, true, false]) {
      const running: RunningPlatform = platform ?? (await start(logging));
      platform = undefined;
      await load(`${running.url}${path}`, headers, 2); // warm-up
      const cpu = process.cpuUsage();
      const result = await load(`${running.url}${path}`, headers, SECONDS);
      // The logs of the last reads are stored a moment later: counted too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const used = process.cpuUsage(cpu);
      await running.stop();
      if (result.errors > 0) throw new Error(`${result.errors} reads failed`);
      runs[logging ? 'on' : 'off'].push({ ...result, cpuPerRead: (used.user + used.system) / result.count });
    }
    // What logging stored (the shutdown's flush included).
    const last = await start(false);
    const stored = ((await call(last.url, 'GET', `/v1/merchants/${merchantId}/logs?limit=1`, undefined, token)) as { total: number }).total;
    await last.stop();

    const mean = (list: Run[], field: 'perSecond' | 'p99' | 'cpuPerRead') => list.reduce((sum, r) => sum + r[field], 0) / list.length;
    const on = mean(runs.on, 'perSecond');
    const off = mean(runs.off, 'perSecond');
    const ratio = on / off;
    console.log(
      `request-logs: on/s=${on.toFixed(0)} p99=${mean(runs.on, 'p99').toFixed(1)}ms off/s=${off.toFixed(0)} p99=${mean(runs.off, 'p99').toFixed(1)}ms cpu/read on=${mean(runs.on, 'cpuPerRead').toFixed(0)}µs off=${mean(runs.off, 'cpuPerRead').toFixed(0)}µs stored=${stored} (runs on: ${runs.on.map((r) => r.perSecond.toFixed(0)).join(', ')}; off: ${runs.off.map((r) => r.perSecond.toFixed(0)).join(', ')}) load=${(await import('node:os')).loadavg()[0]!.toFixed(1)} goal ≥${GOAL} ${ratio >= GOAL ? 'met' : 'MISSED'} ratio=${ratio.toFixed(2)}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);

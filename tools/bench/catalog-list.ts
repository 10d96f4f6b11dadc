/**
 * A product list page through the gateway (100 rows, sorted by title, tenant-scoped, with a real
 * bearer token) against a bare node:http server answering a static JSON body of the same size, with
 * the same client in the same run.
 *   npx tsx tools/bench/catalog-list.ts      (an embedded PostgreSQL in a temporary DATA_DIR)
 * Prints: catalog-list: list/s=… p99=…ms baseline/s=… p99=…ms ratio=…   (ratio = list/s ÷ baseline/s)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PRODUCTS = 300;
const CONNECTIONS = 16;
const SECONDS = 8;

type Result = { perSecond: number; p99: number };

/** Keeps CONNECTIONS requests in flight for SECONDS; answers throughput and the 99th percentile latency. */
async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve();
          });
        })
        .on('error', reject);
    });
  const worker = async () => {
    while (Date.now() < until) await one();
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (Date.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-catalog-'));
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  const { parseConfig } = await import('@seatside/chassis/src/config');
  const { gatewayConfigSchema } = await import('@seatside/gateway/src/config');
  const { startEmbedded } = await import('@seatside/gateway/src/embedded');
  const config = parseConfig(gatewayConfigSchema, { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' });
  const platform = await startEmbedded(config);
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${platform.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, string>;
    };
    const { token } = await post('/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' });
    const { id: merchantId } = await post('/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro' }, token);
    for (let i = 0; i < PRODUCTS; i++) {
      await post(`/v1/merchants/${merchantId}/products`, { title: `Dish ${String(i).padStart(4, '0')}`, description: 'A dish', price: 5 + (i % 20), code: `D-${i}` }, token);
    }
    const listUrl = `${platform.url}/v1/merchants/${merchantId}/products?sort=title&order=asc&limit=100`;
    const auth = { authorization: `Bearer ${token}` };
    const body = await (await fetch(listUrl, { headers: auth })).text();

    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

    await load(listUrl, auth); // warm-up
    const list = await load(listUrl, auth);
    const baseline = await load(bareUrl, {});
    bare.close();
    console.log(
      `catalog-list: list/s=${list.perSecond.toFixed(0)} p99=${list.p99.toFixed(1)}ms baseline/s=${baseline.perSecond.toFixed(0)} p99=${baseline.p99.toFixed(1)}ms body=${(body.length / 1024).toFixed(1)}KB ratio=${(list.perSecond / baseline.perSecond).toFixed(2)}`,
    );
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

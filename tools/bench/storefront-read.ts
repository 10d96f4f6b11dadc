/**
 * The public storefront document through the gateway (issue 6 bench a): a merchant with 3 menus, 60
 * products and 10 modifiers, read anonymously by handle, against a bare node:http server answering
 * the same body, with the same client in the same run.
 *   npx tsx tools/bench/storefront-read.ts      (an embedded PostgreSQL in a temporary DATA_DIR)
 * Prints: storefront-read: read/s=… p99=…ms baseline/s=… p99=…ms ratio=…   (ratio = read/s ÷ baseline/s; the goal is ≥ 0.25)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MENUS = 3;
const PRODUCTS = 60;
const MODIFIERS = 10;
const CONNECTIONS = 16;
const SECONDS = 8;

type Result = { perSecond: number; p99: number };

/** Keeps CONNECTIONS requests in flight for SECONDS; answers throughput and the 99th percentile latency. */
async function load(url: string): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent }, (res) => {
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
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-storefront-'));
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
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, string>;
    };
    const { token } = await post('/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' });
    const { id: merchantId } = await post('/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro', description: 'Stadium food' }, token);
    const at = (entity: string) => `/v1/merchants/${merchantId}/${entity}`;
    const modifierIds: string[] = [];
    for (let i = 0; i < MODIFIERS; i++) {
      const options = [1, 2, 3, 4].map((n) => ({ label: `Option ${n}`, additionalCost: n * 0.5, additionalCalories: n * 10 }));
      modifierIds.push((await post(at('modifiers'), { title: `Choice ${i}`, instructions: 'Pick', options, rules: { required: i % 2 === 0, allowedMultiple: i % 3 === 0 } }, token)).id!);
    }
    const productIds: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const product = {
        title: `Dish ${String(i).padStart(3, '0')}`, description: 'A dish with a description of ordinary length for a menu.', price: 5 + (i % 20) + 0.25,
        code: `D-${i}`, images: [`https://cdn.example/dishes/${i}.jpg`], manageStock: i % 10 === 0, stockQuantity: i % 20, modifiers: [modifierIds[i % MODIFIERS], modifierIds[(i + 3) % MODIFIERS]],
      };
      productIds.push((await post(at('products'), product, token)).id!);
    }
    for (let i = 0; i < MENUS; i++) {
      const products = productIds.filter((_, n) => n % MENUS === i);
      await post(at('menus'), { title: `Menu ${i}`, availability: i === 0 ? { allDayMenu: true } : { allDayMenu: false, begin: '1100', end: '2200' }, products }, token);
    }
    const readUrl = `${platform.url}/v1/storefront/bench-bistro`;
    const answer = await fetch(readUrl);
    const body = await answer.text();
    const document = JSON.parse(body) as { menus: unknown[]; products: object; modifiers: object };
    if (document.menus.length !== MENUS || Object.keys(document.products).length !== PRODUCTS || Object.keys(document.modifiers).length !== MODIFIERS) {
      throw new Error('the storefront document does not hold the bench merchant');
    }

    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

    await load(readUrl); // warm-up
    const read = await load(readUrl);
    const baseline = await load(bareUrl);
    bare.close();
    console.log(
      `storefront-read: read/s=${read.perSecond.toFixed(0)} p99=${read.p99.toFixed(1)}ms baseline/s=${baseline.perSecond.toFixed(0)} p99=${baseline.p99.toFixed(1)}ms body=${(body.length / 1024).toFixed(1)}KB ratio=${(read.perSecond / baseline.perSecond).toFixed(2)}`,
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

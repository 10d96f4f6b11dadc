/**
 * Order placement through the gateway (POST /v1/merchants/{id}/orders: pricing from the orders
 * service's catalog view, idempotency claim, stock take, OrderPlaced and the order's read model in
 * one transaction) against raw single-row INSERTs into the same PostgreSQL, same concurrency, same
 * run. After the run every acknowledged (201) order must be in the merchant's orders read model.
 *   npx tsx tools/bench/order-placement.ts      (an embedded PostgreSQL in a temporary DATA_DIR)
 * The client runs as a process of its own (lib/order-client.ts), so this process holds only the
 * server (and, in the other halves, the raw-insert clients); the cores each used are printed.
 * Prints: order-placement: orders/s=… p99=…ms baseline-inserts/s=… ratio=… acknowledged=… present=…,
 * and before it the CPU of both sides (server, PostgreSQL, clients) per order and per raw insert: the
 * ratio is, within a few per cent, the ratio of those costs, so it shows what the ratio's goal asks of
 * the CPU per order.
 * Goal (the issue): ≥ 1,000 orders/s on a 2-core machine, p99 ≤ 100 ms, every acknowledged order present.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { measure, profiled, runBench, withEmbeddedPlatform, type Result } from './lib/harness';
import { orderBody } from './lib/order-load.cjs';
import { placeOrdersFromClient, type OrderLoad } from './lib/order-client';
import { countQueries, descendantsCpuMs } from './lib/probe';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
const STOCK = 100_000_000;
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 3);

const load = (seconds: number, op: (worker: number) => Promise<void>) => measure(CONNECTIONS, seconds, op);

/**
 * What `work` cost: statements and round trips this process sent to PostgreSQL, this process's CPU
 * and the embedded PostgreSQL's, from half a second before (so what came before has settled) to half
 * a second after (so the followers of what it did are counted).
 */
async function sample<T>(work: () => Promise<T>) {
  await new Promise((r) => setTimeout(r, 500));
  const queries = countQueries();
  const cpu = cpuMeter();
  const began = performance.now();
  const result = await work();
  await new Promise((r) => setTimeout(r, 500));
  const { statements, roundTrips, byText, socketWrites } = queries.stop();
  const { processMs, postgresMs } = cpu();
  return { placed: result, statements, roundTrips, byText, socketWrites, seconds: (performance.now() - began) / 1000, serverMs: processMs, postgresMs };
}

/** The CPU this process and the embedded PostgreSQL use from now until the answered function is called, in milliseconds. */
function cpuMeter(): () => { processMs: number; postgresMs: number } {
  const cpu = process.cpuUsage();
  const postgres = descendantsCpuMs('postgres');
  return () => {
    const used = process.cpuUsage(cpu);
    return { processMs: (used.user + used.system) / 1000, postgresMs: descendantsCpuMs('postgres') - postgres };
  };
}

/** Orders placed by the client in its own process (lib/order-client.ts); `serverCores`: what this process used meanwhile. */
const placeOrders = (url: string, productIds: string[], seconds: number, connections = CONNECTIONS) => placeOrdersFromClient({ url, productIds, connections, seconds });

interface CpuSpent {
  processMs: number;
  postgresMs: number;
}
const emptyCpu = (): CpuSpent => ({ processMs: 0, postgresMs: 0 });

/** `work`, adding the CPU this process and the embedded PostgreSQL used meanwhile to `spent`. */
async function cpuOf<T>(spent: CpuSpent, work: () => Promise<T>): Promise<T> {
  const cpu = cpuMeter();
  try {
    return await work();
  } finally {
    const { processMs, postgresMs } = cpu();
    spent.processMs += processMs;
    spent.postgresMs += postgresMs;
  }
}

async function main() {
  await withEmbeddedPlatform('orders', async (platform) => {
    const pool = new Pool({ connectionString: readFileSync(join(platform.dataDir, 'postgres.url'), 'utf8').trim(), max: CONNECTIONS + 2 });
    try {
      const setup = platform.post;
      const { token } = await setup('/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' });
      const { id: merchantId } = await setup('/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro' }, token);
      const productIds: string[] = [];
      for (const [i, title] of ['Margherita', 'Calzone', 'Tiramisu', 'Lemonade'].entries()) {
        const managed = i === 0 ? { manageStock: true, stockQuantity: STOCK } : {};
        const { id } = await setup(`/v1/merchants/${merchantId}/products`, { title, description: 'A dish', price: 4 + i * 2.5, ...managed }, token);
        if (!id) throw new Error(`product ${title} was not created`);
        productIds.push(id);
      }

      // The orders service learns the catalog through its subscription: wait until its view has every product.
      for (;;) {
        const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders."rm_catalog_products" WHERE id = ANY($1)', [productIds]);
        const merchant = await pool.query('SELECT 1 FROM orders."rm_catalog_merchants" WHERE id = $1', [merchantId]);
        if (rows[0]?.n === productIds.length && merchant.rowCount === 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }

      const ordersUrl = `${platform.url}/v1/merchants/${merchantId}/orders`;
      let acknowledged = 0;
      const failures = new Map<string, number>();
      const cores = { server: [] as number[], client: [] as number[] };
      const placeFor = async (seconds: number): Promise<OrderLoad> => {
        const load = await placeOrders(ordersUrl, productIds, seconds);
        cores.server.push(load.serverCores);
        cores.client.push(load.cores);
        acknowledged += load.acknowledged;
        for (const [failure, count] of Object.entries(load.failures)) failures.set(failure, (failures.get(failure) ?? 0) + count);
        return load;
      };

      await pool.query('CREATE TABLE IF NOT EXISTS public.bench_orders (id uuid PRIMARY KEY, body jsonb NOT NULL)');
      const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
      const insertOne = async (w: number) => {
        await clients[w]?.query('INSERT INTO bench_orders(id, body) VALUES ($1, $2)', [randomUUID(), orderBody(productIds)]);
      };

      await placeFor(WARMUP_SECONDS);
      await load(WARMUP_SECONDS, insertOne);

      // What one order costs, whatever else runs on the machine (lib/probe.ts): statements and round
      // trips to PostgreSQL, CPU of this process (gateway, orders, followers) and of PostgreSQL, at
      // concurrency 1 (no group commit shares anything) and at the bench's concurrency; net of what
      // the same time costs with no orders at all (the followers' polls).
      const idle = await sample(() => new Promise((r) => setTimeout(r, PROBE_SECONDS * 1000)));
      console.log(`  idle, per second: ${(idle.statements / idle.seconds).toFixed(1)} statements, server CPU ${(idle.serverMs / idle.seconds).toFixed(1)}ms, PostgreSQL CPU ${(idle.postgresMs / idle.seconds).toFixed(1)}ms`);
      for (const connections of [1, CONNECTIONS]) {
        const run = await profiled(`probe-${connections}`, () => sample(() => placeOrders(ordersUrl, productIds, PROBE_SECONDS, connections)));
        const { placed } = run;
        acknowledged += placed.acknowledged;
        const n = Math.max(1, placed.acknowledged);
        const net = (value: number, idleValue: number) => ((value - (idleValue / idle.seconds) * run.seconds) / n).toFixed(2);
        console.log(
          `  per order at concurrency ${connections}: ${net(run.statements, idle.statements)} statements, ${net(run.roundTrips, idle.roundTrips)} round trips, ${net(run.socketWrites, idle.socketWrites)} socket writes, server CPU ${net(run.serverMs, idle.serverMs)}ms, PostgreSQL CPU ${net(run.postgresMs, idle.postgresMs)}ms (net of idle), wall ${(1000 / placed.perSecond).toFixed(2)}ms/order (${n} orders, p99 ${placed.p99.toFixed(1)}ms)`,
        );
        const top = [...run.byText].sort(([, a], [, b]) => b - a).slice(0, Number(process.env.BENCH_PROBE_TOP ?? 0));
        for (const [text, calls] of top) console.log(`    ${(calls / n).toFixed(2)}  ${text}`);
      }
      if (process.env.BENCH_PROBE_ONLY) {
        for (const client of clients) client.release();
        return;
      }
      // Alternating halves, so load from other processes on the machine hits both sides alike.
      const halves = { orders: [] as OrderLoad[], inserts: [] as Result[] };
      const spent = { orders: emptyCpu(), inserts: emptyCpu() };
      for (let round = 0; round < 2; round++) {
        halves.orders.push(await cpuOf(spent.orders, () => (round === 0 ? profiled('order-placement', () => placeFor(SECONDS / 2)) : placeFor(SECONDS / 2))));
        halves.inserts.push(await cpuOf(spent.inserts, () => load(SECONDS / 2, insertOne)));
      }
      for (const client of clients) client.release();
      const combine = (results: Result[]): Result => ({
        perSecond: results.reduce((sum, r) => sum + r.perSecond, 0) / results.length,
        p99: Math.max(...results.map((r) => r.p99)),
        count: results.reduce((sum, r) => sum + r.count, 0),
      });
      const orders = combine(halves.orders);
      const inserts = combine(halves.inserts);

      // Every 201 was committed: the merchant's orders read model (written in the same transaction) has them all.
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders."rm_orders" WHERE doc->>'merchantId' = $1`, [merchantId]);
      const present = rows[0]?.n ?? 0;
      const stock = await pool.query<{ remaining: number }>('SELECT remaining FROM orders.stock WHERE product_id = $1', [productIds[0]]);
      for (const [failure, count] of failures) console.log(`  refused ×${count}: ${failure}`);
      const mean = (xs: number[]) => xs.slice(1).reduce((sum, x) => sum + x, 0) / Math.max(1, xs.length - 1); // without the warm-up
      console.log(`  ${CONNECTIONS} connections, ${SECONDS}s measured; stock left of the managed product: ${stock.rows[0]?.remaining}`);
      console.log(`  cores used while placing (of 2): server process ${mean(cores.server).toFixed(2)}, load process ${mean(cores.client).toFixed(2)} (PostgreSQL not counted)`);
      // The clients' CPU on both sides: the load process's for orders (it measures its own), the pg
      // clients' for inserts (they run in this process, beside the idle server).
      const loadMs = halves.orders.reduce((sum, half) => sum + half.cpuMs, 0);
      const perOrder = { server: spent.orders.processMs / orders.count, postgres: spent.orders.postgresMs / orders.count, client: loadMs / orders.count };
      const perInsert = { client: spent.inserts.processMs / inserts.count, postgres: spent.inserts.postgresMs / inserts.count };
      const orderMs = perOrder.server + perOrder.postgres + perOrder.client;
      const insertMs = perInsert.client + perInsert.postgres;
      console.log(
        `  CPU per order ${orderMs.toFixed(2)}ms (server ${perOrder.server.toFixed(2)}, PostgreSQL ${perOrder.postgres.toFixed(2)}, load process ${perOrder.client.toFixed(2)}); per raw insert ${insertMs.toFixed(3)}ms (clients and idle server ${perInsert.client.toFixed(3)}, PostgreSQL ${perInsert.postgres.toFixed(3)}): at equal use of the cores the ratio would be ${(insertMs / orderMs).toFixed(3)}`,
      );
      console.log(
        `order-placement: orders/s=${orders.perSecond.toFixed(0)} p99=${orders.p99.toFixed(1)}ms baseline-inserts/s=${inserts.perSecond.toFixed(0)} p99=${inserts.p99.toFixed(1)}ms ratio=${(orders.perSecond / inserts.perSecond).toFixed(2)} acknowledged=${acknowledged} present=${present}${present === acknowledged ? '' : ' MISSING'} (goal >= 1000 orders/s, p99 <= 100ms)`,
      );
    } finally {
      await pool.end();
    }
  });
}

runBench(main);

/**
 * Sales stats (issue 24): the widgets API over one merchant with STATS_BENCH_ORDERS orders (default
 * 1,000,000) spread over 2 years, and the stats projection's throughput, each beside the same run's
 * raw aggregate query over the orders read model.
 *   npx tsx tools/bench/stats.ts      (DATABASE_URL, else an embedded PostgreSQL in a temporary directory)
 *  - projection: the orders' OrderPlaced and OrderPaid (5 % cancelled, 3 % partly refunded) fed to
 *    projectStats in reads of 1,000 events, one transaction each, as the `orders-stats` subscription
 *    does; orders/s (goal ≥ 2,000), beside the rate of writing the same orders to the orders read
 *    model (rm_orders, documents trimmed to what the raw queries read);
 *  - widgets: every widget's GET …/stats/{widget} (default range: week) through the service's HTTP
 *    stack, 4 in flight for a few seconds each: p99 (goal ≤ 50 ms), beside the p99 of the raw
 *    aggregate over rm_orders that computes the same figure without buckets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, runBench, type Result } from './lib/harness';

const ORDERS = Number(process.env.STATS_BENCH_ORDERS ?? 1_000_000);
const DAYS = 730;
const READ = 1_000;
const CONNECTIONS = 4;
const SECONDS = Number(process.env.STATS_BENCH_SECONDS ?? 3);
const GOAL_P99_MS = 50;
const GOAL_ORDERS_PER_S = 2_000;
const MERCHANT = 'bench';

async function main() {
  let pg: { stop(): Promise<void> } | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-stats-'));
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import('@seatside/gateway/src/postgres');
    const { createLogger } = await import('@seatside/chassis');
    const handle = await startEmbeddedPostgres({ dataDir, logger: createLogger({ service: 'bench', level: 'silent' }) });
    process.env.DATABASE_URL = handle.url;
    pg = handle;
  }
  const { ordersFixture } = await import('@seatside/orders/src/testing/fixture');
  const { projectStats } = await import('@seatside/orders/src/stats/projection');
  const { statsTables } = await import('@seatside/orders/src/stats/store');
  const { widgets } = await import('@seatside/orders/src/stats/domain');
  const { orders: ordersCollection } = await import('@seatside/orders/src/orders/projections');
  const f = await ordersFixture();
  let server: { close(): void } | undefined;
  try {
    await f.merchant(MERCHANT);
    const { deps } = f.svc.started;
    const tables = statsTables(deps.schema);
    const rmOrders = `${deps.schema}.rm_${ordersCollection.name}`;

    // The orders: one every 2 years / N, 8.00–30.00 subtotal, 8 % tax, a tip on one in four.
    const start = Date.now() - DAYS * 86_400_000;
    const step = (DAYS * 86_400_000) / ORDERS;
    const orderAt = (i: number) => {
      const subtotal = 800 + ((i * 7919) % 2200);
      const tax = Math.round(subtotal * 0.08);
      const tip = i % 4 === 0 ? 200 : 0;
      const amountDue = subtotal + tax + tip;
      const cancelled = i % 20 === 7;
      const refunded = !cancelled && i % 33 === 5 ? 300 : 0;
      return { id: `o${i}`, receivedAt: new Date(start + i * step).toISOString(), subtotal, tax, tip, amountDue, cancelled, refunded };
    };
    let position = 0;
    const stored = (type: string, data: object) => ({ type, data, eventId: `e${++position}`, streamId: 's', streamVersion: 1, globalPosition: position, metadata: {}, recordedAt: new Date(0) });
    const eventsOf = (o: ReturnType<typeof orderAt>) => {
      const ref = { orderId: o.id, merchantId: MERCHANT, at: o.receivedAt };
      const placed = stored('OrderPlaced', { ...ref, testMode: false, receivedAt: o.receivedAt, billingSummary: { totals: { subtotal: o.subtotal, tax: o.tax, tip: o.tip, amountDue: o.amountDue } } });
      if (o.cancelled) return [placed, stored('OrderCancelled', { ...ref, by: 'bench', reason: '' })];
      const paid = stored('OrderPaid', { ...ref, amountPaidMinor: o.amountDue });
      return o.refunded ? [placed, paid, stored('OrderRefunded', { ...ref, refundAmountMinor: o.refunded, taxMinor: 0 })] : [placed, paid];
    };

    // The projection, in reads of 1,000 events as the subscription takes them.
    const inTx = async (work: (client: import('@seatside/chassis').Queryable) => Promise<void>) => {
      const client = await deps.pool.connect();
      try {
        await client.query('BEGIN');
        await work(client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };
    let pending: ReturnType<typeof stored>[] = [];
    let projectedMs = 0;
    const flush = async () => {
      const read = pending;
      pending = [];
      const began = performance.now();
      await inTx((client) => projectStats(deps, tables, read as never, { kind: 'pg', client }).then(() => undefined));
      projectedMs += performance.now() - began;
    };
    // The orders read model the raw queries scan, written in the same reads.
    let readModelMs = 0;
    const docs: object[] = [];
    const writeDocs = async () => {
      const batch = docs.splice(0);
      const began = performance.now();
      await deps.readModels.collection(ordersCollection).putMany(batch as never);
      readModelMs += performance.now() - began;
    };
    for (let i = 0; i < ORDERS; i++) {
      const o = orderAt(i);
      pending.push(...eventsOf(o));
      const paid = !o.cancelled;
      docs.push({
        id: o.id, merchantId: MERCHANT, testMode: false, receivedAt: o.receivedAt, updatedAt: o.receivedAt, version: 1,
        status: o.cancelled ? 'CANCELLED' : 'PAID', paidMinor: paid ? o.amountDue : 0, refundedMinor: o.refunded,
        billingSummary: { totals: { subtotal: o.subtotal, tax: o.tax, tip: o.tip, amountDue: o.amountDue } },
      });
      if (pending.length >= READ) await flush();
      if (docs.length >= 500) await writeDocs();
      if (i > 0 && i % 100_000 === 0) console.log(`stats: ${i} orders projected (${((i / projectedMs) * 1000).toFixed(0)} orders/s so far)`);
    }
    if (pending.length > 0) await flush();
    if (docs.length > 0) await writeDocs();
    const projectionRate = (ORDERS / projectedMs) * 1000;
    const readModelRate = (ORDERS / readModelMs) * 1000;
    await deps.pool.query(`ANALYZE ${tables.buckets}`);
    await deps.pool.query(`ANALYZE ${rmOrders}`);
    console.log(
      `stats projection: ${ORDERS} orders over ${DAYS} days in ${(projectedMs / 1000).toFixed(1)} s = ${projectionRate.toFixed(0)} orders/s (goal ≥ ${GOAL_ORDERS_PER_S}: ${projectionRate >= GOAL_ORDERS_PER_S ? 'met' : 'MISSED'}); ` +
        `raw: the same orders written to rm_orders at ${readModelRate.toFixed(0)} orders/s`,
    );

    // The widgets API through the service's HTTP stack, as a member.
    const listening = f.svc.app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise((resolve) => listening.once('listening', resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const authorization = await f.member(MERCHANT, 'sam');
    const widgetCall = (widget: string) => async () => {
      const res = await fetch(`${base}/v1/merchants/${MERCHANT}/stats/${widget}`, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`${widget} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    // The same figures from rm_orders without buckets (a week's range in the merchant's zone is ~7 days back).
    const sum = (path: string) => `coalesce(sum((doc->'billingSummary'->'totals'->>'${path}')::bigint), 0)`;
    const where = `doc->>'merchantId' = $1 AND (doc->>'testMode')::boolean = false`;
    const paid = `${where} AND doc->>'status' <> 'CANCELLED' AND (doc->>'paidMinor')::bigint > 0`;
    const week = `(doc->>'receivedAt')::timestamptz >= now() - interval '7 days'`;
    // customers, out-of-stock and users are no order figures (their own small tables): no raw order query.
    const raw: Partial<Record<string, string>> = {
      'all-time-sales': `SELECT to_char((doc->>'receivedAt')::timestamptz, 'YYYY-MM') AS m, ${sum('subtotal')} FROM ${rmOrders} WHERE ${paid} GROUP BY 1`,
      'predicted-revenue': `SELECT extract(hour FROM (doc->>'receivedAt')::timestamptz) AS h, ${sum('amountDue')} FROM ${rmOrders} WHERE ${where} AND doc->>'status' <> 'CANCELLED' AND ((doc->>'receivedAt')::timestamptz)::date = ANY(ARRAY[current_date - 7, current_date - 14, current_date - 21, current_date - 28]) GROUP BY 1`,
      refunds: `SELECT coalesce(sum((doc->>'refundedMinor')::bigint), 0) FROM ${rmOrders} WHERE ${where} AND ${week}`,
      tax: `SELECT ${sum('tax')} FROM ${rmOrders} WHERE ${paid} AND ${week}`,
      tips: `SELECT ${sum('tip')} FROM ${rmOrders} WHERE ${paid} AND ${week}`,
      sales: `SELECT coalesce(sum((doc->>'paidMinor')::bigint - (doc->>'refundedMinor')::bigint), 0) FROM ${rmOrders} WHERE ${where} AND ${week}`,
      'last-month-sales': `SELECT ${sum('subtotal')} FROM ${rmOrders} WHERE ${paid} AND (doc->>'receivedAt')::timestamptz >= date_trunc('month', now()) - interval '1 month'`,
      'year-over-year': `SELECT to_char((doc->>'receivedAt')::timestamptz, 'YYYY-MM') AS m, ${sum('subtotal')} FROM ${rmOrders} WHERE ${paid} AND (doc->>'receivedAt')::timestamptz >= date_trunc('year', now()) - interval '1 year' GROUP BY 1`,
      'sales-this-week': `SELECT ((doc->>'receivedAt')::timestamptz)::date AS d, ${sum('subtotal')} FROM ${rmOrders} WHERE ${paid} AND ${week} GROUP BY 1`,
    };
    const rows: { widget: string; api: Result; raw?: Result }[] = [];
    for (const widget of widgets) {
      const call = widgetCall(widget);
      await call();
      const api = await measure(CONNECTIONS, SECONDS, call);
      const query = raw[widget];
      const rawResult = query ? await measure(CONNECTIONS, SECONDS, async () => void (await deps.pool.query(query, [MERCHANT]))) : undefined;
      rows.push({ widget, api, ...(rawResult ? { raw: rawResult } : {}) });
      console.log(
        `stats widget ${widget.padEnd(18)} p99 ${api.p99.toFixed(1)} ms (${api.perSecond.toFixed(0)}/s; goal ≤ ${GOAL_P99_MS} ms: ${api.p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}) | ` +
          (rawResult ? `raw query over rm_orders p99 ${rawResult.p99.toFixed(1)} ms (${rawResult.perSecond.toFixed(1)}/s)` : 'raw: none (not an order figure)'),
      );
    }
    const worst = rows.reduce((a, b) => (b.api.p99 > a.api.p99 ? b : a));
    const worstRaw = rows.filter((r) => r.raw).reduce((a, b) => (b.raw!.p99 > a.raw!.p99 ? b : a));
    console.log(
      `stats-bench: ${ORDERS} orders, projection ${projectionRate.toFixed(0)} orders/s (raw rm_orders writes ${readModelRate.toFixed(0)}/s), ` +
        `worst widget p99 ${worst.api.p99.toFixed(1)} ms (${worst.widget}) vs worst raw aggregate p99 ${worstRaw.raw!.p99.toFixed(1)} ms (${worstRaw.widget}) ` +
        `ratio=${(worst.api.p99 / Math.max(0.001, worstRaw.raw!.p99)).toFixed(3)}`,
    );
  } finally {
    server?.close();
    await f.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);

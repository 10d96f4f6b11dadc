/**
 * Webhooks (issue 21): commit-to-first-attempt latency of deliveries, beside the same run's raw
 * event append rate.
 *   npm run bench -- webhooks      (DATABASE_URL, else an embedded PostgreSQL in a temporary directory)
 * The webhooks service runs in this process as in its test kit (real clock, its own dispatcher) with
 * 10 receivers on 127.0.0.1 (in this process too). 1,000 `product.created` events are published on
 * the catalog's stream as the catalog would, one transaction each; each fans out to 10 webhooks.
 *  - healthy: p99 of (receiver got the first attempt − the event committed) over the 10,000 messages
 *    (goal ≤ 1 s);
 *  - hanging: the same with one of the 10 receivers never answering (each attempt waits for the 15 s
 *    timeout): the other nine's p99 (goal ≤ 1 s: a dead receiver never delays another);
 *  - raw: single-event appends/s of the event store in the same run, the baseline the ratio is against.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runBench, withDatabase } from './lib/harness';

const EVENTS = 1_000;
const RECEIVERS = 10;
const BUDGET_MS = 1_000;

type Receiver = { url: string; firsts: Map<string, number>; close(): Promise<void> };

async function receiver(hang: boolean): Promise<Receiver> {
  const firsts = new Map<string, number>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { product: { productId: string } } };
      const id = body.data.product.productId;
      if (!firsts.has(id)) firsts.set(id, at);
      if (hang) return void open.add(res);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    firsts,
    close: () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};
const p99 = (values: number[]) => quantile(values, 0.99);

async function main() {
  const { startWebhooksTestService } = await import('@seatside/webhooks/src/testing');
  const { catalogV1, commonV1 } = await import('@seatside/proto');
  const svc = await startWebhooksTestService({ pollMs: 1000 });
  const receivers: Receiver[] = [];
  try {
    const log = (line: string) => console.log(line);

    // Raw: single-event appends per second of the event store, the baseline of this run.
    const store = svc.sourceLog('catalog');
    const rawStarted = Date.now();
    for (let i = 0; i < EVENTS; i++) await store.appendToStream(`raw-${i}`, [{ type: 'RawBench', data: { i } }], { expectedVersion: 'no_stream' });
    const rawPerSecond = EVENTS / ((Date.now() - rawStarted) / 1000);

    const round = async (merchantId: string, hanging: number | null) => {
      await svc.grant('bench', merchantId);
      const auth = await svc.bearer('bench');
      const mine: Receiver[] = [];
      for (let r = 0; r < RECEIVERS; r++) {
        const rec = await receiver(r === hanging);
        mine.push(rec);
        receivers.push(rec);
        const res = await svc.http().post(`/v1/merchants/${merchantId}/webhooks`).set('authorization', auth).send({ title: `Receiver ${r}`, url: rec.url, events: ['product.created'] });
        if (res.status !== 201) throw new Error(`webhook create answered ${res.status}`);
      }
      const committed = new Map<string, number>();
      const began = Date.now();
      for (let i = 0; i < EVENTS; i++) {
        const productId = `${merchantId}-p${i}`;
        await svc.publish('catalog', catalogV1.ProductCreatedSchema, {
          envelope: { tenantId: merchantId, testMode: false, tenantCollection: commonV1.TenantCollection.MERCHANTS },
          product: { productId, title: `Product ${i}`, priceMinor: 100n, currency: 'USD' },
        });
        committed.set(productId, Date.now());
      }
      const publishSeconds = (Date.now() - began) / 1000;
      const healthy = mine.filter((_, r) => r !== hanging);
      const deadline = Date.now() + 120_000;
      while (healthy.some((rec) => rec.firsts.size < EVENTS) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const latencies = healthy.flatMap((rec) => [...rec.firsts].map(([id, at]) => at - committed.get(id)!));
      const missing = healthy.length * EVENTS - latencies.length;
      const allFirsts = Math.max(...healthy.flatMap((rec) => [...rec.firsts.values()]));
      // Where the time goes: commit → queued (the consumer's fan-out) and queued → attempt started (the dispatcher).
      const { pool, schema } = svc.started.deps;
      const hangingUrl = hanging === null ? '' : mine[hanging]!.url;
      const stages = await pool.query<{ id: string; queued: Date; attempted: string | null }>(
        `SELECT request_body::json->'data'->'product'->>'productId' AS id, created_at AS queued, history->0->>'at' AS attempted
           FROM "${schema}".deliveries WHERE merchant_id = $1 AND request_url <> $2`,
        [merchantId, hangingUrl],
      );
      const queued = stages.rows.map((r) => r.queued.getTime() - committed.get(r.id)!);
      const dispatched = stages.rows.filter((r) => r.attempted).map((r) => new Date(r.attempted!).getTime() - r.queued.getTime());
      return {
        p50: quantile(latencies, 0.5),
        queuedP99: p99(queued),
        dispatchedP99: p99(dispatched), p99: p99(latencies), count: latencies.length, missing, publishPerSecond: EVENTS / publishSeconds, deliveredPerSecond: latencies.length / ((allFirsts - began) / 1000) };
    };

    const healthy = await round('bench-healthy', null);
    const hanging = await round('bench-hanging', 0);
    log(`raw event appends/s (single-event transactions): ${rawPerSecond.toFixed(0)}`);
    log(`healthy: ${EVENTS} events × ${RECEIVERS} receivers: first attempts ${healthy.count} (missing ${healthy.missing}), commit→first attempt p50 ${healthy.p50} ms, p99 ${healthy.p99} ms (goal ≤ ${BUDGET_MS}; commit→queued p99 ${healthy.queuedP99} ms, queued→attempt p99 ${healthy.dispatchedP99} ms), published ${healthy.publishPerSecond.toFixed(0)}/s, first attempts ${healthy.deliveredPerSecond.toFixed(0)}/s`);
    log(`one hanging: the other ${RECEIVERS - 1}: first attempts ${hanging.count} (missing ${hanging.missing}), commit→first attempt p50 ${hanging.p50} ms, p99 ${hanging.p99} ms (goal ≤ ${BUDGET_MS}; commit→queued p99 ${hanging.queuedP99} ms, queued→attempt p99 ${hanging.dispatchedP99} ms), published ${hanging.publishPerSecond.toFixed(0)}/s, first attempts ${hanging.deliveredPerSecond.toFixed(0)}/s`);
    const ok = healthy.p99 <= BUDGET_MS && hanging.p99 <= BUDGET_MS && healthy.missing === 0 && hanging.missing === 0;
    log(`webhooks: p99 healthy=${healthy.p99}ms hanging=${hanging.p99}ms, raw appends=${rawPerSecond.toFixed(0)}/s, published=${healthy.publishPerSecond.toFixed(0)}/s ratio=${(healthy.publishPerSecond / rawPerSecond).toFixed(2)} (published events/s over raw appends/s) ${ok ? 'within goals' : 'OVER GOAL'}`);
  } finally {
    for (const rec of receivers) await rec.close();
    await svc.stop();
  }
}

runBench(() => withDatabase('webhooks', main));

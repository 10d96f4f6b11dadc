'use strict';
// The order benches' client: a diner's phone is never in the server's process, so the load it makes
// must not take the server's thread either. Run as a process of its own (order-client.ts: argv[2] is
// the JSON job, one JSON line of results on stdout, with the CPU this process used). Closed loop:
// `connections` POSTs in flight for `seconds`, each with its own Idempotency-Key, on raw keep-alive
// sockets (raw-http.cjs), so the client's own CPU stays small beside the server's.
const { randomUUID } = require('node:crypto');
const { rawConnection } = require('./raw-http.cjs');

/** 1–3 lines of distinct products, cash pickup at the counter. */
function orderBody(productIds) {
  const lines = 1 + Math.floor(Math.random() * Math.min(3, productIds.length));
  const chosen = new Set();
  while (chosen.size < lines) chosen.add(productIds[Math.floor(Math.random() * productIds.length)] ?? '');
  return JSON.stringify({
    lineItems: [...chosen].map((productId) => ({ productId, quantity: 1 + Math.floor(Math.random() * 3) })),
    fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
    paymentProcessor: 'CASH',
    customer: { firstName: 'Bench', lastName: 'Diner', email: 'diner@example.com', phone: '555-0100' },
  });
}

/** Throughput, p99 latency, how many were acknowledged (201) and what the others answered. */
async function run({ url, productIds, connections, seconds }) {
  const { pathname } = new URL(url);
  const latencies = [];
  const failures = {};
  let acknowledged = 0;
  const until = Date.now() + seconds * 1000;
  const began = Date.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const connection = rawConnection(url);
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        const res = await connection.send('POST', pathname, { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, orderBody(productIds));
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (res.status === 201) acknowledged++;
        else {
          const key = `${res.status} ${res.body.slice(0, 120)}`;
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
      connection.close();
    }),
  );
  const elapsed = (Date.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    count: latencies.length,
    acknowledged,
    failures,
    /** Cores this client kept busy (user + system CPU over wall time). */
    cores: (cpu.user + cpu.system) / 1e6 / elapsed,
    /** The CPU this client used, in milliseconds. */
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

module.exports = { orderBody };

if (require.main === module && process.argv[2]) run(JSON.parse(process.argv[2])).then((result) => process.stdout.write(`${JSON.stringify(result)}\n`));

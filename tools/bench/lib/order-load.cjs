'use strict';
// The order benches' client: a diner's phone is never in the server's process, so the load it makes
// must not take the server's thread either. Run as a process of its own (order-client.ts: argv[2] is
// the JSON job, one JSON line of results on stdout, with the CPU this process used). Closed loop:
// `connections` POSTs in flight for `seconds`, each with its own Idempotency-Key.
const http = require('node:http');
const { randomUUID } = require('node:crypto');

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

function post(agent, url, body) {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'idempotency-key': randomUUID() };
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Throughput, p99 latency, how many were acknowledged (201) and what the others answered. */
async function run({ url, productIds, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const failures = {};
  let acknowledged = 0;
  const until = Date.now() + seconds * 1000;
  const began = Date.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        const res = await post(agent, url, orderBody(productIds));
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (res.status === 201) acknowledged++;
        else {
          const key = `${res.status} ${res.body.slice(0, 120)}`;
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (Date.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    count: latencies.length,
    acknowledged,
    failures,
    /** Cores this client kept busy (user + system CPU over wall time). */
    cores: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

module.exports = { orderBody };

if (require.main === module && process.argv[2]) run(JSON.parse(process.argv[2])).then((result) => process.stdout.write(`${JSON.stringify(result)}\n`));

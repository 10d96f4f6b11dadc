'use strict';
// The overload bench's load generator, in a child process of its own (its own event loop and CPU
// share, as diners' phones are): open loop, a fixed arrival rate whatever the answers, so a slow
// server meets more requests, not fewer. Latency is measured from each request's scheduled start,
// so a generator that falls behind counts against the server, never hides it.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { orderBody } = require('./order-load.cjs');

function send(agent, url, body) {
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'idempotency-key': randomUUID() };
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: Buffer.concat(chunks).toString(), reused: req.reusedSocket }));
      res.on('error', (err) => resolve({ status: 0, error: err.code ?? err.message }));
    });
    req.on('error', (err) => resolve({ status: 0, error: err.code ?? err.message }));
    req.end(body);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run({ url, productIds, rate, seconds }) {
  // Idle sockets are dropped after 2 s, well before the server's keep-alive timeout (5 s): a socket
  // reused just as the server closes it would fail with ECONNRESET, a client race, not an answer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4096, timeout: 2000 });
  const total = Math.round(rate * seconds);
  const latencies = [];
  // The accepted ones that opened a connection of their own, apart: a server that is slow to accept
  // shows there first.
  const onNewConnections = [];
  const acknowledged = [];
  const statuses = {};
  const errors = {};
  let shedWithoutRetryAfter = 0;
  const inFlight = new Set();
  const began = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * rate));
      for (; sent < due; sent++) {
        const scheduled = began + (sent * 1000) / rate;
        const request = send(agent, url, orderBody(productIds)).then((res) => {
          inFlight.delete(request);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) {
            const latency = performance.now() - scheduled;
            latencies.push(latency);
            if (!res.reused) onNewConnections.push(latency);
            acknowledged.push(JSON.parse(res.body).id);
          } else if ((res.status === 503 || res.status === 429) && !res.retryAfter) shedWithoutRetryAfter++;
          else if (res.status === 0) errors[res.error] = (errors[res.error] ?? 0) + 1;
        });
        inFlight.add(request);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const offeredFor = (performance.now() - began) / 1000;
  await Promise.all([...inFlight]);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  onNewConnections.sort((a, b) => a - b);
  return {
    offered: total,
    offeredPerSecond: total / offeredFor,
    acknowledged,
    statuses,
    errors,
    shedWithoutRetryAfter,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    newConnections: { count: onNewConnections.length, p99: percentile(onNewConnections, 0.99), max: onNewConnections.at(-1) ?? 0 },
  };
}

process.once('message', (options) => {
  run(options).then(
    (result) => process.send(result, () => process.exit(0)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
});

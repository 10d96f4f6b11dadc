'use strict';
// A GET load in a child process of its own (so the server's process holds only the server):
// argv[2] is a JSON job { url, headers, connections, seconds }. Prints one JSON line
// { perSecond, p99, count, errors } (p99 in milliseconds).
const http = require('node:http');

const job = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
const latencies = [];
let errors = 0;

function get() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    http
      .get(job.url, { agent, headers: job.headers || {} }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          else errors += 1;
          resolve();
        });
      })
      .on('error', () => {
        errors += 1;
        resolve();
      });
  });
}

(async () => {
  const until = Date.now() + job.seconds * 1000;
  const began = Date.now();
  await Promise.all(Array.from({ length: job.connections }, async () => {
    while (Date.now() < until) await get();
  }));
  const elapsed = (Date.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(JSON.stringify({ perSecond: latencies.length / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] || 0, count: latencies.length, errors }));
  agent.destroy();
})();

'use strict';
// A GET load in a child process of its own (so the server's process holds only the server):
// argv[2] is a JSON job { url, headers, connections, seconds }. Prints one JSON line
// { perSecond, p99, count, errors } (p99 in milliseconds).
const http = require('node:http');
const { getsFor, summary } = require('./get-loop.cjs');

const job = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });

(async () => {
  const tally = { latencies: [], errors: 0 };
  const seconds = await getsFor({ url: job.url, agent, headers: job.headers, connections: job.connections, seconds: job.seconds }, tally);
  console.log(JSON.stringify(summary(tally, seconds)));
  agent.destroy();
})();

'use strict';
// The tags bench's client, in a child process of its own (so the server's process holds only the
// server): argv[2] is a JSON job.
//   { kind: 'gets', url, connections, seconds, varyAgent }  → { perSecond, count, errors }
//   { kind: 'download', url, headers }                       → { status, bytes, ms }
// It prints one JSON line.
const http = require('node:http');

function get(agent, url, headers) {
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', () => resolve(0));
  });
}

async function gets({ url, connections, seconds, varyAgent }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = Date.now() + seconds * 1000;
  let count = 0;
  let errors = 0;
  let n = 0;
  const began = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        // A distinct client each time (so every scan counts) or the same one.
        const headers = { 'user-agent': varyAgent ? `Mozilla/5.0 (bench ${n++})` : 'Mozilla/5.0 (bench)' };
        if ((await get(agent, url, headers)) === 200) count++;
        else errors++;
      }
    }),
  );
  agent.destroy();
  return { perSecond: count / ((Date.now() - began) / 1000), count, errors };
}

function download({ url, headers }) {
  const began = Date.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, bytes, ms: Date.now() - began }));
      })
      .on('error', reject);
  });
}

const job = JSON.parse(process.argv[2]);
(job.kind === 'download' ? download(job) : gets(job)).then(
  (result) => console.log(JSON.stringify(result)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

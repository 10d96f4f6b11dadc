'use strict';
// The GET loads' one loop (gets-load.cjs, gets-alternating.cjs): `connections` GETs in flight on a
// keep-alive agent until `seconds` have passed. Each 200's latency (ms) goes to `tally.latencies`;
// any other answer or a failed request counts in `tally.errors`.
const http = require('node:http');

function getOnce(url, agent, headers, tally) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) tally.latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          else tally.errors += 1;
          resolve();
        });
      })
      .on('error', () => {
        tally.errors += 1;
        resolve();
      });
  });
}

/** Resolves with the seconds the load ran. */
async function getsFor({ url, agent, headers = {}, connections, seconds }, tally) {
  const began = Date.now();
  const until = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) await getOnce(url, agent, headers, tally);
    }),
  );
  return (Date.now() - began) / 1000;
}

/** Requests per second and p99 latency (ms) of a tally over `seconds`. */
function summary(tally, seconds) {
  const sorted = tally.latencies.sort((a, b) => a - b);
  const count = sorted.length;
  return { perSecond: count / seconds, p99: sorted[Math.floor(count * 0.99)] || 0, count, errors: tally.errors };
}

module.exports = { getsFor, summary };

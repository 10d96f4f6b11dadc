'use strict';
// A GET load in a process of its own that alternates between two servers in short slices, so a
// change in what else the machine does falls on both alike (each slice is followed by a pause of
// 300 ms, so what it left to do is done before the other side's slice, and counted as its CPU). argv[2] is a JSON job
// { targets: [{ url, pid }, { url, pid }], headers, connections, sliceSeconds, pattern: [0, 1, 1, 0, …] }:
// each slice keeps `connections` GETs in flight against the pattern's target. Prints one JSON line:
// per target { perSecond, p99, count, errors, cpuPerRead } (p99 in ms; cpuPerRead: the target
// process's own CPU per read in µs, from /proc, PostgreSQL not counted).
const fs = require('node:fs');
const http = require('node:http');
const { getsFor, summary } = require('./get-loop.cjs');

const job = JSON.parse(process.argv[2]);
const ticksPerSecond = 100; // USER_HZ on Linux

function cpuTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sides = job.targets.map((target) => ({
  ...target,
  agent: new http.Agent({ keepAlive: true, maxSockets: job.connections }),
  latencies: [],
  errors: 0,
  seconds: 0,
  ticks: 0,
}));

(async () => {
  for (const index of job.pattern) {
    const side = sides[index];
    const ticks = cpuTicks(side.pid);
    side.seconds += await getsFor({ url: side.url, agent: side.agent, headers: job.headers, connections: job.connections, seconds: job.sliceSeconds }, side);
    // What the slice left to do (a batch of logs to store) runs before the other side's slice and is counted here.
    await new Promise((resolve) => setTimeout(resolve, 300));
    side.ticks += cpuTicks(side.pid) - ticks;
  }
  const results = sides.map((side) => {
    side.agent.destroy();
    const result = summary(side, side.seconds);
    return { ...result, cpuPerRead: result.count ? ((side.ticks / ticksPerSecond) * 1e6) / result.count : 0 };
  });
  console.log(JSON.stringify(results));
})();

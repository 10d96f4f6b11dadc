#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure:
// contracts (proto, supergraph), then lint, typecheck and jest specs per project (Nx, cached),
// then end-to-end tests against the platform as `npm start` starts it.
import './runtime/check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const nx = path.join(root, 'node_modules/nx/dist/bin/nx.js');

const steps = [
  ['proto contracts', ['tools/proto/check.mjs']],
  ['supergraph', ['tools/supergraph/compose.mjs', '--check']],
  ['lint, typecheck, unit/contract/integration specs', [nx, 'run-many', '-t', 'lint', 'typecheck', 'test', '--output-style=stream']],
  ['end-to-end', ['tools/e2e/run.mjs']],
];

/** 83.4 s as `1m23.4s`. */
const duration = (ms) => `${Math.floor(ms / 60_000)}m${((ms % 60_000) / 1000).toFixed(1).padStart(4, '0')}s`;

let failed = 0;
const only = process.argv.slice(2);
const times = [];
for (const [name, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  const took = duration(performance.now() - started);
  times.push(`${name}: ${took}${result.status === 0 ? '' : ' (FAILED)'}`);
  if (result.status !== 0) {
    console.error(`\n=== ${name}: FAILED after ${took} ===`);
    failed = 1;
    break;
  }
  console.log(`\n=== ${name}: ${took} ===`);
}
console.log('\n=== step times ===');
for (const line of times) console.log(line);
process.exit(failed);

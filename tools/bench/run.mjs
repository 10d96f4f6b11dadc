#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another. Each measures its own baseline in the same
// run and prints a ratio against it; a benchmark reports, it never fails the run on a number.
// Uses DATABASE_URL when set, otherwise each starts an embedded PostgreSQL.
import '../runtime/check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(here)
  .filter((f) => /\.(ts|mjs)$/.test(f) && f !== 'run.mjs')
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const summary = [];
let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench: ${file} ===`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join(here, file)] : [path.join(here, file)];
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) failed = 1;
  const line = (result.stdout ?? '').split('\n').filter((l) => /ratio=/.test(l)).pop();
  summary.push(line ?? `${file}: no result (exit ${result.status})`);
}
console.log('\n=== summary ===');
for (const line of summary) console.log(line);
process.exit(failed);

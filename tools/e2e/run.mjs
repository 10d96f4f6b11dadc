#!/usr/bin/env node
// Runs the end-to-end specs (tools/e2e/*.e2e.spec.ts) in band.
import '../runtime/check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const result = spawnSync(process.execPath, [jest, '--config', path.join(here, 'jest.config.cjs'), '--runInBand', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);

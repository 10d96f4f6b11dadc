#!/usr/bin/env node
// `npm start`: builds what is stale (Nx caches the rest) - the gateway and every frontend - then runs
// the whole platform in this process on PORT (default 8080) with its data in DATA_DIR (default ./.data).
import './runtime/check-node.mjs';
import { buildPlatform } from './build-platform.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const built = buildPlatform();
if (built.status !== 0) {
  console.error('Seatside: the build failed (see above).');
  process.exit(built.status ?? 1);
}
// Local development: webhooks may be delivered to receivers on this machine or the local network
// (README, Configuration). A production deployment leaves WEBHOOKS_ALLOW_PRIVATE unset.
process.env.WEBHOOKS_ALLOW_PRIVATE ??= 'true';
await import(path.join(root, 'gateway/dist/main.cjs'));

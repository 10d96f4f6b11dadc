#!/usr/bin/env node
// `npm start`: builds what is stale (Nx caches the rest) - the gateway and every frontend - then runs
// the whole platform in this process on PORT (default 8080) with its data in DATA_DIR (default ./.data).
import './runtime/check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const built = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--projects=@seatside/gateway,tag:type:frontend', '--output-style=stream-without-prefixes'],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
    // Always the production build: an inherited NODE_ENV (jest sets 'test') would make rsbuild build
    // in another mode, and Nx would cache and serve that output.
    env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  },
);
if (built.status !== 0) {
  console.error('Seatside: the build failed (see above).');
  process.exit(built.status ?? 1);
}
// Local development: webhooks may be delivered to receivers on this machine or the local network
// (README, Configuration). A production deployment leaves WEBHOOKS_ALLOW_PRIVATE unset.
process.env.WEBHOOKS_ALLOW_PRIVATE ??= 'true';
await import(path.join(root, 'gateway/dist/main.cjs'));

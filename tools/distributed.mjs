#!/usr/bin/env node
// The distributed topology on this machine: every service and the gateway as separate processes
// against the system PostgreSQL and Redis. Each service has its own port and schema; the gateway
// proxies /v1 and federates /graphql to them.
//
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)  REDIS_URL (default redis://127.0.0.1:6379)
//   PORT (gateway, default 8080)  BASE_PORT (services get BASE_PORT+1.., default 8100)
//   SCHEMA_PREFIX (prepended to each service's schema, default none)  SKIP_BUILD=1 to reuse dist/
import './runtime/check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const services = ['identity', 'catalog', 'tags', 'orders', 'chat', 'notifications', 'webhooks', 'ai-voice', 'media'];
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
};
const gatewayPort = Number(process.env.PORT || 8080);
const basePort = Number(process.env.BASE_PORT || 8100);
const prefix = process.env.SCHEMA_PREFIX || '';

if (!process.env.SKIP_BUILD) {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--output-style=stream-without-prefixes'], {
    cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 10_000);
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function start(name, main, extraEnv) {
  const child = spawn(process.execPath, ['--enable-source-maps', main], { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${name} exited (${code}); stopping the others`);
      stopAll(1);
    }
  });
  children.push(child);
}

async function waitReady(url, name) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.error(`${name} did not become ready at ${url}`);
  stopAll(1);
}

const urls = Object.fromEntries(services.map((name, i) => [name, `http://127.0.0.1:${basePort + i + 1}`]));
// Every process verifies tokens against the identity service's keys; its links point at the gateway.
const jwksUrl = `${urls.identity}/.well-known/jwks.json`;
services.forEach((name) => {
  start(name, path.join(root, 'services', name, 'dist/main.cjs'), {
    PORT: new URL(urls[name]).port,
    DB_SCHEMA_PREFIX: prefix,
    JWKS_URL: jwksUrl,
    // Links in mails (identity) and in QR codes (tags) point at the gateway.
    ...(name === 'identity' || name === 'tags' ? { PUBLIC_URL: `http://127.0.0.1:${gatewayPort}` } : {}),
    // Voice ordering reads the storefront document and the orders quote through the gateway.
    ...(name === 'ai-voice' ? { VOICE_API_URL: `http://127.0.0.1:${gatewayPort}` } : {}),
  });
});
await Promise.all(services.map((name) => waitReady(urls[name], name)));
start('gateway', path.join(root, 'gateway/dist/main.cjs'), {
  PORT: String(gatewayPort),
  TOPOLOGY: 'distributed',
  SERVICE_URLS: JSON.stringify(urls),
  JWKS_URL: jwksUrl,
});
await waitReady(`http://127.0.0.1:${gatewayPort}`, 'gateway');
console.log(`Seatside (distributed) is running at http://127.0.0.1:${gatewayPort}`);

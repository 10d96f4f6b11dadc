// What the first-visit size benches share: the platform as `npm start` starts it (which builds only
// what is stale), Chromium with an empty cache, and the bytes Chromium received for every JS
// response (DevTools protocol). Not a bench itself (run.mjs only runs the files directly in tools/bench).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the platform as `npm start` does, on `port` with its data in `dataDir` (plus `extraEnv`). */
export function startPlatform(port, dataDir, extraEnv = {}) {
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(root, 'tools/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`the platform exited with ${code} before it was ready:\n${output}`)));
  });
  return { ready, stop: async () => { if (child.exitCode === null) child.kill('SIGINT'); await exited; } };
}

/**
 * Starts the platform in a temporary DATA_DIR, lets `visit(page, url)` open what a first visit opens
 * (a phone viewport when `mobile`), and answers the JS responses Chromium received, largest first:
 * per response the bytes on the wire as the DevTools protocol counts them (`encodedDataLength` of
 * Network.loadingFinished: the compressed body as sent, with its response headers), the decoded
 * body size, the response headers' bytes, and the Content-Encoding it came with. Measured, not estimated.
 */
export async function firstVisitJs(name, { mobile = false } = {}, visit) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `seatside-bench-${name}-`));
  fs.chmodSync(dataDir, 0o755);
  const platform = startPlatform(await freePort(), dataDir);
  let browser;
  try {
    const url = await platform.ready;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
    const context = await browser.newContext(mobile ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } : {});
    const page = await context.newPage();
    const files = await recordJs(page, () => visit(page, url));
    return files.sort((a, b) => b.wire - a.wire);
  } finally {
    await browser?.close();
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The JS responses Chromium receives while `run()` and the network then settle, from its DevTools
 * protocol (a CDP session on `page`, cache disabled): `{ url, wire, raw, encoding }` each.
 */
export async function recordJs(page, run) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  const files = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const isJs = type === 'Script' || /javascript/.test(response.mimeType) || /\.m?js(\?|$)/.test(new URL(response.url).pathname);
    // At this point encodedDataLength counts what arrived before the body: the status line and headers.
    if (isJs) responses.set(requestId, { url: new URL(response.url).pathname, encoding: headers['content-encoding'] ?? 'identity', raw: 0, headers: response.encodedDataLength ?? 0 });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const held = responses.get(requestId);
    if (held) held.raw += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const held = responses.get(requestId);
    if (held) files.push({ ...held, wire: encodedDataLength });
  });
  await run();
  // Let late lazy chunks (after data arrives) land too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return files;
}

/** Prints each file and answers the total bytes on the wire, in KB. */
export function reportFiles(files) {
  for (const f of files) console.log(`  ${(f.wire / 1024).toFixed(1).padStart(7)} KB wire  ${(f.raw / 1024).toFixed(1).padStart(7)} KB decoded  ${f.encoding.padEnd(8)}  ${f.url}`);
  const byEncoding = {};
  for (const f of files) byEncoding[f.encoding] = (byEncoding[f.encoding] ?? 0) + 1;
  const kb = (key) => (files.reduce((sum, f) => sum + f[key], 0) / 1024).toFixed(1);
  console.log(`  ${files.length} JS responses (${Object.entries(byEncoding).map(([e, n]) => `${n} ${e}`).join(', ')}): ${kb('wire')} KB on the wire, of which ${kb('headers')} KB response headers; ${kb('raw')} KB decoded`);
  return files.reduce((sum, f) => sum + f.wire, 0) / 1024;
}

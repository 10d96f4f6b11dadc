#!/usr/bin/env node
// Frontend size: the gzipped JavaScript a first visit to `/` downloads (the shell, the marketing
// remote and every chunk they load), against the 150 KB budget of the frontends issue. Starts the
// platform as `npm start` does (which builds only what is stale), opens `/` in Chromium with an empty
// cache, and gzips each JS response body (level 9) unless the server already sent it compressed.
// Reports; never fails on the number.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startPlatform(port, dataDir) {
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-bench-size-'));
fs.chmodSync(dataDir, 0o755);
const platform = startPlatform(await freePort(), dataDir);
let browser;
try {
  const url = await platform.ready;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  const files = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    pending.push(
      response.body().then(
        (body) => {
          const encoding = response.headers()['content-encoding'] ?? '';
          const gz = encoding.includes('gzip') ? Number(response.headers()['content-length'] ?? body.length) : zlib.gzipSync(body, { level: 9 }).length;
          files.push({ url: new URL(response.url()).pathname, raw: body.length, gz });
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Let late lazy chunks (after data arrives) land too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  files.sort((a, b) => b.gz - a.gz);
  for (const f of files) console.log(`  ${(f.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.url}`);
  const totalKb = files.reduce((sum, f) => sum + f.gz, 0) / 1024;
  console.log(`  ${files.length} JS files`);
  console.log(`frontend-size: first-visit-js-gzip=${totalKb.toFixed(1)}KB budget=${BUDGET_KB}KB ratio=${(totalKb / BUDGET_KB).toFixed(2)}`);
} catch (error) {
  console.log(`frontend-size: could not measure: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  await platform.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

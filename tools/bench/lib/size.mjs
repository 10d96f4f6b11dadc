// What the first-visit size benches share: the platform as `npm start` starts it (which builds only
// what is stale), Chromium with an empty cache, and the gzipped size of every JS response. Not a
// bench itself (run.mjs only runs the files directly in tools/bench).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

/**
 * Starts the platform in a temporary DATA_DIR, lets `visit(page, url)` open what a first visit opens
 * (a phone viewport when `mobile`), and answers the JS files it downloaded, largest first.
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
    await visit(page, url);
    // Let late lazy chunks (after data arrives) land too.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return files.sort((a, b) => b.gz - a.gz);
  } finally {
    await browser?.close();
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints each file and answers the total in KB gz. */
export function reportFiles(files) {
  for (const f of files) console.log(`  ${(f.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.url}`);
  console.log(`  ${files.length} JS files`);
  return files.reduce((sum, f) => sum + f.gz, 0) / 1024;
}

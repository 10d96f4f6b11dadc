#!/usr/bin/env node
// Storefront size: the gzipped JavaScript a diner's first visit to a merchant's `/{handle}` downloads
// on a 375 px phone (the shell, the storefront remote and every chunk they load), against the 120 KB
// budget of the storefront issue. Starts the platform as `npm start` does (building only what is
// stale), creates a merchant with a menu through the API, opens its page in Chromium with an empty
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

const BUDGET_KB = 120;
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

/** A merchant with one menu of two products (one with a modifier), as a diner would find it. */
async function seedMerchant(url) {
  const call = async (method, route, body, token) => {
    const res = await fetch(`${url}/v1${route}`, {
      method,
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const { token } = await call('POST', '/auth/sign-up', { email: `bench-${Date.now()}@example.com`, password: 'seatside-secret-1', firstName: 'Bench', lastName: 'Mark' });
  const handle = `bench-${Date.now().toString(36)}`;
  const { id } = await call('POST', '/merchants/create', { name: 'Section 114 Nachos', handle, googlePlaceId: '', timeZone: 'America/New_York' }, token);
  const sauce = await call('POST', `/merchants/${id}/modifiers`, { title: 'Sauce', instructions: 'Pick one', options: [{ label: 'Salsa' }, { label: 'Queso', additionalCost: 1.5 }], rules: { required: true } }, token);
  const nachos = await call('POST', `/merchants/${id}/products`, { title: 'Stadium Nachos', description: 'Chips, cheese, jalapeños.', price: 8.25, modifiers: [sauce.id] }, token);
  const soda = await call('POST', `/merchants/${id}/products`, { title: 'Soda', price: 3 }, token);
  await call('POST', `/merchants/${id}/menus`, { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.id, soda.id] }, token);
  return handle;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-bench-storefront-'));
fs.chmodSync(dataDir, 0o755);
const platform = startPlatform(await freePort(), dataDir);
let browser;
try {
  const url = await platform.ready;
  const handle = await seedMerchant(url);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
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
  await page.goto(`${url}/${handle}`, { waitUntil: 'networkidle' });
  // The page is the menu once the storefront document has arrived; then let late lazy chunks land.
  await page.getByRole('heading', { level: 1, name: 'Section 114 Nachos' }).waitFor();
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  files.sort((a, b) => b.gz - a.gz);
  for (const f of files) console.log(`  ${(f.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.url}`);
  const totalKb = files.reduce((sum, f) => sum + f.gz, 0) / 1024;
  console.log(`  ${files.length} JS files`);
  console.log(`storefront-size: ${totalKb.toFixed(1)} KB gz of ${BUDGET_KB} KB budget (first visit to /{handle}, 375 px, shell included) ratio=${(totalKb / BUDGET_KB).toFixed(2)}`);
} catch (error) {
  console.log(`storefront-size: could not measure: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  await platform.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

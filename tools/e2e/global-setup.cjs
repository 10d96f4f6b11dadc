// Once per end-to-end run, before any suite: the shared jest setup, then the build `npm start` makes
// (so each suite starts the built platform without asking Nx again), then a template DATA_DIR: the
// platform started once on a fresh one and stopped, leaving an initialised embedded PostgreSQL with
// every service's migrations applied. Then, on a copy of it, the platform the suites with default
// settings share, and the Chromium the suites connect to (startShared in browser.ts, which jest
// transforms as it loads this file); a suite with settings of its own starts its own platform on
// another copy (webAppUnderTest).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const sharedSetup = require('../jest/global-setup.cjs');

const root = path.resolve(__dirname, '../..');

function build() {
  // The build npm start makes (require of an ES module without top-level await: Node 22.12+).
  const built = require('../build-platform.mjs').buildPlatform();
  if (built.status !== 0) throw new Error('e2e: the build failed (see above)');
}

/** Starts the built platform on an empty DATA_DIR, waits until it serves, and stops it. */
function makeTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-e2e-template-'));
  fs.chmodSync(dir, 0o755);
  const env = { ...process.env, PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'gateway/dist/main.cjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let ready = false;
    const onData = (chunk) => {
      output += chunk.toString();
      if (!ready && /running at http/.test(output)) {
        ready = true;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (ready && code === 0 ? resolve(dir) : reject(new Error(`e2e template platform exited with ${code}${ready ? ' on stop' : ' before it was ready'}:\n${output}`))));
  });
}

module.exports = async function globalSetup() {
  await sharedSetup();
  build();
  process.env.SEATSIDE_E2E_TEMPLATE = await makeTemplate();
  globalThis.__SEATSIDE_E2E_SHARED__ = await require('./browser').startShared();
};

import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { freePort, launch, repoRoot, type RunningProcess } from './platform';

/** A remote runs on its own in dev (`rsbuild dev` in its folder), without the shell. */
describe.each([
  ['marketing', '/', 'Ordering for'],
  ['admin', '/admin', 'Sign in to your account'],
])('the %s remote standalone in dev', (app, route, text) => {
  let dev: RunningProcess;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    dev = await launch(
      [path.join(repoRoot, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'dev', '--port', String(port), '--root', `frontends/${app}`],
      { ...process.env, NODE_ENV: 'development', SEATSIDE_API: 'http://127.0.0.1:9' },
      /ready\s+built/,
    );
    dev.url = `http://localhost:${port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await dev?.stop('SIGTERM');
  });

  it('given rsbuild dev, when its page is opened, then the remote renders without the shell', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${dev.url}${route}`);
    await page.getByText(text).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('when it has run, then the built app the platform serves is still there', () => {
    // Dev cleaning `dist` took the built remote away from the suites after this one.
    expect(fs.existsSync(path.join(repoRoot, 'frontends', app, 'dist', 'mf-manifest.json'))).toBe(true);
  });
});

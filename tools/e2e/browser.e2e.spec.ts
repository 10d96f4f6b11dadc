import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { embeddedEnv, freePort, launch, tempDir, type RunningProcess } from './platform';

describe('the web app as a person opens it', () => {
  const dataDir = tempDir('seatside-e2e-browser-');
  let platform: RunningProcess;
  let browser: Browser;

  beforeAll(async () => {
    platform = await launch(['tools/start.mjs'], embeddedEnv({ PORT: String(await freePort()), DATA_DIR: dataDir }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop('SIGINT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('given the platform is running, when / is opened, then the Seatside web app renders', async () => {
    const page = await browser.newPage();
    const response = await page.goto(platform.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Seatside');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('when a deep link is refreshed, then the app page (not a 404) is served', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${platform.url}/dashboard/merchants/x/coupons`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Seatside');
  });

  it('when an unknown API path is requested, then it is a problem+json 404, not the page', async () => {
    const res = await fetch(`${platform.url}/v1/nothing-here`, { headers: { accept: 'text/html,application/json' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

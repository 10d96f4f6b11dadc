import type { Page } from 'playwright-core';
import { countWhen, webAppUnderTest } from './browser';

const REMOTE_ERROR = 'This part of Seatside could not be loaded.';

describe('the Module Federation shell as npm start serves it', () => {
  const app = webAppUnderTest('shell');

  async function open(path: string): Promise<Page> {
    const page = await app.visitor();
    const response = await page.goto(`${app.url}${path}`);
    expect(response?.status()).toBe(200);
    return page;
  }

  it('given a first visit to /, then the marketing remote renders inside the shell', async () => {
    const page = await open('/');
    // The remote's page, not the prerendered view (the gateway's HTML), which shows the same heading before the app starts.
    await page.locator('#prerender').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.title()).resolves.toBe('Seatside');
    await expect(page.getByText('Get Started').first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('when a dashboard deep link is loaded fresh signed out, then the dashboard remote renders its sign-in page', async () => {
    const page = await open('/dashboard/merchants/x/coupons');
    await page.getByTestId('sign-in-page').waitFor();
    await page.close();
  });

  it('when /admin is loaded signed out, then the admin remote renders its sign-in page', async () => {
    const page = await open('/admin');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.close();
  });

  it('given the shell and several remotes on one page, then React is loaded once', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Client-side navigation into two more remotes, in the same page.
    await page.evaluate(() => {
      history.pushState({}, '', '/admin');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/auth/sign-up');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const reacts = await page.evaluate(() => ({ version: window.__SEATSIDE_REACT_VERSION__, copies: window.__SEATSIDE_REACTS__?.size }));
    expect(reacts).toEqual({ version: expect.stringMatching(/^19\./), copies: 1 });
    await page.close();
  });

  it('when a remote cannot be loaded, then an error panel shows and Retry loads it once it is back', async () => {
    const page = await app.visitor();
    await page.route('**/remotes/admin/mf-manifest.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(`${app.url}/admin`);
    await page.getByText(REMOTE_ERROR).waitFor();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' }).count()).resolves.toBe(0);
    await page.unroute('**/remotes/admin/mf-manifest.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await expect(countWhen(page.getByText(REMOTE_ERROR), (n) => n === 0)).resolves.toBe(0);
    await page.close();
  });

  it('given a first visit to /, then the tab gets its icon from the page, and no request of it fails', async () => {
    const page = await app.visitor();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const href = await page.locator('head link[rel="icon"]').getAttribute('href');
    const icon = await fetch(new URL(href ?? '', app.url), { headers: { 'accept-encoding': 'br' } });
    expect([icon.status, icon.headers.get('content-type'), icon.headers.get('content-encoding')]).toEqual([200, 'image/svg+xml', 'br']);
    expect(await icon.text()).toContain('<svg');
    expect(failed).toEqual([]);
    await page.close();
  });

  it('when a missing remote file is requested, then it is a 404, not the shell page', async () => {
    const res = await fetch(`${app.url}/remotes/admin/nothing-here.js`, { headers: { accept: 'text/html,*/*' } });
    expect(res.status).toBe(404);
  });

  it('given a first visit to /, then every JS response Chromium received came Brotli-compressed (DevTools protocol)', async () => {
    const page = await app.visitor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, { url: string; encoding: string; decoded: number }>();
    const received: Array<{ url: string; encoding: string; decoded: number; wire: number }> = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script' && !/javascript/.test(response.mimeType)) return;
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
      scripts.set(requestId, { url: new URL(response.url).pathname, encoding, decoded: 0 });
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const script = scripts.get(requestId);
      if (script) script.decoded += dataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script) received.push({ ...script, wire: encodedDataLength });
    });
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(received.length).toBeGreaterThan(3);
    expect(received.filter((script) => script.encoding !== 'br')).toEqual([]);
    const total = (key: 'wire' | 'decoded') => received.reduce((sum, script) => sum + script[key], 0);
    expect(total('wire')).toBeLessThan(total('decoded') / 2);
    // The delivery goal: at most 120 KB of JS on the wire, headers included (React's family is one
    // response, not four; the entry is one file).
    expect(total('wire') / 1024).toBeLessThanOrEqual(120);
    await page.close();
  });

  it('given a first visit, then the entry asks for the page\'s remote before the bootstrap chunk and React, not after them', async () => {
    const page = await app.visitor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${app.url}/`);
    // The app's page (its remote loaded), not the prerendered view, whose heading shows before the app starts.
    await page.locator('#prerender').waitFor({ state: 'detached' });
    const manifest = requested.indexOf('/remotes/marketing/mf-manifest.json');
    const react = requested.findIndex((path) => /^\/static\/js\/async\/lib-react\./.test(path));
    expect(manifest).toBeGreaterThan(-1);
    expect(react).toBeGreaterThan(-1);
    expect(manifest).toBeLessThan(react);
    await page.close();
  });
});

declare global {
  interface Window {
    __SEATSIDE_REACT_VERSION__?: string;
    __SEATSIDE_REACTS__?: Set<unknown>;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { readWhen, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, merchantAdmin, signedIn, type ListAnswer, type MerchantAdmin } from './session';

type Log = { id: string; requestMethod: string; statusCode: number; requestURL: string; requestBody: string; responseBody: string };

/**
 * Request logs (issue 18, seed 001 "Log"): a request made with one of the merchant's API keys shows
 * in the logs table with its method, status and bodies, and the key itself is in no stored log.
 */
describe('request logs', () => {
  const app = webAppUnderTest('request-logs');
  const call = apiOf(app);
  let admin: MerchantAdmin;
  let page: Page;

  beforeAll(async () => {
    admin = await merchantAdmin(app, 'logs');
    page = await signedIn(app, admin);
  });

  const logsUrl = () => `${app.url}/dashboard/merchants/${admin.merchantId}/logs`;
  const rows = () => page.getByTestId('list-row');

  it('given no request with a key yet, when the logs open, then the table says so', async () => {
    await page.goto(logsUrl());
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    await page.getByText('All caught up! No logs found!').waitFor();
  });

  it('given the logs table, when its back button is clicked, then the settings show', async () => {
    await page.goto(logsUrl());
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL(`**/dashboard/merchants/${admin.merchantId}/settings**`);
  });

  it('given requests made with an API key, then each shows with its method, status colour and bodies, newest first, and the key is in no stored log', async () => {
    const created = await readWhen(
      () => call<{ apiKey: string }>('POST', `/merchants/${admin.merchantId}/api-keys`, { title: 'POS', testMode: false }, admin.token),
      (answer) => answer.status === 201,
    );
    expect(created.status).toBe(201);
    const key = created.body.apiKey;
    const customer = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/customers`, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', metadata: [{ key: 'pos', value: `key ${key}` }] }, key);
    expect(customer.status).toBe(201);
    expect((await call('GET', `/merchants/${admin.merchantId}/customers/${customer.body.id}`, undefined, key)).status).toBe(200);
    expect((await call('DELETE', `/merchants/${admin.merchantId}/coupons/no-such-coupon`, undefined, key)).status).toBe(404);
    // Stored a moment later (batched off the request's path).
    const logs = await readWhen(
      async () => (await call<ListAnswer<Log>>('GET', `/merchants/${admin.merchantId}/logs`, undefined, admin.token)).body,
      (answer) => answer.total === 3,
    );
    expect(logs.data.map((l) => [l.requestMethod, l.statusCode])).toEqual([['DELETE', 404], ['GET', 200], ['POST', 201]]);

    await page.goto(logsUrl());
    await page.locator('section[aria-busy="false"]').waitFor();
    await expect(rows().count()).resolves.toBe(3);
    const methods = await page.getByTestId('log-method').evaluateAll((els) => els.map((el) => [el.textContent, getComputedStyle(el).borderColor]));
    expect(methods.map(([m]) => m)).toEqual(['DELETE', 'GET', 'POST']);
    // Three methods, three border colours.
    expect(new Set(methods.map(([, colour]) => colour)).size).toBe(3);
    const statuses = await page.getByTestId('log-status').evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('data-colour')]));
    expect(statuses).toEqual([['404', 'red'], ['200', 'green'], ['201', 'blue']]);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The POST's drawer: its request body and its response body as code blocks.
    await rows().nth(2).getByRole('button', { name: /Details/ }).click();
    const drawer = page.locator('dialog[open]');
    await drawer.getByTestId('log-request-body').waitFor();
    await expect(drawer.getByTestId('log-request-body').innerText()).resolves.toContain('"firstName": "Ada"');
    await expect(drawer.getByTestId('log-request-body').innerText()).resolves.toContain('[redacted]');
    await expect(drawer.getByTestId('log-response-body').innerText()).resolves.toContain(customer.body.id);
    await drawer.getByRole('button', { name: 'Close' }).click();
    // A GET has no request body to show.
    await rows().nth(1).getByRole('button', { name: /Details/ }).click();
    await page.locator('dialog[open]').getByTestId('log-response-body').waitFor();
    await expect(page.locator('dialog[open]').getByTestId('log-request-body').count()).resolves.toBe(0);
    await page.locator('dialog[open]').getByRole('button', { name: 'Close' }).click();

    // Nothing stored holds the key: the logs' tables (segments and bodies) read straight from PostgreSQL
    // (the platform may be shared with other suites: this merchant's three logs, and no one's holds it).
    const db = new Client({ connectionString: fs.readFileSync(path.join(app.dataDir, 'postgres.url'), 'utf8').trim() });
    await db.connect();
    try {
      const { rows: segments } = await db.query(`SELECT tenant_id, count, row_to_json(l)::text AS doc FROM identity.request_log_segments l`);
      expect(segments.filter((segment) => segment.tenant_id === admin.merchantId).reduce((sum, { count }) => sum + count, 0)).toBe(3);
      const { rows: bodies } = await db.query(`SELECT row_to_json(b)::text AS doc FROM identity.request_log_bodies b`);
      expect(bodies.length).toBeGreaterThan(0);
      for (const { doc } of [...segments, ...bodies]) expect(doc).not.toContain(key.slice('sk_live_'.length));
    } finally {
      await db.end();
    }
  });

  it("given the logs on a 390 px phone, then each row's URL reads in lines of a dozen characters (not five) and its Details button is on screen, not scrolled off to the right", async () => {
    const phone = await signedIn(app, admin, { mobile: true });
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(logsUrl());
    await phone.locator('section[aria-busy="false"]').waitFor();
    const row = phone.getByTestId('list-row').first();
    await row.waitFor();
    const details = (await row.getByRole('button', { name: /Details/ }).boundingBox()) ?? { x: Infinity, width: 0 };
    expect(details.x + details.width).toBeLessThanOrEqual(390);
    expect((await row.locator('.rl-url').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(80);
    await row.getByRole('button', { name: /Details/ }).click();
    // Its time is still in the drawer.
    await phone.locator('dialog[open]').getByText('Created At').waitFor();
  });

  it('given the sandbox, then the production logs are not shown', async () => {
    const sandbox = await call<ListAnswer<Log>>('GET', `/merchants/${admin.merchantId}/logs?testMode=true`, undefined, admin.token);
    expect([sandbox.status, sandbox.body.total]).toEqual([200, 0]);
  });

  it("given another merchant's log, when read through this merchant, then 404", async () => {
    const other = await merchantAdmin(app, 'logs-other', 'Other Stand');
    // The creator's admin role reaches the identity service a moment after the merchant is made.
    const created = await readWhen(
      () => call<{ apiKey: string }>('POST', `/merchants/${other.merchantId}/api-keys`, { title: 'K', testMode: false }, other.token),
      (answer) => answer.status === 201,
    );
    expect((await call('GET', `/merchants/${other.merchantId}/customers`, undefined, created.body.apiKey)).status).toBe(200);
    const theirs = await readWhen(
      async () => (await call<ListAnswer<Log>>('GET', `/merchants/${other.merchantId}/logs`, undefined, other.token)).body.data,
      (data) => data.length === 1,
    );
    const res = await call<{ code: string }>('GET', `/merchants/${admin.merchantId}/logs/${theirs[0]!.id}`, undefined, admin.token);
    expect([res.status, res.body.code]).toEqual([404, 'log_not_found']);
  });
});

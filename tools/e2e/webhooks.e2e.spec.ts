import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { modeMessages } from '@seatside/ui/src/mode/messages';
import { webhookMessages as m } from '@seatside/ui/src/tenant-settings/webhooks/messages';
import { overflow, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, merchantAdmin, signedIn, switchMode, type MerchantAdmin } from './session';

/**
 * Outgoing webhooks (issue 21) as `npm start` serves them (it sets WEBHOOKS_ALLOW_PRIVATE=true, so a
 * receiver on this machine is allowed): a merchant admin creates a webhook for product.created in the
 * settings, a product is created, the receiver verifies the signed delivery, and the logs page shows
 * it with status 200 in green and its bodies in the detail drawer.
 */
describe('webhooks in the merchant settings', () => {
  const app = webAppUnderTest('webhooks');
  const call = apiOf(app);
  let admin: MerchantAdmin;
  let page: Page;
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  /** The logs page of the webhook the first spec makes (it has a delivery logged). */
  let logsUrl = '';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/seatside`;
    admin = await merchantAdmin(app, 'webhooks');
    page = await signedIn(app, admin);
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  const settings = (rest: string) => `${app.url}/dashboard/merchants/${admin.merchantId}/settings/${rest}`;

  it('creates a webhook for product.created, receives the signed delivery of a new product and shows it in the logs: 200 in green, bodies in the drawer', async () => {
    await page.goto(settings('webhooks'));
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    await page.locator('section[aria-labelledby="webhooks-title"][aria-busy="false"]').waitFor();
    await page.getByText(m.empty).waitFor();
    await page.getByRole('link', { name: m.newTitle }).click();
    await page.getByRole('heading', { level: 1, name: m.newTitle }).waitFor();
    // The form's own messages, before anything is sent.
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await alertShows(page, m.titleRequired);
    await alertShows(page, m.urlRequired);
    await page.getByLabel('Title').fill('Kitchen screen');
    await page.getByLabel('Url').fill(receiverUrl);
    await page.getByRole('checkbox', { name: /Product created/ }).check();
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await alertShows(page, 'Webhook Created');
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    // Seed 002 §5: after creation the user is on the new webhook's page.
    await page.getByRole('heading', { level: 1, name: 'Edit Webhook' }).waitFor();
    const bearerToken = (await page.getByTestId('webhook-bearer-token').innerText()).trim();
    await expect(page.getByRole('checkbox', { name: /Product created/ }).isChecked()).resolves.toBe(true);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The webhook's own Logs link (the settings menu has the merchant's request Logs too).
    await page.locator('section[aria-labelledby="webhook-title"]').getByRole('link', { name: 'Logs', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    await page.getByText(m.logsEmpty).waitFor();

    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Stadium Nachos', price: 8.25 }, admin.token);
    expect(product.status).toBe(201);
    while (received.length === 0) await new Promise((r) => setTimeout(r, 100));
    const [delivery] = received;
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as { type: string; data: { product: { title: string } } };
    expect(payload).toMatchObject({ type: 'product.created', data: { product: { title: 'Stadium Nachos', currency: 'USD' } } });
    expect(delivery!.headers.authorization).toBe(`Bearer ${bearerToken}`);

    // The log is written when the receiver's answer is in: refresh until the row shows it.
    const status = page.getByTestId('webhook-log-status').first();
    while (!(await status.isVisible()) || (await status.innerText()) !== '200') {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.locator('section[aria-busy="false"]').first().waitFor();
    }
    await expect(status.getAttribute('data-colour')).resolves.toBe('green');
    await expect(status.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(29, 107, 26)');
    await page.getByTestId('webhook-log').first().getByRole('button').click();
    const drawer = page.getByTestId('webhook-log-drawer');
    await drawer.waitFor();
    await expect(drawer.getByTestId('webhook-log-request').innerText()).resolves.toContain('"title": "Stadium Nachos"');
    await drawer.getByRole('tab', { name: 'Response body' }).click();
    await expect(drawer.getByTestId('webhook-log-response').innerText()).resolves.toContain('"received": true');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    logsUrl = page.url();
  });

  it('given a webhook\'s logs, then they come 100 to a page with no page size to choose (seed 002 §9)', async () => {
    expect(logsUrl).toMatch(/\/logs$/);
    const asked = page.waitForRequest((request) => /^\/v1\/.*\/logs$/.test(new URL(request.url()).pathname));
    await page.goto(logsUrl);
    await page.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    await page.getByTestId('webhook-log').first().waitFor();
    expect(new URL((await asked).url()).searchParams.get('limit')).toBe('100');
    await expect(page.getByLabel('Page size').count()).resolves.toBe(0);
    await expect(page.getByText('Page size').count()).resolves.toBe(0);
  });

  it('given a webhook\'s logs, then the footer says which page of how many and which logs of how many it shows, as every list does (seed 001 §2)', async () => {
    expect(logsUrl).toMatch(/\/logs$/);
    await page.goto(logsUrl);
    await page.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    await page.getByTestId('webhook-log').first().waitFor();
    const footer = page.getByRole('navigation', { name: 'Pagination' });
    await expect(footer.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 1 of 1');
    await expect(footer.getByTestId('range').innerText()).resolves.toBe('1-1 of 1');
    await expect(footer.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
  });

  it("given a webhook's logs, when a keyboard user opens a log's drawer, then Tab never reaches the page behind it, and Escape closes it with the focus back on the log's row", async () => {
    expect(logsUrl).toMatch(/\/logs$/);
    await page.goto(logsUrl);
    await page.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    const opener = page.getByTestId('webhook-log').first().getByRole('button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('webhook-log-drawer');
    await drawer.waitFor();
    const inDrawer = () => page.evaluate(() => document.activeElement?.closest('[data-testid="webhook-log-drawer"]') !== null);
    // Nothing behind the drawer takes the focus (past its last control, the browser's own UI may, as a modal dialog allows).
    const behind = () => page.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('[data-testid="webhook-log-drawer"]') === null);
    await expect(inDrawer()).resolves.toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      await expect(behind()).resolves.toBe(false);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it('given a webhook\'s logs at 390 px, then the page fits the phone: nothing wider than the viewport, Refresh and Next in view', async () => {
    expect(logsUrl).toMatch(/\/logs$/);
    const phone = await signedIn(app, admin);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(logsUrl);
    await phone.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    await phone.getByTestId('webhook-log').first().waitFor();
    await expect(overflow(phone)).resolves.toBe('');
    await expect(phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    for (const shown of [phone.getByRole('button', { name: 'Refresh' }), phone.getByRole('button', { name: 'Next' })]) {
      await expect(shown.isVisible()).resolves.toBe(true);
      const box = await shown.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  });

  it('given a webhook the platform turned off (its receiver answered 410 Gone), when the admin turns it on again and saves, then the page no longer says it is turned off', async () => {
    const gone = http.createServer((_req, res) => res.writeHead(410).end());
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    try {
      const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/gone`;
      const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/webhooks`, { title: 'Old receiver', url: goneUrl, events: ['product.created'] }, admin.token);
      expect(created.status).toBe(201);
      expect((await call('POST', `/merchants/${admin.merchantId}/products`, { title: 'Pretzel', price: 6 }, admin.token)).status).toBe(201);
      const path = `/merchants/${admin.merchantId}/webhooks/${created.body.id}`;
      while ((await call<{ disabledReason: string | null }>('GET', path, undefined, admin.token)).body.disabledReason === null) await new Promise((r) => setTimeout(r, 100));

      await page.goto(settings(`webhooks/${created.body.id}`));
      await page.getByRole('heading', { level: 1, name: m.editTitle }).waitFor();
      const turnedOff = page.getByText(/^Turned off: /);
      await turnedOff.waitFor();
      await page.getByRole('switch', { name: 'Active' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await alertShows(page, 'Webhook Updated');
      await turnedOff.waitFor({ state: 'detached' });
      await expect(page.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).resolves.toBe('true');
    } finally {
      await new Promise<void>((r) => gone.close(() => r()));
    }
  });

  it('given a production webhook, when it is opened in Sandbox mode, then it asks to switch before showing it, and "Back to the list" goes to the list', async () => {
    const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/webhooks`, { title: 'Live orders', url: receiverUrl, events: ['order.paid'], testMode: false }, admin.token);
    expect(created.status).toBe(201);
    const url = settings(`webhooks/${created.body.id}`);
    await page.goto(settings('webhooks'));
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    await switchMode(page, admin, true);
    await page.goto(url);
    // antd's confirm renders the title twice, one of them hidden.
    await page.getByText(modeMessages.notAvailable('Webhook', true), { exact: true }).last().waitFor();
    await expect(page.getByRole('button', { name: 'Rotate secret' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((at) => at.href === settings('webhooks'));
    await switchMode(page, admin, false);
  });

  it("given a production webhook, when its logs are opened in Sandbox mode, then it asks to switch before showing them (the logs of the other mode's webhook showed at once)", async () => {
    const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/webhooks`, { title: 'Live payments', url: receiverUrl, events: ['order.paid'], testMode: false }, admin.token);
    expect(created.status).toBe(201);
    await page.goto(settings('webhooks'));
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    await switchMode(page, admin, true);
    await page.goto(settings(`webhooks/${created.body.id}/logs`));
    await page.getByText(modeMessages.notAvailable('Webhook', true), { exact: true }).last().waitFor();
    await expect(page.getByRole('heading', { level: 1, name: m.logsTitle }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Switch to Production' }).click();
    await page.getByRole('heading', { level: 1, name: m.logsTitle }).waitFor();
    await page.getByText(m.logsEmpty).waitFor();
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { seriousViolations, webAppUnderTest } from './browser';
import { freePort, launch, type RunningProcess } from './platform';
import { alertShows, apiOf, listRows, merchantAdmin, merchantPage, openList, signedIn, type AppUnderTest, type MerchantAdmin } from './session';

// Seed 001 §2–§4 and docs/orders-api.md (the dashboard app's own copies are in orders/messages.ts).
const orderMessages = {
  listTitle: 'Orders',
  billingSummary: 'Billing Summary',
  markPaid: 'Mark paid',
  amountTendered: 'Amount tendered',
  changeDue: 'Change due',
  paid: 'Order paid',
} as const;

type Placed = { id: string; orderCode: string; statusToken: string };

/**
 * POST /v1/merchants/{id}/orders as a diner's page would (no account, an Idempotency-Key). The
 * orders service learns of a new product from the catalog's log, so this asks again (the same key:
 * a refused request claims nothing) until the product is there and the order is placed.
 */
async function placeOrder(baseUrl: string, merchantId: string, productId: string): Promise<Placed> {
  const key = randomUUID();
  for (;;) {
    const res = await fetch(`${baseUrl}/v1/merchants/${merchantId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        lineItems: [{ productId, quantity: 1, modifiers: [] }],
        fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
        paymentProcessor: 'CASH',
        customer: { firstName: 'Dana', lastName: 'Diner', email: 'dana@example.com', phone: '555-0100' },
      }),
    });
    const body = await res.json();
    if (res.status === 201) return body as Placed;
    if (res.status !== 400 && res.status !== 404) throw new Error(`placing answered ${res.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The orders screens (seed 001 §2 "Order detail") in Chromium as `npm start` serves them: the list
 * is live over socket.io (docs/orders-api.md "Realtime"), the detail shows the billing summary and
 * marks an order paid in cash.
 */
describe('the orders screens', () => {
  const app = webAppUnderTest('orders');
  const call = apiOf(app);

  it('given a merchant admin with the orders list open, when a diner places an order, then it appears without a reload; paid in cash, it shows the change due', async () => {
    const admin: MerchantAdmin = await merchantAdmin(app, 'orders');
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Loaded Nachos', price: 12.5, manageStock: false, stockQuantity: 0 }, admin.token);
    expect(product.status).toBe(201);

    const page = await signedIn(app, admin);
    const list = merchantPage(app, admin, 'orders');
    await openList(page, list, orderMessages.listTitle);
    // In the merchant's room before the diner orders.
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const order = await placeOrder(app.url, admin.merchantId, product.body.id);
    const row = listRows(page).filter({ hasText: order.orderCode });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/PLACED[\s\S]*\$12\.50/);
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);

    // The detail: header (code, type icon, received), billing summary, no refunds, no sandbox badge.
    await row.getByRole('link', { name: order.orderCode }).click();
    await page.getByRole('heading', { level: 1, name: order.orderCode }).waitFor();
    await page.getByRole('img', { name: 'Pickup' }).waitFor();
    await expect(page.locator('.ord-head').innerText()).resolves.toContain('Received');
    await expect(page.getByTestId('sandbox-badge').count()).resolves.toBe(0);
    const summary = page.getByTestId('billing-summary');
    await expect(summary.innerText()).resolves.toMatch(/Subtotal\s+\$12\.50[\s\S]*Tax\s+\$0\.00[\s\S]*Tip\s+\$0\.00[\s\S]*Amount due\s+\$12\.50/);
    await expect(page.getByTestId('refunds').count()).resolves.toBe(0);
    await expect(page.getByTestId('cash-change').count()).resolves.toBe(0);
    await page.getByRole('switch', { name: 'Debug' }).click();
    await expect(page.getByTestId('order-json').innerText()).resolves.toContain(`"orderCode": "${order.orderCode}"`);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Mark paid (cash): $20 tendered for $12.50 due.
    await page.getByRole('button', { name: orderMessages.markPaid }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(orderMessages.amountTendered).fill('20');
    await dialog.getByRole('button', { name: orderMessages.markPaid }).click();
    await alertShows(page, orderMessages.paid);
    await page.getByTestId('change-due').waitFor();
    await expect(page.getByTestId('cash-change').innerText()).resolves.toMatch(/Amount tendered\s+\$20\.00[\s\S]*Change due\s+\$7\.50/);
    await expect(page.getByTestId('order-status').innerText()).resolves.toBe('PAID');
    await dialog.waitFor({ state: 'detached' });
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Back on the list, a status change made elsewhere updates the row in place.
    await openList(page, list, orderMessages.listTitle);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await expect(row.innerText()).resolves.toContain('PAID');
    const accepted = await call<{ status: string }>('POST', `/merchants/${admin.merchantId}/orders/${order.id}/accept`, {}, admin.token);
    expect(accepted.body.status).toBe('ACCEPTED');
    await page.waitForFunction((code) => [...document.querySelectorAll('[data-testid="list-row"]')].some((r) => r.textContent?.includes(code) && r.textContent.includes('ACCEPTED')), order.orderCode);
  });
});

/**
 * The distributed topology (tools/distributed.mjs: every service its own process, Redis): the
 * gateway proxies /socket.io, websocket upgrades and long polling alike, to the orders service.
 */
describe('live orders through the distributed gateway', () => {
  const prefix = `e2e_${randomBytes(3).toString('hex')}_`;
  // As tools/distributed.mjs defaults it.
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schemas = ['identity', 'catalog', 'tags', 'orders', 'chat', 'notifications', 'webhooks', 'ai_voice', 'media'];
  let platform: RunningProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    platform = await launch(['tools/distributed.mjs'], {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(await freePort()),
      BASE_PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      SCHEMA_PREFIX: prefix,
      DATABASE_URL: databaseUrl,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.stop('SIGTERM');
    const pool = new Pool({ connectionString: databaseUrl });
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${prefix}${schema}" CASCADE`);
    await pool.end();
  });

  /** A connected client of /orders through the gateway, in the merchant's room once the orders service knows the membership. */
  async function member(transport: 'websocket' | 'polling', token: string, merchantId: string): Promise<{ socket: Socket; heard: { id: string; status: string }[] }> {
    const socket = connectClient(`${platform.url}/orders`, { path: '/socket.io', transports: [transport], auth: { token }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const heard: { id: string; status: string }[] = [];
    socket.on('order.updated', (order: { id: string; status: string }) => heard.push(order));
    for (;;) {
      const answer = (await socket.emitWithAck('join', { merchantId, testMode: false })) as { ok: boolean; status?: number };
      if (answer.ok) break;
      expect(answer.status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(socket.io.engine.transport.name).toBe(transport);
    return { socket, heard };
  }

  it('given members connected over websocket and over long polling, when an order is placed through the gateway, then both hear order.updated', async () => {
    const admin = await merchantAdmin({ url: platform.url } as AppUnderTest, 'orders-dist');
    const call = apiOf({ url: platform.url } as AppUnderTest);
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Pretzel', price: 6 }, admin.token);
    expect(product.status).toBe(201);
    const [overWebsocket, overPolling] = [await member('websocket', admin.token, admin.merchantId), await member('polling', admin.token, admin.merchantId)];

    const order = await placeOrder(platform.url, admin.merchantId, product.body.id);
    for (const { heard } of [overWebsocket, overPolling]) {
      while (!heard.some((o) => o.id === order.id && o.status === 'PLACED')) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

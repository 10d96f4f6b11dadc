import type { Page } from 'playwright-core';
import { readWhen, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, listRows, merchantAdmin, merchantPage, openList, placeOrder, signedIn, type MerchantAdmin } from './session';

// Seed 001 §2–§4 and docs/orders-api.md (the dashboard app's own copies are in orders/messages.ts).
const orderMessages = {
  listTitle: 'Orders',
  billingSummary: 'Billing Summary',
  markPaid: 'Mark paid',
  amountTendered: 'Amount tendered',
  changeDue: 'Change due',
  paid: 'Order paid',
  pickupAtCounter: 'Pickup · Counter',
  refund: 'Refund',
  refundTitle: 'Title',
  refundAmount: 'Refund amount',
  refundTooLarge: 'The refund is larger than what is left to refund',
} as const;

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
    // On a phone the list shows the code, the status and what is due without scrolling sideways: the
    // type and the time are left out there.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.ls-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
    await expect(row.innerText().then((text) => text.trim())).resolves.toMatch(new RegExp(`^${order.orderCode}\\s+PLACED\\s+\\$12\\.50$`));
    await page.setViewportSize(desktop);

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
    // The fulfillment in words, as the kitchen ticket says it: the pickup method's name, never its code (COUNTER).
    await expect(page.getByTestId('order-fulfillment').innerText()).resolves.toBe(orderMessages.pickupAtCounter);
    await page.getByRole('switch', { name: 'Debug' }).click();
    await expect(page.getByTestId('order-json').innerText()).resolves.toContain(`"orderCode": "${order.orderCode}"`);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Mark paid (cash): $20 tendered for $12.50 due.
    await page.getByRole('button', { name: orderMessages.markPaid }).click();
    const dialog = page.getByRole('dialog');
    // A negative amount is refused by its field, in the server's words; nothing is paid.
    await dialog.getByLabel(orderMessages.amountTendered).fill('-3');
    await dialog.getByRole('button', { name: orderMessages.markPaid }).click();
    await dialog.getByRole('alert').getByText('Amount tendered must be an amount of 0 or more').waitFor();
    await expect(dialog.getByLabel(orderMessages.amountTendered).getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByLabel(orderMessages.amountTendered).fill('20');
    await dialog.getByRole('button', { name: orderMessages.markPaid }).click();
    await alertShows(page, orderMessages.paid);
    await page.getByTestId('change-due').waitFor();
    await expect(page.getByTestId('cash-change').innerText()).resolves.toMatch(/Amount tendered\s+\$20\.00[\s\S]*Change due\s+\$7\.50/);
    await expect(page.getByTestId('order-status').innerText()).resolves.toBe('PAID');
    await dialog.waitFor({ state: 'detached' });
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // A refund above what was paid is refused under its field, in the API's words; nothing is refunded.
    await page.getByRole('button', { name: orderMessages.refund }).click();
    await dialog.getByLabel(orderMessages.refundTitle).fill('Spilled');
    await dialog.getByLabel(orderMessages.refundAmount).fill('999');
    await dialog.getByRole('button', { name: orderMessages.refund }).click();
    await dialog.getByRole('alert').getByText(orderMessages.refundTooLarge).waitFor();
    await expect(dialog.getByLabel(orderMessages.refundAmount).getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('refunds').count()).resolves.toBe(0);

    // Back on the list, a status change made elsewhere updates the row in place.
    await openList(page, list, orderMessages.listTitle);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await expect(row.innerText()).resolves.toContain('PAID');
    const accepted = await call<{ status: string }>('POST', `/merchants/${admin.merchantId}/orders/${order.id}/accept`, {}, admin.token);
    expect(accepted.body.status).toBe('ACCEPTED');
    await page.waitForFunction((code) => [...document.querySelectorAll('[data-testid="list-row"]')].some((r) => r.textContent?.includes(code) && r.textContent.includes('ACCEPTED')), order.orderCode);
  });

  it('given a merchant admin with the orders list open, when they change their password in another tab of the browser (every earlier token ends), then the server closes the list\'s socket, the list connects again by itself, and the next order appears without a reload', async () => {
    const admin: MerchantAdmin = await merchantAdmin(app, 'orders-password');
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Pretzel Bites', price: 8, manageStock: false, stockQuantity: 0 }, admin.token);
    expect(product.status).toBe(201);
    const page = await signedIn(app, admin);
    const ordersSocket = () => page.waitForEvent('websocket', (ws) => /nsp=(%2F|\/)orders/.test(ws.url()));
    const first = ordersSocket();
    await openList(page, merchantPage(app, admin, 'orders'), orderMessages.listTitle);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    const firstClosed = (await first).waitForEvent('close');
    const second = ordersSocket();

    // As the account page of another tab of this browser does it: the answer's new session cookie lands
    // in the browser's jar, and the list's tab still holds its old token.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('seatside.session') ?? '{}')?.state?.token as string);
    const changed = await page.context().request.post(`${app.url}/v1/users/me/password`, {
      headers: { authorization: `Bearer ${token}` },
      data: { currentPassword: admin.password, newPassword: 'a-new-secret-114', confirmPassword: 'a-new-secret-114' },
    });
    expect(changed.status()).toBe(200);

    await firstClosed;
    await second;
    await expect(call('GET', `/merchants/${admin.merchantId}/orders`, undefined, admin.token).then((r) => r.status)).resolves.toBe(401);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    const order = await placeOrder(app.url, admin.merchantId, product.body.id);
    await listRows(page).filter({ hasText: order.orderCode }).waitFor();
  });

  it('given the kitchen display open, when one order is fully refunded and another cancelled, then their tickets leave the board without a reload; a part refund keeps its ticket', async () => {
    const admin: MerchantAdmin = await merchantAdmin(app, 'kitchen-refund');
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Soft Pretzel', price: 6, manageStock: false, stockQuantity: 0 }, admin.token);
    expect(product.status).toBe(201);
    const kitchen = await signedIn(app, admin);
    await kitchen.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/kitchen`);
    await kitchen.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await kitchen.evaluate(() => Object.assign(window, { sameDocument: true }));

    const [refunded, cancelled, part] = [
      await placeOrder(app.url, admin.merchantId, product.body.id),
      await placeOrder(app.url, admin.merchantId, product.body.id),
      await placeOrder(app.url, admin.merchantId, product.body.id),
    ];
    const ticket = (code: string) => kitchen.locator(`[data-testid="kitchen-ticket"][data-order-code="${code}"]`);
    for (const order of [refunded, cancelled, part]) await ticket(order.orderCode).waitFor();
    await expect(kitchen.getByTestId('kitchen-count').innerText()).resolves.toBe('3 open orders');

    const act = (id: string, action: string, body: object = {}) => call<{ status: string }>('POST', `/merchants/${admin.merchantId}/orders/${id}/${action}`, body, admin.token);
    for (const order of [refunded, part]) expect((await act(order.id, 'pay', { amountTendered: 6 })).body.status).toBe('PAID');
    expect((await act(part.id, 'refund', { title: 'No salt', amount: 1 })).body.status).toBe('PAID');
    expect((await act(refunded.id, 'refund', { title: 'Dropped', amount: 6 })).body.status).toBe('REFUNDED');
    await ticket(refunded.orderCode).waitFor({ state: 'detached' });
    expect((await act(cancelled.id, 'cancel', { reason: 'Out of pretzels' })).body.status).toBe('CANCELLED');
    await ticket(cancelled.orderCode).waitFor({ state: 'detached' });
    await expect(kitchen.getByTestId('kitchen-count').innerText()).resolves.toBe('1 open order');
    await expect(ticket(part.orderCode).count()).resolves.toBe(1);
    await expect(kitchen.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
  });

  it('given pages of the marketing site, the sign-in and the merchant dashboard, then each tab is named "{the page\'s heading} · Seatside", and a side-menu click renames it (WCAG 2.4.2 Page Titled)', async () => {
    const admin: MerchantAdmin = await merchantAdmin(app, 'titles', 'Titled Tacos');
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Classic Burger', price: 9, manageStock: false, stockQuantity: 0 }, admin.token);
    expect(product.status).toBe(201);
    const order = await placeOrder(app.url, admin.merchantId, product.body.id);
    // The title follows the page once it has rendered (and, for a record, once it has loaded).
    const titleOf = (page: Page, expected: string) => readWhen(() => page.title(), (title) => title === expected);

    const visitor = await app.visitor({ reducedMotion: true });
    await visitor.goto(`${app.url}/pricing`);
    await expect(titleOf(visitor, 'Pricing · Seatside')).resolves.toBe('Pricing · Seatside');
    await visitor.goto(`${app.url}/auth/login`);
    await expect(titleOf(visitor, 'Sign in to your account · Seatside')).resolves.toBe('Sign in to your account · Seatside');

    const page = await signedIn(app, admin);
    await openList(page, merchantPage(app, admin, 'orders'), orderMessages.listTitle);
    await expect(titleOf(page, 'Orders · Seatside')).resolves.toBe('Orders · Seatside');
    // Client-side navigation: the side menu's Products, then the merchant's home (its name is its heading).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('merchant-drawer').getByRole('link', { name: 'Products' }).click();
    await expect(titleOf(page, 'Products · Seatside')).resolves.toBe('Products · Seatside');
    await page.getByTestId('merchant-drawer').getByRole('link', { name: 'Home' }).click();
    await expect(titleOf(page, 'Titled Tacos · Seatside')).resolves.toBe('Titled Tacos · Seatside');
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    // A record's page is named after the record once loaded.
    await page.goto(merchantPage(app, admin, `products/${product.body.id}`));
    await expect(titleOf(page, 'Classic Burger · Seatside')).resolves.toBe('Classic Burger · Seatside');
    await page.goto(merchantPage(app, admin, `orders/${order.id}`));
    await expect(titleOf(page, `${order.orderCode} · Seatside`)).resolves.toBe(`${order.orderCode} · Seatside`);
    await page.goto(merchantPage(app, admin, 'kitchen'));
    await expect(titleOf(page, 'Kitchen · Seatside')).resolves.toBe('Kitchen · Seatside');
  });

  it('given the orders list on page 2, when a diner places an order, then the total follows without a reload while the page keeps its rows; Next works while page 1 reloads', async () => {
    const admin: MerchantAdmin = await merchantAdmin(app, 'orders-page-2');
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Hot Dog', price: 5, manageStock: false, stockQuantity: 0 }, admin.token);
    expect(product.status).toBe(201);
    // One more than the first page holds (25 a page).
    const oldest = await placeOrder(app.url, admin.merchantId, product.body.id);
    for (let i = 1; i < 26; i++) await placeOrder(app.url, admin.merchantId, product.body.id);

    const page = await signedIn(app, admin);
    await openList(page, merchantPage(app, admin, 'orders'), orderMessages.listTitle);
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="range"]')?.textContent === '1-25 of 26');

    // A new order reloads page 1 (held here, as a busy stand's reloads keep coming): Next still leads
    // on from the page on screen meanwhile, so a click then is not lost to a button disabled for a moment.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reloading: (() => void) | undefined;
    const reloadAsked = new Promise<void>((resolve) => (reloading = resolve));
    await page.route(
      (url) => url.pathname === `/v1/merchants/${admin.merchantId}/orders` && !url.searchParams.has('cursor'),
      async (route) => {
        reloading?.();
        await held;
        await route.continue().catch(() => undefined); // aborted by the page once it moved on
      },
    );
    await placeOrder(app.url, admin.merchantId, product.body.id);
    await reloadAsked;
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    await expect(next.isEnabled()).resolves.toBe(true);
    await next.click();
    const range = page.getByTestId('range');
    // Page 2 as page 1 on screen led to it: the oldest order, of 27 now.
    await page.waitForFunction(() => document.querySelector('[data-testid="range"]')?.textContent === '26-26 of 27');
    release?.();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 2 of 2');
    // The oldest order is the one row of page 2.
    await listRows(page).filter({ hasText: oldest.orderCode }).waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await placeOrder(app.url, admin.merchantId, product.body.id);
    await placeOrder(app.url, admin.merchantId, product.body.id);
    await page.waitForFunction(() => document.querySelector('[data-testid="range"]')?.textContent === '26-26 of 29');
    await expect(range.innerText()).resolves.toBe('26-26 of 29');
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 2 of 2');
    await expect(listRows(page).count()).resolves.toBe(1);
    await expect(listRows(page).first().innerText()).resolves.toContain(oldest.orderCode);
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
  });
});

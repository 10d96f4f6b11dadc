import type { Page } from 'playwright-core';
import { inlineScriptsAllowed, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, listRows, openList, signedIn, signUp, type ListAnswer } from './session';

// The storefront's words (frontends/storefront/src/messages.ts and docs/orders-api.md; apps cannot be
// imported). Its pure functions (hours text, menus open now, pickup slots, the checkout body) have
// their unit specs in frontends/storefront/src/**/*.unit.spec.ts.
const words = {
  location: 'Table 12 · Seat 2C',
  openAllDay: 'Open all day.',
  closed: 'Currently closed.',
  soldOut: 'Sold out',
  sauceRequired: 'Sauce is required',
  addToOrder: /^Add to order/,
  viewOrder: /^View order · 1 item/,
  checkout: 'Checkout',
  placeOrder: 'Place order',
  firstNameRequired: 'First name is required',
  paused: 'This store is not taking orders right now',
  minimum: 'Minimum order: $10.00',
  couponNotValid: 'This coupon code is not valid',
  tip15: /^15% · /,
} as const;

type Order = { id: string; orderCode: string; status: string; tagId?: string; lineItems: { title: string; options: { label: string }[] }[] };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A diner at seat 2C on a phone (375 px), against the platform as `npm start` serves it: the tag
 * opens the merchant's storefront, a product with a required modifier goes into a cart that survives
 * a reload, a cash checkout places the order, and the confirmation page shows its code, status and
 * billing summary; the merchant's open orders list shows the order live, with the tag's id.
 */
describe('the storefront on a phone', () => {
  const app = webAppUnderTest('storefront');
  const call = apiOf(app);

  /** Repeats a call while the service has not yet learnt of a new membership (its projection is asynchronous). */
  async function asMember<T>(send: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T }> {
    for (;;) {
      const answer = await send();
      if (answer.status !== 403 && answer.status !== 404) return answer;
      await pause(200);
    }
  }

  /** Given a merchant with a product whose Sauce is required and a sold-out soda, on an all-day menu, and a tag for Table 12, Seat 2C. */
  async function seatedMerchant() {
    const account = await signUp(app, 'storefront');
    const handle = `seat-2c-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Section 114 Nachos', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const at = (path: string) => `/merchants/${merchantId}${path}`;
    const sauce = await call<{ id: string }>('POST', at('/modifiers'), {
      title: 'Sauce', instructions: 'Pick one', options: [{ label: 'Salsa', additionalCost: 0 }, { label: 'Queso', additionalCost: 1.5 }], rules: { required: true },
    }, account.token);
    expect(sauce.status).toBe(201);
    const nachos = await call<{ id: string }>('POST', at('/products'), { title: 'Stadium Nachos', description: 'Chips, cheese, jalapeños.', price: 8.25, modifiers: [sauce.body.id] }, account.token);
    expect(nachos.status).toBe(201);
    const soda = await call<{ id: string }>('POST', at('/products'), { title: 'Soda', price: 3, manageStock: true, stockQuantity: 0 }, account.token);
    expect(soda.status).toBe(201);
    const menu = await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.body.id, soda.body.id] }, account.token);
    expect(menu.status).toBe(201);
    const metadata = [{ key: 'Table', value: '12', visible: true }, { key: 'Seat', value: '2C', visible: true }, { key: 'Runner', value: 'Ann', visible: false }];
    const tag = await asMember(() => call<{ id: string }>('POST', at('/tags'), { name: 'Table 12 Seat 2C', metadata }, account.token));
    expect(tag.status).toBe(201);
    const tagDoc = await call<{ code: string }>('GET', at(`/tags/${tag.body.id}`), undefined, account.token);
    return { account, handle, merchantId, tagId: tag.body.id, code: tagDoc.body.code, sodaId: soda.body.id };
  }

  /** Stadium Nachos with Salsa into the cart, then the cart's Checkout. */
  async function nachosWithSalsaToCheckout(page: Page) {
    await page.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Stadium Nachos' });
    await sheet.getByLabel('Salsa').check();
    await sheet.getByRole('button', { name: words.addToOrder }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: words.viewOrder }).click();
    await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: words.checkout }).click();
  }

  async function acceptCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    await accept.waitFor().then(() => accept.click(), () => undefined);
  }

  it("given a tagged seat, when a diner orders from /tag/{code} and pays cash, then the confirmation shows the order and it appears live in the merchant's orders list with the tag", async () => {
    const { account, handle, merchantId, tagId, code } = await seatedMerchant();

    // The merchant has the dashboard's orders list open (desktop), live before the diner orders.
    const staff = await signedIn(app, account);
    await openList(staff, `${app.url}/dashboard/merchants/${merchantId}/orders`, 'Orders');
    await staff.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    await staff.evaluate(() => Object.assign(window, { sameDocument: true }));

    const page = await app.visitor({ mobile: true });

    // The tag shows where the diner sits and opens the merchant's storefront.
    await page.goto(`${app.url}/tag/${code}`);
    await acceptCookies(page);
    await page.getByText(words.location).first().waitFor();
    // The tag names its merchant by id: the storefront document read by that id gives the handle.
    await page.waitForURL(`${app.url}/${handle}`);
    await page.getByRole('heading', { level: 1, name: 'Section 114 Nachos' }).waitFor();
    // Every page names the browser tab (WCAG 2.4.2): the menu after the merchant, the rest after their heading and the merchant.
    const titled = (title: string) => page.waitForFunction((expected) => document.title === expected, title);
    await titled('Section 114 Nachos');
    await expect(page.getByTestId('tag-location').innerText()).resolves.toBe(words.location);
    await expect(page.getByText('Table 12', { exact: false }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Seat 2C', { exact: false }).first().isVisible()).resolves.toBe(true);
    expect(await page.getByText('Runner').count()).toBe(0);
    await expect(page.getByTestId('store-hours').innerText()).resolves.toBe(words.openAllDay);
    await expect(page.getByRole('button', { name: /Soda/ }).innerText()).resolves.toContain(words.soldOut);
    expect(await seriousViolations(page)).toEqual([]);

    // The product sheet enforces the required modifier, then adds the choice.
    await page.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Stadium Nachos' });
    await sheet.getByRole('button', { name: words.addToOrder }).click();
    await sheet.getByText(words.sauceRequired).waitFor();
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await sheet.getByLabel('Queso').check();
    await sheet.getByRole('button', { name: words.addToOrder }).click();
    await sheet.waitFor({ state: 'detached' });

    // The cart survives a reload.
    await page.reload();
    await page.getByRole('button', { name: words.viewOrder }).click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await expect(cart.getByTestId('cart-line').innerText()).resolves.toContain('Queso');
    await expect(cart.getByTestId('cart-subtotal').innerText()).resolves.toBe('$9.75');
    await cart.getByRole('button', { name: words.checkout }).click();

    // Checkout: the server's field messages show by the fields; then a cash order is placed.
    await page.getByRole('heading', { level: 1, name: words.checkout }).waitFor();
    await titled(`${words.checkout} · Section 114 Nachos`);
    await page.getByRole('button', { name: words.placeOrder }).click();
    await page.getByText(words.firstNameRequired).waitFor();
    await expect(page.getByLabel('First name').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Diner');
    await page.getByLabel('Email').fill('dana@example.com');
    await expect(page.getByLabel('Cash').isChecked()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: words.placeOrder }).click();

    // The confirmation page: code, status and the billing summary line by line.
    await page.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const orderCode = await page.getByTestId('order-code').innerText();
    expect(orderCode).toMatch(/^[0-9A-Z]{4,}$/);
    await titled(`${await page.getByRole('heading', { level: 1 }).innerText()} · Section 114 Nachos`);
    await expect(page.getByTestId('order-status').getAttribute('data-status')).resolves.toBe('PLACED');
    const summary = page.getByTestId('billing-summary');
    await expect(summary.locator('[data-line="subtotal"]').innerText()).resolves.toMatch(/Subtotal\s+\$9\.75/);
    await expect(summary.locator('[data-line="tax"]').innerText()).resolves.toMatch(/Tax\s+\$0\.00/);
    await expect(summary.locator('[data-line="amountDue"]').innerText()).resolves.toMatch(/Amount due\s+\$9\.75/);
    expect(await seriousViolations(page)).toEqual([]);

    // The order appears in the merchant's open list without a reload.
    await listRows(staff).filter({ hasText: orderCode }).waitFor();
    await expect(listRows(staff).filter({ hasText: orderCode }).innerText()).resolves.toMatch(/PLACED[\s\S]*\$9\.75/);
    await expect(staff.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);

    // The merchant's API has the order, with the tag's id and the diner's choice.
    const orders = await asMember(() => call<ListAnswer<Order>>('GET', `/merchants/${merchantId}/orders`, undefined, account.token));
    expect(orders.status).toBe(200);
    const order = orders.body.data.find((o) => o.orderCode === orderCode);
    expect(order).toMatchObject({ status: 'PLACED', tagId });
    if (!order) throw new Error(`order ${orderCode} is not in the merchant's list`);
    expect(order.lineItems[0]).toMatchObject({ title: 'Stadium Nachos', options: [expect.objectContaining({ label: 'Queso' })] });

    // The page follows the order: the merchant accepts it, the diner sees ACCEPTED without reloading.
    const accepted = await call('POST', `/merchants/${merchantId}/orders/${order.id}/accept`, {}, account.token);
    expect(accepted.status).toBe(200);
    await page.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'ACCEPTED');

    // A reload of the confirmation page reads the order again (the token is in the URL). The history
    // entry still holds the order as it was placed, so PLACED may show until that read answers: only
    // the read can bring ACCEPTED (no change is pushed after the reload).
    await page.reload();
    await expect(page.getByTestId('order-code').innerText()).resolves.toBe(orderCode);
    await page.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'ACCEPTED');
  });

  it('given a store with tax, tips, coupons and fees, when a diner checks out, then the price shows line by line before placing, follows the tip and the coupon, and is what the order costs', async () => {
    const { account, handle, merchantId, sodaId } = await seatedMerchant();
    const checkoutOptions = { taxRate: 10, collectTips: true, enableCoupons: true, chargePlatformFeeToCustomer: true, chargeConvenienceFeeForCashTransactions: true, convenienceFee: 0.5 };
    expect((await call('POST', `/merchants/${merchantId}`, { checkoutOptions }, account.token)).status).toBe(200);
    // The orders service learns the product and the options from the catalog's log (on a platform
    // shared with other suites, a moment later): wait until its quote knows the soda and has the tax.
    const soda = { lineItems: [{ productId: sodaId, quantity: 1 }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH' };
    const taxed = await readWhen(
      () => call<{ billingSummary: { totals: { tax: number } } }>('POST', `/merchants/${merchantId}/orders/quote`, soda),
      (answer) => answer.status === 200 && answer.body.billingSummary.totals.tax > 0,
      30_000,
    );
    expect(taxed.status).toBe(200);
    expect(taxed.body.billingSummary.totals.tax).toBeGreaterThan(0);

    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    await acceptCookies(page);
    await nachosWithSalsaToCheckout(page);
    await page.getByRole('heading', { level: 1, name: words.checkout }).waitFor();

    // Before anything is placed, the server's price line by line.
    const price = page.getByTestId('checkout-price');
    const line = (id: string) => price.locator(`[data-line="${id}"]`);
    await line('amountDue').waitFor();
    await expect(line('subtotal').innerText()).resolves.toMatch(/Subtotal\s+\$8\.25/);
    await expect(line('tax').innerText()).resolves.toMatch(/Tax\s+\$0\.8\d/);
    await expect(line('convenienceFee').innerText()).resolves.toMatch(/Convenience fee\s+\$0\.50/);
    await expect(line('platformFee').innerText()).resolves.toMatch(/Platform fee\s+\$0\.99/);
    expect(await line('tip').innerText()).toMatch(/Tip\s+\$0\.00/);
    const dollars = async () => Number((await line('amountDue').innerText()).replace(/[^0-9.]/g, ''));
    const withoutTip = await dollars();

    // A tip that is no amount of whole cents is refused by its field, never quietly rounded or dropped.
    for (const [typed, refusal] of [['1.234', 'Tip must have at most 2 decimal places'], ['-5', 'Tip must be an amount of 0 or more']] as const) {
      await page.getByLabel('Tip amount').fill(typed);
      await page.getByText(refusal).waitFor();
      await expect(page.getByLabel('Tip amount').getAttribute('aria-invalid')).resolves.toBe('true');
    }

    // A 15 % tip: the price follows.
    await page.getByRole('button', { name: words.tip15 }).click();
    await page.waitForFunction(() => !/\$0\.00/.test(document.querySelector('[data-testid="checkout-price"] [data-line="tip"]')?.textContent ?? '$0.00'));
    await page.locator('[data-testid="checkout-price"][data-pending="false"]').waitFor();
    const tip = Number((await line('tip').innerText()).replace(/[^0-9.]/g, ''));
    expect(tip).toBeCloseTo(1.24, 2);
    expect(await dollars()).toBeCloseTo(withoutTip + tip, 2);

    // A coupon the store does not have is refused by its field before the order is placed.
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByText(words.couponNotValid).waitFor();
    await expect(page.getByLabel('Coupon code').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Coupon code').fill('');
    await page.locator('[data-testid="checkout-price"][data-pending="false"] [data-line="amountDue"]').waitFor();
    const quoted = await dollars();
    expect(quoted).toBeCloseTo(withoutTip + tip, 2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Diner');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByRole('button', { name: words.placeOrder }).click();
    await page.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const placed = page.getByTestId('billing-summary');
    await expect(placed.locator('[data-line="amountDue"]').innerText()).resolves.toMatch(new RegExp(`\\$${quoted.toFixed(2).replace('.', '\\.')}$`));
  });

  it("given a merchant whose name and description hold markup, when a phone opens /{handle}, then the header is in the served HTML, escaped, and shows with JavaScript off; with it, the app takes over without a shift and the menu works", async () => {
    const { account, handle, merchantId } = await seatedMerchant();
    const name = 'Nachos <b>&</b> "Co"';
    const description = '<img src=x onerror="window.hacked=1"> Chips & cheese, served at your seat.';
    expect((await call('POST', `/merchants/${merchantId}`, { details: { name, description } }, account.token)).status).toBe(200);

    // The document as served, before any script runs: the header's text is there, as text.
    const served = await fetch(`${app.url}/${handle}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(served.headers.get('content-encoding')).toBe('br');
    const html = await served.text();
    const prerendered = html.slice(html.indexOf('<div id="prerender"'), html.indexOf('<div id="root">'));
    expect(prerendered).toContain('<h1 style="grid-column:1 / -1">Nachos &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot;</h1>');
    expect(prerendered).toContain('<p class="sf-desc">&lt;img src=x onerror=&quot;window.hacked=1&quot;&gt; Chips &amp; cheese, served at your seat.</p>');
    expect(html).toContain('<title>Nachos &#60;b&#62;&#38;&#60;/b&#62; &#34;Co&#34;</title>');
    // No script came with it: the view holds none, and every inline script of the page (the shell's) is allowed by its hash, not by 'unsafe-inline'.
    expect(prerendered).not.toMatch(/<script/i);
    expect(inlineScriptsAllowed(html, served.headers.get('content-security-policy') ?? '')).toBe(true);

    // JavaScript off: the header is what a diner sees.
    const still = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    try {
      const page = await still.newPage();
      await page.goto(`${app.url}/${handle}`);
      await expect(page.locator('#prerender h1').textContent()).resolves.toBe(name);
      await expect(page.locator('#prerender .sf-desc').textContent()).resolves.toBe(description);
      expect(await page.locator('#prerender .sf-desc').isVisible()).toBe(true);
    } finally {
      await still.close();
    }

    // JavaScript on: the app's page replaces the header, nothing that was painted moves, and the menu works.
    const page = await app.visitor({ mobile: true });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
      (window as unknown as { shifts: number[] }).shifts = shifts;
    });
    const shifted = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    await page.goto(`${app.url}/${handle}`);
    await page.locator('#prerender').waitFor({ state: 'detached' });
    // The current wait arrives after the first paint, on the header's line kept for it: nothing moved.
    await page.getByTestId('current-wait').waitFor();
    await expect(shifted()).resolves.toBe(0);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(name);
    await expect(page.locator('.sf-desc').textContent()).resolves.toBe(description);
    await page.getByRole('button', { name: /Stadium Nachos/ }).click();
    await page.getByRole('dialog', { name: 'Stadium Nachos' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await shifted()).toBeLessThanOrEqual(0.05);
  });

  it("given Nachos with Queso in a diner's cart at $9.75, when the merchant raises the Nachos to $9.00 and the diner comes back, then the cart and checkout say $10.50 for the line, as checkout's subtotal does", async () => {
    const { account, handle, merchantId } = await seatedMerchant();
    const products = await call<ListAnswer<{ id: string; title: string }>>('GET', `/merchants/${merchantId}/products`, undefined, account.token);
    const nachosId = products.body.data.find((p) => p.title === 'Stadium Nachos')!.id;
    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    await acceptCookies(page);
    await page.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Stadium Nachos' });
    await sheet.getByLabel('Queso').check();
    await sheet.getByRole('button', { name: words.addToOrder }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /\$9\.75/ }).waitFor();

    expect((await call('POST', `/merchants/${merchantId}/products/${nachosId}`, { price: 9 }, account.token)).status).toBe(200);
    // The diner comes back once the browser's copy of the menu is stale (docs/storefront-api.md: max-age=5).
    await pause(5_500);
    await page.reload();
    await page.getByRole('button', { name: /\$10\.50/ }).waitFor();
    await page.getByRole('button', { name: words.viewOrder }).click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await cart.getByTestId('cart-line').getByText('$10.50', { exact: true }).waitFor();
    expect(await cart.getByText('$10.50', { exact: true }).count()).toBe(2);
    expect(await cart.getByText('$9.75', { exact: true }).count()).toBe(0);
    await cart.getByRole('button', { name: words.checkout }).click();
    await page.locator('[data-testid="checkout-price"] [data-line="subtotal"]').getByText('$10.50').waitFor();
    expect(await page.getByText('$9.75', { exact: true }).count()).toBe(0);
  });

  it('given a paused store with a minimum order, when a diner opens it, then the minimum shows and ordering is off with a clear note', async () => {
    const { account, handle, merchantId } = await seatedMerchant();
    const saved = await call('POST', `/merchants/${merchantId}`, { checkoutOptions: { paused: true, minimumOrderAmount: 10 } }, account.token);
    expect(saved.status).toBe(200);
    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    await acceptCookies(page);
    await page.getByText(words.paused).first().waitFor();
    await page.getByText(words.minimum).waitFor();
    await page.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Stadium Nachos' });
    await expect(sheet.getByRole('button', { name: words.addToOrder }).isDisabled()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('given a store closed now that opens in two hours, when a diner opens it, then they may order ahead: a pickup at one of its opening times, placed for that time', async () => {
    const { account, handle, merchantId } = await seatedMerchant();
    // Open every day from two hours after now for three hours, on the merchant's clock (New York).
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
    const hhmm = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}00`;
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const hours = days.map((day) => ({ day, isOpen: true, openAllDay: false, open: { time: hhmm(hour + 2) }, close: { time: hhmm(hour + 5) } }));
    const saved = await call('POST', `/merchants/${merchantId}`, { hours, checkoutOptions: { enableGroupOrdering: true } }, account.token);
    expect(saved.status).toBe(200);

    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    await acceptCookies(page);
    await page.getByTestId('store-hours').getByText(words.closed).waitFor();
    const note = await page.getByTestId('store-note').innerText();
    const first = /^Order ahead for pickup from ((?:Tomorrow, )?\d{1,2}:\d{2} [AP]M)\.$/.exec(note)?.[1];
    expect(first).toBeDefined();
    // A group order is an order for now: not offered while ordering ahead.
    expect(await page.getByRole('link', { name: 'Start a group order' }).count()).toBe(0);

    await nachosWithSalsaToCheckout(page);

    // No order for now: the pickup times are the opening's, the first chosen.
    await page.getByRole('heading', { level: 1, name: words.checkout }).waitFor();
    const time = page.getByLabel('Pickup time');
    const options = await time.locator('option').allInnerTexts();
    expect(options[0]).toBe(first);
    expect(options).not.toContain('As soon as possible');
    const chosen = await time.inputValue();
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Diner');
    await page.getByLabel('Email').fill('dana@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: words.placeOrder }).click();
    await page.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const orderCode = await page.getByTestId('order-code').innerText();
    const orders = await asMember(() => call<ListAnswer<Order & { fulfillment: { pickupTime?: string } }>>('GET', `/merchants/${merchantId}/orders`, undefined, account.token));
    expect(orders.body.data.find((o) => o.orderCode === orderCode)?.fulfillment.pickupTime).toBe(chosen);
  });

  it('given a mistyped store address or a tag that leads nowhere, then the page says so, with a way home one can read', async () => {
    const page = await app.visitor({ mobile: true });
    for (const [path, title] of [['/no-such-store-here', 'Page not found'], ['/tag/doesnotexist1', 'Tag not found']] as const) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.waitForFunction((expected) => document.title === expected, `${title} · Seatside`);
      await page.getByTestId('not-found').waitFor();
      await expect(page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).resolves.toBe('/');
      // A link drawn as a button: its words in the button's own colour, not the links' (it was blue on blue).
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

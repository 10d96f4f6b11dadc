import type { BrowserContext, Page } from 'playwright-core';
import { readWhen, webAppUnderTest } from './browser';
import { apiOf, signUp } from './session';

/**
 * The Content-Security-Policy the gateway sends (gateway/src/security-headers.ts) against the built
 * web app in Chromium: the shell, its Module Federation remotes, the storefront and the dashboard
 * render with no securitypolicyviolation, while an injected inline script is refused.
 */
describe('the web app under its Content-Security-Policy', () => {
  const app = webAppUnderTest('csp');
  const call = apiOf(app);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A page whose context enforces the policy (app.visitor() bypasses it for the other specs' helpers). */
  async function enforcing(options: { mobile?: boolean } = {}): Promise<Page> {
    const context = await app.browser.newContext({ viewport: options.mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    contexts.push(context);
    return context.newPage();
  }

  /** Records every CSP violation of the page (and the console's "Refused to …" lines). */
  async function watched(page: Page): Promise<() => Promise<string[]>> {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...refused];
  }

  it('given a merchant with a menu, when a diner opens its storefront and checks out and its staff open the dashboard, then no CSP violation is logged', async () => {
    const account = await signUp(app, 'csp');
    const handle = `csp-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Policy Pizza', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const pizza = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Margherita', price: 9 }, account.token);
    expect(pizza.status).toBe(201);
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [pizza.body.id] }, account.token)).status).toBe(201);
    // The catalog reaches the storefront document through projections: wait for the menu there, then load the page once
    // (reloading the page meanwhile spent the client's rate limit on assets).
    const storefront = await readWhen(
      () => call<{ menus?: Array<{ products: string[] }> }>('GET', `/storefront/${handle}`),
      ({ body }) => (body.menus ?? []).some((menu) => menu.products.includes(pizza.body.id)),
    );
    expect(storefront.body.menus?.flatMap((menu) => menu.products)).toContain(pizza.body.id);

    const page = await enforcing({ mobile: true });
    const violations = await watched(page);
    const response = await page.goto(`${app.url}/${handle}`);
    expect(response?.headers()['content-security-policy']).toContain('https://js.stripe.com');
    const cookies = page.getByRole('button', { name: 'Accept All' });
    await cookies.waitFor().then(() => cookies.click(), () => undefined);
    await page.getByRole('button', { name: /Margherita/ }).click();
    await page.getByRole('dialog', { name: 'Margherita' }).getByRole('button', { name: /^Add to order/ }).click();
    await page.getByRole('button', { name: /^View order/ }).click();
    await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expect(violations()).resolves.toEqual([]);

    const staff = await enforcing();
    const staffViolations = await watched(staff);
    await staff.goto(`${app.url}/auth/login?redirect=/account`);
    await staff.getByLabel('Email').fill(account.email);
    await staff.getByLabel('Password', { exact: true }).fill(account.password);
    await staff.getByRole('button', { name: 'Login' }).click();
    await staff.waitForFunction(() => JSON.parse(localStorage.getItem('seatside.session') ?? '{}')?.state?.signedIn === true);
    await staff.goto(`${app.url}/dashboard/merchants/${merchantId}/orders`);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await staff.locator('section[aria-busy="false"]').first().waitFor();
    await staff.goto(`${app.url}/dashboard/merchants/${merchantId}/products`);
    await staff.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await expect(staffViolations()).resolves.toEqual([]);
  });

  it("given the storefront page, then Stripe.js and Square's Web Payments SDK load from their origins and a script from any other origin is refused", async () => {
    const page = await enforcing({ mobile: true });
    const violations = await watched(page);
    const loaded: string[] = [];
    for (const origin of ['https://js.stripe.com', 'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com', 'https://scripts.example.net']) {
      await page.route(`${origin}/**`, (route) => {
        loaded.push(origin);
        return route.fulfill({ status: 200, contentType: 'application/javascript', body: `window.__from = (window.__from || []).concat(${JSON.stringify(origin)});` });
      });
    }
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const url of ['https://js.stripe.com/v3/', 'https://web.squarecdn.com/v1/square.js', 'https://sandbox.web.squarecdn.com/v1/square.js']) {
      await page.addScriptTag({ url });
    }
    await expect(page.addScriptTag({ url: 'https://scripts.example.net/x.js' })).rejects.toThrow();
    await expect(page.evaluate(() => (window as unknown as { __from: string[] }).__from)).resolves.toEqual([
      'https://js.stripe.com', 'https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com',
    ]);
    expect(loaded).not.toContain('https://scripts.example.net');
    const refused = await violations();
    expect(refused).toContainEqual(expect.stringMatching(/^script-src-elem https:\/\/scripts\.example\.net/));
    for (const violation of refused) expect(violation).toContain('scripts.example.net');
  });

  it('when a script is injected inline into the page, then the browser refuses it and reports the violation', async () => {
    const page = await enforcing();
    const violations = await watched(page);
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
    await expect(page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).resolves.toBeUndefined();
    await expect(violations()).resolves.toContainEqual(expect.stringMatching(/^script-src-elem inline/));
  });
});

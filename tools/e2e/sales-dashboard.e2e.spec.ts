import { randomUUID } from 'node:crypto';
import { overflow, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, merchantAdmin as merchantAdmin_, merchantPage, signedIn as signedIn_, switchMode, type MerchantAdmin } from './session';

// Issue 24: the dashboard frame, the sales widgets and the phone-width defects, on one platform.
const drawerOrder = ['Home', 'Menus', 'Products', 'Tags', 'Coupons', 'Templates', 'Modifiers', 'Orders', 'Gallery', 'Settings'];

/** Every page of a merchant's dashboard (the settings sections included). */
const dashboardPages = [
  '',
  'menus',
  'menus/new',
  'products',
  'products/new',
  'tags',
  'coupons',
  'coupons/new',
  'templates',
  'templates/new',
  'modifiers',
  'modifiers/new',
  'orders',
  'gallery',
  'customers',
  'customers/new',
  'services',
  'services/new',
  'page',
  'settings',
  // Every section of a merchant's settings menu (seed 002 §2; Logs is the request logs, a level up).
  ...['details', 'address', 'ordering', 'notification-preferences', 'branding', 'colors', 'hours', 'users', 'handle', 'teleport', 'fonts', 'goals', 'webhooks', 'links', 'payments', 'text-translations', 'api-keys', 'google-place-id', 'test-data', 'delete', 'debug'].map(
    (section) => `settings/${section}`,
  ),
  'settings/webhooks/new',
  'settings/api-keys/new',
];

const widgetTitles = [
  'All Time Sales', 'Customers', 'Out of Stock Products', 'Users', 'Predicted Revenue', 'Refunds', 'Tax', 'Tips', 'Sales', 'Last Month Sales', 'Year Over Year Sales', 'Sales This Week',
];

/** A cash order placed as a diner's page would, asked again until the orders service knows the product. */
async function placeOrder(baseUrl: string, merchantId: string, productId: string): Promise<{ id: string }> {
  const key = randomUUID();
  let last = '';
  for (let attempt = 0; attempt < 300; attempt++) {
    const res = await fetch(`${baseUrl}/v1/merchants/${merchantId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ lineItems: [{ productId, quantity: 1, modifiers: [] }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: { firstName: 'Wanda', lastName: 'Widget', email: 'wanda@example.com' } }),
    });
    const body = await res.json();
    if (res.status === 201) return body as { id: string };
    if (res.status !== 400 && res.status !== 404) throw new Error(`placing answered ${res.status}: ${JSON.stringify(body)}`);
    last = `${res.status}: ${JSON.stringify(body)}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A refusal that outlasts the orders service learning of the product is the answer, not a delay.
  throw new Error(`placing kept answering ${last}`);
}

/**
 * Waits until the orders service knows the admin: it keeps its own copy of the memberships, from the
 * identity service's events, so a merchant made a moment ago may still be unknown to it (403).
 */
async function ordersKnowsAdmin(baseUrl: string, admin: MerchantAdmin): Promise<void> {
  let last = 0;
  for (let attempt = 0; attempt < 300; attempt++) {
    const res = await fetch(`${baseUrl}/v1/merchants/${admin.merchantId}/stats/users`, { headers: { authorization: `Bearer ${admin.token}` } });
    await res.arrayBuffer();
    if (res.status === 200) return;
    if (res.status !== 403) throw new Error(`the orders service answered ${res.status}`);
    last = res.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the orders service kept answering ${last}: it never learnt of the merchant's admin`);
}

describe('the sales dashboard (issue 24)', () => {
  const app = webAppUnderTest('sales-dashboard');
  const call = apiOf(app);
  const merchantAdmin = (name?: string) => merchantAdmin_(app, 'stats', name);
  const signedIn = (admin: MerchantAdmin, mobile = false) => signedIn_(app, admin, { mobile });

  describe('the frame', () => {
    it('given a merchant admin at 1280 px, then the home has the top bar, the drawer in seed order with icons, collapsible and remembered, the switcher and the account menu', async () => {
      const admin = await merchantAdmin("Joe's Pizza");
      // A second business of the same user, for the switcher.
      const second = await call<{ id: string }>('POST', '/merchants/create', { name: 'Second Shop', handle: `second-${Date.now().toString(36)}`, googlePlaceId: '', timeZone: 'America/New_York' }, admin.token);
      expect(second.status).toBe(201);
      const page = await signedIn(admin);
      await page.goto(merchantPage(app, admin, ''));
      const frame = page.getByTestId('merchant-frame');
      await frame.getByTestId('tenant-name').getByText("Joe's Pizza").waitFor();
      const drawer = page.getByTestId('merchant-drawer');
      expect(await drawer.locator('a').allInnerTexts()).toEqual(drawerOrder);
      expect(await drawer.locator('a svg').count()).toBe(drawerOrder.length);
      expect(await page.getByRole('switch', { name: 'Sandbox mode' }).count()).toBe(1);
      // Full height: the frame fills the viewport, no marketing footer.
      expect(await page.locator('.ss-site footer, footer.ss-footer').count()).toBe(0);
      expect(await frame.evaluate((el) => el.getBoundingClientRect().height >= window.innerHeight - 1)).toBe(true);

      await page.getByTestId('drawer-collapse').click();
      expect(await page.locator('.df-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(64);
      await page.reload();
      await drawer.waitFor();
      expect(await page.locator('.df-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(64);
      await page.getByTestId('drawer-collapse').click();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      await page.keyboard.press('Escape');

      await page.locator('.df-bar').getByRole('combobox', { name: 'Switch business' }).selectOption({ label: 'Second Shop' });
      await page.waitForURL(`${app.url}/dashboard/merchants/${second.body.id}`);
      await frame.getByTestId('tenant-name').getByText('Second Shop').waitFor();
    });

    it('given a settings page, then it keeps the merchant frame: the drawer, the name and the sandbox switch, and a way back home', async () => {
      const admin = await merchantAdmin('Frame Keepers');
      const page = await signedIn(admin);
      await page.goto(merchantPage(app, admin, 'settings/users'));
      await page.getByTestId('merchant-frame').getByTestId('tenant-name').getByText('Frame Keepers').waitFor();
      await page.getByRole('switch', { name: 'Sandbox mode' }).waitFor();
      await page.getByTestId('merchant-drawer').getByRole('link', { name: 'Home' }).click();
      await page.waitForURL(merchantPage(app, admin, '').replace(/\/$/, ''));
    });

    it("given the home in Sandbox mode, then its public page is the sandbox site (?testMode=true), and in Production mode the live page", async () => {
      const admin = await merchantAdmin('Sandbox Site');
      const { handle } = (await call<{ handle: string }>('GET', `/merchants/${admin.merchantId}`, undefined, admin.token)).body;
      const host = new URL(app.url).host;
      const page = await signedIn(admin);
      await page.goto(merchantPage(app, admin, ''));
      await page.getByText(`Public page: ${host}/${handle}`, { exact: true }).waitFor();
      await switchMode(page, admin, true);
      await page.getByText(`Public page: ${host}/${handle}?testMode=true`, { exact: true }).waitFor();
      await switchMode(page, admin, false);
      await page.getByText(`Public page: ${host}/${handle}`, { exact: true }).waitFor();
    });
  });

  describe('the sales widgets', () => {
    it('given a merchant with sample orders, then the home shows every widget; Tax on Quarterly survives a reload; a new paid order moves All Time Sales without a reload', async () => {
      const admin = await merchantAdmin('Widget Diner');
      const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Pie', price: 12.5 }, admin.token);
      expect(product.status).toBe(201);
      // On an all-day menu, as a merchant's products are (the storefront offers what a menu holds).
      expect((await call('POST', `/merchants/${admin.merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [product.body.id] }, admin.token)).status).toBe(201);
      await ordersKnowsAdmin(app.url, admin);
      for (let i = 0; i < 2; i++) {
        const order = await placeOrder(app.url, admin.merchantId, product.body.id);
        expect((await call('POST', `/merchants/${admin.merchantId}/orders/${order.id}/pay`, { amountTendered: 20 }, admin.token)).status).toBe(200);
      }
      const page = await signedIn(admin);
      await page.goto(merchantPage(app, admin, ''));
      const home = page.getByTestId('sales-widgets');
      await home.waitFor();
      for (const title of widgetTitles) await home.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      const allTime = page.getByTestId('widget-all-time-sales');
      await allTime.locator('[data-testid="value"][data-value="25"]').waitFor();
      // The counter lands on the figure with 2 decimals, in the merchant's currency.
      await allTime.getByText('$25.00').waitFor();
      await page.getByTestId('widget-sales').locator('[data-testid="value"][data-value="25"]').waitFor();
      await page.getByTestId('widget-users').getByText('1.00').waitFor();
      expect(await page.getByTestId('widget-predicted-revenue').locator('canvas').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('widget-predicted-revenue').locator('.u-legend').count()).toBe(1);
      expect(await page.getByTestId('widget-last-month-sales').getByTestId('change').innerText()).toBe('0.0%');
      await expect(seriousViolations(page, '[data-testid="sales-widgets"]')).resolves.toEqual([]);

      // Hovering a chart shows the value at that point. The chart sits below the fold at 1280 x 900:
      // the mouse is moved over it once it is scrolled into view (a move to its page coordinates
      // from the top of the page lands outside the viewport and reaches no element).
      const chart = page.getByTestId('widget-sales-this-week').locator('.u-over');
      await chart.scrollIntoViewIfNeeded();
      const { width, height } = (await chart.boundingBox())!;
      // Today in the merchant's zone (New York), not the machine's.
      const today = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(new Date()));
      await chart.hover({ position: { x: (width * (today + 0.5)) / 7, y: height / 2 } });
      await page.getByTestId('widget-sales-this-week').locator('.u-legend .u-value').filter({ hasText: '$25.00' }).waitFor();

      // Tax: Quarterly, remembered across a reload; the other widgets keep the week.
      const taxRange = page.getByRole('combobox', { name: 'Tax range' });
      expect(await taxRange.inputValue()).toBe('week');
      expect(await page.getByRole('combobox', { name: 'Sales range' }).locator('option').allInnerTexts()).toEqual(['Today', 'Week', 'Month', 'Year', 'All Time']);
      await taxRange.selectOption({ label: 'Quarterly' });
      await page.reload();
      await page.getByTestId('sales-widgets').waitFor();
      expect(await page.getByRole('combobox', { name: 'Tax range' }).inputValue()).toBe('quarter');
      expect(await page.getByRole('combobox', { name: 'Sales range' }).inputValue()).toBe('week');

      // Live: a new order paid elsewhere moves All Time Sales on this page, without a reload.
      await page.locator('[data-testid="sales-widgets"][data-live="live"]').waitFor();
      await allTime.locator('[data-testid="value"][data-value="25"]').waitFor();
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const third = await placeOrder(app.url, admin.merchantId, product.body.id);
      expect((await call('POST', `/merchants/${admin.merchantId}/orders/${third.id}/pay`, { amountTendered: 20 }, admin.token)).status).toBe(200);
      await allTime.locator('[data-testid="value"][data-value="37.5"]').waitFor();
      await allTime.getByText('$37.50').waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    it('given a merchant whose hours close it today, then Predicted Revenue says it is closed today instead of an empty card', async () => {
      const admin = await merchantAdmin('Closed Diner');
      const hours = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({ day, isOpen: false }));
      expect((await call('POST', `/merchants/${admin.merchantId}`, { hours }, admin.token)).status).toBe(200);
      await ordersKnowsAdmin(app.url, admin);
      // The orders service learns the hours from the catalog's stream: no hour to predict today.
      for (;;) {
        const answer = await call<{ series: unknown[] }>('GET', `/merchants/${admin.merchantId}/stats/predicted-revenue`, undefined, admin.token);
        if (answer.body.series.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const page = await signedIn(admin);
      await page.goto(merchantPage(app, admin, ''));
      const card = page.getByTestId('widget-predicted-revenue');
      await card.getByText('Closed today: no opening hours to predict.').waitFor();
      expect(await card.locator('canvas').count()).toBe(0);
    });

    it('given the home, then each chart names each of its points once along its x-axis, and every label is drawn whole inside its chart', async () => {
      const admin = await merchantAdmin('Axis Readers');
      const page = await signedIn(admin);
      // The labels are drawn on canvases: record the text of each canvas's last drawing (uPlot clears the canvas before each).
      await page.addInitScript(() => {
        type Drawn = { text: string; left: number; right: number; align: string };
        const drawn = new Map<HTMLCanvasElement, Drawn[]>();
        Object.assign(window, { drawnTexts: drawn });
        const proto = CanvasRenderingContext2D.prototype;
        const { fillText, clearRect } = proto;
        proto.clearRect = function (this: CanvasRenderingContext2D, ...args: Parameters<CanvasRenderingContext2D['clearRect']>) {
          drawn.set(this.canvas, []);
          return clearRect.apply(this, args);
        };
        proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
          const width = this.measureText(text).width;
          const transform = this.getTransform();
          const at = transform.a * x + transform.e;
          const left = this.textAlign === 'center' ? at - width / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? at - width : at;
          drawn.get(this.canvas)?.push({ text, left, right: left + width, align: this.textAlign });
          return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
        };
      });
      await page.goto(merchantPage(app, admin, ''));
      const home = page.getByTestId('sales-widgets');
      for (const widget of ['predicted-revenue', 'sales', 'year-over-year', 'sales-this-week']) await home.getByTestId(`widget-${widget}`).locator('canvas').waitFor();
      await page.waitForLoadState('networkidle');
      /** The x-axis labels a widget's chart shows (centred under their points), and those not drawn whole within the canvas. */
      const xLabels = (widget: string) =>
        home.getByTestId(`widget-${widget}`).locator('canvas').evaluate((canvas) => {
          const drawn = (window as unknown as { drawnTexts: Map<HTMLCanvasElement, { text: string; left: number; right: number; align: string }[]> }).drawnTexts.get(canvas as HTMLCanvasElement) ?? [];
          const labels = drawn.filter((d) => d.align === 'center');
          return { labels: labels.map((d) => d.text), cut: labels.filter((d) => d.left < 0 || d.right > (canvas as HTMLCanvasElement).width).map((d) => d.text) };
        });
      const thisWeek = await xLabels('sales-this-week');
      expect(thisWeek).toEqual({ labels: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], cut: [] });
      const byHour = await xLabels('predicted-revenue');
      expect(new Set(byHour.labels).size).toBe(byHour.labels.length);
      expect(byHour.labels[0]).toBe('00:00');
      expect(byHour.cut).toEqual([]);
      // The week so far, one label a day (the week starts on Sunday, in the merchant's zone).
      const week = await xLabels('sales');
      expect(week.labels.length).toBeGreaterThan(0);
      expect(new Set(week.labels).size).toBe(week.labels.length);
      expect(week.labels[0]).toMatch(/^Sun \d{1,2}$/);
      expect(week.cut).toEqual([]);
      const months = await xLabels('year-over-year');
      expect(new Set(months.labels).size).toBe(months.labels.length);
      expect(months.labels[0]).toBe('Jan');
      expect(months.cut).toEqual([]);
    });

    it('given a signed-in merchant, then the home loads at most 60 KB of JS on the wire beyond the shell, charts included, and no other first visit loads the charts', async () => {
      const admin = await merchantAdmin('Byte Counters');
      const page = await signedIn(admin);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map<string, string>();
      const received: { path: string; wire: number }[] = [];
      cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
        if (type === 'Script' || /javascript/.test(response.mimeType)) scripts.set(requestId, new URL(response.url).pathname);
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        const path = scripts.get(requestId);
        if (path) received.push({ path, wire: encodedDataLength });
      });
      const chartChunks: string[] = [];
      page.on('response', async (response) => {
        const path = new URL(response.url()).pathname;
        if (path.endsWith('.js') && (await response.text().catch(() => '')).includes('u-cursor-pt')) chartChunks.push(path);
      });
      await page.goto(merchantPage(app, admin, ''));
      await page.getByTestId('widget-sales-this-week').locator('canvas').waitFor();
      await page.waitForLoadState('networkidle');
      const beyondShell = received.filter((script) => script.path.startsWith('/remotes/'));
      const kb = beyondShell.reduce((sum, script) => sum + script.wire, 0) / 1024;
      console.log(`dashboard home: ${kb.toFixed(1)} KB of JS on the wire beyond the shell (${beyondShell.map((script) => `${script.path} ${(script.wire / 1024).toFixed(1)} KB`).join(', ')}; charts: ${chartChunks.join(', ')})`);
      expect(chartChunks.length).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(60);

      // The products page, a first visit to / and a storefront never ask for the charts.
      const asked: string[] = [];
      const visitor = await app.visitor();
      visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await visitor.goto(`${app.url}/`);
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
      await visitor.waitForLoadState('networkidle');
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(merchantPage(app, admin, 'products'));
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.filter((path) => chartChunks.includes(path))).toEqual([]);
    });
  });

  describe('at 375 px', () => {
    it('given every dashboard page on a phone, then nothing is wider than the viewport, the drawer is a sheet behind the burger, and the support launcher covers no primary action', async () => {
      const admin = await merchantAdmin('A Rather Long Merchant Name For A Phone');
      const page = await signedIn(admin, true);
      const wide: string[] = [];
      for (const rest of dashboardPages) {
        await page.goto(merchantPage(app, admin, rest));
        await page.getByTestId('merchant-frame').waitFor();
        await page.locator('#main-content > *').first().waitFor();
        // Lists and forms settle (their data arrives after the frame).
        await page.waitForLoadState('networkidle');
        const by = await overflow(page);
        if (by) wide.push(`${rest || 'home'}: ${by}`);
      }
      // The full-screen pages outside the frame: the kitchen display, the runner view and the account.
      for (const url of [merchantPage(app, admin, 'kitchen'), merchantPage(app, admin, 'runner'), `${app.url}/account`, `${app.url}/account/settings`]) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const by = await overflow(page);
        if (by) wide.push(`${url}: ${by}`);
      }
      expect(wide).toEqual([]);

      await page.goto(merchantPage(app, admin, 'products'));
      const drawer = page.locator('.df-drawer');
      expect(await drawer.isVisible()).toBe(false);
      await page.getByTestId('drawer-burger').click();
      await drawer.getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL(merchantPage(app, admin, 'orders'));
      // The sheet closes with an animation: wait until it is gone (a check at once met it still closing).
      await drawer.waitFor({ state: 'hidden' });

      // The page's last action scrolled into view is never under the launcher.
      await page.goto(merchantPage(app, admin, 'products/new'));
      const submit = page.locator('#main-content button[type="submit"]').last();
      await submit.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [action, launcher] = await Promise.all([submit.boundingBox(), page.locator('.ssw-launcher').boundingBox()]);
      expect(action && launcher).toBeTruthy();
      const overlaps = action!.x < launcher!.x + launcher!.width && launcher!.x < action!.x + action!.width && action!.y < launcher!.y + launcher!.height && launcher!.y < action!.y + action!.height;
      expect(overlaps).toBe(false);
    });
  });
});

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { countWhen, inlineScriptsAllowed, readWhen, seriousViolations, webAppUnderTest } from './browser';

/** The marketing site (seed 000 §2 "Public and marketing") as `npm start` serves it, in Chromium. */
describe('the marketing site', () => {
  const app = webAppUnderTest('marketing');
  const visitor = (options: { mobile?: boolean; reducedMotion?: boolean } = {}) => app.visitor(options);

  async function open(page: Page, path: string): Promise<void> {
    const response = await page.goto(`${app.url}${path}`);
    expect(response?.status()).toBe(200);
    // The app's page, not the landing page's prerendered view (the gateway's HTML), which it replaces.
    await page.locator('#prerender').waitFor({ state: 'detached' });
    await page.locator('main#main-content').waitFor();
  }

  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const heading = (page: Page) => page.locator('main h1').first();

  it('given the home page, when it is served, then its header and hero are in the HTML before any script runs, show with JavaScript off, and the app takes over', async () => {
    const served = await fetch(`${app.url}/`, { headers: { accept: 'text/html' } });
    const html = await served.text();
    const prerendered = html.slice(html.indexOf('<div id="prerender"'), html.indexOf('<div id="root">'));
    expect(prerendered).toContain('<p class="mk-lead">Delivery, pickup, self-checkout and tag ordering');
    expect(prerendered).toContain('aria-label="Main"');
    expect(prerendered).not.toMatch(/<script/i);
    expect(inlineScriptsAllowed(html, served.headers.get('content-security-policy') ?? '')).toBe(true);

    const still = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    try {
      const page = await still.newPage();
      await page.goto(`${app.url}/`);
      expect(await page.locator('#prerender .mk-lead').first().isVisible()).toBe(true);
      await expect(page.locator('#prerender #hero-title').textContent()).resolves.toBe('Ordering for Restaurants');
    } finally {
      await still.close();
    }

    const page = await visitor({ mobile: true });
    await open(page, '/');
    await expect(heading(page).textContent()).resolves.toBe('Ordering for Restaurants');
    await page.getByRole('button', { name: 'Dismiss promotion' }).click();
    await page.getByTestId('promo-banner').waitFor({ state: 'detached' });
  });

  it('given the home page, when 3 seconds pass, then the hero word changes to the next one', async () => {
    const page = await visitor();
    await open(page, '/');
    const word = page.getByTestId('hero-word');
    await expect(word.textContent()).resolves.toBe('Restaurants');
    // Page code as strings: this project's TypeScript has no DOM types.
    // The first word is there from the first paint: it does not slide in again when the app takes over.
    const animation = () => page.evaluate(`getComputedStyle(document.querySelector('[data-testid="hero-word"]')).animationName`);
    await expect(animation()).resolves.toBe('none');
    await page.waitForFunction(`document.querySelector('[data-testid="hero-word"]')?.textContent !== 'Restaurants'`);
    await expect(word.textContent()).resolves.toBe('Venues');
    await expect(animation()).resolves.toBe('mk-word');
    const getStarted = page.locator('.mk-hero').getByRole('link', { name: 'Get Started' });
    await expect(getStarted.getAttribute('href')).resolves.toBe('/auth/sign-up');
  });

  it('when a feature section scrolls into view, then it fades in; one in view when the page shows is there at once', async () => {
    const page = await visitor();
    await open(page, '/');
    const first = page.locator('.mk-features-list > .mk-reveal:first-child');
    const last = page.locator('.mk-features-list > .mk-reveal:last-child');
    await page.locator('.mk-features-list > .mk-reveal:first-child[data-visible="true"]').waitFor();
    const transition = (which: string) => page.evaluate(`getComputedStyle(document.querySelector('.mk-features-list > .mk-reveal:${which}')).transitionDuration`);
    await expect(transition('first-child')).resolves.toBe('0s');
    await expect(first.getAttribute('class')).resolves.toContain('is-instant');
    await expect(last.getAttribute('data-visible')).resolves.toBe('false');
    await last.scrollIntoViewIfNeeded();
    await page.locator('.mk-features-list > .mk-reveal:last-child[data-visible="true"]').waitFor();
    await expect(transition('last-child')).resolves.toBe('0.6s, 0.6s');
  });

  it('when each header link is clicked, then its page shows; Docs opens the documentation in a new tab', async () => {
    const page = await visitor();
    await open(page, '/');
    for (const [label, path, title] of [
      ['Features', '/features', 'Features'],
      ['Pricing', '/pricing', 'Pricing'],
      ['Blog', '/blog', 'Blog'],
      ['Contact', '/contact', 'Contact'],
    ] as const) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${app.url}${path}`);
      await page.locator('main h1', { hasText: title }).waitFor();
      await expect(heading(page).textContent()).resolves.toBe(title);
    }
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByTestId('hero-word').waitFor();

    const docs = mainNav(page).getByRole('link', { name: /^Docs/ });
    await expect(docs.getAttribute('target')).resolves.toBe('_blank');
    await expect(docs.getAttribute('href')).resolves.toBe('/docs');
    const account = page.getByRole('list', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Sign in' }).getAttribute('href')).resolves.toBe('/auth/login');
    await expect(account.getByRole('link', { name: 'Get Started' }).getAttribute('href')).resolves.toBe('/auth/sign-up');
    await expect(account.getByRole('link', { name: 'My Account' }).count()).resolves.toBe(0);
  });

  it('given /docs, then the API reference renders /v1/openapi.json with no page error, one section per service tag, compressed; the marketing home never loads its script', async () => {
    const page = await visitor();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(new URL(response.url()).pathname));
    await open(page, '/');
    expect(scripts.filter((path) => path.startsWith('/docs/'))).toEqual([]);

    const served = await page.goto(`${app.url}/docs`);
    expect(served?.status()).toBe(200);
    const doc = (await (await fetch(`${app.url}/v1/openapi.json`)).json()) as { tags: Array<{ name: string }> };
    const sections = page.locator('#reference h3.opblock-tag[data-tag]');
    await sections.nth(doc.tags.length - 1).waitFor();
    const shown = (await sections.evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-tag')))) as string[];
    expect(shown.sort()).toEqual(doc.tags.map((tag) => tag.name).sort());
    const bundle = await fetch(`${app.url}/docs/assets/swagger-ui-bundle.js`, { headers: { 'accept-encoding': 'br' } });
    expect([bundle.status, bundle.headers.get('content-encoding')]).toEqual([200, 'br']);
    expect(errors).toEqual([]);
    await expect(page.locator('#servers').getAttribute('aria-label')).resolves.toBe('Server');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('given a signed-in visitor, then the header shows My Account instead of Sign in and Get Started', async () => {
    const page = await visitor();
    const signUp = await fetch(`${app.url}/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'header@example.com', password: 'secret-enough', firstName: 'Head' }),
    });
    const { id, token } = (await signUp.json()) as { id: string; token: string };
    const session = { state: { token, user: { id, email: 'header@example.com' }, signedIn: true }, version: 0 };
    await page.addInitScript(`localStorage.setItem('seatside.session', ${JSON.stringify(JSON.stringify(session))})`);
    await open(page, '/');
    const account = page.getByRole('list', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'My Account' }).getAttribute('href')).resolves.toBe('/account');
    await expect(account.getByRole('link', { name: 'Sign in' }).count()).resolves.toBe(0);
  });

  it('given a token that is no longer valid and no session, then the FAQs still load and the header offers Sign in', async () => {
    const page = await visitor();
    const session = { state: { token: 'stale.token.value', user: { id: 'u1', email: 'u1@example.com' }, signedIn: true }, version: 0 };
    await page.addInitScript(`localStorage.setItem('seatside.session', ${JSON.stringify(JSON.stringify(session))})`);
    await open(page, '/');
    await page.getByTestId('faq').getByTestId('faq-item').first().waitFor();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
  });

  it('given the seeded FAQs, when a second answer is opened, then the first one closes', async () => {
    const page = await visitor();
    await open(page, '/');
    const items = page.getByTestId('faq').getByTestId('faq-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    const [first, second] = [items.nth(0).getByRole('button'), items.nth(1).getByRole('button')];
    await first.click();
    await expect(readWhen(() => first.getAttribute('aria-expanded'), (v) => v === 'true')).resolves.toBe('true');
    await expect(readWhen(() => items.nth(0).getByRole('region').isVisible(), (v) => v)).resolves.toBe(true);
    await second.click();
    await expect(readWhen(() => second.getAttribute('aria-expanded'), (v) => v === 'true')).resolves.toBe('true');
    await expect(readWhen(() => first.getAttribute('aria-expanded'), (v) => v === 'false')).resolves.toBe('false');
    await expect(readWhen(() => items.nth(0).getByRole('region').isVisible(), (v) => !v)).resolves.toBe(false);
    await expect(countWhen(page.locator('.mk-faq-q[aria-expanded="true"]'), (n) => n === 1)).resolves.toBe(1);
  });

  it('given the pricing page, then it shows 0.99 USD per order and only the pricing FAQs, one open at a time', async () => {
    const page = await visitor();
    await open(page, '/pricing');
    await expect(page.getByTestId('price-per-order').textContent()).resolves.toContain('0.99 USD');
    const main = page.locator('main');
    for (const text of ['The platform itself is free', 'There is no free trial', 'Flat subscription and enterprise pricing are available on request.']) {
      await main.getByText(text).first().waitFor();
    }
    const items = page.getByTestId('faq-pricing').getByTestId('faq-item');
    await items.first().waitFor();
    const faqs = await fetch(`${app.url}/v1/faqs?scope=pricing`).then((r) => r.json() as Promise<{ data: { question: string }[] }>);
    expect(faqs.data.length).toBeGreaterThan(0);
    await expect(items.getByRole('button').allTextContents()).resolves.toEqual(faqs.data.map((f) => f.question));
    await items.nth(0).getByRole('button').click();
    await items.nth(1).getByRole('button').click();
    const expanded = faqs.data.slice(1, 2).map((f) => f.question);
    await expect(readWhen(() => page.locator('.mk-faq-q[aria-expanded="true"]').allTextContents(), (t) => t.join('\n') === expanded.join('\n'))).resolves.toEqual(expanded);
  });

  it('given the blog, when an article is opened, then it shows the call to action', async () => {
    const page = await visitor();
    await open(page, '/blog');
    await page.locator('main h2 a').first().click();
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByTestId('blog-cta').textContent()).resolves.toContain('Get started with the product: create your merchant and start selling');
  });

  it('given the contact page, when it is sent empty, then the name and message errors show; when filled, then the success alert and an empty form', async () => {
    const page = await visitor();
    await open(page, '/contact');
    const send = page.getByRole('button', { name: 'Send' });
    await send.click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Message is required').waitFor();
    await expect(page.getByText('Email is required').count()).resolves.toBe(0);

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Message').fill('Section 114 wants nachos');
    await send.click();
    const alert = page.getByTestId('contact-result');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain("Thanks for reaching out! We'll get back to you soon.");
    await expect(alert.getAttribute('class')).resolves.toContain('success');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('');
  });

  it('given a 375 px wide phone, when the menu is opened and a link is tapped, then the page changes and the menu closes', async () => {
    const page = await visitor({ mobile: true });
    await open(page, '/');
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor({ state: 'visible' });
    for (const label of ['Home', 'Features', 'Pricing', 'Blog', 'Contact', 'Sign in', 'Get Started']) {
      await expect(menu.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL(`${app.url}/pricing`);
    await page.locator('main h1', { hasText: 'Pricing' }).waitFor();
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('given the promo banner, when it is dismissed, then it stays gone after a reload; Apply Now links to /contact', async () => {
    const page = await visitor();
    await open(page, '/');
    const banner = page.getByTestId('promo-banner');
    await banner.waitFor();
    await expect(banner.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).resolves.toBe('/contact');
    await banner.getByRole('button', { name: 'Dismiss promotion' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    // The prerendered view is the same for every visitor (it has the banner); the app's page remembers the dismissal.
    await page.locator('#prerender').waitFor({ state: 'detached' });
    await page.getByTestId('hero-word').waitFor();
    await expect(banner.count()).resolves.toBe(0);
  });

  it('given the promo banner, when its earnings link is followed, then /partners shows the calculator at its defaults, $3,000.00; inputs clamp and may be blank', async () => {
    const page = await visitor();
    await open(page, '/');
    await page.getByTestId('promo-banner').getByRole('link', { name: 'Estimate your earnings' }).click();
    await page.waitForURL(`${app.url}/partners`);
    const estimate = page.getByTestId('earnings-estimate');
    await estimate.waitFor();
    const merchants = page.getByLabel('Merchants onboarded');
    const orders = page.getByLabel('Daily orders per merchant');
    await expect(merchants.inputValue()).resolves.toBe('20');
    await expect(orders.inputValue()).resolves.toBe('10');
    await expect(estimate.textContent()).resolves.toBe('$3,000.00');
    await merchants.fill('');
    await expect(merchants.inputValue()).resolves.toBe('');
    await expect(estimate.textContent()).resolves.toBe('$0.00');
    await merchants.fill('-4');
    await expect(merchants.inputValue()).resolves.toBe('0');
    await merchants.fill('3');
    await orders.fill('7');
    await expect(estimate.textContent()).resolves.toBe('$315.00');
  });

  it('given /appclip, then it says the generator is offline and shows the seed defaults in a disabled form', async () => {
    const page = await visitor();
    await open(page, '/appclip');
    await expect(page.getByTestId('appclip-offline').textContent()).resolves.toMatch(/offline.*data center.*relocat/i);
    await expect(page.getByLabel('Background').inputValue()).resolves.toBe('f20d0d');
    await expect(page.getByLabel('Color').inputValue()).resolves.toBe('000000');
    await expect(page.getByLabel('Type').locator('option').allTextContents()).resolves.toEqual(['nfc', 'cam']);
    await expect(page.getByRole('button', { name: 'Generate' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Background').isDisabled()).resolves.toBe(true);
  });

  it('given /mockup, when a 1179×2556 screenshot is uploaded, then an iPhone 15 mockup shows with Download; a text file shows the server message; a network failure shows Failed to upload image', async () => {
    const page = await visitor();
    await open(page, '/mockup');
    const file = page.getByTestId('mockup-file');
    const shot = await sharp({ create: { width: 1179, height: 2556, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    await file.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: shot });
    const image = page.getByTestId('mockup-image');
    await image.waitFor();
    await expect(image.getAttribute('alt')).resolves.toBe('The screenshot in an iPhone 15 frame, portrait');
    await expect(page.getByRole('link', { name: 'Download' }).getAttribute('download')).resolves.toBe('iPhone-15-mockup.png');

    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    const alert = page.getByTestId('mockup-error');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe('Please upload a PNG or JPEG image');

    await page.route('**/api/mockup', (route) => route.abort());
    await file.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: shot });
    await page.getByText('Failed to upload image').waitFor();
  });

  describe('accessibility (axe-core)', () => {

    it('then / has no serious or critical violations', async () => {
      const page = await visitor({ reducedMotion: true });
      await open(page, '/');
      await page.getByTestId('faq-item').first().waitFor();
      // Every section revealed, as a reader scrolling through would see it.
      for (const section of await page.locator('.mk-reveal').all()) await section.scrollIntoViewIfNeeded();
      await page.waitForFunction(`document.querySelectorAll('.mk-reveal:not(.is-visible)').length === 0`);
      await expect(seriousViolations(page)).resolves.toEqual([]);
    });

    it('then /contact (with its errors showing) has no serious or critical violations', async () => {
      const page = await visitor({ reducedMotion: true });
      await open(page, '/contact');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Name is required').waitFor();
      await expect(seriousViolations(page)).resolves.toEqual([]);
    });

    it('then the open mobile menu has no serious or critical violations', async () => {
      const page = await visitor({ mobile: true, reducedMotion: true });
      await open(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
      await expect(seriousViolations(page)).resolves.toEqual([]);
    });
  });
});

import type { Page } from 'playwright-core';
import { readWhen, webAppUnderTest } from './browser';
import { alertShows, apiOf, signedIn, signUp, type Account } from './session';

/**
 * Venues (issue 20; seed 002 §4–§7) as `npm start` serves them, in Chromium, one platform for the
 * whole suite: the venue dashboard (linked merchants), its auth gate, the public venue page.
 */
describe('venues', () => {
  const app = webAppUnderTest('venues');
  const call = apiOf(app);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;

  async function create(account: Account, collection: 'merchants' | 'venues', name: string, handle: string): Promise<{ id: string; handle: string }> {
    const created = await call<{ id: string }>('POST', `/${collection}/create`, { name, handle, timeZone: 'America/New_York' }, account.token);
    expect(created.status).toBe(201);
    return { id: created.body.id, handle };
  }
  /** Repeats a call until it answers `status` (a service learns of a new record from another's stream). */
  async function until<T>(send: () => Promise<{ status: number; body: T }>, status: number) {
    for (;;) {
      const answer = await send();
      if (answer.status === status) return answer;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const linkedNames = (page: Page) => page.getByTestId('linked-merchant').locator('a').allInnerTexts();

  /** The JS bytes Chromium receives while `run()` and the network settle (DevTools protocol, cache off), as tools/bench/lib/size.mjs counts them. */
  async function jsOnTheWire(page: Page, run: () => Promise<void>): Promise<number> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    let bytes = 0;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script' || /javascript/.test(response.mimeType) || /\.m?js(\?|$)/.test(new URL(response.url).pathname)) scripts.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (scripts.has(requestId)) bytes += encodedDataLength;
    });
    await run();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await cdp.detach();
    return bytes;
  }

  it("a venue admin links two of their merchants from Link Merchant, drags them into a new order (saved at once), and the venue's public page lists them in that order, each card leading to /{merchantHandle}?ref={venueHandle}", async () => {
    const owner = await signUp(app, 'venue-owner');
    const venue = await create(owner, 'venues', 'Harbor Arena', `harbor-arena-${stamp}`);
    const nachos = await create(owner, 'merchants', 'Nacho Stand', `nacho-stand-${stamp}`);
    const brews = await create(owner, 'merchants', 'Brew Cart', `brew-cart-${stamp}`);
    const page = await signedIn(app, owner, { redirect: `/dashboard/venues/${venue.id}` });
    // A bare /edit names no merchant to link: it is the venue home, where one is chosen.
    await page.goto(`${app.url}/dashboard/venues/${venue.id}/edit`);
    await page.waitForURL((url) => url.pathname === `/dashboard/venues/${venue.id}`);
    await page.getByRole('heading', { level: 1, name: 'Linked Merchants' }).waitFor();
    // 'Visit Venue' is there for the admin.
    await page.getByRole('link', { name: 'Visit Venue' }).waitFor();
    expect(await page.getByRole('link', { name: 'Visit Venue' }).getAttribute('href')).toBe(`/${venue.handle}`);

    for (const [merchant, name] of [[nachos, 'Nacho Stand'], [brews, 'Brew Cart']] as const) {
      const search = page.getByTestId('link-merchant-search');
      await search.fill(name.slice(0, 2));
      await page.getByText('Type more than 2 characters to search.').waitFor();
      await search.fill(name.slice(0, 4).toLowerCase());
      await page.getByTestId('link-merchant-results').getByRole('link', { name }).click();
      await page.getByTestId('merchant-detail').getByRole('heading', { name }).waitFor();
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await alertShows(page, 'Merchant linked');
      await page.getByRole('button', { name: 'Unlink' }).waitFor();
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('heading', { level: 1, name: 'Linked Merchants' }).waitFor();
      expect(merchant.id).toBeTruthy();
    }
    await readWhen(() => linkedNames(page), (names) => names.length === 2);
    expect(await linkedNames(page)).toEqual(['Nacho Stand', 'Brew Cart']);

    // Drag Brew Cart above Nacho Stand: the list changes at once and the order is saved.
    await page.getByTestId('linked-merchant').nth(1).dragTo(page.getByTestId('linked-merchant').nth(0));
    expect(await linkedNames(page)).toEqual(['Brew Cart', 'Nacho Stand']);
    await alertShows(page, 'Merchant order saved');
    const saved = await call<{ data: { id: string }[] }>('GET', `/venues/${venue.id}/merchants`, undefined, owner.token);
    expect(saved.body.data.map((m) => m.id)).toEqual([brews.id, nachos.id]);
    await page.reload();
    await readWhen(() => linkedNames(page), (names) => names.length === 2);
    expect(await linkedNames(page)).toEqual(['Brew Cart', 'Nacho Stand']);

    // 28 more stands (30 in all), linked through the API after the first two.
    for (let i = 1; i <= 28; i++) {
      const stand = await create(owner, 'merchants', `Stand ${String(i).padStart(2, '0')}`, `stand-${i}-${stamp}`);
      expect((await call('GET', `/venues/${venue.id}/link/${stand.id}?action=link`, undefined, owner.token)).status).toBe(200);
    }

    // A fan's first visit on a phone: the venue page with 30 stands, within the storefront's 120 KB of JS.
    const fan = await app.visitor({ mobile: true });
    const kb = (await jsOnTheWire(fan, async () => {
      await fan.goto(`${app.url}/${venue.handle}`);
      await fan.getByRole('heading', { level: 1, name: 'Harbor Arena' }).waitFor();
    })) / 1024;
    console.log(`venue-page-size: ${kb.toFixed(1)} KB of JS on the wire, first visit to /{venueHandle} with 30 linked merchants, 375 px, shell included (budget <= 120 KB)`);
    expect(kb).toBeLessThanOrEqual(120);
    const cards = fan.getByTestId('venue-merchant');
    await readWhen(() => cards.count(), (n) => n === 30);
    expect(await cards.locator('strong').allInnerTexts().then((names) => names.slice(0, 3))).toEqual(['Brew Cart', 'Nacho Stand', 'Stand 01']);
    await fan.getByTestId('venue-hours').getByText('Open all day.').waitFor();
    // Signed out: no greeting and no dashboard link.
    expect(await fan.getByRole('link', { name: 'Venue Dashboard' }).count()).toBe(0);
    expect(await cards.first().getAttribute('href')).toBe(`/${brews.handle}?ref=${venue.handle}`);
    await cards.first().click();
    await fan.waitForURL(`${app.url}/${brews.handle}?ref=${venue.handle}`);
    await fan.getByRole('heading', { level: 1, name: 'Brew Cart' }).waitFor();
    await fan.getByTestId('back-to-venue').click();
    await fan.getByTestId('venue-merchants').waitFor();
    expect(new URL(fan.url()).pathname).toBe(`/${venue.handle}`);

    // The venue's admin, signed in, is greeted and has the dashboard link.
    await page.goto(`${app.url}/${venue.handle}`);
    await page.getByTestId('venue-sidebar').getByText('Hi, Grace!').waitFor();
    await page.getByRole('link', { name: 'Venue Dashboard' }).waitFor();
  });

  it('given three linked merchants, when a keyboard user moves one with its arrow buttons, then the focus stays on that merchant (its other arrow where the one pressed is now disabled), so the next press moves it again', async () => {
    const owner = await signUp(app, 'venue-keys');
    const venue = await create(owner, 'venues', 'Bay Ballpark', `bay-ballpark-${stamp}`);
    for (const [name, handle] of [['Taco Truck', 'taco'], ['Ice Cream', 'ice'], ['Pizza Oven', 'pizza']] as const) {
      const merchant = await create(owner, 'merchants', name, `${handle}-${stamp}`);
      await until(() => call('GET', `/venues/${venue.id}/link/${merchant.id}?action=link`, undefined, owner.token), 200);
    }
    const page = await signedIn(app, owner, { redirect: `/dashboard/venues/${venue.id}` });
    await readWhen(() => linkedNames(page), (names) => names.length === 3);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

    await page.getByRole('button', { name: 'Move down: Taco Truck' }).focus();
    await page.keyboard.press('Enter');
    await readWhen(() => linkedNames(page), (names) => names[1] === 'Taco Truck');
    await alertShows(page, 'Merchant order saved');
    expect(await focused()).toBe('Move down: Taco Truck');
    await page.keyboard.press('Enter');
    await readWhen(() => linkedNames(page), (names) => names[2] === 'Taco Truck');
    // Last now: its Move down is disabled, so the focus is on its Move up.
    expect(await focused()).toBe('Move up: Taco Truck');
    await page.keyboard.press('Enter');
    await readWhen(() => linkedNames(page), (names) => names[1] === 'Taco Truck');
    expect(await focused()).toBe('Move up: Taco Truck');
    expect(await linkedNames(page)).toEqual(['Ice Cream', 'Taco Truck', 'Pizza Oven']);
  });

  it("given a venue's tag at Table 9 and a linked stand with seat delivery, when a fan scans it, picks the stand and orders, then the venue page, the stand and checkout show the seat, and the order is delivered to it with the seat fee", async () => {
    const owner = await signUp(app, 'venue-tagger');
    const venue = await create(owner, 'venues', 'Bay Stadium', `bay-stadium-${stamp}`);
    const stand = await create(owner, 'merchants', 'Seat Nachos', `seat-nachos-${stamp}`);
    expect((await call('GET', `/venues/${venue.id}/link/${stand.id}?action=link`, undefined, owner.token)).status).toBe(200);
    const at = (path: string) => `/merchants/${stand.id}${path}`;
    const nachos = await call<{ id: string }>('POST', at('/products'), { title: 'Stadium Nachos', price: 8.25 }, owner.token);
    expect((await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.body.id] }, owner.token)).status).toBe(201);
    expect((await call('POST', at(''), { checkoutOptions: { fulfillmentTypes: { PICKUP: true, TAG: true }, tagDeliveryFee: 1.5 } }, owner.token)).status).toBe(200);
    // The tags service learns the venue's members, and the orders service the options, the link and the tag, from the others' streams.
    const tag = await until(() => call<{ id: string }>('POST', `/venues/${venue.id}/tags`, { name: 'Table 9', metadata: [{ key: 'Table', value: '9', visible: true }] }, owner.token), 201);
    const { code } = (await call<{ code: string }>('GET', `/venues/${venue.id}/tags/${tag.body.id}`, undefined, owner.token)).body;
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), 200);

    // The fan scans the venue's tag on a phone: the venue page, at Table 9, each stand's card carrying the tag.
    const fan = await app.visitor({ mobile: true });
    await fan.goto(`${app.url}/tag/${code}`);
    const accept = fan.getByRole('button', { name: 'Accept All' });
    await accept.waitFor().then(() => accept.click(), () => undefined);
    await fan.waitForURL(`${app.url}/${venue.handle}`);
    expect(await fan.getByTestId('venue-page').getByTestId('tag-location').innerText()).toBe('Table 9');
    const card = fan.getByTestId('venue-merchant');
    expect(await card.getAttribute('href')).toBe(`/${stand.handle}?ref=${venue.handle}&tag=${code}`);
    await card.click();
    await fan.waitForURL(`${app.url}/${stand.handle}?ref=${venue.handle}`);
    await fan.getByRole('heading', { level: 1, name: 'Seat Nachos' }).waitFor();
    expect(await fan.getByTestId('tag-location').innerText()).toBe('Table 9');

    // Checkout delivers to the seat, with the seat fee.
    await fan.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = fan.getByRole('dialog', { name: 'Stadium Nachos' });
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await fan.getByRole('button', { name: /^View order/ }).click();
    await fan.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    expect(await fan.getByLabel('Deliver to Table 9').isChecked()).toBe(true);
    const seatFee = fan.getByTestId('checkout-price').locator('[data-line="tagDeliveryFee"]');
    await seatFee.waitFor();
    expect(await seatFee.innerText()).toMatch(/Seat delivery fee\s+\$1\.50/);
    await fan.getByLabel('First name').fill('Dana');
    await fan.getByLabel('Last name').fill('Diner');
    await fan.getByLabel('Email').fill('dana@example.com');
    await fan.getByRole('button', { name: 'Place order' }).click();
    await fan.waitForURL(new RegExp(`/${stand.handle}/orders/[^/?]+\\?token=`));
    expect(await fan.getByTestId('order-location').innerText()).toBe('Deliver to Table 9');

    // The stand's order names the venue's tag and the seat.
    const orderId = new URL(fan.url()).pathname.split('/').pop();
    const order = await call<{ type: string; tagId: string; location: { tagCode: string; name: string }; billingSummary: { fees: { tagDeliveryFee: number } } }>('GET', at(`/orders/${orderId}`), undefined, owner.token);
    expect([order.body.type, order.body.tagId, order.body.location.tagCode, order.body.location.name, order.body.billingSummary.fees.tagDeliveryFee]).toEqual(['TAG', tag.body.id, code, 'Table 9', 1.5]);
  });

  it("given a fan who went from the venue's page to a stand, when they come back to the stand's menu from checkout (Back to menu) or after ordering (Order more), then the stand's page still leads back to the venue", async () => {
    const owner = await signUp(app, 'venue-backer');
    const venue = await create(owner, 'venues', 'Pier Field', `pier-field-${stamp}`);
    const stand = await create(owner, 'merchants', 'Pier Pretzels', `pier-pretzels-${stamp}`);
    expect((await call('GET', `/venues/${venue.id}/link/${stand.id}?action=link`, undefined, owner.token)).status).toBe(200);
    const at = (path: string) => `/merchants/${stand.id}${path}`;
    const pretzel = await call<{ id: string }>('POST', at('/products'), { title: 'Salted Pretzel', price: 6 }, owner.token);
    expect((await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [pretzel.body.id] }, owner.token)).status).toBe(201);
    const order = { lineItems: [{ productId: pretzel.body.id, quantity: 1 }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), order), 200);

    const fan = await app.visitor({ mobile: true });
    await fan.goto(`${app.url}/${venue.handle}`);
    const accept = fan.getByRole('button', { name: 'Accept All' });
    await accept.waitFor().then(() => accept.click(), () => undefined);
    await fan.getByTestId('venue-merchant').click();
    await fan.getByTestId('back-to-venue').waitFor();
    await fan.getByRole('button', { name: /Salted Pretzel/ }).click();
    const sheet = fan.getByRole('dialog', { name: 'Salted Pretzel' });
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await fan.getByRole('button', { name: /^View order/ }).click();
    await fan.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await fan.getByRole('link', { name: 'Back to menu' }).click();
    await fan.waitForURL(`${app.url}/${stand.handle}`);
    await fan.getByTestId('back-to-venue').waitFor();

    await fan.getByRole('button', { name: /^View order/ }).click();
    await fan.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await fan.getByLabel('First name').fill('Dana');
    await fan.getByLabel('Last name').fill('Diner');
    await fan.getByLabel('Email').fill('dana@example.com');
    await fan.getByRole('button', { name: 'Place order' }).click();
    await fan.waitForURL(new RegExp(`/${stand.handle}/orders/[^/?]+\\?token=`));
    await fan.getByRole('link', { name: 'Order more' }).click();
    await fan.getByTestId('back-to-venue').click();
    await fan.getByTestId('venue-merchants').waitFor();
    expect(new URL(fan.url()).pathname).toBe(`/${venue.handle}`);
  });

  it("given a venue whose Fonts settings pick Lato, when a fan opens the venue's page, then the page loads Lato and its heading is set in it", async () => {
    const owner = await signUp(app, 'venue-fonts');
    const venue = await create(owner, 'venues', 'Font Field', `font-field-${stamp}`);
    expect((await call('POST', `/venues/${venue.id}`, { fonts: { headlines: 'Lato', base: 'Lato' } }, owner.token)).status).toBe(200);
    const fan = await app.visitor({ mobile: true });
    await fan.goto(`${app.url}/${venue.handle}`);
    await fan.getByRole('heading', { level: 1, name: 'Font Field' }).waitFor();
    expect(await fan.getByRole('heading', { level: 1, name: 'Font Field' }).evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"?Lato"?,/);
    const fontSheets = () => fan.locator('link[rel="stylesheet"][href^="https://fonts.googleapis.com/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(await readWhen(fontSheets, (hrefs) => hrefs.length > 0)).toEqual(['https://fonts.googleapis.com/css2?family=Lato&display=swap']);
  });

  it("given a venue home open while a merchant accepts the venue's link request, when the admin moves a merchant, then the refused order brings the accepted merchant into the list, and the next move is saved", async () => {
    const owner = await signUp(app, 'venue-mover');
    const other = await signUp(app, 'stand-owner', { firstName: 'Sam', lastName: 'Stand' });
    const venue = await create(owner, 'venues', 'Dock Dome', `dock-dome-${stamp}`);
    const soda = await create(owner, 'merchants', 'Soda Shack', `soda-shack-${stamp}`);
    const fries = await create(owner, 'merchants', 'Fry Hut', `fry-hut-${stamp}`);
    const hotdogs = await create(other, 'merchants', 'Dog House', `dog-house-${stamp}`);
    for (const stand of [soda, fries, hotdogs]) expect((await call('GET', `/venues/${venue.id}/link/${stand.id}?action=link`, undefined, owner.token)).status).toBe(200);
    const page = await signedIn(app, owner, { redirect: `/dashboard/venues/${venue.id}` });
    await page.getByRole('heading', { level: 2, name: 'Waiting for the merchant to accept' }).waitFor();
    expect(await readWhen(() => linkedNames(page), (names) => names.length === 2)).toEqual(['Soda Shack', 'Fry Hut']);

    // Meanwhile, Dog House's owner accepts: the venue links three merchants, the open page still shows two.
    expect((await call('POST', `/merchants/${hotdogs.id}/venue-requests/${venue.id}`, { action: 'accept' }, other.token)).status).toBe(200);
    await page.getByRole('button', { name: 'Move down: Soda Shack' }).click();
    await alertShows(page, 'The new order must list each linked merchant once');
    expect(await readWhen(() => linkedNames(page), (names) => names.length === 3)).toEqual(['Soda Shack', 'Fry Hut', 'Dog House']);
    await page.getByRole('button', { name: 'Move down: Soda Shack' }).click();
    await alertShows(page, 'Merchant order saved');
    const saved = await call<{ data: { id: string }[] }>('GET', `/venues/${venue.id}/merchants`, undefined, owner.token);
    expect(saved.body.data.map((m) => m.id)).toEqual([fries.id, soda.id, hotdogs.id]);
  });

  it("after Unlink, the merchant's detail still names it (heading, /handle, icon) with a 'Not linked' badge of its own size, and keeps it on a reload", async () => {
    const owner = await signUp(app, 'venue-unlinker');
    const venue = await create(owner, 'venues', 'Dock Hall', `dock-hall-${stamp}`);
    const tacos = await create(owner, 'merchants', 'Taco Truck', `taco-truck-${stamp}`);
    expect((await call('GET', `/venues/${venue.id}/link/${tacos.id}?action=link`, undefined, owner.token)).status).toBe(200);
    const page = await signedIn(app, owner, { redirect: `/dashboard/venues/${venue.id}` });
    await page.goto(`${app.url}/dashboard/venues/${venue.id}/edit?merchantId=${tacos.id}`);
    const detail = page.getByTestId('merchant-detail');
    await detail.getByRole('heading', { level: 1, name: 'Taco Truck' }).waitFor();
    await detail.getByRole('button', { name: 'Unlink' }).click();
    await alertShows(page, 'Merchant unlinked');
    await detail.getByRole('button', { name: 'Link', exact: true }).waitFor();
    const shown = async () => {
      const badge = detail.getByText('Not linked', { exact: true });
      await badge.waitFor();
      const [badgeBox, cardBox] = [await badge.boundingBox(), await detail.boundingBox()];
      return {
        heading: await detail.getByRole('heading', { level: 1 }).innerText(),
        handle: await detail.getByText(`/${tacos.handle}`, { exact: true }).count(),
        icon: await detail.locator('.vh-icon').allInnerTexts(),
        badgeNarrow: !!badgeBox && !!cardBox && badgeBox.width < cardBox.width / 4,
      };
    };
    const expected = { heading: 'Taco Truck', handle: 1, icon: ['T'], badgeNarrow: true };
    expect(await shown()).toEqual(expected);
    await page.reload();
    await detail.getByRole('button', { name: 'Link', exact: true }).waitFor();
    expect(await shown()).toEqual(expected);
  });

  it('a venue team member sees the 401 page inside the venue layout on the admin-only settings; a stranger sees the sign-in page', async () => {
    const owner = await signUp(app, 'venue-admin');
    const venue = await create(owner, 'venues', 'Pier Hall', `pier-hall-${stamp}`);
    const member = await signUp(app, 'venue-member', { firstName: 'Ada', lastName: 'Lovelace' });
    const added = await call('POST', `/venues/${venue.id}/users/add`, { firstName: 'Ada', lastName: 'Lovelace', email: member.email, role: 'teamMember' }, owner.token);
    expect(added.status).toBe(201);
    const page = await signedIn(app, member);
    await page.goto(`${app.url}/dashboard/venues/${venue.id}/settings/details`);
    const frame = page.getByTestId('venue-frame');
    await frame.getByText('401 Error: You do not have access to this page.').waitFor();
    await frame.getByRole('link', { name: 'Back to Account' }).or(frame.getByRole('button', { name: 'Back to Account' })).first().waitFor();
    await frame.getByTestId('venue-drawer').waitFor();
    // The member has the home, without 'Visit Venue' (admins only).
    await page.goto(`${app.url}/dashboard/venues/${venue.id}`);
    await page.getByRole('heading', { level: 1, name: 'Linked Merchants' }).waitFor();
    expect(await page.getByRole('link', { name: 'Visit Venue' }).count()).toBe(0);

    const stranger = await signUp(app, 'stranger');
    const other = await signedIn(app, stranger);
    await other.goto(`${app.url}/dashboard/venues/${venue.id}`);
    await other.getByText('Sign in to your account').waitFor();
    await other.getByText('Forgot your password?').waitFor();
  });

  it("given a venue's text translations, then its public page shows its words translated, and a linked merchant's own translations stay on that merchant's page when the fan comes back", async () => {
    const owner = await signUp(app, 'venue-words');
    const venue = await create(owner, 'venues', 'Words Arena', `words-arena-${stamp}`);
    const stand = await create(owner, 'merchants', 'Words Stand', `words-stand-${stamp}`);
    await until(() => call('GET', `/venues/${venue.id}/link/${stand.id}?action=link`, undefined, owner.token), 200);
    expect((await call('POST', `/venues/${venue.id}`, { textTranslations: [{ search: 'Order from', replace: 'Our stands' }] }, owner.token)).status).toBe(200);
    expect((await call('POST', `/merchants/${stand.id}`, { textTranslations: [{ search: 'Hours', replace: 'Horario' }] }, owner.token)).status).toBe(200);

    const fan = await app.visitor({ mobile: true });
    await fan.goto(`${app.url}/${venue.handle}`);
    await fan.getByRole('heading', { level: 2, name: 'Our stands' }).waitFor();
    expect(await fan.getByTestId('venue-hours').innerText()).toMatch(/^Hours/i);
    await fan.getByTestId('venue-merchant').click();
    await fan.getByRole('heading', { level: 1, name: 'Words Stand' }).waitFor();
    await fan.getByTestId('back-to-venue').click();
    await fan.getByRole('heading', { level: 2, name: 'Our stands' }).waitFor();
    expect(await fan.getByTestId('venue-hours').innerText()).toMatch(/^Hours/i);
  });

  it("given a venue admin whose stored access token has expired (signed in over 15 minutes ago), when they open the venue's page, then the Venue Dashboard link is still theirs", async () => {
    const owner = await signUp(app, 'venue-stale', { firstName: 'Vera', lastName: 'Venue' });
    const venue = await create(owner, 'venues', 'Stale Arena', `stale-arena-${stamp}`);
    const page = await signedIn(app, owner, { mobile: true });
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('seatside.session') ?? '{}') as { state: { token: string } };
      stored.state.token = 'expired.access.token';
      localStorage.setItem('seatside.session', JSON.stringify(stored));
    });
    await page.goto(`${app.url}/${venue.handle}`);
    await page.getByTestId('venue-sidebar').getByText('Hi, Vera!').waitFor();
    await page.getByRole('link', { name: 'Venue Dashboard' }).waitFor();
  });

  it("given a fan who decided cookies on the venue's page, when they press Cookie settings in its sidebar's cookie notice, then the notice opens again with the categories", async () => {
    const owner = await signUp(app, 'venue-cookies');
    const venue = await create(owner, 'venues', 'Cookie Arena', `cookie-arena-${stamp}`);
    const fan = await app.visitor({ mobile: true });
    await fan.goto(`${app.url}/${venue.handle}`);
    const notice = fan.getByTestId('cookie-notice');
    await notice.getByRole('button', { name: 'Reject All' }).click();
    await notice.waitFor({ state: 'detached' });
    await fan.getByTestId('venue-sidebar').getByRole('button', { name: 'Cookie settings' }).click();
    await notice.getByRole('switch', { name: 'Analytics' }).waitFor();
    await expect(notice.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).resolves.toBe('false');
  });

  it('given a Link Merchant search the server fails, then the admin is told why, not "No merchants found"', async () => {
    const owner = await signUp(app, 'venue-searcher');
    const venue = await create(owner, 'venues', 'Search Arena', `search-arena-${stamp}`);
    const page = await signedIn(app, owner, { redirect: `/dashboard/venues/${venue.id}` });
    await page.route('**/merchants/search?**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, title: 'Service Unavailable', message: 'The catalog is unavailable' }) }),
    );
    await page.getByTestId('link-merchant-search').fill('nacho');
    await page.getByRole('alert').filter({ hasText: 'The catalog is unavailable' }).waitFor();
    expect(await page.getByText('No merchants found').count()).toBe(0);
  });

  it("given a venue team member (linking and ordering are the admins'), when they open the venue home, then they see the linked merchants in the venue's order without Link Merchant, the arrows or a drag, and a merchant's detail without Link or Unlink", async () => {
    const owner = await signUp(app, 'venue-lead');
    const venue = await create(owner, 'venues', 'Quay Hall', `quay-hall-${stamp}`);
    const tacos = await create(owner, 'merchants', 'Quay Tacos', `quay-tacos-${stamp}`);
    const pies = await create(owner, 'merchants', 'Quay Pies', `quay-pies-${stamp}`);
    for (const merchant of [tacos, pies]) await until(() => call('GET', `/venues/${venue.id}/link/${merchant.id}?action=link`, undefined, owner.token), 200);
    const member = await signUp(app, 'venue-staff', { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await call('POST', `/venues/${venue.id}/users/add`, { firstName: 'Ada', lastName: 'Lovelace', email: member.email, role: 'teamMember' }, owner.token)).status).toBe(201);
    // What the server refuses a team member, as the page would send it.
    expect((await call('GET', `/venues/${venue.id}/merchants/search?q=quay`, undefined, member.token)).status).toBe(403);

    const page = await signedIn(app, member, { redirect: `/dashboard/venues/${venue.id}` });
    await page.getByRole('heading', { level: 1, name: 'Linked Merchants' }).waitFor();
    await readWhen(() => linkedNames(page), (names) => names.length === 2);
    expect(await linkedNames(page)).toEqual(['Quay Tacos', 'Quay Pies']);
    expect(await page.getByTestId('link-merchant-search').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Move (up|down):/ }).count()).toBe(0);
    expect(await page.getByTestId('linked-merchant').first().getAttribute('draggable')).not.toBe('true');
    expect(await page.getByText("Drag a merchant to change the order on the venue's page.").count()).toBe(0);

    await page.getByTestId('linked-merchant').first().getByRole('link', { name: 'Quay Tacos' }).click();
    const detail = page.getByTestId('merchant-detail');
    await detail.getByRole('heading', { level: 1, name: 'Quay Tacos' }).waitFor();
    await detail.getByText('Linked', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: /^(Link|Unlink)$/ }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { level: 1, name: 'Linked Merchants' }).waitFor();
  });
});

import type { Page } from 'playwright-core';
import { fakeStripeJs, startFakeStripe, type FakeStripe } from '@seatside/orders/src/payments/fake-stripe';
import { fakeScript, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp, type Account } from './session';

/**
 * Group orders and tabs (issue 20; seed 002 §2–§4, §7) as `npm start` serves them, in Chromium: a
 * host and a guest in two browser contexts order together and the merchant sees one order with both
 * participants' lines; a diner's tab with two rounds is closed and paid once, in cash or by card
 * (Stripe at the network boundary: the platform's SDK against a local fake of Stripe's API, its
 * webhook delivered signed, and https://js.stripe.com/v3/ a fake Stripe.js).
 */
const WEBHOOK_SECRET = 'whsec_e2e_tabs';

describe('group orders and tabs', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe?.close());
  const app = webAppUnderTest('group-orders', () => ({
    STRIPE_SECRET_KEY: 'sk_live_e2e_tabs',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_live_e2e_tabs',
    STRIPE_API_BASE: stripe.url,
  }));
  const call = apiOf(app);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function until<T>(send: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
    for (;;) {
      const answer = await send();
      if (done(answer)) return answer;
      await pause(150);
    }
  }
  async function acceptCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    await accept.waitFor({ timeout: 5_000 }).then(() => accept.click(), () => undefined);
  }

  /**
   * A stand with Nachos and Soda on an all-day menu, group ordering and tabs on, once the orders
   * service knows it; with `sauce`, Nachos need a Sauce (Salsa, or Queso for $1.50 more).
   */
  async function stand(owner: Account, name: string, { sauce = false, taxRate }: { sauce?: boolean; taxRate?: number } = {}) {
    const handle = `${name.toLowerCase().replace(/\W+/g, '-')}-${stamp}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name, handle, googlePlaceId: '', timeZone: 'America/New_York' }, owner.token);
    expect(merchant.status).toBe(201);
    const at = (path: string) => `/merchants/${merchant.body.id}${path}`;
    const modifier = sauce
      ? await call<{ id: string }>('POST', at('/modifiers'), { title: 'Sauce', instructions: 'Pick one', options: [{ label: 'Salsa', additionalCost: 0 }, { label: 'Queso', additionalCost: 1.5 }], rules: { required: true } }, owner.token)
      : undefined;
    if (modifier) expect(modifier.status).toBe(201);
    const nachos = await call<{ id: string }>('POST', at('/products'), { title: 'Nachos', price: 8, ...(modifier ? { modifiers: [modifier.body.id] } : {}) }, owner.token);
    const soda = await call<{ id: string }>('POST', at('/products'), { title: 'Soda', price: 3 }, owner.token);
    expect((await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.body.id, soda.body.id] }, owner.token)).status).toBe(201);
    const checkoutOptions = { enableGroupOrdering: true, fulfillmentTypes: { PICKUP: true, SELF_CHECKOUT: true, TAB: true }, pickupMethods: { COUNTER: true, CURBSIDE: true }, ...(taxRate ? { taxRate } : {}) };
    expect((await call('POST', at(''), { checkoutOptions }, owner.token)).status).toBe(200);
    // The orders service learns the options from the catalog's published stream.
    await until(() => call('POST', at('/tabs'), { customer: { firstName: 'Probe', email: 'probe@example.com' } }), (a) => a.status === 201);
    return { id: merchant.body.id, handle, products: { nachos: nachos.body.id, soda: soda.body.id } };
  }

  it('given a host and a guest in two browsers, when the guest joins as Guest and both add lines with a modifier, then each sees the other’s lines live (a removal too), the host places one order and the merchant sees both participants’ lines', async () => {
    const owner = await signUp(app, 'group-owner');
    const merchant = await stand(owner, 'Group Nachos', { sauce: true });

    // The host starts a group order on the merchant page and gets the link to share.
    const host = await app.visitor({ mobile: true });
    await host.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(host);
    await host.getByRole('link', { name: 'Start a group order' }).click();
    await host.getByLabel('First name').fill('Hana');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const share = host.getByTestId('group-share-link');
    await share.waitFor();
    const link = await share.inputValue();
    expect(link).toMatch(new RegExp(`/${merchant.id}/order/join/[^/]+$`));

    // A forged link is refused: the full-page error with its status and message.
    const forger = await app.visitor({ mobile: true });
    await forger.goto(`${link.slice(0, -4)}AAAA`);
    await forger.getByRole('heading', { name: '403' }).waitFor();
    await expect(forger.getByTestId('join-error').innerText()).resolves.toBe('This invitation link is not valid');

    // The guest opens the link in another browser: the invitation, three tabs, the guest form.
    const guest = await app.visitor({ mobile: true });
    await guest.goto(link);
    await acceptCookies(guest);
    await guest.getByRole('heading', { name: 'Hana invited you to join their order for Group Nachos!' }).waitFor();
    for (const tab of ['Login', 'Sign Up', 'Guest']) await guest.getByRole('tab', { name: tab }).waitFor();
    await guest.getByRole('button', { name: 'Join Order' }).click();
    await guest.getByRole('alert').filter({ hasText: 'Please enter in your first name.' }).waitFor();
    await guest.getByLabel('First name').fill('Gus');
    await guest.getByRole('button', { name: 'Join Order' }).click();
    await guest.waitForURL(new RegExp(`/${merchant.handle}/group/`));

    // Both add lines through the menu's product sheet (modifiers, quantity); each sees the other's live.
    const addTo = async (page: Page, product: string, { option, more = 0 }: { option?: string; more?: number } = {}) => {
      await page.getByRole('button', { name: `Add ${product}` }).click();
      const sheet = page.getByTestId('product-sheet');
      if (option) await sheet.getByLabel(option).check();
      for (let i = 0; i < more; i++) await sheet.getByRole('button', { name: 'Increase quantity' }).click();
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
    };
    await addTo(guest, 'Soda');
    // A required modifier is asked for before the line is added, as on the menu.
    await host.getByRole('button', { name: 'Add Nachos' }).click();
    await host.getByTestId('product-sheet').getByRole('button', { name: /^Add to order/ }).click();
    await host.getByTestId('product-sheet').getByText('Sauce is required').waitFor();
    await host.getByTestId('product-sheet').getByRole('button', { name: 'Close' }).click();
    await addTo(host, 'Nachos', { option: 'Queso', more: 1 });
    await addTo(guest, 'Nachos', { option: 'Salsa' });
    await host.getByTestId('group-line').filter({ hasText: 'Gus: 1 × Soda' }).waitFor();
    await host.getByTestId('group-line').filter({ hasText: 'Gus: 1 × Nachos (Salsa)' }).waitFor();
    await guest.getByTestId('group-line').filter({ hasText: 'Hana: 2 × Nachos (Queso)' }).waitFor();
    // The guest may remove only their own lines; the host sees the removal live.
    await expect(guest.getByTestId('group-line').filter({ hasText: 'Hana:' }).getByRole('button').count()).resolves.toBe(0);
    await guest.getByTestId('group-line').filter({ hasText: 'Gus: 1 × Soda' }).getByRole('button', { name: 'Remove Soda' }).click();
    await host.getByTestId('group-line').filter({ hasText: 'Gus: 1 × Soda' }).waitFor({ state: 'detached' });
    await readWhen(() => host.getByTestId('group-line').allInnerTexts(), (texts) => texts.length === 2);

    // The host chooses how among the stand's checkoutOptions (checkout's own choices) and places the order; the guest sees it placed.
    await expect(host.getByRole('radio', { name: 'Delivery' }).count()).resolves.toBe(0);
    await host.getByRole('radio', { name: 'Pickup' }).check();
    await host.getByRole('radio', { name: 'Curbside' }).check();
    await expect(host.getByRole('radio', { name: 'Cash' }).isChecked()).resolves.toBe(true);
    await host.getByLabel('Last name').fill('Host');
    await host.getByLabel('Email').fill('hana@example.com');
    await host.getByRole('button', { name: 'Place Group Order' }).click();
    await host.waitForURL(new RegExp(`/${merchant.handle}/orders/`));
    await guest.getByText('The group order was placed.').waitFor();
    const orderId = new URL(host.url()).pathname.split('/').pop()!;

    // The merchant sees one order with both participants' lines.
    const dashboard = await signedIn(app, owner, { redirect: `/dashboard/merchants/${merchant.id}/orders/${orderId}` });
    await dashboard.goto(`${app.url}/dashboard/merchants/${merchant.id}/orders/${orderId}`);
    const participants = dashboard.getByTestId('line-participant');
    await readWhen(() => participants.allInnerTexts(), (names) => names.length === 2);
    expect((await participants.allInnerTexts()).sort()).toEqual(['Gus', 'Hana']);
    const listed = await call<{ data: { id: string }[] }>('GET', `/merchants/${merchant.id}/orders`, undefined, owner.token);
    expect(listed.body.data.filter((o) => o.id === orderId)).toHaveLength(1);
    const order = await call<{ type: string; fulfillment: { pickupMethod?: string }; lineItems: { participant: string; title: string; quantity: number }[] }>('GET', `/merchants/${merchant.id}/orders/${orderId}`, undefined, owner.token);
    expect([order.body.type, order.body.fulfillment.pickupMethod]).toEqual(['PICKUP', 'CURBSIDE']);
    expect(order.body.lineItems.map((l) => `${l.participant}: ${l.quantity} × ${l.title}`).sort()).toEqual(['Gus: 1 × Nachos', 'Hana: 2 × Nachos']);
  });

  it('given a diner with a tab, when two rounds are sent, then each reaches the merchant’s live orders list as it is sent, the merchant sees the open tab’s running total grow live; the diner’s cash close only asks staff for the cash (nothing is paid, Open Tabs show it waiting for cash), and staff closing it in Open Tabs pays both rounds once', async () => {
    const owner = await signUp(app, 'tab-owner');
    const merchant = await stand(owner, 'Tab Bar');
    // The probe tab opened while waiting: the merchant closes it, so one open tab is the diner's.
    // The owner's membership reaches the orders service a moment after the merchant is made.
    const probeTabs = await readWhen(() => call<{ data: { id: string }[] }>('GET', `/merchants/${merchant.id}/tabs`, undefined, owner.token), (a) => a.status === 200);
    expect(probeTabs.status).toBe(200);
    for (const tab of probeTabs.body.data) {
      // A tab with no rounds closes too, paying nothing.
      expect((await call('POST', `/merchants/${merchant.id}/tabs/${tab.id}/close`, { paymentProcessor: 'CASH' }, owner.token)).status).toBe(200);
    }

    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(diner);
    await diner.getByRole('link', { name: 'Open a tab' }).click();
    await diner.getByLabel('First name').fill('Tess');
    await diner.getByLabel('Last name').fill('Tab');
    await diner.getByLabel('Email').fill('tess@example.com');
    await diner.getByRole('button', { name: 'Open Tab' }).click();

    await diner.getByRole('button', { name: 'Add Nachos' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-rounds').locator('li').first().waitFor();

    // The merchant watches the live orders list and the open tabs while the diner sends the second round.
    const ordersScreen = await signedIn(app, owner, { redirect: `/dashboard/merchants/${merchant.id}/orders` });
    await ordersScreen.goto(`${app.url}/dashboard/merchants/${merchant.id}/orders`);
    await ordersScreen.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    const listed = async () => (await call<{ data: { id: string; orderCode: string; status: string; type?: string }[] }>('GET', `/merchants/${merchant.id}/orders`, undefined, owner.token)).body.data.filter((o) => o.type === 'TAB');
    const [firstRound] = await listed();
    await ordersScreen.getByTestId('list-row').filter({ hasText: firstRound!.orderCode }).waitFor();
    const tabsScreen = await signedIn(app, owner, { redirect: `/dashboard/merchants/${merchant.id}/orders/tabs` });
    await tabsScreen.goto(`${app.url}/dashboard/merchants/${merchant.id}/orders/tabs`);
    await tabsScreen.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    const open = tabsScreen.getByTestId('open-tab').filter({ hasText: 'Tess Tab' });
    const firstTotal = await open.getByTestId('tab-running-total').innerText();

    await diner.getByRole('button', { name: 'Add Soda' }).click();
    await diner.getByRole('button', { name: 'Add Soda' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await readWhen(() => diner.getByTestId('tab-rounds').locator('li').count(), (n) => n === 2);
    await diner.getByTestId('tab-total').filter({ hasText: '$14.00' }).waitFor();

    // Each round reached the merchant's orders as it was sent: the second one joined the live list without a reload,
    // and the open tab's running total grew live.
    const rounds = (await listed()).filter((o) => o.status === 'PLACED');
    expect(rounds).toHaveLength(2);
    const secondRound = rounds.find((o) => o.id !== firstRound!.id)!;
    await ordersScreen.getByTestId('list-row').filter({ hasText: secondRound.orderCode }).waitFor();
    await open.getByTestId('tab-running-total').filter({ hasText: '$14.00' }).waitFor();
    expect(firstTotal).not.toBe('$14.00');

    // The diner asks to pay in cash: the page says to pay staff, the tab takes no more rounds, and nothing is paid.
    await diner.getByRole('button', { name: 'Close Tab and Pay Cash' }).click();
    await diner.getByTestId('tab-awaiting-cash').filter({ hasText: 'Pay $14.00 in cash to a member of staff to close your tab.' }).waitFor();
    await expect(diner.getByRole('button', { name: 'Send Round' }).count()).resolves.toBe(0);
    await expect(diner.getByTestId('tab-closed').count()).resolves.toBe(0);
    for (const round of rounds) {
      const order = await call<{ status: string }>('GET', `/merchants/${merchant.id}/orders/${round.id}`, undefined, owner.token);
      expect(order.body.status).toBe('PLACED');
    }
    // The dashboard's Open Tabs show the tab waiting for cash, live, with its total; the orders list shows no round PAID.
    await open.getByTestId('tab-awaiting-cash').filter({ hasText: 'Waiting for cash' }).waitFor();
    await expect(open.getByTestId('tab-running-total').innerText()).resolves.toBe('$14.00');
    // Readable (the mark's contrast), and whole on a phone: the row wraps instead of pushing Close Tab (Cash) off the screen.
    expect(await seriousViolations(tabsScreen)).toEqual([]);
    await tabsScreen.setViewportSize({ width: 390, height: 844 });
    await expect(tabsScreen.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const closeBox = await open.getByRole('button', { name: 'Close Tab (Cash)' }).boundingBox();
    expect((closeBox?.x ?? Infinity) + (closeBox?.width ?? 0)).toBeLessThanOrEqual(390);
    for (const round of rounds) {
      await expect(ordersScreen.getByTestId('list-row').filter({ hasText: round.orderCode }).locator('.ord-status').innerText()).resolves.toBe('PLACED');
    }

    // Staff take the cash and close the tab in Open Tabs: both rounds are paid, once.
    await open.getByRole('button', { name: 'Close Tab (Cash)' }).click();
    await tabsScreen.getByRole('alert').filter({ hasText: 'Tab closed' }).waitFor();
    // Closed: no longer among the merchant's open tabs (the dashboard's row leaves live).
    expect(await readWhen(() => open.count(), (n) => n === 0)).toBe(0);
    for (const round of rounds) {
      const order = await call<{ status: string; payment?: { paymentProcessor: string } }>('GET', `/merchants/${merchant.id}/orders/${round.id}`, undefined, owner.token);
      expect([order.body.status, order.body.payment?.paymentProcessor]).toEqual(['PAID', 'CASH']);
      await ordersScreen.getByTestId('list-row').filter({ hasText: round.orderCode }).locator('.ord-status').filter({ hasText: 'PAID' }).waitFor();
    }
    // The diner's page learns it: the tab is closed, paid in cash.
    await diner.getByTestId('tab-closed').filter({ hasText: 'Tab closed. Paid $14.00 in cash.' }).waitFor();
    await diner.getByTestId('tab-awaiting-cash').waitFor({ state: 'detached' });
    const stillOpen = await call<{ data: { name: string }[] }>('GET', `/merchants/${merchant.id}/tabs`, undefined, owner.token);
    expect(stillOpen.body.data.map((t) => t.name)).not.toContain('Tess Tab');
  });

  it('given a diner who opened a tab and ordered nothing, when staff close it in Open Tabs, then it leaves the open tabs and the diner’s page says it is closed, with nothing paid', async () => {
    const owner = await signUp(app, 'tab-empty-owner');
    const merchant = await stand(owner, 'Empty Tab Bar');
    const diner = await dinerWithTab(merchant, 'Nora');

    const tabsScreen = await signedIn(app, owner, { redirect: `/dashboard/merchants/${merchant.id}/orders/tabs` });
    await tabsScreen.goto(`${app.url}/dashboard/merchants/${merchant.id}/orders/tabs`);
    const open = tabsScreen.getByTestId('open-tab').filter({ hasText: 'Nora' });
    await open.getByRole('button', { name: 'Close Tab (Cash)' }).click();
    await tabsScreen.getByRole('alert').filter({ hasText: 'Tab closed' }).waitFor();
    expect(await readWhen(() => open.count(), (n) => n === 0)).toBe(0);

    await diner.reload();
    await expect(diner.getByTestId('tab-closed').innerText()).resolves.toBe('Tab closed.');
  });

  it('given a diner with a tab on a stand that takes cards, when they pay by card, then one payment of the total closes the tab once Stripe confirms it and pays every round', async () => {
    const owner = await signUp(app, 'tab-card-owner');
    const merchant = await stand(owner, 'Card Tab Bar');
    const account = 'acct_e2eTabs';
    // The orders service learns the owner's membership from the identity service's log (a moment
    // after the tab probe it answered): 403 until then.
    await until(() => call('POST', `/merchants/${merchant.id}/payments/stripe/production`, { accountId: account }, owner.token), (a) => a.status === 200);
    const checkoutOptions = { enableGroupOrdering: true, fulfillmentTypes: { PICKUP: true, TAB: true }, pickupMethods: { COUNTER: true }, paymentProcessor: 'STRIPE' };
    expect((await call('POST', `/merchants/${merchant.id}`, { checkoutOptions }, owner.token)).status).toBe(200);
    await until(() => call<{ card: unknown }>('GET', `/merchants/${merchant.id}/payments/card`), (a) => a.body.card !== null);

    const diner = await app.visitor({ mobile: true });
    await fakeScript(diner, 'https://js.stripe.com/**', fakeStripeJs);
    await diner.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(diner);
    await diner.getByRole('link', { name: 'Open a tab' }).click();
    await diner.getByLabel('First name').fill('Cara');
    await diner.getByLabel('Last name').fill('Card');
    await diner.getByLabel('Email').fill('cara@example.com');
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await diner.getByRole('button', { name: 'Add Nachos' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-rounds').locator('li').first().waitFor();
    await diner.getByRole('button', { name: 'Add Soda' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-total').filter({ hasText: '$11.00' }).waitFor();

    // When the diner pays by card: one PaymentIntent of the total on the stand's account, confirmed in the browser.
    await diner.getByRole('button', { name: 'Pay by card' }).click();
    await diner.getByRole('button', { name: 'Pay $11.00' }).click();
    const intent = stripe.created().find((i) => i.metadata.merchantId === merchant.id)!;
    expect([intent.amount, intent.account]).toEqual([1100, account]);
    expect(await diner.evaluate(() => (window as unknown as { __stripe: { clientSecret: string } }).__stripe.clientSecret)).toBe(intent.client_secret);

    // Then Stripe's webhook closes the tab: the page shows it paid by card, and both rounds are PAID.
    const delivery = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id, { brand: 'visa', last4: '4242' }), { secret: WEBHOOK_SECRET, account });
    const delivered = await fetch(`${app.url}/v1/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, body: delivery.payload });
    expect(delivered.status).toBe(200);
    await diner.getByTestId('tab-closed').filter({ hasText: 'Paid $11.00 by card.' }).waitFor();
    const orders = await call<{ data: { status: string; type?: string }[] }>('GET', `/merchants/${merchant.id}/orders`, undefined, owner.token);
    expect(orders.body.data.filter((o) => o.type === 'TAB' && o.status === 'PAID')).toHaveLength(2);
  });

  /** A diner on the stand's tab page with a tab opened in their name. */
  async function dinerWithTab(merchant: { handle: string }, firstName: string) {
    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(diner);
    await diner.getByRole('link', { name: 'Open a tab' }).click();
    await diner.getByLabel('First name').fill(firstName);
    await diner.getByLabel('Email').fill(`${firstName.toLowerCase()}@example.com`);
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).waitFor();
    return diner;
  }

  it('given the Open a tab form, when it is sent empty and then corrected field by field, then each field shows its own message, cleared once that field is right, and the email is checked before the tab is opened', async () => {
    const owner = await signUp(app, 'tab-form-owner');
    const merchant = await stand(owner, 'Form Tab Bar');
    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/${merchant.handle}/tab`);
    await acceptCookies(diner);
    const fieldError = (name: string) => diner.locator(`[data-field-error="${name}"]`);

    // Sent empty: the first name and the email each say what is wrong, under their own field.
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await fieldError('firstName').filter({ hasText: 'First name is required' }).waitFor();
    await fieldError('email').filter({ hasText: 'Please enter a valid email' }).waitFor();
    await expect(diner.getByLabel('First name').getAttribute('aria-invalid')).resolves.toBe('true');

    // The first name given: its message goes; "bad" is no email: the email's stays.
    await diner.getByLabel('First name').fill('Fern');
    await diner.getByLabel('Email').fill('bad');
    await fieldError('firstName').waitFor({ state: 'detached' });
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await fieldError('email').filter({ hasText: 'Please enter a valid email' }).waitFor();
    await expect(diner.getByText('First name is required').count()).resolves.toBe(0);

    // A real email: the tab opens.
    await diner.getByLabel('Email').fill('fern@example.com');
    await fieldError('email').waitFor({ state: 'detached' });
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).waitFor();
  });

  it('given a tab at a stand whose Nachos need a Sauce, when the diner taps Add on Nachos, then the menu’s product sheet asks for the Sauce and a quantity, the round shows the choice and can be changed or emptied line by line, and the round is sent with the chosen option', async () => {
    const owner = await signUp(app, 'tab-sauce-owner');
    const merchant = await stand(owner, 'Sauce Tab Bar', { sauce: true });
    const diner = await dinerWithTab(merchant, 'Sam');
    const round = diner.getByTestId('tab-round-line');

    // Add opens the product sheet: the Sauce is asked for before the line joins the round.
    await diner.getByRole('button', { name: 'Add Nachos' }).click();
    const sheet = diner.getByTestId('product-sheet');
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.getByText('Sauce is required').waitFor();
    await sheet.getByLabel('Queso').check();
    await sheet.getByRole('button', { name: 'Increase quantity' }).click();
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await round.filter({ hasText: 'Nachos' }).filter({ hasText: 'Queso' }).waitFor();
    await expect(round.filter({ hasText: 'Nachos' }).getByRole('group', { name: 'Quantity of Nachos' }).locator('output').innerText()).resolves.toBe('2');

    // A product without options goes straight into the round; a line's quantity changes and a line is removed.
    await diner.getByRole('button', { name: 'Add Soda' }).click();
    await round.filter({ hasText: 'Soda' }).waitFor();
    await round.filter({ hasText: 'Soda' }).getByRole('button', { name: 'Increase quantity: Soda' }).click();
    await expect(round.filter({ hasText: 'Soda' }).locator('output').innerText()).resolves.toBe('2');
    await round.filter({ hasText: 'Soda' }).getByRole('button', { name: 'Remove Soda' }).click();
    await round.filter({ hasText: 'Soda' }).waitFor({ state: 'detached' });

    // The round goes with the chosen Sauce: 2 × (8.00 + 1.50).
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-total').filter({ hasText: '$19.00' }).waitFor();
    await round.first().waitFor({ state: 'detached' });
    const orders = await until(
      () => call<{ data: { id: string; type?: string }[] }>('GET', `/merchants/${merchant.id}/orders`, undefined, owner.token),
      (a) => a.status === 200 && a.body.data.some((o) => o.type === 'TAB'),
    );
    const tabOrderId = orders.body.data.find((o) => o.type === 'TAB')?.id ?? '';
    const order = await call<{ lineItems: { title: string; quantity: number; options: { label: string }[] }[] }>('GET', `/merchants/${merchant.id}/orders/${tabOrderId}`, undefined, owner.token);
    expect(order.body.lineItems.map((l) => [l.title, l.quantity, l.options.map((o) => o.label)])).toEqual([['Nachos', 2, ['Queso']]]);
  });

  it('given a round the server refuses (a product taken off the menu after it was added), when the diner sends it, then the refusal shows on its line, and removing that line lets the round go', async () => {
    const owner = await signUp(app, 'tab-refused-owner');
    const merchant = await stand(owner, 'Refused Tab Bar');
    const diner = await dinerWithTab(merchant, 'Rita');
    const round = diner.getByTestId('tab-round-line');
    await diner.getByRole('button', { name: 'Add Nachos' }).click();
    await diner.getByRole('button', { name: 'Add Soda' }).click();
    await round.filter({ hasText: 'Soda' }).waitFor();

    // The owner deletes Soda; the orders service knows once a quote of it is refused.
    expect((await call('DELETE', `/merchants/${merchant.id}/products/${merchant.products.soda}`, undefined, owner.token)).status).toBeLessThan(300);
    const sodaQuote = { lineItems: [{ productId: merchant.products.soda, quantity: 1, modifiers: [] }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH' };
    await until(() => call('POST', `/merchants/${merchant.id}/orders/quote`, sodaQuote), (a) => a.status === 400);

    await diner.getByRole('button', { name: 'Send Round' }).click();
    await round.filter({ hasText: 'Soda' }).getByText('This product is not available').waitFor();
    await round.filter({ hasText: 'Soda' }).getByRole('button', { name: 'Remove Soda' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-total').filter({ hasText: '$8.00' }).waitFor();
    await expect(diner.getByTestId('tab-rounds').locator('li').count()).resolves.toBe(1);
  });

  it('given a diner on a tab whose round was placed but whose answer the network lost, when they tap Send Round again, then that round is answered, not a second one sent', async () => {
    const owner = await signUp(app, 'tab-retry-owner');
    const merchant = await stand(owner, 'Retry Tab Bar');
    const diner = await dinerWithTab(merchant, 'Rhea');
    await diner.getByRole('button', { name: 'Add Nachos' }).click();

    // The first round reaches the server, which places it; its answer never reaches the phone.
    await diner.route('**/v1/tabs/*/rounds', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    }, { times: 1 });
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByRole('alert').waitFor();
    await expect(diner.getByTestId('tab-round-line').count()).resolves.toBe(1);

    // Tapped again, the same round (its Idempotency-Key) is answered: one round of $8.00 on the tab.
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-total').filter({ hasText: '$8.00' }).waitFor();
    await expect(diner.getByTestId('tab-rounds').locator('li').count()).resolves.toBe(1);
    const tabs = await call<{ data: { name: string; rounds: unknown[] }[] }>('GET', `/merchants/${merchant.id}/tabs`, undefined, owner.token);
    expect(tabs.body.data.filter((tab) => tab.rounds.length > 0).map((tab) => [tab.name, tab.rounds.length])).toEqual([['Rhea', 1]]);
  });

  it('given a host with a guest’s lines who leaves Last name and Email empty, when they place the group order, then the group’s price shows before placing and the server’s messages show under those fields; once corrected the order is placed', async () => {
    const owner = await signUp(app, 'group-errors-owner');
    const merchant = await stand(owner, 'Priced Nachos', { taxRate: 10 });
    const host = await app.visitor({ mobile: true });
    await host.goto(`${app.url}/${merchant.handle}/group`);
    await acceptCookies(host);
    await host.getByLabel('First name').fill('Hugo');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const link = await host.getByTestId('group-share-link').inputValue();
    const guest = await app.visitor({ mobile: true });
    await guest.goto(link);
    await acceptCookies(guest);
    await guest.getByLabel('First name').fill('Gina');
    await guest.getByRole('button', { name: 'Join Order' }).click();
    await guest.waitForURL(new RegExp(`/${merchant.handle}/group/`));
    for (const product of ['Nachos', 'Soda']) {
      await guest.getByRole('button', { name: `Add ${product}` }).click();
      await guest.getByTestId('product-sheet').getByRole('button', { name: /^Add to order/ }).click();
      await guest.getByTestId('product-sheet').waitFor({ state: 'detached' });
    }
    await readWhen(() => host.getByTestId('group-line').allInnerTexts(), (texts) => texts.length === 2);

    // Before placing, the host sees what the group's order comes to, as the server prices it.
    const price = host.getByTestId('billing-summary');
    await price.locator('[data-line="subtotal"]').filter({ hasText: '$11.00' }).waitFor();
    await price.locator('[data-line="tax"]').filter({ hasText: '$1.10' }).waitFor();
    await price.locator('[data-line="amountDue"]').filter({ hasText: '$12.10' }).waitFor();

    // Last name and Email left empty: the server's messages, each under its field.
    await host.getByRole('button', { name: 'Place Group Order' }).click();
    await host.locator('[data-field-error="lastName"]').filter({ hasText: 'Last name is required' }).waitFor();
    await host.locator('[data-field-error="email"]').filter({ hasText: 'Please enter a valid email' }).waitFor();
    await expect(host.getByLabel('First name').inputValue()).resolves.toBe('Hugo');

    await host.getByLabel('Last name').fill('Host');
    await host.getByLabel('Email').fill('hugo@example.com');
    await host.getByRole('button', { name: 'Place Group Order' }).click();
    await host.waitForURL(new RegExp(`/${merchant.handle}/orders/`));
    await guest.getByText('The group order was placed.').waitFor();
  });

  it('given a host’s group, when the host taps Copy beside the share link, then the link is on the clipboard and "Link Copied! Paste & Share" is shown', async () => {
    const owner = await signUp(app, 'group-copy-owner');
    const merchant = await stand(owner, 'Copy Nachos');
    const host = await app.visitor({ mobile: true });
    await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await host.goto(`${app.url}/${merchant.handle}/group`);
    await acceptCookies(host);
    await host.getByLabel('First name').fill('Cleo');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const link = await host.getByTestId('group-share-link').inputValue();
    await host.getByRole('button', { name: 'Copy' }).click();
    await host.getByRole('status').filter({ hasText: 'Link Copied! Paste & Share' }).waitFor();
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  it('given an invitation opened on a 375 px phone, then the join page wears the storefront’s styles: its font, its buttons, and the field within the page’s margins', async () => {
    const owner = await signUp(app, 'join-style-owner');
    const merchant = await stand(owner, 'Styled Nachos');
    const started = await call<{ signature: string }>('POST', `/merchants/${merchant.id}/groups`, { firstName: 'Hana', clientId: `host-style-${stamp}` });
    const page = await app.visitor({ mobile: true });
    // The storefront's own font, as its menu page shows it.
    await page.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(page);
    const menuFont = await page.locator('main.sf').evaluate((el) => getComputedStyle(el).fontFamily);

    await page.goto(`${app.url}/${merchant.id}/order/join/${started.body.signature}`);
    const heading = page.getByRole('heading', { name: 'Hana invited you to join their order for Styled Nachos!' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(menuFont);
    const join = page.getByRole('button', { name: 'Join Order' });
    const menuButton = await join.evaluate((el) => {
      const style = getComputedStyle(el);
      return { radius: style.borderRadius, height: el.getBoundingClientRect().height, font: style.fontFamily };
    });
    expect(menuButton.radius).toBe('10px');
    expect(menuButton.height).toBeGreaterThanOrEqual(44);
    expect(menuButton.font).toBe(menuFont);
    const input = await page.getByLabel('First name').evaluate((el) => ({ right: el.getBoundingClientRect().right, width: document.documentElement.clientWidth }));
    expect(input.right).toBeLessThanOrEqual(input.width - 16);
  });

  it('given a group that was placed, when its invitation is opened, then the page says at once that the group is closed, without the join form', async () => {
    const owner = await signUp(app, 'join-closed-owner');
    const merchant = await stand(owner, 'Closed Nachos');
    const hostClient = `host-closed-${stamp}`;
    const started = await call<{ groupId: string; signature: string }>('POST', `/merchants/${merchant.id}/groups`, { firstName: 'Hana', clientId: hostClient });
    const capability = { signature: started.body.signature, clientId: hostClient };
    expect((await call('POST', `/groups/${started.body.groupId}/lines`, { ...capability, lineItems: [{ productId: merchant.products.soda, quantity: 1, modifiers: [] }] })).status).toBe(201);
    const placed = await call('POST', `/groups/${started.body.groupId}/place`, {
      ...capability,
      fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
      paymentProcessor: 'CASH',
      customer: { firstName: 'Hana', lastName: 'Host', email: 'hana@example.com', phone: '' },
    });
    expect(placed.status).toBe(201);

    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${merchant.id}/order/join/${started.body.signature}`);
    await page.getByRole('heading', { name: 'This group order is closed.' }).waitFor();
    await expect(page.getByRole('button', { name: 'Join Order' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('First name').count()).resolves.toBe(0);
  });

  /** A stand (`stand`) where Hana has started a group: the group and the path of its invitation. */
  async function hanasInvitation(slug: string, name: string) {
    const owner = await signUp(app, `join-${slug}owner`);
    const merchant = await stand(owner, name);
    const started = await call<{ groupId: string; signature: string }>('POST', `/merchants/${merchant.id}/groups`, { firstName: 'Hana', clientId: `host-${slug}${stamp}` });
    expect(started.status).toBe(201);
    return { merchant, started, joinPath: `/${merchant.id}/order/join/${started.body.signature}` };
  }

  it('given an invitation, when a diner signs in from its Login tab and comes back, then they join with their account', async () => {
    const { started, joinPath } = await hanasInvitation('', 'Join Nachos');

    // The Login tab sends a signed-out visitor to sign in, and back to the invitation.
    const visitor = await app.visitor({ mobile: true });
    await visitor.goto(`${app.url}${joinPath}`);
    // The browser tab names the invitation (WCAG 2.4.2), as its heading does.
    await visitor.waitForFunction(() => document.title === 'Hana invited you to join their order for Join Nachos!');
    await visitor.getByRole('tab', { name: 'Login' }).click();
    expect(await visitor.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(joinPath)}`);
    // It says what happens: signing in brings the diner back here (they need not find the link again).
    expect(await visitor.getByRole('tabpanel').locator('p').innerText()).toBe('Sign in and you will come back here to join with your account.');

    const member = await signUp(app, 'join-member', { firstName: 'Gus', lastName: 'Grant' });
    const page = await signedIn(app, member, { redirect: encodeURIComponent(joinPath), mobile: true });
    await page.waitForURL((url) => url.pathname === joinPath);
    await page.getByText('Signed in as').waitFor();
    await page.getByRole('button', { name: 'Join Order' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/group/${started.body.groupId}`));
    await page.waitForFunction(() => document.title === 'Group order · Join Nachos');
    const group = await call<{ participants: { name: string; host: boolean }[] }>('GET', `/groups/${started.body.groupId}?signature=${encodeURIComponent(started.body.signature)}`);
    expect(group.body.participants.filter((p) => !p.host)).toHaveLength(1);
  });

  it('given a diner signed in long enough ago that their access token has expired, when they join with their account, then the session is refreshed and they join (no 401 page)', async () => {
    const { started, joinPath } = await hanasInvitation('stale-', 'Stale Nachos');
    const member = await signUp(app, 'join-stale', { firstName: 'Sid', lastName: 'Stale' });
    const page = await signedIn(app, member, { mobile: true });
    // The stored access token lives 15 minutes; the session cookie much longer. Here it has expired.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('seatside.session') ?? '{}') as { state: { token: string } };
      stored.state.token = 'expired.access.token';
      localStorage.setItem('seatside.session', JSON.stringify(stored));
    });
    await page.goto(`${app.url}${joinPath}`);
    await page.getByText('Signed in as').waitFor();
    await page.getByRole('button', { name: 'Join Order' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/group/${started.body.groupId}`));
    const group = await call<{ participants: { name: string; host: boolean }[] }>('GET', `/groups/${started.body.groupId}?signature=${encodeURIComponent(started.body.signature)}`);
    expect(group.body.participants.filter((p) => !p.host).map((p) => p.name)).toEqual(['Sid']);
  });

  it('given an invitation opened signed out, when the diner chooses Sign Up, then its button reads Sign Up legibly and opens the sign-up form, which brings the new account back to the invitation to join', async () => {
    const { started, joinPath } = await hanasInvitation('signup-', 'Signup Nachos');
    const visitor = await app.visitor({ mobile: true });
    await visitor.goto(`${app.url}${joinPath}`);
    await acceptCookies(visitor);
    await visitor.getByRole('tab', { name: 'Sign Up' }).click();
    const button = visitor.getByRole('tabpanel').getByRole('link', { name: 'Sign Up' });
    // Its words in the button's own colour on the button's colour, not the page's link colour (blue on blue).
    const look = await button.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
    expect(look.color).not.toBe(look.background);
    await button.click();
    await visitor.waitForURL((url) => url.pathname === '/auth/sign-up');
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(joinPath);
    await visitor.getByLabel('Email').fill(`join-signup-${stamp}@example.com`);
    await visitor.getByLabel('First name').fill('Sam');
    await visitor.getByLabel('Password', { exact: true }).fill('seatside-secret-1');
    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await visitor.waitForURL((url) => url.pathname === joinPath);
    await visitor.getByText('Signed in as').waitFor();
    await visitor.getByRole('button', { name: 'Join Order' }).click();
    await visitor.waitForURL((url) => url.pathname.endsWith(`/group/${started.body.groupId}`));
  });

  it('given a host who opens their own invitation link, then they are back on their group, still the host: the share link and the place form stay theirs', async () => {
    const owner = await signUp(app, 'join-self-owner');
    const merchant = await stand(owner, 'Self Nachos');
    const host = await app.visitor({ mobile: true });
    await host.goto(`${app.url}/${merchant.handle}`);
    await acceptCookies(host);
    await host.getByRole('link', { name: 'Start a group order' }).click();
    await host.getByLabel('First name').fill('Hana');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const link = await host.getByTestId('group-share-link').inputValue();
    const groupPath = new URL(host.url()).pathname;

    // The host taps the link they shared (in the group chat, say), in the same browser.
    await host.goto(link);
    await host.waitForURL((url) => url.pathname === groupPath);
    await host.getByTestId('group-share-link').waitFor();
    await host.getByRole('button', { name: 'Place Group Order' }).waitFor();
    expect(await host.getByText('Hana will place the order.').count()).toBe(0);
  });

  it('given a guest who joined, when they open the invitation again in the same browser, then they are taken back to the group, not asked their name again', async () => {
    const { merchant, started, joinPath } = await hanasInvitation('again-', 'Again Nachos');
    const guest = await app.visitor({ mobile: true });
    await guest.goto(`${app.url}${joinPath}`);
    await acceptCookies(guest);
    await guest.getByLabel('First name').fill('Gus');
    await guest.getByRole('button', { name: 'Join Order' }).click();
    await guest.waitForURL((url) => url.pathname.endsWith(`/group/${started.body.groupId}`));

    await guest.goto(`${app.url}${joinPath}`);
    await guest.waitForURL((url) => url.pathname === `/${merchant.handle}/group/${started.body.groupId}`);
    await guest.getByText('Hana will place the order.').waitFor();
    const group = await call<{ participants: { name: string }[] }>('GET', `/groups/${started.body.groupId}?signature=${encodeURIComponent(started.body.signature)}`);
    expect(group.body.participants.map((p) => p.name)).toEqual(['Hana', 'Gus']);
  });

  it('given the start, group, join and tab pages, then each is one main landmark (the storefront’s page box), with no serious axe violations', async () => {
    const owner = await signUp(app, 'landmarks-owner');
    const merchant = await stand(owner, 'Landmark Nachos');
    const oneMain = async (page: Page) => {
      await expect(page.locator('main').count()).resolves.toBe(1);
      await expect(seriousViolations(page)).resolves.toEqual([]);
    };

    const host = await app.visitor({ mobile: true });
    await host.goto(`${app.url}/${merchant.handle}/group`);
    await acceptCookies(host);
    await host.getByRole('heading', { name: 'Start a group order' }).waitFor();
    await oneMain(host);
    await host.getByLabel('First name').fill('Hana');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const link = await host.getByTestId('group-share-link').inputValue();
    await host.getByRole('button', { name: 'Add Nachos' }).waitFor();
    await oneMain(host);

    const guest = await app.visitor({ mobile: true });
    await guest.goto(link);
    await acceptCookies(guest);
    await guest.getByRole('heading', { name: 'Hana invited you to join their order for Landmark Nachos!' }).waitFor();
    await oneMain(guest);

    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/${merchant.handle}/tab`);
    await acceptCookies(diner);
    await diner.getByRole('button', { name: 'Open Tab' }).waitFor();
    await oneMain(diner);
  });

  it('given a group started in the sandbox (?testMode=true), when a guest joins from its link, then they land on the group in the sandbox: its link, the sign-in return and the join keep ?testMode=true', async () => {
    const owner = await signUp(app, 'sandbox-group-owner');
    const merchant = await stand(owner, 'Sandbox Nachos');
    const at = (path: string) => `/merchants/${merchant.id}${path}`;
    const taco = await call<{ id: string }>('POST', at('/products'), { title: 'Test Taco', price: 4.5, testMode: true }, owner.token);
    expect(taco.status).toBe(201);
    expect((await call('POST', at('/menus'), { title: 'Sandbox Day', availability: { allDayMenu: true }, products: [taco.body.id], testMode: true }, owner.token)).status).toBe(201);

    const host = await app.visitor({ mobile: true });
    await host.goto(`${app.url}/${merchant.handle}?testMode=true`);
    await acceptCookies(host);
    await host.getByRole('link', { name: 'Start a group order' }).click();
    await host.getByLabel('First name').fill('Hana');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    const link = await host.getByTestId('group-share-link').inputValue();
    expect(link).toMatch(new RegExp(`/${merchant.id}/order/join/[^/?]+\\?testMode=true$`));
    const joinPath = new URL(link).pathname;

    const guest = await app.visitor({ mobile: true });
    await guest.goto(link);
    await acceptCookies(guest);
    await guest.getByRole('heading', { name: 'Hana invited you to join their order for Sandbox Nachos!' }).waitFor();
    await guest.getByRole('tab', { name: 'Login' }).click();
    expect(await guest.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(`${joinPath}?testMode=true`)}`);
    await guest.getByRole('tab', { name: 'Guest' }).click();
    await guest.getByLabel('First name').fill('Gus');
    await guest.getByRole('button', { name: 'Join Order' }).click();
    await guest.waitForURL((url) => url.pathname.startsWith(`/${merchant.handle}/group/`));
    expect(new URL(guest.url()).searchParams.get('testMode')).toBe('true');
    // The sandbox's menu, not the live one.
    await guest.getByRole('button', { name: 'Add Test Taco' }).waitFor();
    await expect(guest.getByRole('button', { name: 'Add Nachos' }).count()).resolves.toBe(0);
  });
});

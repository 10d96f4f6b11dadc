import type { Page } from 'playwright-core';
import { fakeStripeJs, startFakeStripe, type FakeStripe } from '@seatside/orders/src/payments/fake-stripe';
import { fakeScript, readWhen, webAppUnderTest } from './browser';
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
  async function stand(owner: Account, name: string, { sauce = false } = {}) {
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
    const checkoutOptions = { enableGroupOrdering: true, fulfillmentTypes: { PICKUP: true, SELF_CHECKOUT: true, TAB: true }, pickupMethods: { COUNTER: true, CURBSIDE: true } };
    expect((await call('POST', at(''), { checkoutOptions }, owner.token)).status).toBe(200);
    // The orders service learns the options from the catalog's published stream.
    await until(() => call('POST', at('/tabs'), { customer: { firstName: 'Probe', email: 'probe@example.com' } }), (a) => a.status === 201);
    return { id: merchant.body.id, handle };
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

  it('given a diner with a tab, when two rounds are sent, then each reaches the merchant’s live orders list as it is sent, the merchant sees the open tab’s running total grow live, and closing it pays both rounds once', async () => {
    const owner = await signUp(app, 'tab-owner');
    const merchant = await stand(owner, 'Tab Bar');
    // The probe tab opened while waiting: the merchant closes it, so one open tab is the diner's.
    // The owner's membership reaches the orders service a moment after the merchant is made.
    const probeTabs = await readWhen(() => call<{ data: { id: string }[] }>('GET', `/merchants/${merchant.id}/tabs`, undefined, owner.token), (a) => a.status === 200);
    expect(probeTabs.status).toBe(200);
    for (const tab of probeTabs.body.data) {
      await call('POST', `/merchants/${merchant.id}/tabs/${tab.id}/close`, { paymentProcessor: 'CASH' }, owner.token);
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

    // The diner closes the tab and pays once, in cash: both rounds are paid.
    await diner.getByRole('button', { name: 'Close Tab and Pay Cash' }).click();
    await diner.getByTestId('tab-closed').filter({ hasText: 'Paid $14.00 in cash.' }).waitFor();
    for (const round of rounds) {
      const order = await call<{ status: string }>('GET', `/merchants/${merchant.id}/orders/${round.id}`, undefined, owner.token);
      expect(order.body.status).toBe('PAID');
    }
    // Closed: no longer among the merchant's open tabs (the dashboard's row leaves live).
    expect(await readWhen(() => open.count(), (n) => n === 0)).toBe(0);
    const stillOpen = await call<{ data: { name: string }[] }>('GET', `/merchants/${merchant.id}/tabs`, undefined, owner.token);
    expect(stillOpen.body.data.map((t) => t.name)).not.toContain('Tess Tab');
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

  it('given an invitation, when a diner signs in from its Login tab and comes back, then they join with their account', async () => {
    const owner = await signUp(app, 'join-owner');
    const merchant = await stand(owner, 'Join Nachos');
    const started = await call<{ groupId: string; signature: string }>('POST', `/merchants/${merchant.id}/groups`, { firstName: 'Hana', clientId: `host-${stamp}` });
    expect(started.status).toBe(201);
    const joinPath = `/${merchant.id}/order/join/${started.body.signature}`;

    // The Login tab sends a signed-out visitor to sign in, and back to the invitation.
    const visitor = await app.visitor({ mobile: true });
    await visitor.goto(`${app.url}${joinPath}`);
    await visitor.getByRole('tab', { name: 'Login' }).click();
    expect(await visitor.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(joinPath)}`);

    const member = await signUp(app, 'join-member', { firstName: 'Gus', lastName: 'Grant' });
    const page = await signedIn(app, member, { redirect: encodeURIComponent(joinPath), mobile: true });
    await page.waitForURL((url) => url.pathname === joinPath);
    await page.getByText('Signed in as').waitFor();
    await page.getByRole('button', { name: 'Join Order' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/group/${started.body.groupId}`));
    const group = await call<{ participants: { name: string; host: boolean }[] }>('GET', `/groups/${started.body.groupId}?signature=${encodeURIComponent(started.body.signature)}`);
    expect(group.body.participants.filter((p) => !p.host)).toHaveLength(1);
  });
});

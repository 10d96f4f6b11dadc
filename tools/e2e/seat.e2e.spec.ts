import type { Page } from 'playwright-core';
import { screenFit, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp, type Account } from './session';

// The screens' words (frontends/storefront/src/messages.ts, frontends/dashboard/src/kitchen/messages.ts).
const words = {
  location: 'Section 104 · Seat 2C',
  deliverTo: 'Deliver to Section 104 · Seat 2C',
  seatDeliveryFee: /Seat delivery fee\s+\$1\.50/,
  placeOrder: 'Place order',
  tagGone: 'This tag no longer exists. Please scan the tag at your seat again',
  accept: 'Accept',
  ready: 'Ready',
  delivered: 'Delivered',
  // The diner's page says the status in words; the code is its data-status. A delivery is never 'for pickup'.
  status: { ACCEPTED: 'Being prepared', READY: 'Ready for delivery', COMPLETED: 'Delivered' },
  pickupAtCounter: 'Pickup · Counter',
  tabOf: (name: string) => `Tab · ${name}`,
  soundOff: 'Tap to turn the sound on',
  soundOn: 'Sound on',
} as const;

/** The diner's page shows this status: its code (data-status) and its words. */
async function dinerSees(diner: Page, status: keyof typeof words.status) {
  const shown = diner.locator(`[data-testid="order-status"][data-status="${status}"]`);
  await shown.waitFor();
  expect(await shown.innerText()).toBe(words.status[status]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In-seat ordering end to end (issue 27), one platform for the suite: a diner at Section 104, Seat
 * 2C on a phone (375 px) orders through the tag with 'Deliver to …' and its delivery fee; the kitchen
 * display shows the ticket live with the seat and bumps it to ready; a runner on a phone sees it
 * under its section and marks it delivered; the diner's page follows every step, with an ETA while
 * it waits.
 */
describe('in-seat ordering: tag, kitchen display, runner view', () => {
  const app = webAppUnderTest('seat');
  const call = apiOf(app);

  /** Repeats a call while a service has not yet learnt of a new record (its projection is asynchronous). */
  async function until<T>(send: () => Promise<{ status: number; body: T }>, done: (answer: { status: number; body: T }) => boolean) {
    for (;;) {
      const answer = await send();
      if (done(answer)) return answer;
      await pause(150);
    }
  }

  async function acceptCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    await accept.waitFor().then(() => accept.click(), () => undefined);
  }

  /** A merchant with these checkoutOptions, Stadium Nachos on an all-day menu and a tag at Section 104 · Seat 2C. */
  async function stand(prefix: string, name: string, checkoutOptions: object, timeZone = 'America/New_York') {
    const owner = await signUp(app, prefix);
    const handle = `${prefix}-104-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name, handle, googlePlaceId: '', timeZone }, owner.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const at = (path: string) => `/merchants/${merchantId}${path}`;
    const nachos = await call<{ id: string }>('POST', at('/products'), { title: 'Stadium Nachos', price: 8.25 }, owner.token);
    expect((await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.body.id] }, owner.token)).status).toBe(201);
    expect((await call('POST', at(''), { checkoutOptions }, owner.token)).status).toBe(200);
    const metadata = [{ key: 'Section', value: '104', visible: true }, { key: 'Seat', value: '2C', visible: true }];
    const tag = await until(() => call<{ id: string }>('POST', at('/tags'), { name: 'Section 104 Seat 2C', metadata }, owner.token), (a) => a.status === 201);
    const code = (await call<{ code: string }>('GET', at(`/tags/${tag.body.id}`), undefined, owner.token)).body.code;
    return { owner, handle, merchantId, at, nachos, tag, code };
  }

  /**
   * A time zone where it is now nearest noon: an all-day stand's pickup times run to its local
   * midnight, so in New York after 11 PM there are fewer than the five a spec picks from.
   */
  function zoneNearNoon(now = new Date()): string {
    const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
    const zones = ['Pacific/Honolulu', 'America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Asia/Tokyo'];
    return zones.reduce((best, zone) => (Math.abs(hourIn(zone) - 12) < Math.abs(hourIn(best) - 12) ? zone : best));
  }

  /** The kitchen display on a tablet, signed in as the owner, live. */
  async function liveKitchen(owner: Account, merchantId: string) {
    const kitchen = await signedIn(app, owner);
    await kitchen.goto(`${app.url}/dashboard/merchants/${merchantId}/kitchen`);
    await kitchen.locator('[data-testid="live-status"][data-status="live"]').waitFor();
    return kitchen;
  }

  /** A diner on a phone who scanned the tag and landed on the stand's menu. */
  async function throughTag(code: string, handle: string) {
    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/tag/${code}`);
    await acceptCookies(diner);
    await diner.waitForURL(`${app.url}/${handle}`);
    return diner;
  }

  /** Tess, through the tag, opens a tab from the menu (its page then offers rounds). */
  async function tabThroughTag(code: string, handle: string) {
    const diner = await throughTag(code, handle);
    await diner.getByRole('link', { name: 'Open a tab' }).click();
    await diner.getByLabel('First name').fill('Tess');
    await diner.getByLabel('Last name').fill('Tab');
    await diner.getByLabel('Email').fill('tess@example.com');
    await diner.getByRole('button', { name: 'Open Tab' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).waitFor();
    return diner;
  }

  /** Gina, through the tag, starts a group order and adds Stadium Nachos to it. */
  async function groupHostWithNachos(code: string, handle: string) {
    const host = await throughTag(code, handle);
    await host.getByRole('link', { name: 'Start a group order' }).click();
    await host.getByLabel('First name').fill('Gina');
    await host.getByRole('button', { name: 'Start a group order' }).click();
    await host.getByRole('button', { name: 'Add Stadium Nachos' }).click();
    const sheet = host.getByTestId('product-sheet');
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    return host;
  }

  /** Another diner takes the one place of a stand pacing one order per window; then the quote offers the next window. */
  async function takeTheOnePlace(at: (path: string) => string, tagOrder: object) {
    const customer = { firstName: 'Fay', lastName: 'First', email: 'fay@example.com' };
    await until(
      async () => {
        const res = await fetch(`${app.url}/v1${at('/orders')}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `paced-${process.pid}-${Date.now()}` }, body: JSON.stringify({ ...tagOrder, customer }) });
        return { status: res.status, body: await res.json() };
      },
      (a) => a.status === 201,
    );
    await until(() => call<{ pacing?: { message: string } }>('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200 && a.body.pacing !== undefined);
  }

  /** The diner adds Stadium Nachos and goes to the checkout. */
  async function nachosToCheckout(diner: Page) {
    await diner.getByRole('button', { name: /Stadium Nachos/ }).click();
    const sheet = diner.getByRole('dialog', { name: 'Stadium Nachos' });
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await diner.getByRole('button', { name: /^View order/ }).click();
    await diner.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  }

  it('given a stand with TAG on, when a diner orders to seat 2C, then the kitchen makes it, a runner delivers it and the diner follows it live', async () => {
    // Given a merchant with TAG on and a 1.50 delivery fee, a product on an all-day menu, a tag at Section 104 · Seat 2C and a runner.
    const { owner, handle, merchantId, at, nachos, tag, code } = await stand('seat', 'Section 104 Nachos', { fulfillmentTypes: { TAG: true }, tagDeliveryFee: 1.5, preparationTime: 10 });
    const runner = await signUp(app, 'runner', { firstName: 'Rita', lastName: 'Runner' });
    await until(() => call('POST', at('/users/add'), { firstName: 'Rita', lastName: 'Runner', email: runner.email, role: 'runner' }, owner.token), (a) => a.status === 201);
    // The orders service learns the options and the tag from the catalog's and the tags' logs.
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);

    // The kitchen display is open on a tablet, live before the diner orders.
    const kitchen = await liveKitchen(owner, merchantId);

    // The diner enters through the tag, on a phone.
    const diner = await throughTag(code, handle);
    await expect(diner.getByTestId('tag-location').innerText()).resolves.toBe(words.location);
    await diner.getByTestId('current-wait').waitFor();
    await expect(diner.getByTestId('current-wait').innerText()).resolves.toMatch(/^About \d+ min$/);
    await nachosToCheckout(diner);

    // Checkout offers 'Deliver to Section 104 · Seat 2C', chosen, and its delivery fee on its own line.
    await expect(diner.getByLabel(words.deliverTo).isChecked()).resolves.toBe(true);
    await diner.getByTestId('checkout-price').locator('[data-line="tagDeliveryFee"]').waitFor();
    await expect(diner.getByTestId('checkout-price').locator('[data-line="tagDeliveryFee"]').innerText()).resolves.toMatch(words.seatDeliveryFee);
    await diner.getByLabel('First name').fill('Dana');
    await diner.getByLabel('Last name').fill('Diner');
    await diner.getByLabel('Email').fill('dana@example.com');
    expect(await seriousViolations(diner)).toEqual([]);
    await diner.getByRole('button', { name: words.placeOrder }).click();

    // The diner's page: the code, the seat, PLACED and an estimated ready time while it waits.
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const orderCode = await diner.getByTestId('order-code').innerText();
    await expect(diner.getByTestId('order-location').innerText()).resolves.toBe(words.deliverTo);
    await diner.getByTestId('order-eta').waitFor();
    await expect(diner.getByTestId('order-eta').innerText()).resolves.toMatch(/^Ready between \d{1,2}:\d{2} [AP]M and \d{1,2}:\d{2} [AP]M$/);
    expect(await seriousViolations(diner)).toEqual([]);

    // The kitchen display shows the ticket live with the seat; one tap accepts it, the next makes it ready.
    const ticket = kitchen.locator(`[data-testid="kitchen-ticket"][data-order-code="${orderCode}"]`);
    await ticket.waitFor();
    await expect(ticket.getByTestId('kitchen-seat').innerText()).resolves.toBe(words.location);
    expect(await seriousViolations(kitchen)).toEqual([]);
    // Edge to edge in the dashboard's font: no white frame of the page's margin round the dark screen, no serif.
    expect(await screenFit(kitchen, '.kd-screen')).toEqual({ left: 0, top: 0, right: 0, sansSerif: true });
    await ticket.getByRole('button', { name: new RegExp(words.accept) }).click();
    await dinerSees(diner, 'ACCEPTED');
    await ticket.getByRole('button', { name: new RegExp(`${words.ready}$`) }).click();
    await ticket.waitFor({ state: 'detached' });
    await dinerSees(diner, 'READY');
    await diner.getByTestId('order-eta').waitFor({ state: 'detached' });

    // The runner, on a phone: the kitchen display is not theirs (they land on the runner view), and the
    // order's page offers them only Complete.
    const run = await signedIn(app, runner, { mobile: true });
    await run.goto(`${app.url}/dashboard/merchants/${merchantId}/kitchen`);
    await run.waitForURL((url) => url.pathname === `/dashboard/merchants/${merchantId}/runner`);
    const orderId = new URL(diner.url()).pathname.split('/').pop();
    await run.goto(`${app.url}/dashboard/merchants/${merchantId}/orders/${orderId}`);
    const actions = run.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Complete' }).waitFor();
    for (const name of ['Accept', 'Ready', 'Mark paid', 'Cancel'])
      await expect(actions.getByRole('button', { name, exact: true }).isDisabled()).resolves.toBe(true);
    await expect(actions.getByRole('button', { name: 'Complete' }).isEnabled()).resolves.toBe(true);

    // On the runner view it is under Section 104; they mark it delivered.
    await run.goto(`${app.url}/dashboard/merchants/${merchantId}/runner`);
    const group = run.getByRole('region', { name: 'Section 104' });
    const card = group.locator(`[data-testid="runner-order"][data-order-code="${orderCode}"]`);
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain(words.location);
    // Paid in cash at the seat: the runner is told what to collect.
    await expect(card.getByTestId('runner-collect').innerText()).resolves.toMatch(/^Collect \$\d+\.\d{2} in cash$/);
    expect(await seriousViolations(run)).toEqual([]);
    expect(await screenFit(run, '.rv-screen')).toEqual({ left: 0, top: 0, right: 0, sansSerif: true });
    await card.getByRole('button', { name: words.delivered }).click();
    await card.waitFor({ state: 'detached' });
    await dinerSees(diner, 'COMPLETED');

    // The runner's role is limited to the orders: the catalog refuses it.
    expect((await call('GET', at('/products'), undefined, runner.token)).status).toBe(403);
  });

  it("given a diner at seat 2C's checkout, when the stand deletes the tag, then placing says so, the tag is forgotten and the diner orders a pickup instead; Back from the order's page goes to the menu", async () => {
    // Given a stand with TAG and PICKUP on, and a diner at its checkout through the tag.
    const { owner, handle, at, nachos, tag, code } = await stand('gone', 'Gone Tag Nachos', { fulfillmentTypes: { TAG: true, PICKUP: true }, pickupMethods: { COUNTER: true }, tagDeliveryFee: 1.5 });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);
    const diner = await throughTag(code, handle);
    await nachosToCheckout(diner);
    await expect(diner.getByLabel(words.deliverTo).isChecked()).resolves.toBe(true);
    // The checkout has its price for the seat (the tag was good then); nothing asks it again before placing.
    await diner.getByTestId('checkout-price').locator('[data-line="tagDeliveryFee"]').waitFor();

    // When the stand deletes the tag (and the orders service has learnt it) before the diner places the order.
    expect((await call('DELETE', at(`/tags/${tag.body.id}`), undefined, owner.token)).status).toBe(200);
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status >= 400 && a.status < 500);
    await diner.getByLabel('First name').fill('Dana');
    await diner.getByLabel('Last name').fill('Diner');
    await diner.getByLabel('Email').fill('dana@example.com');
    await diner.getByRole('button', { name: words.placeOrder }).click();

    // Then the checkout says why (once), offers no seat any more and has chosen pickup; placing again orders it.
    await diner.getByRole('alert').getByText(words.tagGone).waitFor();
    await expect(diner.getByText(words.tagGone).count()).resolves.toBe(1);
    await diner.getByLabel(words.deliverTo).waitFor({ state: 'detached' });
    await expect(diner.getByLabel('Pickup', { exact: true }).isChecked()).resolves.toBe(true);
    expect(await seriousViolations(diner)).toEqual([]);
    await diner.getByRole('button', { name: words.placeOrder }).click();
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await diner.getByTestId('order-code').waitFor();

    // Back from the order's page is the menu (the checkout, now empty, is not in the history).
    await diner.goBack();
    await diner.waitForURL(`${app.url}/${handle}`);
    await diner.getByRole('button', { name: /Stadium Nachos/ }).waitFor();
  });

  it('given a stand with pay later on, when a pay-later order to seat 2C is ready, then the runner is told to collect its amount (pay later); a cash order says in cash', async () => {
    const { owner, merchantId, at, nachos, tag } = await stand('later-pay', 'Pay Later Nachos', { fulfillmentTypes: { TAG: true }, enablePayLater: true });
    const customer = { firstName: 'Pat', lastName: 'Later', email: 'pat@example.com' };
    const seatOrder = (paymentProcessor: string) => ({ lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor, customer });
    await until(() => call('POST', at('/orders/quote'), seatOrder('TBD')), (a) => a.status === 200);
    const codes: Record<string, string> = {};
    for (const processor of ['TBD', 'CASH']) {
      const placed = await fetch(`${app.url}/v1${at('/orders')}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `later-${processor}-${process.pid}-${Date.now()}` }, body: JSON.stringify(seatOrder(processor)) });
      expect(placed.status).toBe(201);
      const order = (await placed.json()) as { id: string; orderCode: string };
      for (const action of ['accept', 'ready']) expect((await call('POST', at(`/orders/${order.id}/${action}`), {}, owner.token)).status).toBe(200);
      codes[processor] = order.orderCode;
    }
    const run = await signedIn(app, owner, { mobile: true });
    await run.goto(`${app.url}/dashboard/merchants/${merchantId}/runner`);
    const collect = (processor: string) => run.locator(`[data-testid="runner-order"][data-order-code="${codes[processor]}"]`).getByTestId('runner-collect');
    await collect('TBD').waitFor();
    await expect(collect('TBD').innerText()).resolves.toBe('Collect $8.25 (pay later)');
    await expect(collect('CASH').innerText()).resolves.toBe('Collect $8.25 in cash');
  });

  it("given a pickup ordered from the seat's tag for a later time, then the diner's page says the pickup and its time, never 'Deliver to', and the kitchen's ticket says the pickup, the seat and the time; a tab's round is labelled with its tab", async () => {
    // Given a merchant with TAG, PICKUP (counter) and TAB on, a product, a tag at Section 104 · Seat 2C.
    const { owner, handle, merchantId, at, nachos, tag, code } = await stand('later', 'Later Nachos', { fulfillmentTypes: { TAG: true, PICKUP: true, TAB: true }, pickupMethods: { COUNTER: true }, preparationTime: 10 }, zoneNearNoon());
    const pickupOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, tagId: tag.body.id, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), pickupOrder), (a) => a.status === 200);

    const kitchen = await liveKitchen(owner, merchantId);

    // The diner scans the tag, chooses pickup at the counter and a later pickup time.
    const diner = await throughTag(code, handle);
    await nachosToCheckout(diner);
    await diner.getByRole('radio', { name: 'Pickup', exact: true }).check();
    const times = diner.getByLabel('Pickup time');
    await times.locator('option').nth(4).waitFor({ state: 'attached' });
    // The fourth slot: 45 minutes or more after the earliest, later than the kitchen's own estimate.
    const slot = await times.locator('option').nth(4).innerText();
    await times.selectOption({ label: slot });
    await diner.getByLabel('First name').fill('Lee');
    await diner.getByLabel('Last name').fill('Later');
    await diner.getByLabel('Email').fill('lee@example.com');
    await diner.getByRole('button', { name: words.placeOrder }).click();

    // The diner's page: the pickup and its time, 'Ready at' that time; no 'Deliver to'.
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const orderCode = await diner.getByTestId('order-code').innerText();
    await diner.getByTestId('order-pickup').waitFor();
    await expect(diner.getByTestId('order-pickup').innerText()).resolves.toBe(words.pickupAtCounter);
    await diner.getByTestId('order-pickup-time').waitFor();
    await expect(diner.getByTestId('order-pickup-time').innerText()).resolves.toBe(`Pickup time: ${slot}`);
    await diner.getByTestId('order-eta').waitFor();
    await expect(diner.getByTestId('order-eta').innerText()).resolves.toBe(`Ready at ${slot}`);
    await expect(diner.getByTestId('order-location').count()).resolves.toBe(0);
    expect(await seriousViolations(diner)).toEqual([]);

    // The kitchen's ticket: the pickup, the seat it was ordered from, and the time it is for.
    const ticket = kitchen.locator(`[data-testid="kitchen-ticket"][data-order-code="${orderCode}"]`);
    await ticket.waitFor();
    await expect(ticket.getByTestId('kitchen-label').innerText()).resolves.toBe(words.pickupAtCounter);
    await expect(ticket.getByTestId('kitchen-seat').innerText()).resolves.toBe(words.location);
    await expect(ticket.getByTestId('kitchen-scheduled').innerText()).resolves.toBe(`Pickup at ${slot}`);

    // Made ready, the pickup is 'Ready for pickup'.
    await ticket.getByRole('button', { name: new RegExp(words.accept) }).click();
    await ticket.getByRole('button', { name: new RegExp(`${words.ready}$`) }).click();
    await ticket.waitFor({ state: 'detached' });
    const ready = diner.locator('[data-testid="order-status"][data-status="READY"]');
    await ready.waitFor();
    await expect(ready.innerText()).resolves.toBe('Ready for pickup');

    // A tab's round: its ticket names the tab.
    const opened = await call<{ tabId: string; token: string }>('POST', at('/tabs'), { customer: { firstName: 'Tess', lastName: 'Tab', email: 'tess@example.com' } });
    expect(opened.status).toBe(201);
    const sent = await call<{ round: { orderCode: string } }>('POST', `/tabs/${opened.body.tabId}/rounds`, { token: opened.body.token, lineItems: [{ productId: nachos.body.id, quantity: 1 }] });
    expect(sent.status).toBe(201);
    const round = kitchen.locator(`[data-testid="kitchen-ticket"][data-order-code="${sent.body.round.orderCode}"]`);
    await round.waitFor();
    await expect(round.getByTestId('kitchen-label').innerText()).resolves.toBe(words.tabOf('Tess Tab'));
    expect(await seriousViolations(kitchen)).toEqual([]);
  });

  it('given a host at seat 2C who starts a group order through the tag, then the group offers delivery to the seat, chosen, with its fee, and the order placed goes there', async () => {
    const { handle, at, nachos, tag, code } = await stand('group', 'Group Nachos', { fulfillmentTypes: { TAG: true, PICKUP: true }, pickupMethods: { COUNTER: true }, tagDeliveryFee: 1.5, enableGroupOrdering: true });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);

    const host = await groupHostWithNachos(code, handle);

    // The group's checkout: 'Deliver to Section 104 · Seat 2C', chosen, and its fee on its own line.
    await expect(host.getByLabel(words.deliverTo).isChecked()).resolves.toBe(true);
    await host.getByTestId('group-price').locator('[data-line="tagDeliveryFee"]').waitFor();
    await expect(host.getByTestId('group-price').locator('[data-line="tagDeliveryFee"]').innerText()).resolves.toMatch(words.seatDeliveryFee);
    await host.getByLabel('Last name').fill('Group');
    await host.getByLabel('Email').fill('gina@example.com');
    expect(await seriousViolations(host)).toEqual([]);
    await host.getByRole('button', { name: 'Place Group Order' }).click();

    // The order page: delivered to the seat.
    await host.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await host.getByTestId('order-location').waitFor();
    await expect(host.getByTestId('order-location').innerText()).resolves.toBe(words.deliverTo);
  });

  it("given a stand pacing one order per 5 minutes whose window is full, when a host places a group order, then the group is offered the next window ('Ready from …') and is placed into it", async () => {
    const { handle, at, nachos, tag, code } = await stand('paced', 'Paced Nachos', { fulfillmentTypes: { TAG: true }, enableGroupOrdering: true, maxOrdersPerSlot: 1 });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);
    await takeTheOnePlace(at, tagOrder);

    const host = await groupHostWithNachos(code, handle);
    // The group's checkout says when the order can be ready, as the checkout does.
    await host.getByTestId('group-ready-from').waitFor();
    await expect(host.getByTestId('group-ready-from').innerText()).resolves.toMatch(/^Ready from \d{1,2}:\d{2} [AP]M$/);
    await host.getByLabel('Last name').fill('Group');
    await host.getByLabel('Email').fill('gina@example.com');
    await host.getByRole('button', { name: 'Place Group Order' }).click();
    await host.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await host.getByTestId('order-code').waitFor();
  });

  it("given a stand pacing one order per 5 minutes whose window is full, when a diner checks out alone, then the checkout says when the order can be ready ('Ready from …') and places it into that window", async () => {
    const { handle, at, nachos, tag, code } = await stand('paced-solo', 'Paced Solo Nachos', { fulfillmentTypes: { TAG: true }, maxOrdersPerSlot: 1 });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);
    await takeTheOnePlace(at, tagOrder);

    const diner = await throughTag(code, handle);
    await nachosToCheckout(diner);
    await diner.getByTestId('checkout-ready-from').waitFor();
    const offered = await diner.getByTestId('checkout-ready-from').innerText();
    expect(offered).toMatch(/^Ready from \d{1,2}:\d{2} [AP]M$/);
    await diner.getByLabel('First name').fill('Sol');
    await diner.getByLabel('Last name').fill('Diner');
    await diner.getByLabel('Email').fill('sol@example.com');
    await diner.getByRole('button', { name: words.placeOrder }).click();
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await diner.getByTestId('order-code').waitFor();
  });

  it("given a stand pacing one order per 5 minutes whose window is full, when a diner on a tab adds a round, then the round says when it can be ready ('Ready from …') and is sent into that window", async () => {
    const { handle, at, nachos, tag, code } = await stand('paced-tab', 'Paced Tab Nachos', { fulfillmentTypes: { TAG: true, TAB: true }, maxOrdersPerSlot: 1 });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);
    await takeTheOnePlace(at, tagOrder);

    const diner = await tabThroughTag(code, handle);
    await diner.getByRole('button', { name: 'Add Stadium Nachos' }).click();
    // The round says when it can be ready, before it is sent.
    await diner.getByTestId('tab-ready-from').waitFor();
    await expect(diner.getByTestId('tab-ready-from').innerText()).resolves.toMatch(/^Ready from \d{1,2}:\d{2} [AP]M$/);
    expect(await seriousViolations(diner)).toEqual([]);
    await diner.getByRole('button', { name: 'Send Round' }).click();
    await diner.getByTestId('tab-rounds').getByRole('listitem').first().waitFor();
    await expect(diner.getByTestId('tab-round-line').count()).resolves.toBe(0);
  });

  it('given a diner at seat 2C who opens a tab through the tag, when a round is sent, then its ticket names the tab and the seat, and the runner finds it under Section 104; the kitchen display says whether new orders will be heard', async () => {
    // Given a merchant with TAG and TAB on, a product and a tag at Section 104 · Seat 2C.
    const { owner, handle, merchantId, at, nachos, tag, code } = await stand('tab', 'Tab Nachos', { fulfillmentTypes: { TAG: true, TAB: true }, preparationTime: 10 });
    const tagOrder = { lineItems: [{ productId: nachos.body.id, quantity: 1 }], fulfillment: { type: 'TAG', tagId: tag.body.id }, paymentProcessor: 'CASH' };
    await until(() => call('POST', at('/orders/quote'), tagOrder), (a) => a.status === 200);

    // The kitchen display: full screen, no support button floating over the tickets.
    const kitchen = await liveKitchen(owner, merchantId);
    await expect(kitchen.getByRole('button', { name: 'Open support' }).count()).resolves.toBe(0);
    // Browsers play sound only after a tap, and the display says which it is.
    const sound = kitchen.getByTestId('kitchen-sound');
    await sound.waitFor();
    if ((await sound.getAttribute('data-state')) === 'off') await expect(sound.innerText()).resolves.toBe(words.soundOff);
    await kitchen.getByRole('heading', { level: 1, name: 'Kitchen' }).click();
    const on = kitchen.locator('[data-testid="kitchen-sound"][data-state="on"]');
    await on.waitFor();
    await expect(on.innerText()).resolves.toBe(words.soundOn);

    // The diner scans the tag on a phone and opens a tab from the menu.
    const diner = await tabThroughTag(code, handle);
    let roundRequests = 0;
    diner.on('request', (request) => {
      if (request.method() === 'POST' && /\/v1\/tabs\/[^/]+\/rounds$/.test(new URL(request.url()).pathname)) roundRequests++;
    });
    await diner.getByRole('button', { name: 'Add Stadium Nachos' }).click();
    await diner.getByRole('button', { name: 'Send Round' }).dblclick();
    const sent = diner.getByTestId('tab-rounds').getByRole('listitem').first();
    await sent.waitFor();
    const roundCode = (await sent.innerText()).match(/^#([A-Z0-9]+)/)?.[1] ?? '';

    // A second tap while the round goes sends nothing more (one request, one round).
    expect(roundRequests).toBe(1);
    // The round's ticket names the tab and the seat the diner scanned.
    const round = kitchen.locator(`[data-testid="kitchen-ticket"][data-order-code="${roundCode}"]`);
    await round.waitFor();
    await expect(round.getByTestId('kitchen-label').innerText()).resolves.toBe(words.tabOf('Tess Tab'));
    await expect(round.getByTestId('kitchen-seat').innerText()).resolves.toBe(words.location);
    expect(await seriousViolations(kitchen)).toEqual([]);

    // Made ready, the runner finds it under its section.
    await round.getByRole('button', { name: new RegExp(words.accept) }).click();
    await round.getByRole('button', { name: new RegExp(`${words.ready}$`) }).click();
    await round.waitFor({ state: 'detached' });
    await kitchen.goto(`${app.url}/dashboard/merchants/${merchantId}/runner`);
    const card = kitchen.getByRole('region', { name: 'Section 104' }).locator(`[data-testid="runner-order"][data-order-code="${roundCode}"]`);
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain(words.location);
    await expect(kitchen.getByRole('button', { name: 'Open support' }).count()).resolves.toBe(0);
    // The rest of the dashboard keeps it.
    await kitchen.goto(`${app.url}/dashboard/merchants/${merchantId}/orders`);
    await kitchen.getByRole('button', { name: 'Open support' }).waitFor();
  });
});

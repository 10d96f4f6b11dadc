import { fakeStripeJs, startFakeStripe, type FakeStripe } from '@seatside/orders/src/payments/fake-stripe';
import { fakeScript, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp } from './session';

/**
 * The payment connection screen (seed 002 §2) with Stripe at the network boundary: the platform's
 * Stripe SDK talks to a local fake of Stripe's API and Connect (STRIPE_API_BASE, STRIPE_CONNECT_BASE),
 * whose OAuth sign-in sends the browser straight back with a code; Stripe's account.updated and
 * payment webhooks are delivered signed with the sandbox endpoint's secret; the storefront's
 * https://js.stripe.com/v3/ is a fake Stripe.js (one card number field).
 */
const WEBHOOK_SECRET = 'whsec_e2e_payments';
const PUBLISHABLE_KEY = 'pk_test_e2e_payments';
const SECRET_KEY = 'sk_test_e2e_payments';
const ACCOUNT = 'acct_e2eSandbox';
const CHARGES_NOTE = 'Charges not enables, check your Stripe account';

describe('payment connections', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe?.close());
  const app = webAppUnderTest('payments', () => ({
    STRIPE_TEST_SECRET_KEY: SECRET_KEY,
    STRIPE_TEST_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_TEST_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_TEST_CLIENT_ID: 'ca_e2e_payments',
    STRIPE_API_BASE: stripe.url,
    STRIPE_CONNECT_BASE: stripe.url,
    PAYMENTS_STATE_SECRET: 'e2e-state-secret',
  }));
  const call = apiOf(app);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const deliver = (delivery: { payload: string; signature: string }) =>
    fetch(`${app.url}/v1/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, body: delivery.payload });

  it("given a merchant admin, when they connect Stripe's sandbox through the OAuth redirect, then the red charges note shows until Stripe's account.updated enables charges, Connected follows without a reload, and the sandbox storefront takes a card on that account", async () => {
    // Given: a merchant with a sandbox product on an all-day sandbox menu.
    const account = await signUp(app, 'pay');
    const handle = `pay-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Row 9 Tacos', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const taco = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Test Taco', price: 4.5, testMode: true }, account.token);
    expect(taco.status).toBe(201);
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [taco.body.id], testMode: true }, account.token)).status).toBe(201);
    // The orders service learns the membership from identity's log: repeat until it has.
    while ((await call('GET', `/merchants/${merchantId}/payments/stripe`, undefined, account.token)).status !== 200) await pause(200);

    // The screen: two rows; production has no Connect configured here, sandbox has.
    const page = await signedIn(app, account, { redirect: `/dashboard/merchants/${merchantId}/settings/payments` });
    const sandbox = page.getByTestId('payments-sandbox');
    await sandbox.getByRole('heading', { name: 'Sandbox' }).waitFor();
    await sandbox.getByText(`${app.url}/${handle}?testMode=true`).waitFor();
    const production = page.getByTestId('payments-production');
    await production.getByText('Stripe Connect is not configured for this mode on this platform.').waitFor();
    expect(await production.getByRole('link', { name: 'Stripe dashboard app settings' }).getAttribute('href')).toBe('https://dashboard.stripe.com/settings/connect');
    expect(await seriousViolations(page)).toEqual([]);

    // Connect: to Stripe's sign-in (the fake allows at once) and back to the screen, connected without charges.
    stripe.nextConnectAccount(ACCOUNT, false);
    await sandbox.getByRole('button', { name: 'Connect Stripe (Sandbox)' }).click();
    await page.waitForURL(/\/settings\/payments\?stripe=connected&environment=sandbox$/);
    await page.getByTestId('payments-sandbox').getByText(CHARGES_NOTE, { exact: true }).waitFor();
    expect(stripe.authorizations()).toEqual([expect.objectContaining({ clientId: 'ca_e2e_payments', accountId: ACCOUNT })]);
    expect(stripe.requests.filter((r) => r.path === '/oauth/token').map((r) => r.apiKey)).toEqual([SECRET_KEY]);

    // Stripe enables charges and says so: the screen follows without a reload.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const updated = await deliver(stripe.webhook('account.updated', stripe.setChargesEnabled(ACCOUNT, true), { secret: WEBHOOK_SECRET, account: ACCOUNT }));
    expect(updated.status).toBe(200);
    await page.getByTestId('stripe-sandbox-connected').filter({ hasText: 'Connected' }).waitFor();
    expect(await page.getByText(CHARGES_NOTE).count()).toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);

    // A diner on the sandbox site pays by card: a PaymentIntent on the connected account with the test key.
    const diner = await app.visitor({ mobile: true });
    const loads = await fakeScript(diner, 'https://js.stripe.com/**', fakeStripeJs);
    await diner.goto(`${app.url}/${handle}?testMode=true`);
    const cookies = diner.getByRole('button', { name: 'Accept All' });
    await cookies.waitFor().then(() => cookies.click(), () => undefined);
    await diner.getByRole('button', { name: /Test Taco/ }).click();
    await diner.getByRole('dialog', { name: 'Test Taco' }).getByRole('button', { name: /^Add to order/ }).click();
    await diner.getByRole('button', { name: /^View order/ }).click();
    await diner.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await diner.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await diner.getByLabel('First name').fill('Dana');
    await diner.getByLabel('Last name').fill('Diner');
    await diner.getByLabel('Email').fill('dana@example.com');
    await diner.getByLabel('Card').check();
    await diner.locator('[data-testid="checkout-price"][data-pending="false"] [data-line="amountDue"]').waitFor();
    await diner.getByRole('button', { name: 'Place order' }).click();
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    const card = diner.getByLabel('Card number');
    await card.waitFor();
    expect(loads).toEqual(['https://js.stripe.com/v3/']);
    const intent = stripe.created().at(-1);
    if (!intent) throw new Error('no PaymentIntent was created');
    expect(intent).toMatchObject({ account: ACCOUNT, apiKey: SECRET_KEY, livemode: false });
    await card.fill('4242424242424242');
    await diner.getByRole('button', { name: /^Pay / }).click();
    await diner.getByText('Payment submitted.', { exact: false }).waitFor();
    expect((await deliver(stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id), { secret: WEBHOOK_SECRET, account: ACCOUNT }))).status).toBe(200);
    await diner.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'PAID');
  });
  it("given the screen's first read answered after Stripe's account.updated reached it live, then the older read does not bring the red note back", async () => {
    // Given: a merchant whose sandbox account cannot charge yet.
    const account = await signUp(app, 'payrace');
    const handle = `payrace-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Row 10 Tacos', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const raced = 'acct_e2eRace';
    while ((await call('POST', `/merchants/${merchantId}/payments/stripe/sandbox`, { accountId: raced, chargesEnabled: false }, account.token)).status !== 200) await pause(200);

    // The screen's reads of the connections answer what they read, but an answer saying the sandbox
    // cannot charge arrives only after the live event (as a slow answer does). Each room's join makes
    // the screen read again: the read after both joins is the one that counts.
    const page = await signedIn(app, account);
    const late: (() => Promise<void>)[] = [];
    let joined = 0;
    let readAfterJoins: () => void = () => undefined;
    const staleReadAfterJoins = new Promise<void>((resolve) => (readAfterJoins = resolve));
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('/orders') && payload.includes('"ok":true')) joined += 1;
      }),
    );
    await page.route(`**/v1/merchants/${merchantId}/payments/stripe`, async (route) => {
      const afterJoins = joined === 2;
      const response = await route.fetch();
      const body = (await response.json()) as { sandbox: { chargesEnabled: boolean } };
      if (body.sandbox.chargesEnabled) return route.fulfill({ response });
      late.push(() => route.fulfill({ response }).catch(() => undefined));
      if (afterJoins) readAfterJoins();
    });
    await page.goto(`${app.url}/dashboard/merchants/${merchantId}/settings/payments`);
    await staleReadAfterJoins;

    // When: Stripe enables charges; the event reaches the screen; then the older reads answer.
    const updated = await deliver(stripe.webhook('account.updated', stripe.setChargesEnabled(raced, true), { secret: WEBHOOK_SECRET, account: raced }));
    expect(updated.status).toBe(200);
    await page.getByTestId('stripe-sandbox-connected').filter({ hasText: 'Connected' }).waitFor();
    expect(late.length).toBeGreaterThan(0);
    for (const answer of late.splice(0)) await answer();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    // Then: still Connected, no red note (the late read put it back).
    expect(await page.getByText(CHARGES_NOTE).count()).toBe(0);
    expect(await page.getByTestId('stripe-sandbox-connected').count()).toBe(1);
  });
});

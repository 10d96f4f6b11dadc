import { FAKE_STRIPE_JS_DECLINED, fakeStripeJs, startFakeStripe, type FakeStripe } from '@seatside/orders/src/payments/fake-stripe';
import { fakeScript, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, listRows, openList, signedIn, signUp } from './session';

/**
 * A card payment on a phone, with Stripe at the network boundary: the platform's Stripe SDK talks to
 * a local fake of Stripe's API (STRIPE_API_BASE), the browser's https://js.stripe.com/v3/ is a fake
 * Stripe.js served in its place (its Payment Element is one card number field; 4000000000000002 is
 * declined, as in Stripe's test mode), and Stripe's webhook is delivered signed with the endpoint's
 * secret, as Stripe does once the card is charged.
 */
const WEBHOOK_SECRET = 'whsec_e2e_card';
const PUBLISHABLE_KEY = 'pk_live_e2e';
const ACCOUNT = 'acct_e2eSeat';
const DECLINED = FAKE_STRIPE_JS_DECLINED;

describe('the storefront takes a card', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe?.close());
  const app = webAppUnderTest('storefront-card', () => ({
    STRIPE_SECRET_KEY: 'sk_live_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_BASE: stripe.url,
  }));
  const call = apiOf(app);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("given a merchant whose Stripe account can charge, when a diner pays by card, then a declined card says so, a good one is charged, the diner's page and the merchant's list (awaiting card payment until then) show PAID live, and a refund and the cancel go back to the card", async () => {
    // Given: a merchant (STRIPE is the default processor) with its production account connected, and a product on an all-day menu.
    const account = await signUp(app, 'card');
    const handle = `card-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Gate 7 Grill', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    const burger = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Gate Burger', price: 12.5 }, account.token);
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [burger.body.id] }, account.token)).status).toBe(201);
    // The orders service learns the membership and the merchant from the logs: repeat until it has.
    for (;;) {
      const connected = await call('POST', `/merchants/${merchantId}/payments/stripe/production`, { accountId: ACCOUNT, chargesEnabled: true }, account.token);
      if (connected.status === 200) break;
      await pause(200);
    }
    for (;;) {
      const options = await call<{ card: unknown }>('GET', `/merchants/${merchantId}/payments/card`);
      if (options.status === 200 && options.body.card) {
        expect(options.body.card).toEqual({ processor: 'STRIPE', publishableKey: PUBLISHABLE_KEY, accountId: ACCOUNT });
        break;
      }
      await pause(200);
    }

    // The merchant's staff have the orders list open (desktop), live.
    const staff = await signedIn(app, account);
    await openList(staff, `${app.url}/dashboard/merchants/${merchantId}/orders`, 'Orders');
    await staff.locator('[data-testid="live-status"][data-status="live"]').waitFor();

    // The menu loads no Stripe.js; checkout offers Card.
    const page = await app.visitor({ mobile: true });
    const stripeJsLoads = await fakeScript(page, 'https://js.stripe.com/**', fakeStripeJs);
    await page.goto(`${app.url}/${handle}`);
    const cookies = page.getByRole('button', { name: 'Accept All' });
    await cookies.waitFor().then(() => cookies.click(), () => undefined);
    await page.getByRole('button', { name: /Gate Burger/ }).click();
    await page.getByRole('dialog', { name: 'Gate Burger' }).getByRole('button', { name: /^Add to order/ }).click();
    await page.getByRole('button', { name: /^View order/ }).click();
    await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Diner');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByLabel('Card').check();
    await page.locator('[data-testid="checkout-price"][data-pending="false"] [data-line="amountDue"]').waitFor();
    expect(stripeJsLoads).toEqual([]);
    await page.getByRole('button', { name: 'Place order' }).click();

    // The order page takes the card with Stripe.js on the merchant's account, for the order's PaymentIntent.
    await page.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await expect(page.getByTestId('order-status').getAttribute('data-status')).resolves.toBe('PLACED');
    const orderCode = await page.getByTestId('order-code').innerText();
    // Staff see it arrive, marked as not paid yet, so nobody prepares it before the card is charged.
    const row = listRows(staff).filter({ hasText: orderCode });
    await row.filter({ hasText: 'Awaiting card payment' }).waitFor();
    const card = page.getByLabel('Card number');
    await card.waitFor();
    expect(stripeJsLoads).toEqual(['https://js.stripe.com/v3/']);
    const intent = stripe.created().at(-1);
    if (!intent) throw new Error('no PaymentIntent was created');
    expect(intent).toMatchObject({ amount: 1250, currency: 'usd', account: ACCOUNT, apiKey: 'sk_live_e2e' });
    await expect(page.evaluate(() => (window as unknown as { __stripe: object }).__stripe)).resolves.toMatchObject({
      publishableKey: PUBLISHABLE_KEY,
      account: ACCOUNT,
      clientSecret: intent.client_secret,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // The same order page opened elsewhere (another tab, the e-mail's link), without the checkout's
    // answer: it still takes the card, for the same PaymentIntent (it showed 'Received' and no way to pay).
    const elsewhere = await app.visitor({ mobile: true });
    await fakeScript(elsewhere, 'https://js.stripe.com/**', fakeStripeJs);
    await elsewhere.goto(page.url());
    await elsewhere.getByLabel('Card number').waitFor();
    await elsewhere.getByRole('button', { name: 'Pay $12.50' }).waitFor();
    await expect(elsewhere.evaluate(() => (window as unknown as { __stripe: object }).__stripe)).resolves.toMatchObject({ publishableKey: PUBLISHABLE_KEY, account: ACCOUNT, clientSecret: intent.client_secret });
    await elsewhere.close();

    // A declined card: Stripe's words, nothing submitted, the diner can try another.
    await card.fill(DECLINED);
    await page.getByRole('button', { name: 'Pay $12.50' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();

    // A good card: submitted; Stripe charges it and sends its webhook; the page shows PAID without a reload.
    await card.fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $12.50' }).click();
    await page.getByText('Payment submitted.', { exact: false }).waitFor();
    const delivery = stripe.webhook('payment_intent.succeeded', stripe.succeed(intent.id, { brand: 'visa', last4: '4242' }), { secret: WEBHOOK_SECRET, account: ACCOUNT });
    const webhook = await fetch(`${app.url}/v1/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, body: delivery.payload });
    expect(webhook.status).toBe(200);
    await page.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'PAID');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await row.filter({ hasText: 'PAID' }).waitFor();
    expect(await row.filter({ hasText: 'Awaiting card payment' }).count()).toBe(0);

    // The merchant's order is paid by that card.
    const orderId = new URL(page.url()).pathname.split('/').at(-1);
    const order = await call<{ status: string; payment: { paymentMethodType: string; card: { last4: string } } }>('GET', `/merchants/${merchantId}/orders/${orderId}`, undefined, account.token);
    expect(order.body).toMatchObject({ status: 'PAID', payment: { paymentMethodType: 'CARD', card: { last4: '4242' } } });

    // Staff refund part of it on the order page: the form asks for a title under its field; 2.50 goes back to the card.
    await staff.goto(`${app.url}/dashboard/merchants/${merchantId}/orders/${orderId}`);
    await staff.getByRole('heading', { level: 1, name: orderCode }).waitFor();
    await staff.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = staff.getByRole('dialog', { name: 'Refund this order' });
    await refund.getByText("Up to $12.50 can be refunded. It goes back to the diner's card.").waitFor();
    await refund.getByLabel('Refund amount').fill('2.50');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByRole('alert').filter({ hasText: 'Title is required' }).waitFor();
    await refund.getByLabel('Title').fill('Cold fries');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await staff.getByTestId('refunds').getByText('Cold fries').waitFor();
    await refund.waitFor({ state: 'detached' });
    expect(stripe.refunds()).toEqual([expect.objectContaining({ amount: 250, payment_intent: intent.id, account: ACCOUNT })]);
    expect(await seriousViolations(staff)).toEqual([]);

    // Cancelling sends the rest back to the card first, as its dialog says; the diner's page follows without a reload.
    await staff.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = staff.getByRole('dialog').filter({ hasText: 'Cancel this order?' });
    await confirm.getByText("$10.00 goes back to the diner's card first.", { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await staff.getByTestId('refunds').getByText('Order cancelled').waitFor();
    await staff.getByTestId('cancellation').filter({ hasText: /^Cancelled / }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'REFUNDED');
    expect(stripe.refunds().map((r) => [r.amount, r.payment_intent, r.account])).toEqual([[250, intent.id, ACCOUNT], [1000, intent.id, ACCOUNT]]);
    const cancelled = await call<{ status: string; cancellation: object }>('GET', `/merchants/${merchantId}/orders/${orderId}`, undefined, account.token);
    expect(cancelled.body).toMatchObject({ status: 'REFUNDED', cancellation: expect.any(Object) });
  });
});

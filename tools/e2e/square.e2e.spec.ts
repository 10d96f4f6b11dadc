import { fakeSquareJs, startFakeSquare, type FakeSquare } from '@seatside/orders/src/payments/fake-square';
import { fakeScript, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp, switchMode } from './session';

/**
 * Square at the network boundary (issue 19, Must show): the platform's `square` SDK talks to a
 * local fake of Square's API (SQUARE_API_BASE), whose OAuth sign-in sends the browser straight back
 * with a code; the storefront's https://sandbox.web.squarecdn.com/v1/square.js is a fake Web
 * Payments SDK (one card number field, Square's sandbox test tokens).
 */
const SANDBOX_APP = { id: 'sandbox-sq0idb-e2e', secret: 'sandbox-sq0csb-e2e' };
const SQUARE_SANDBOX_JS = 'https://sandbox.web.squarecdn.com/v1/square.js';

describe('Square', () => {
  let square: FakeSquare;
  beforeAll(async () => {
    square = await startFakeSquare({ [SANDBOX_APP.id]: SANDBOX_APP.secret });
  });
  afterAll(() => square?.close());
  const app = webAppUnderTest('square', () => ({
    SQUARE_SANDBOX_APPLICATION_ID: SANDBOX_APP.id,
    SQUARE_SANDBOX_APPLICATION_SECRET: SANDBOX_APP.secret,
    SQUARE_API_BASE: square.url,
    PAYMENTS_STATE_SECRET: 'e2e-state-secret',
  }));
  const call = apiOf(app);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('given a merchant admin, when they connect Square sandbox and pick a location, then a diner pays a storefront order with a test card, staff refund part of it from the dashboard, and Deauthorize disconnects', async () => {
    // Given: a merchant taking cards through Square, with a sandbox product on an all-day sandbox menu.
    const account = await signUp(app, 'sq');
    const handle = `sq-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Square Snacks', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id;
    expect((await call('POST', `/merchants/${merchantId}`, { checkoutOptions: { paymentProcessor: 'SQUARE' } }, account.token)).status).toBe(200);
    const snack = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Test Pretzel', price: 12.5, testMode: true }, account.token);
    expect(snack.status).toBe(201);
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [snack.body.id], testMode: true }, account.token)).status).toBe(201);
    while ((await call('GET', `/merchants/${merchantId}/payments/square`, undefined, account.token)).status !== 200) await pause(200);

    // Connect Square's sandbox: to Square's sign-in (the fake allows at once) and back to the screen, connected.
    square.nextSeller({ merchantId: 'MLE2E', locations: [{ id: 'LMAIN', name: 'Main Stand', status: 'ACTIVE' }, { id: 'LGATE', name: 'Gate 7', status: 'ACTIVE' }] });
    const dashboard = await signedIn(app, account, { redirect: `/dashboard/merchants/${merchantId}/settings/payments` });
    const sandbox = dashboard.getByTestId('payments-sandbox');
    await sandbox.getByRole('button', { name: 'Connect Square (Sandbox)' }).click();
    await dashboard.waitForURL(/\/settings\/payments\?square=connected&environment=sandbox$/);
    await dashboard.getByTestId('square-sandbox-connected').filter({ hasText: 'Connected' }).waitFor();
    expect(square.authorizations().map((a) => a.clientId)).toEqual([SANDBOX_APP.id]);

    // Pick a location: saved as squareLocationId:sandbox.
    const picker = dashboard.getByLabel('Square location (Sandbox)');
    await dashboard.locator('select[aria-label="Square location (Sandbox)"]:not([disabled]) option[value="LGATE"]').waitFor({ state: 'attached' });
    await picker.selectOption('LGATE');
    await dashboard.getByTestId('payments-sandbox').getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();
    const shown = await call<Record<string, unknown>>('GET', `/merchants/${merchantId}/payments/square`, undefined, account.token);
    expect(shown.body['squareLocationId:sandbox']).toBe('LGATE');
    expect(await seriousViolations(dashboard)).toEqual([]);

    // A diner on the sandbox site: the menu loads no Square.js; Card loads it and takes the card.
    const diner = await app.visitor({ mobile: true });
    const loads = await fakeScript(diner, 'https://*.squarecdn.com/**', fakeSquareJs);
    await diner.goto(`${app.url}/${handle}?testMode=true`);
    const cookies = diner.getByRole('button', { name: 'Accept All' });
    await cookies.waitFor().then(() => cookies.click(), () => undefined);
    await diner.getByRole('button', { name: /Test Pretzel/ }).click();
    await diner.getByRole('dialog', { name: 'Test Pretzel' }).getByRole('button', { name: /^Add to order/ }).click();
    await diner.getByRole('button', { name: /^View order/ }).click();
    await diner.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await diner.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await diner.getByLabel('First name').fill('Dana');
    await diner.getByLabel('Last name').fill('Diner');
    await diner.getByLabel('Email').fill('dana@example.com');
    expect(loads).toEqual([]);
    await diner.getByLabel('Card', { exact: true }).check();
    const card = diner.getByLabel('Card number');
    await card.waitFor();
    expect(loads).toEqual([SQUARE_SANDBOX_JS]);
    await expect(diner.evaluate(() => (window as unknown as { __square: object }).__square)).resolves.toMatchObject({ applicationId: SANDBOX_APP.id, locationId: 'LGATE' });
    await card.fill('4111111111111111');
    await diner.locator('[data-testid="checkout-price"][data-pending="false"] [data-line="amountDue"]').waitFor();
    await diner.getByRole('button', { name: 'Place order' }).click();
    await diner.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    await diner.waitForFunction(() => document.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') === 'PAID');
    const [payment] = square.payments();
    expect(payment).toMatchObject({ status: 'COMPLETED', amount: 1250, locationId: 'LGATE', merchantId: 'MLE2E', clientId: SANDBOX_APP.id });
    const orderId = new URL(diner.url()).pathname.split('/').at(-1);
    const orderCode = await diner.getByTestId('order-code').innerText();

    // Staff refund part of it from the dashboard's order page: it goes back through Square.
    // The order is a sandbox order: the dashboard shows it in sandbox mode.
    await dashboard.goto(`${app.url}/dashboard/merchants/${merchantId}/orders/${orderId}`);
    await switchMode(dashboard, account, true);
    await dashboard.getByRole('heading', { level: 1, name: orderCode }).waitFor();
    await dashboard.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = dashboard.getByRole('dialog', { name: 'Refund this order' });
    await refund.getByLabel('Refund amount').fill('2.50');
    await refund.getByLabel('Title').fill('Cold pretzel');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await dashboard.getByTestId('refunds').getByText('Cold pretzel').waitFor();
    expect(square.refunds()).toEqual([expect.objectContaining({ paymentId: payment!.id, amount: 250, clientId: SANDBOX_APP.id })]);

    // Deauthorize: revoked at Square, the spec's message, and Connect again.
    await dashboard.goto(`${app.url}/dashboard/merchants/${merchantId}/settings/payments`);
    await dashboard.getByRole('button', { name: 'Deauthorize Square (Sandbox)' }).click();
    await dashboard.getByTestId('payments-sandbox').getByRole('status').filter({ hasText: 'App deauthorized from Square' }).waitFor();
    await dashboard.getByTestId('payments-sandbox').getByRole('button', { name: 'Connect Square (Sandbox)' }).waitFor();
    expect(square.grants().every((g) => g.revoked)).toBe(true);
  });
});

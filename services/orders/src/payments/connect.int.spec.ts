import { paymentMessages as pm } from './messages';
import { STRIPE_CONNECT_CALLBACK } from './connect';
import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

/**
 * Stripe Connect onboarding against the fake Stripe, driven by the real SDK: the merchant admin asks
 * for the sign-in address, the browser follows it (the fake signs in and sends it back with a code
 * and our state), the callback exchanges the code with the mode's key and records the account.
 */
describe('Stripe Connect: a merchant connects its own account, per environment', () => {
  let f: PaymentsFixture;
  let admin: string;

  beforeAll(async () => {
    f = await paymentsFixture();
    await f.merchant('cafe');
    await f.merchant('deli');
    await f.product({ id: 'pie', merchantId: 'cafe', price: 12.5 });
    await f.product({ id: 'test-pie', merchantId: 'cafe', price: 3, testMode: true });
    admin = await f.admin('cafe', 'ann');
    await f.admin('deli', 'ann');
  });
  afterAll(() => f.stop());

  const connectUrl = (merchantId: string, environment: string, token = admin) => f.svc.http().get(`/v1/merchants/${merchantId}/stripe/${environment}/connect/oauth/tok`).set('authorization', token);
  const connections = (merchantId = 'cafe') => f.svc.http().get(`/v1/merchants/${merchantId}/payments/stripe`).set('authorization', admin);
  /** The browser at Stripe's sign-in: where Stripe sends it back (our callback, with code and state). */
  const signIn = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  };
  const callback = (back: URL) => f.svc.http().get(`${back.pathname}${back.search}`);
  const streamOf = async (merchantId: string) => (await f.svc.started.deps.eventStore.readStream(`stripe-accounts-${merchantId}`)).map((e) => e.type);

  it("given a merchant admin, when they connect sandbox through Stripe's OAuth, then the test key exchanges the code, the account is sandbox's only and shows 'Charges not enables' until account.updated enables charges; a duplicated event changes nothing twice", async () => {
    f.stripe.nextConnectAccount('acct_cafetest', false);
    const asked = await connectUrl('cafe', 'sandbox');
    expect(asked.status).toBe(200);
    const url = new URL(asked.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${f.stripe.url}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(keys.sandbox.clientId);
    expect(url.searchParams.get('redirect_uri')).toMatch(new RegExp(`${STRIPE_CONNECT_CALLBACK}$`));

    const back = await signIn(asked.body.url);
    const done = await callback(back);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/dashboard/merchants/cafe/settings/payments?stripe=connected&environment=sandbox');
    expect(f.stripe.requests.filter((r) => r.path === '/oauth/token').map((r) => r.apiKey)).toEqual([keys.sandbox.secretKey]);

    expect((await connections()).body).toMatchObject({
      sandbox: { connected: true, accountId: 'acct_cafetest', chargesEnabled: false, message: pm.chargesNotEnabled, connectable: true },
      production: { connected: false, chargesEnabled: false },
    });

    // Stripe reviewed the account: account.updated (a Connect event, signed with the test endpoint's secret).
    const updated = f.stripe.webhook('account.updated', f.stripe.setChargesEnabled('acct_cafetest', true), { secret: keys.sandbox.webhookSecret, account: 'acct_cafetest' });
    for (let i = 0; i < 2; i++) expect((await f.deliver(updated)).status).toBe(200);
    expect((await connections()).body.sandbox).toEqual(expect.objectContaining({ connected: true, chargesEnabled: true }));
    expect((await connections()).body.sandbox.message).toBeUndefined();
    expect(await streamOf('cafe')).toEqual(['StripeAccountConnected', 'StripeChargesUpdated']);

    // The same account's event signed as a live one is production's: no production account has it.
    const live = f.stripe.webhook('account.updated', f.stripe.setChargesEnabled('acct_cafetest', false), { secret: keys.production.webhookSecret, account: 'acct_cafetest' });
    expect((await f.deliver(live)).status).toBe(200);
    expect((await connections()).body).toMatchObject({ sandbox: { chargesEnabled: true }, production: { connected: false } });
  });

  it('given the sandbox connection only, then a production card order is refused and a sandbox one is charged on the sandbox account with the test key; and the reverse', async () => {
    const production = await f.placeByCard('cafe', 'pie');
    expect([production.status, production.body.message]).toEqual([400, pm.cannotTakeCards]);
    const sandbox = await f.placeByCard('cafe', 'test-pie', { overrides: { testMode: true } });
    expect(sandbox.status).toBe(201);
    expect(f.stripe.created().at(-1)).toMatchObject({ account: 'acct_cafetest', apiKey: keys.sandbox.secretKey });

    await f.merchant('bakery');
    await f.product({ id: 'bun', merchantId: 'bakery', price: 2 });
    await f.product({ id: 'test-bun', merchantId: 'bakery', price: 2, testMode: true });
    const bakeryAdmin = await f.admin('bakery', 'bo');
    f.stripe.nextConnectAccount('acct_bakerylive', true);
    const asked = await connectUrl('bakery', 'production', bakeryAdmin);
    expect((await callback(await signIn(asked.body.url))).headers.location).toContain('stripe=connected&environment=production');
    expect(f.stripe.requests.filter((r) => r.path === '/oauth/token').at(-1)?.apiKey).toBe(keys.production.secretKey);
    const test = await f.placeByCard('bakery', 'test-bun', { overrides: { testMode: true } });
    expect([test.status, test.body.message]).toEqual([400, pm.cannotTakeCards]);
    const live = await f.placeByCard('bakery', 'bun');
    expect(live.status).toBe(201);
    expect(f.stripe.created().at(-1)).toMatchObject({ account: 'acct_bakerylive', apiKey: keys.production.secretKey });
  });

  it('given a state, when it is edited to name another merchant or mode, or used a second time, then the callback records nothing', async () => {
    f.stripe.nextConnectAccount('acct_deli', true);
    const asked = await connectUrl('deli', 'sandbox');
    const back = await signIn(asked.body.url);
    const state = back.searchParams.get('state')!;
    const [body, signature] = state.split('.');
    const fields = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    for (const change of [{ merchantId: 'cafe' }, { environment: 'production' }]) {
      const edited = new URL(back);
      edited.searchParams.set('state', `${Buffer.from(JSON.stringify({ ...fields, ...change })).toString('base64url')}.${signature}`);
      const res = await callback(edited);
      expect([res.status, res.headers.location]).toEqual([303, '/dashboard']);
    }
    expect((await connections('deli')).body.sandbox.connected).toBe(false);
    const exchanges = f.stripe.requests.filter((r) => r.path === '/oauth/token').length;

    expect((await callback(back)).headers.location).toContain('stripe=connected&environment=sandbox');
    const replay = await callback(back);
    expect(replay.headers.location).toBe('/dashboard/merchants/deli/settings/payments?stripe=failed&environment=sandbox');
    // Refused before Stripe was asked again: one exchange, one connection.
    expect(f.stripe.requests.filter((r) => r.path === '/oauth/token').length).toBe(exchanges + 1);
    expect(await streamOf('deli')).toEqual(['StripeAccountConnected']);
    expect((await connections('deli')).body).toMatchObject({ sandbox: { connected: true, accountId: 'acct_deli' }, production: { connected: false } });
  });

  it('given a member who is not an admin, an anonymous caller or a sandbox API key asking for production, then no address is given', async () => {
    const member = await f.member('cafe', 'carl');
    expect((await connectUrl('cafe', 'sandbox', member)).status).toBe(403);
    expect((await f.svc.http().get('/v1/merchants/cafe/stripe/sandbox/connect/oauth/tok')).status).toBe(401);
    const sandboxKey = await f.bearer('key-cafe', { id: 'cafe', testMode: true });
    expect((await connectUrl('cafe', 'production', sandboxKey)).status).toBe(403);
    expect((await connectUrl('cafe', 'elsewhere')).status).toBe(404);
  });
});

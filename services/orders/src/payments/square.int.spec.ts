import { randomBytes } from 'node:crypto';
import { ordersFixture, type OrdersFixture } from '../testing/fixture';
import { defaultOrdersOptions } from './options';
import { paymentMessages as pm } from './messages';
import { startFakeSquare, type FakeSquare } from './fake-square';
import { SQUARE_CALLBACK } from './square-http';

const apps = {
  production: { applicationId: 'sq0idp-live-app', applicationSecret: 'sq0csp-live-secret' },
  sandbox: { applicationId: 'sandbox-sq0idb-test-app', applicationSecret: 'sandbox-sq0csb-test-secret' },
};

/** Square's OAuth, locations and deauthorize against a local fake of Square's API, driven by the official `square` SDK. */
describe('Square connection per environment', () => {
  let f: OrdersFixture;
  let square: FakeSquare;
  let admin: string;
  let now = new Date('2026-11-28T10:00:00Z');

  beforeAll(async () => {
    square = await startFakeSquare({ [apps.production.applicationId]: apps.production.applicationSecret, [apps.sandbox.applicationId]: apps.sandbox.applicationSecret });
    f = await ordersFixture({
      now: () => now,
      orders: defaultOrdersOptions({ square: { ...apps, apiBase: square.url }, stateSecret: 'state-secret', dataEncryptionKey: randomBytes(32).toString('base64') }),
    });
    await f.merchant('cafe');
    admin = await f.svc.grant({ uid: 'ann', tenantId: 'cafe', role: 'admin' }).then(() => f.bearer('ann'));
  });
  afterAll(async () => {
    await f.stop();
    await square.close();
  });

  const http = () => f.svc.http();
  const connectUrl = (environment: string, token = admin) => http().get(`/v1/square/cafe/${environment}/oauth/tok`).set('authorization', token);
  const connect = async (environment: 'production' | 'sandbox') => {
    const asked = await connectUrl(environment);
    expect(asked.status).toBe(200);
    const signIn = await fetch(asked.body.url, { redirect: 'manual' });
    const back = new URL(signIn.headers.get('location')!);
    expect(back.pathname).toBe(SQUARE_CALLBACK);
    return { back, done: await http().get(`${back.pathname}${back.search}`) };
  };
  const shown = () => http().get('/v1/merchants/cafe/payments/square').set('authorization', admin);

  it("given a merchant admin, when they connect sandbox through Square's OAuth, then the sandbox app's code is exchanged, the tokens are stored sealed, and the locations list (active ones) and the chosen location are sandbox's", async () => {
    square.nextSeller({ merchantId: 'MLSANDBOX', locations: [{ id: 'LMAIN', name: 'Main Stand', status: 'ACTIVE' }, { id: 'LOLD', name: 'Closed Kiosk', status: 'INACTIVE' }, { id: 'LGATE', name: 'Gate 7', status: 'ACTIVE' }] });
    const { done } = await connect('sandbox');
    expect([done.status, done.headers.location]).toEqual([303, '/dashboard/merchants/cafe/settings/payments?square=connected&environment=sandbox']);
    expect(square.authorizations().at(-1)?.clientId).toBe(apps.sandbox.applicationId);
    const issued = square.grants().at(-1)!;

    // Sealed at rest: neither the log nor the read model holds a token in clear, and the answer none at all.
    const log = JSON.stringify(await f.svc.started.deps.eventStore.readStream('square-connections-cafe'));
    expect(log).not.toContain(issued.accessToken);
    expect(log).not.toContain(issued.refreshToken);
    const answer = await shown();
    expect(answer.body).toMatchObject({ sandbox: { connected: true, squareMerchantId: 'MLSANDBOX' }, production: { connected: false }, 'squareLocationId:sandbox': null });
    expect(JSON.stringify(answer.body)).not.toContain(issued.accessToken);

    const locations = await http().get('/v1/merchants/cafe/sandbox/square/locations').set('authorization', admin);
    expect([locations.status, locations.body]).toEqual([200, [{ id: 'LMAIN', name: 'Main Stand' }, { id: 'LGATE', name: 'Gate 7' }]]);
    expect((await http().get('/v1/merchants/cafe/production/square/locations').set('authorization', admin)).body.message).toBe(pm.squareNotConnected);

    // Another seller's location, or one of this seller's that is deactivated (not listed), cannot be chosen.
    for (const locationId of ['LELSEWHERE', 'LOLD']) {
      const wrong = await http().post('/v1/merchants/cafe/sandbox/square/location').set('authorization', admin).send({ locationId });
      expect([wrong.status, wrong.body.errors]).toEqual([400, { locationId: pm.squareLocationInvalid }]);
    }
    const chosen = await http().post('/v1/merchants/cafe/sandbox/square/location').set('authorization', admin).send({ locationId: 'LGATE' });
    expect([chosen.status, chosen.body['squareLocationId:sandbox'], chosen.body['squareLocationId:production']]).toEqual([200, 'LGATE', null]);
  });

  it('given a token that expires within a week, when it is used, then it is refreshed first and the new one recorded sealed', async () => {
    now = new Date(Date.now() + 25 * 24 * 3600_000);
    const before = square.grants().length;
    expect((await http().get('/v1/merchants/cafe/sandbox/square/locations').set('authorization', admin)).status).toBe(200);
    expect(square.grants().length).toBe(before + 1);
    const types = (await f.svc.started.deps.eventStore.readStream('square-connections-cafe')).map((e) => e.type);
    expect(types.at(-1)).toBe('SquareTokensRefreshed');
    now = new Date('2026-11-28T10:00:00Z');
  });

  it('given a state of another merchant, mode or provider, or a replay, then the callback records nothing', async () => {
    const { back } = await connect('production');
    expect((await http().get(`${back.pathname}${back.search}`)).headers.location).toBe('/dashboard/merchants/cafe/settings/payments?square=failed&environment=production');
    const stripeCallback = await http().get(`/v1/payments/stripe/connect/callback${back.search}`);
    expect(stripeCallback.headers.location).toBe('/dashboard');
  });

  it('given a member who is not an admin, then they cannot connect or deauthorize; given the admin, then Deauthorize revokes at Square and answers the spec\'s message', async () => {
    const member = await f.member('cafe', 'carl');
    expect((await connectUrl('sandbox', member)).status).toBe(403);
    expect((await http().post('/v1/square/cafe/sandbox/oauth/deauthorize/tok').set('authorization', member)).status).toBe(403);
    expect((await shown()).body.sandbox.connected).toBe(true);

    const res = await http().post('/v1/square/cafe/sandbox/oauth/deauthorize/tok').set('authorization', admin);
    expect([res.status, res.body]).toEqual([200, { message: pm.squareDeauthorized }]);
    expect(square.requests.filter((r) => r.path === '/oauth2/revoke').at(-1)?.authorization).toBe(`Client ${apps.sandbox.applicationSecret}`);
    expect(square.grants().filter((g) => g.merchantId === 'MLSANDBOX').every((g) => g.revoked)).toBe(true);
    expect((await shown()).body).toMatchObject({ sandbox: { connected: false }, production: { connected: true } });
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createIdentityService } from '../index';
import { SESSION_COOKIE, sha256, type SessionDoc } from '../sessions';
import { createUserDirectory } from '../users/directory';
import type { UserDoc } from '../users/projections';
import { googleLanding, googleMessages, PENDING_COOKIE } from './messages';
import { TestBrowser } from './testing/browser';
import { startTestProvider, type TestProvider } from './testing/provider';

const client = { clientId: 'seatside-web', clientSecret: 'test-client-secret' };

describe('Google sign-in against a real OpenID provider', () => {
  let server: Server;
  let origin: string;
  let provider: TestProvider;
  let svc: TestService;
  let dataDir: string;

  async function setUp() {
    // The service's port must be known before it is created: publicUrl makes the redirect_uri.
    server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    provider = await startTestProvider({ ...client, redirectUri: `${origin}/v1/auth/google/callback` });
    dataDir = await mkdtemp(path.join(tmpdir(), 'seatside-google-'));
    svc = await startTestService(createIdentityService({ google: { ...client, issuer: provider.issuer }, publicUrl: origin, passwordCost: 4, dataDir }));
    server.on('request', svc.app);
  }

  // Kept so teardown waits for a set-up that is still running (a slow machine), and then stops all of it.
  let settingUp: Promise<void> = Promise.resolve();
  beforeAll(() => (settingUp = setUp()));

  afterAll(async () => {
    await settingUp.catch(() => undefined);
    server?.closeAllConnections();
    server?.close();
    await svc?.stop();
    await provider?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const landed = (next: URL) => next.origin === origin && next.pathname.startsWith('/auth/');
  const atCallback = (next: URL) => next.origin === origin && next.pathname === '/v1/auth/google/callback';
  const where = (url: URL | undefined) => (url ? `${url.pathname}${url.search}` : undefined);

  /** GET /v1/auth/google, through the provider, to its account chooser. */
  async function toAccountChooser(browser: TestBrowser) {
    const chooser = await browser.visit(`${origin}/v1/auth/google`);
    expect(chooser.response.status).toBe(200);
    expect(chooser.url.origin).toBe(provider.issuer);
    expect(chooser.url.pathname).toMatch(/^\/interaction\//);
    return chooser.url;
  }

  /** A whole sign-in, as a user choosing `account` at the provider; the visit ends on the web app's page. */
  async function signIn(browser: TestBrowser, account: string, until = landed) {
    const chooser = await toAccountChooser(browser);
    return browser.visit(`${chooser.href}/login`, { method: 'POST', body: new URLSearchParams({ account }), until });
  }

  const users = () => svc.started.deps.readModels.collection<UserDoc>('users');
  const userByEmail = async (email: string) => (await users().find({ filter: { emailLower: email.toLowerCase() } })).data;
  async function sessionUser(browser: TestBrowser) {
    const cookie = browser.cookie(SESSION_COOKIE);
    expect(cookie).toBeDefined();
    const session = await svc.started.deps.readModels.collection<SessionDoc>('sessions').get(sha256(cookie!));
    return session?.uid;
  }

  /** What POST /v1/auth/refresh makes of the browser's session cookie: the token's subject. */
  async function refreshedSubject(browser: TestBrowser) {
    const refreshed = await browser.fetch(new URL(`${origin}/v1/auth/refresh`), { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const { token } = (await refreshed.json()) as { token: string };
    const jwt = svc.started.service.verifiers![0]!;
    return (await jwt.verify(token)).uid;
  }

  it('answers which providers are configured', async () => {
    const res = await svc.http().get('/v1/auth/providers').expect(200);
    expect(res.body).toEqual({ google: true });
  });

  it('sends the browser to the provider with a code flow, PKCE (S256), state and nonce', async () => {
    const res = await svc.http().get('/v1/auth/google').expect(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: `${origin}/v1/auth/google/callback`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${PENDING_COOKIE}=${location.searchParams.get('state')}`);
    expect(cookie).toMatch(/Path=\/v1\/auth\/google;.*HttpOnly;.*SameSite=Lax/);
  });

  it('signs a new Google user up and in, with a session on /auth/complete', async () => {
    const pendingLogins = svc.started.deps.readModels.collection('google_logins');
    const pendingBefore = await pendingLogins.count();
    const browser = new TestBrowser();
    const visit = await signIn(browser, 'google-ada');

    expect(visit.url.pathname).toBe('/v1/auth/google/callback');
    expect(visit.response.status).toBe(302);
    expect(where(visit.landing)).toBe(googleLanding.complete);
    expect(browser.cookie(PENDING_COOKIE)).toBeUndefined();
    const uid = await sessionUser(browser);
    expect(await refreshedSubject(browser)).toBe(uid);
    expect(await users().get(uid!)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      provider: 'google',
      emailVerified: true,
      hasPassword: false,
    });
    // The pending login was used up.
    expect(await pendingLogins.count()).toBe(pendingBefore);
  });

  it('signs the same Google account in to the same user the next time', async () => {
    const [first] = await userByEmail('ada@example.com');
    if (!first) throw new Error('the first sign-in made no user');
    const browser = new TestBrowser();
    const visit = await signIn(browser, 'google-ada');

    expect(where(visit.landing)).toBe(googleLanding.complete);
    expect(await sessionUser(browser)).toBe(first.id);
    expect(await refreshedSubject(browser)).toBe(first.id);
    expect(await userByEmail('ada@example.com')).toHaveLength(1);
  });

  it('names a user without profile names after the e-mail', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'google-lin');
    expect(await users().get((await sessionUser(browser))!)).toMatchObject({ email: 'lin@example.com', firstName: 'lin', lastName: '', displayName: 'lin' });
  });

  it('links an existing account with the same e-mail and marks the e-mail verified', async () => {
    const existing = await createUserDirectory(svc.started.deps).register({
      email: 'grace@example.com',
      passwordHash: 'scrypt$not-used-here',
      firstName: 'Grace',
      lastName: 'H',
      displayName: 'Grace',
      provider: 'password',
      emailVerified: false,
    });
    // A session begun before anyone proved they own the address (say, whoever registered it).
    const sessions = svc.started.deps.readModels.collection<SessionDoc>('sessions');
    await sessions.put({ id: sha256('earlier'), uid: existing.id, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    const browser = new TestBrowser();
    const visit = await signIn(browser, 'google-grace');

    expect(where(visit.landing)).toBe(googleLanding.complete);
    expect(await sessionUser(browser)).toBe(existing.id);
    expect(await users().get(existing.id)).toMatchObject({ provider: 'password', hasPassword: true, emailVerified: true, lastName: 'H' });
    const events = await svc.started.deps.eventStore.readStream(`user-${existing.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'GoogleLinked', 'EmailVerified']);
    expect(await sessions.get(sha256('earlier'))).toBeNull();
  });

  describe('failures send the browser to the login page and create nothing', () => {
    async function expectNothingFor(browser: TestBrowser, email: string) {
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await userByEmail(email)).toHaveLength(0);
    }

    it('a tampered state', async () => {
      const browser = new TestBrowser();
      const toCallback = await signIn(browser, 'google-alan', atCallback);
      const callback = toCallback.landing!;
      const tampered = new URL(callback);
      const state = callback.searchParams.get('state')!;
      tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);

      const visit = await browser.visit(tampered, { until: landed });
      expect(where(visit.landing)).toBe(googleLanding.failed);
      await expectNothingFor(browser, 'alan@example.com');

      // The refusal used the pending login up: the genuine answer no longer works either.
      const replay = await browser.visit(callback, { until: landed });
      expect(where(replay.landing)).toBe(googleLanding.failed);
      await expectNothingFor(browser, 'alan@example.com');
    });

    it('an answer opened in another browser (no pending-login cookie)', async () => {
      const toCallback = await signIn(new TestBrowser(), 'google-alan', atCallback);
      const victim = new TestBrowser();
      const visit = await victim.visit(toCallback.landing!, { until: landed });
      expect(where(visit.landing)).toBe(googleLanding.failed);
      await expectNothingFor(victim, 'alan@example.com');
    });

    it('a user who refuses at the provider', async () => {
      const browser = new TestBrowser();
      const chooser = await toAccountChooser(browser);
      const visit = await browser.visit(`${chooser.href}/abort`, { method: 'POST', until: landed });
      expect(visit.url.pathname).toBe('/v1/auth/google/callback');
      expect(visit.url.searchParams.get('error')).toBe('access_denied');
      expect(where(visit.landing)).toBe(googleLanding.failed);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    });

    it('a Google account whose e-mail is not verified', async () => {
      const browser = new TestBrowser();
      const visit = await signIn(browser, 'google-eve');
      expect(where(visit.landing)).toBe(googleLanding.failed);
      await expectNothingFor(browser, 'eve@example.com');
    });

    it('a callback without any state', async () => {
      const res = await svc.http().get('/v1/auth/google/callback?code=forged').expect(302);
      expect(res.headers.location).toBe(googleLanding.failed);
    });
  });
});

describe('Google sign-in when not configured', () => {
  let svc: TestService;
  let dataDir: string;

  let settingUp: Promise<void> = Promise.resolve();
  beforeAll(
    () =>
      (settingUp = (async () => {
        dataDir = await mkdtemp(path.join(tmpdir(), 'seatside-google-'));
        svc = await startTestService(createIdentityService({ passwordCost: 4, dataDir }));
      })()),
  );

  afterAll(async () => {
    await settingUp.catch(() => undefined);
    await svc?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('says Google is not offered', async () => {
    const res = await svc.http().get('/v1/auth/providers').expect(200);
    expect(res.body).toEqual({ google: false });
  });

  it.each(['/v1/auth/google', '/v1/auth/google/callback?code=c&state=s'])('answers %s with 404', async (url) => {
    const res = await svc.http().get(url).expect(404);
    expect(res.body).toMatchObject({ status: 404, message: googleMessages.notConfigured });
  });
});

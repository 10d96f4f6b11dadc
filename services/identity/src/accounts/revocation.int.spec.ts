import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { createAccountGenerations, createJwksVerifier, loadDataKeys, type TokenVerifier } from '@seatside/chassis';
import { runAdminCommand } from '../cli/admin';
import { readMailbox } from '../mail';
import { privateJwkOf } from '../tokens';
import { bearer, lastMailTo, sessionCookieOf, startIdentity, type SignedUp } from './testing';

type Identity = Awaited<ReturnType<typeof startIdentity>>;

describe('ending sessions and tokens when they must', () => {
  let svc: Identity;
  let now = new Date('2026-11-22T12:00:00.000Z');
  const wait = (ms: number) => (now = new Date(now.getTime() + ms));
  /** Another service's verifier: the identity JWKS and the shared key-value store, nothing else. */
  let elsewhere: TokenVerifier;
  beforeAll(async () => {
    svc = await startIdentity({}, { now: () => now });
    const jwks = (await svc.http().get('/.well-known/jwks.json')).body;
    elsewhere = createJwksVerifier({ jwks, issuer: 'seatside', audience: 'seatside', generations: createAccountGenerations(svc.started.deps.kv) });
  });
  afterAll(() => svc.stop());

  const mailTo = async (to: string) => {
    await svc.settled();
    return lastMailTo(svc.dataDir, to);
  };
  const me = (token: string) => svc.http().get('/v1/auth/me').set('authorization', bearer(token));
  const loginWith = (token: string) => svc.http().post('/v1/auth/login').send({ token });
  const refresh = (cookie: string) => svc.http().post('/v1/auth/refresh').set('cookie', cookie);

  /** A token signed with the service's own key, shaped as a test needs it. */
  async function signedByService(payload: Record<string, unknown>, options: { exp?: boolean; issuedSecondsAgo?: number } = {}) {
    const { rows } = await svc.started.deps.pool.query<{ kid: string; private_jwk: JWK }>(`SELECT kid, private_jwk FROM "${svc.started.deps.schema}".signing_keys`);
    const key = await importJWK(privateJwkOf(rows[0]!, loadDataKeys({ dataDir: svc.dataDir })), 'ES256');
    const iat = Math.floor(Date.now() / 1000) - (options.issuedSecondsAgo ?? 0);
    const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: rows[0]!.kid }).setIssuer('seatside').setAudience('seatside').setIssuedAt(iat);
    return (options.exp === false ? jwt : jwt.setExpirationTime(iat + 15 * 60)).sign(key);
  }

  /** A signed-up user with a refresh session, and the token they had before the change. */
  async function signedInEverywhere() {
    const user = await svc.signUp();
    const cookie = sessionCookieOf((await loginWith(user.token)).headers['set-cookie'])!;
    expect((await me(user.token)).status).toBe(200);
    await expect(elsewhere.verify(user.token)).resolves.toMatchObject({ uid: user.id });
    return { user, cookie };
  }

  async function expectEverythingEnded(user: SignedUp, cookie: { pair: string }) {
    const answer = await me(user.token);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid or expired token');
    expect((await svc.http().post('/v1/users/me/display-name').set('authorization', bearer(user.token)).send({ displayName: 'Mallory' })).status).toBe(401);
    await expect(elsewhere.verify(user.token)).rejects.toThrow('Invalid or expired token');
    const login = await loginWith(user.token);
    expect(login.status).toBe(401);
    expect(sessionCookieOf(login.headers['set-cookie'])).toBeUndefined();
    expect((await refresh(cookie.pair)).status).toBe(401);
  }

  describe('an old access token', () => {
    it('given a password change, then the earlier token answers 401 everywhere, POST /v1/auth/login {token} included, and the new token works', async () => {
      const { user, cookie } = await signedInEverywhere();
      const change = await svc.http().post('/v1/users/me/password').set('authorization', bearer(user.token))
        .send({ currentPassword: user.password, newPassword: 'new-secret', confirmPassword: 'new-secret' });
      expect(change.status).toBe(200);
      await expectEverythingEnded(user, cookie);
      expect((await me(change.body.token)).status).toBe(200);
      await expect(elsewhere.verify(change.body.token)).resolves.toMatchObject({ uid: user.id });
    });

    it('given a password reset, then the earlier token answers 401 everywhere, POST /v1/auth/login {token} included', async () => {
      const { user, cookie } = await signedInEverywhere();
      await svc.http().post('/v1/users/forget-password').send({ email: user.email });
      const { oobCode } = (await mailTo(user.email))!;
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'reset-secret' })).status).toBe(200);
      await expectEverythingEnded(user, cookie);
      const signIn = await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: 'reset-secret' });
      expect((await me(signIn.body.token)).status).toBe(200);
    });

    it('given an e-mail change, then the earlier token answers 401 everywhere, POST /v1/auth/login {token} included', async () => {
      const { user, cookie } = await signedInEverywhere();
      const change = await svc.http().post('/v1/users/me/email').set('authorization', bearer(user.token)).send({ email: `new-${user.email}`, currentPassword: user.password });
      expect(change.status).toBe(200);
      await expectEverythingEnded(user, cookie);
      expect((await me(change.body.token)).body.email).toBe(`new-${user.email}`);
    });

    it('given a token this service signed without exp, then 401', async () => {
      const user = await svc.signUp();
      const forever = await signedByService({ sub: user.id, gen: 0, claims: {} }, { exp: false });
      expect((await me(forever)).status).toBe(401);
      expect((await loginWith(forever)).status).toBe(401);
      await expect(elsewhere.verify(forever)).rejects.toThrow('Invalid or expired token');
    });
  });

  describe('the admin claim', () => {
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).claims;
    const setClaim = async (uid: string, admin: boolean) => {
      const staff = await svc.tokenFor({ uid: 'staff', claims: { admin: true } });
      const answer = await svc.http().post(`/v1/admin/users/${uid}/claims`).set('authorization', bearer(staff)).send({ admin });
      expect(answer.status).toBe(200);
    };
    const adminUsers = (token: string) => svc.http().get('/v1/admin/users?limit=1').set('authorization', bearer(token));

    /** A signed-up account granted the claim, signed in afresh: a token that says admin, and a refresh session. */
    async function signedInAdmin() {
      const user = await svc.signUp();
      await setClaim(user.id, true);
      const signIn = await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password });
      const admin = { ...user, token: signIn.body.token as string };
      expect(claimsOf(admin.token)).toEqual({ admin: true });
      const cookie = sessionCookieOf((await loginWith(admin.token)).headers['set-cookie'])!;
      expect((await adminUsers(admin.token)).status).toBe(200);
      await expect(elsewhere.verify(admin.token)).resolves.toMatchObject({ uid: user.id, claims: { admin: true } });
      return { admin, cookie };
    }

    it('given an admin with an access token, when the claim is revoked, then that token answers 401 on admin routes and everywhere, and a fresh sign-in gives a token without the claim', async () => {
      const { admin, cookie } = await signedInAdmin();
      await setClaim(admin.id, false);
      const refused = await adminUsers(admin.token);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Invalid or expired token');
      await expectEverythingEnded(admin, cookie);
      const signIn = await svc.http().post('/v1/auth/sign-in').send({ email: admin.email, password: admin.password });
      expect(claimsOf(signIn.body.token)).toEqual({});
      expect((await me(signIn.body.token)).body.claims).toEqual({});
      expect((await adminUsers(signIn.body.token)).status).toBe(403);
    });

    it('given an admin with an access token, when the claim is revoked from the command line (npm run admin -- revoke), then the platform ends that token and session too', async () => {
      const { admin, cookie } = await signedInAdmin();

      await runAdminCommand(svc.started.deps.pool, svc.started.deps.schema, { action: 'revoke', email: admin.email });

      // The platform learns it from its own log (the command line reaches no process).
      while ((await adminUsers(admin.token)).status !== 401) await new Promise((r) => setTimeout(r, 20));
      await expectEverythingEnded(admin, cookie);
    });

    it('given an account with an access token, when the claim is granted, then that token and its session go on, and the refreshed token says admin', async () => {
      const { user, cookie } = await signedInEverywhere();
      await setClaim(user.id, true);
      expect((await me(user.token)).body.claims).toEqual({ admin: true });
      await expect(elsewhere.verify(user.token)).resolves.toMatchObject({ uid: user.id });
      const refreshed = await refresh(cookie.pair);
      expect(refreshed.status).toBe(200);
      expect(claimsOf(refreshed.body.token)).toEqual({ admin: true });
      expect((await adminUsers(refreshed.body.token)).status).toBe(200);
    });

    it('given an account without the claim, when it is revoked, then nothing changes for its token or session', async () => {
      const { user, cookie } = await signedInEverywhere();
      await setClaim(user.id, false);
      expect((await me(user.token)).status).toBe(200);
      expect((await refresh(cookie.pair)).status).toBe(200);
    });
  });

  describe('changing the e-mail', () => {
    it('given a change, then the old address gets a mail with a link that undoes it: the old address again, verified, and every token and session ends', async () => {
      const user = await svc.signUp();
      const change = await svc.http().post('/v1/users/me/email').set('authorization', bearer(user.token)).send({ email: `taken-${user.email}`, currentPassword: user.password });
      const cookie = sessionCookieOf(change.headers['set-cookie'])!;
      const sent = (await mailTo(user.email))!;
      expect(sent.mode).toBe('recoverEmail');
      expect(sent.mail.text).toContain(`taken-${user.email}`);
      expect(sent.link.href).toMatch(/^http:\/\/app\.test\/auth\/action\?mode=recoverEmail&oobCode=[\w-]+$/);

      const undo = await svc.http().post('/v1/auth/email/recover').send({ oobCode: sent.oobCode });
      expect(undo.status).toBe(200);
      expect(undo.body).toEqual({ message: 'Email restored. Reset your password if someone else changed it.', email: user.email });
      expect((await me(change.body.token)).status).toBe(401);
      expect((await refresh(cookie.pair)).status).toBe(401);
      const signIn = await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password });
      expect((await me(signIn.body.token)).body).toMatchObject({ email: user.email, emailVerified: true });
      expect((await svc.http().post('/v1/auth/email/recover').send({ oobCode: sent.oobCode })).status).toBe(400);
    });

    it('given an account without a password, then a token from a sign-in more than 5 minutes ago is refused (401 on currentPassword), a fresh one may change it', async () => {
      await svc.http().post('/v1/auth/email-link').send({ email: 'linked@example.com' });
      const { oobCode } = (await mailTo('linked@example.com'))!;
      const signIn = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: 'linked@example.com', oobCode });
      const change = (token: string, email: string) => svc.http().post('/v1/users/me/email').set('authorization', bearer(token)).send({ email });
      const old = await signedByService({ sub: signIn.body.id, gen: 0, claims: {} }, { issuedSecondsAgo: 6 * 60 });
      expect((await me(old)).status).toBe(200);
      const stale = await change(old, 'linked-moved@example.com');
      expect(stale.status).toBe(401);
      expect(stale.body.errors).toEqual({ currentPassword: 'Please sign in again to change your email' });
      expect((await change(signIn.body.token, 'linked-moved@example.com')).status).toBe(200);
    });
  });

  describe('setting a first password', () => {
    it('given an account without a password (signed in by a mailed link), then /auth/me says so and it sets one with no current password after a recent sign-in, which then signs in; a token over 5 minutes old is refused', async () => {
      await svc.http().post('/v1/auth/email-link').send({ email: 'first-password@example.com' });
      const { oobCode } = (await mailTo('first-password@example.com'))!;
      const signIn = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: 'first-password@example.com', oobCode });
      expect((await me(signIn.body.token)).body).toMatchObject({ hasPassword: false });
      const setPassword = (token: string, body: object) => svc.http().post('/v1/users/me/password').set('authorization', bearer(token)).send(body);

      const old = await signedByService({ sub: signIn.body.id, gen: 0, claims: {} }, { issuedSecondsAgo: 6 * 60 });
      const stale = await setPassword(old, { newPassword: 'first-secret', confirmPassword: 'first-secret' });
      expect(stale.status).toBe(401);
      expect(stale.body.errors).toEqual({ currentPassword: 'Please sign in again to set a password' });

      expect((await setPassword(signIn.body.token, {})).body.errors).toEqual({ newPassword: 'Required*', confirmPassword: 'Required*' });
      const set = await setPassword(signIn.body.token, { newPassword: 'first-secret', confirmPassword: 'first-secret' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ message: 'Password updated successfully', token: expect.any(String) });
      expect((await me(set.body.token)).body).toMatchObject({ hasPassword: true });
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: 'first-password@example.com', password: 'first-secret' })).status).toBe(200);
      // Once it has one, the current password proves the owner again.
      expect((await setPassword(set.body.token, { newPassword: 'other-secret', confirmPassword: 'other-secret' })).body.errors).toEqual({ currentPassword: 'Required*' });
    });

    it('given a passwordless account whose sign-in was 6 minutes ago, when its session refreshes the token, then the new token still says when it signed in, and setting a password asks for a sign-in again (a refresh is not a sign-in)', async () => {
      await svc.http().post('/v1/auth/email-link').send({ email: 'refreshed-later@example.com' });
      const { oobCode } = (await mailTo('refreshed-later@example.com'))!;
      const signIn = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: 'refreshed-later@example.com', oobCode });
      const setPassword = (token: string) => svc.http().post('/v1/users/me/password').set('authorization', bearer(token)).send({ newPassword: 'later-secret', confirmPassword: 'later-secret' });
      // The session started from the token of a sign-in six minutes ago.
      const signedInAt = Math.floor(Date.now() / 1000) - 6 * 60;
      const earlier = await signedByService({ sub: signIn.body.id, gen: 0, claims: {}, auth_time: signedInAt });
      const cookie = sessionCookieOf((await loginWith(earlier)).headers['set-cookie'])!;

      const refreshed = await refresh(cookie.pair);
      expect(refreshed.status).toBe(200);
      expect(decodeJwt(refreshed.body.token as string).auth_time).toBe(signedInAt);
      const refused = await setPassword(refreshed.body.token as string);
      expect(refused.status).toBe(401);
      expect(refused.body.errors).toEqual({ currentPassword: 'Please sign in again to set a password' });
      // Its own sign-in's token, just now: it may.
      expect(decodeJwt(signIn.body.token as string).auth_time).toBeGreaterThan(signedInAt);
      expect((await setPassword(signIn.body.token as string)).status).toBe(200);
    });

    it('given a signed-up account, then /auth/me says it has a password', async () => {
      const user = await svc.signUp();
      expect((await me(user.token)).body).toMatchObject({ hasPassword: true });
    });
  });

  describe('one-time codes', () => {
    it('given a newer reset code, then the older one answers 400 and the newer one resets', async () => {
      const user = await svc.signUp();
      await svc.http().post('/v1/users/forget-password').send({ email: user.email });
      const older = (await mailTo(user.email))!.oobCode;
      await svc.http().post('/v1/users/forget-password').send({ email: user.email });
      const newer = (await mailTo(user.email))!.oobCode;
      expect(newer).not.toBe(older);
      const stale = await svc.http().post('/v1/auth/reset/confirm').send({ oobCode: older, password: 'older-pw' });
      expect(stale.status).toBe(400);
      expect(stale.body.message).toBe('Token expired, Please send another link');
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode: newer, password: 'newer-pw' })).status).toBe(200);
    });

    it('given a newer sign-in link, then the older one answers 400', async () => {
      const user = await svc.signUp();
      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const older = (await mailTo(user.email))!.oobCode;
      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const newer = (await mailTo(user.email))!.oobCode;
      expect((await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode: older })).status).toBe(400);
      expect((await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode: newer })).status).toBe(200);
    });
  });

  describe('refresh rotation', () => {
    it('given a refresh, then a new cookie each time; the replaced one presented again later ends the whole family', async () => {
      const user = await svc.signUp();
      const first = sessionCookieOf((await loginWith(user.token)).headers['set-cookie'])!;
      const second = sessionCookieOf((await refresh(first.pair)).headers['set-cookie'])!;
      const third = sessionCookieOf((await refresh(second.pair)).headers['set-cookie'])!;
      expect(new Set([first.value, second.value, third.value]).size).toBe(3);

      // Another device's session (another family) is not touched.
      const other = sessionCookieOf((await loginWith(user.token)).headers['set-cookie'])!;
      wait(60_000);
      const reused = await refresh(first.pair);
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe('Sign in required');
      expect((await refresh(third.pair)).status).toBe(401);
      expect((await refresh(other.pair)).status).toBe(200);
    });

    it('given the replaced cookie again within seconds (another tab refreshing at once), then a token without a new cookie, and the family lives', async () => {
      const user = await svc.signUp();
      const first = sessionCookieOf((await loginWith(user.token)).headers['set-cookie'])!;
      const second = sessionCookieOf((await refresh(first.pair)).headers['set-cookie'])!;
      const tab = await refresh(first.pair);
      expect(tab.status).toBe(200);
      expect(tab.body.token).toEqual(expect.any(String));
      expect(sessionCookieOf(tab.headers['set-cookie'])).toBeUndefined();
      expect((await refresh(second.pair)).status).toBe(200);
    });
  });
});

describe('code limits', () => {
  let svc: Identity;
  beforeAll(async () => {
    svc = await startIdentity({ codeLimits: { perAccount: 2, perIp: 4, windowMs: 60_000 } });
  });
  afterAll(() => svc.stop());
  const from = (ip: string) => ({ post: (path: string, body: object) => svc.http().post(path).set('x-forwarded-for', ip).send(body) });

  it('given 2 reset mails asked for one address, then the 3rd is 429 even from another IP', async () => {
    const user = await svc.signUp();
    expect((await from('10.9.0.1').post('/v1/users/forget-password', { email: user.email })).status).toBe(200);
    expect((await from('10.9.0.2').post('/v1/users/forget-password', { email: user.email.toUpperCase() })).status).toBe(200);
    const third = await from('10.9.0.3').post('/v1/users/forget-password', { email: user.email });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many requests for email links. Try again later.');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('given 4 codes tried from one IP, then the 5th from it is 429 and another IP is still answered', async () => {
    for (let i = 0; i < 4; i++) expect((await from('10.9.1.1').post('/v1/auth/reset/verify', { oobCode: `guess-${i}` })).status).toBe(400);
    expect((await from('10.9.1.1').post('/v1/auth/reset/confirm', { oobCode: 'guess-5', password: 'secret-9' })).status).toBe(429);
    expect((await from('10.9.1.2').post('/v1/auth/reset/verify', { oobCode: 'guess-6' })).status).toBe(400);
  });
});

describe('forgot-password answers before any work on the address', () => {
  it('given a known and an unknown address, then the same answer before the account is looked up; only the known one gets a mail once the held work runs', async () => {
    const held: Array<() => Promise<void>> = [];
    const svc = await startIdentity({}, {}, { run: (_name, task) => void held.push(task), settled: async () => undefined });
    try {
      const user = await svc.signUp();
      const known = await svc.http().post('/v1/users/forget-password').send({ email: user.email });
      const unknown = await svc.http().post('/v1/users/forget-password').send({ email: 'nobody-at-all@example.com' });
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      // Both answers did the same work: none on the address, one task each, left for after the answer.
      expect(held).toHaveLength(2);
      expect(await readMailbox(svc.dataDir)).toEqual([]);
      for (const task of held) await task();
      expect((await readMailbox(svc.dataDir)).map((mail) => mail.to)).toEqual([user.email]);
    } finally {
      await svc.stop();
    }
  });
});

import { createLocalJWKSet, jwtVerify } from 'jose';
import { bearer, sessionCookieOf, startIdentity } from './testing';

type Identity = Awaited<ReturnType<typeof startIdentity>>;

describe('accounts and sessions', () => {
  let svc: Identity;
  beforeAll(async () => {
    svc = await startIdentity();
  });
  afterAll(() => svc.stop());

  describe('POST /v1/auth/sign-up', () => {
    it('given nothing filled, then 400 with the spec message per field', async () => {
      const res = await svc.http().post('/v1/auth/sign-up').send({});
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 400, message: 'Required*', errors: { email: 'Required*', password: 'Required*', firstName: 'Required*' } });
    });

    it('given a malformed email and a 5-character password, then "Invalid email" and "Please try a longer password"', async () => {
      const res = await svc.http().post('/v1/auth/sign-up').send({ email: 'ada@', password: '12345', firstName: 'Ada' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: 'Invalid email', password: 'Please try a longer password' });
    });

    it('given a blank first name, then "Required*" for firstName only', async () => {
      const res = await svc.http().post('/v1/auth/sign-up').send({ email: 'blank@example.com', password: 'secret-1', firstName: '   ' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ firstName: 'Required*' });
    });

    it('given a valid form, then 201 {id, token, message}, the token names the user, and the profile holds the names with phone ""', async () => {
      const res = await svc.http().post('/v1/auth/sign-up').send({ email: ' Grace@Example.com ', password: 'secret-1', firstName: ' Grace ', lastName: 'Hopper' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), token: expect.any(String), message: 'Successfully Registered' });
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(res.body.token));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ uid: res.body.id, email: 'Grace@Example.com', displayName: 'Grace', userDetails: { firstName: 'Grace', lastName: 'Hopper', phone: '' } });
    });

    it('given no last name, then it is stored as ""', async () => {
      const user = await svc.signUp({ lastName: undefined as unknown as string });
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(user.token));
      expect(me.body.userDetails).toEqual({ firstName: 'Ada', lastName: '', phone: '' });
    });

    it('given an email already in use (in any case), then 409 with the spec message', async () => {
      const user = await svc.signUp();
      const res = await svc.http().post('/v1/auth/sign-up').send({ email: user.email.toUpperCase(), password: 'secret-2', firstName: 'Eve' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The email address is already in use by another account.');
    });

    it('given two sign-ups with one email at once, then exactly one 201 and one 409', async () => {
      const body = { email: 'twins@example.com', password: 'secret-1', firstName: 'Twin' };
      const answers = await Promise.all([svc.http().post('/v1/auth/sign-up').send(body), svc.http().post('/v1/auth/sign-up').send(body)]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    });

    it('then the UserRegistered event carries a scrypt hash, never the password, and no secret in its metadata', async () => {
      const user = await svc.signUp({ password: 'plain-text-pw' });
      const [registered] = await svc.started.deps.eventStore.readStream(`user-${user.id}`);
      expect(registered).toMatchObject({ type: 'UserRegistered', data: { provider: 'password', emailVerified: false, displayName: 'Ada' } });
      expect(JSON.stringify(registered)).not.toContain('plain-text-pw');
      expect((registered!.data as { passwordHash: string }).passwordHash).toMatch(/^scrypt\$4\$8\$/);
      expect(JSON.stringify(registered!.metadata)).not.toContain(user.token);
    });
  });

  describe('POST /v1/auth/sign-in', () => {
    it('given nothing filled, then 400 "Email is required" and "Password is required"', async () => {
      const res = await svc.http().post('/v1/auth/sign-in').send({});
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    });

    it('given a malformed email, then 400 "Invalid email"', async () => {
      const res = await svc.http().post('/v1/auth/sign-in').send({ email: 'nope', password: 'x' });
      expect(res.body.errors).toEqual({ email: 'Invalid email' });
    });

    it('given the right password (email in another case), then {id, token, message: "Successfully Authenticated"}', async () => {
      const user = await svc.signUp();
      const res = await svc.http().post('/v1/auth/sign-in').send({ email: user.email.toUpperCase(), password: user.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: user.id, token: expect.any(String), message: 'Successfully Authenticated' });
    });

    it('given a wrong password or an unknown email, then the same 401 "Invalid email or password"', async () => {
      const user = await svc.signUp();
      const wrong = await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: 'not-it' });
      const unknown = await svc.http().post('/v1/auth/sign-in').send({ email: 'nobody@example.com', password: 'not-it' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
      expect(strip(wrong.body)).toEqual(strip(unknown.body));
      expect(wrong.body.message).toBe('Invalid email or password');
      expect(wrong.body.errors).toBeUndefined();
    });
  });

  describe('sign-in rate limits', () => {
    let limited: Identity;
    let now = new Date('2026-11-22T12:00:00.000Z');
    const wait = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
    beforeAll(async () => {
      limited = await startIdentity({ signInLimits: { perAccount: 20, perIp: 30, windowMs: 60_000 } }, { now: () => now });
    });
    afterAll(() => limited.stop());
    const attempt = (email: string, password: string, ip: string) =>
      limited.http().post('/v1/auth/sign-in').set('x-forwarded-for', ip).send({ email, password });

    it('given 10 wrong passwords from one IP, then the right one from another IP is accepted at once', async () => {
      const user = await limited.signUp();
      let refused = 0;
      for (let i = 0; i < 10; i++) {
        const res = await attempt(user.email, 'wrong', '10.0.0.1');
        if (res.status === 429) {
          refused += 1;
          wait(Number(res.headers['retry-after']));
          expect((await attempt(user.email, 'wrong', '10.0.0.1')).status).toBe(401);
        } else {
          expect(res.status).toBe(401);
        }
      }
      expect(refused).toBeGreaterThan(0);
      expect((await attempt(user.email.toUpperCase(), user.password, '10.0.0.2')).status).toBe(200);
    });

    it('given 10 wrong passwords from one IP, then that IP waits (429, Retry-After at most a minute), and once the wait is over the right password is accepted', async () => {
      const user = await limited.signUp();
      for (let i = 0; i < 10; i++) {
        const res = await attempt(user.email, 'wrong', '10.0.1.1');
        if (res.status === 429) wait(Number(res.headers['retry-after']));
        if (res.status === 429) expect((await attempt(user.email, 'wrong', '10.0.1.1')).status).toBe(401);
      }
      const early = await attempt(user.email, user.password, '10.0.1.1');
      expect(early.status).toBe(429);
      expect(early.body.message).toBe('Too many sign-in attempts. Try again later.');
      const retryAfter = Number(early.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      wait(retryAfter);
      expect((await attempt(user.email, user.password, '10.0.1.1')).status).toBe(200);
    });

    it('given a success between failures, then that client starts again with its free attempts', async () => {
      const user = await limited.signUp();
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong', '10.1.0.1')).status).toBe(401);
      expect((await attempt(user.email, user.password, '10.1.0.1')).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'wrong', '10.1.0.1')).status).toBe(401);
      expect((await attempt(user.email, user.password, '10.1.0.1')).status).toBe(200);
    });

    it('given an account guessed at from 20 IPs, then a new IP gets no free wrong guess, yet the right password from another new IP is accepted', async () => {
      const user = await limited.signUp();
      for (let i = 0; i < 20; i++) expect((await attempt(user.email, 'wrong', `10.3.0.${i}`)).status).toBe(401);
      expect((await attempt(user.email, 'wrong', '10.3.1.1')).status).toBe(401);
      expect((await attempt(user.email, 'wrong', '10.3.1.1')).status).toBe(429);
      expect((await attempt(user.email, user.password, '10.3.1.2')).status).toBe(200);
    });

    it('given 30 attempts from one IP on different accounts, then the 31st from that IP is 429 and another IP still gets in', async () => {
      const user = await limited.signUp();
      for (let i = 0; i < 30; i++) expect((await attempt(`stranger${i}@example.com`, 'wrong', '10.2.0.1')).status).toBe(401);
      expect((await attempt(user.email, user.password, '10.2.0.1')).status).toBe(429);
      expect((await attempt(user.email, user.password, '10.2.0.2')).status).toBe(200);
    });
  });

  describe('the refresh session', () => {
    it('given a valid token, when POST /v1/auth/login, then "Signed in" and an HttpOnly, SameSite=Lax cookie on /v1/auth', async () => {
      const user = await svc.signUp();
      const res = await svc.http().post('/v1/auth/login').send({ token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Signed in' });
      const cookie = sessionCookieOf(res.headers['set-cookie']);
      expect(cookie?.line).toMatch(/; Path=\/v1\/auth/);
      expect(cookie?.line).toMatch(/; HttpOnly/);
      expect(cookie?.line).toMatch(/; SameSite=Lax/);
      expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
    });

    it('given a bad or missing token, when POST /v1/auth/login, then 401 "Invalid or expired token" and no cookie', async () => {
      for (const body of [{ token: 'not.a.jwt' }, {}]) {
        const res = await svc.http().post('/v1/auth/login').send(body);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Invalid or expired token');
        expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
      }
    });

    it('given a token some other issuer signed for an unknown user, when POST /v1/auth/login, then 401', async () => {
      const foreign = await svc.tokenFor({ uid: 'someone' });
      expect((await svc.http().post('/v1/auth/login').send({ token: foreign })).status).toBe(401);
    });

    it('given the cookie, when POST /v1/auth/refresh, then a fresh token for that user; after logout, 401 "Sign in required"', async () => {
      const user = await svc.signUp();
      const login = await svc.http().post('/v1/auth/login').send({ token: user.token });
      const cookie = sessionCookieOf(login.headers['set-cookie'])!;

      const refreshed = await svc.http().post('/v1/auth/refresh').set('cookie', cookie.pair);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({ token: expect.any(String) });
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(refreshed.body.token));
      expect(me.body.uid).toBe(user.id);
      const next = sessionCookieOf(refreshed.headers['set-cookie'])!;
      expect(next.value).not.toBe(cookie.value);

      const logout = await svc.http().post('/v1/auth/logout').set('cookie', next.pair);
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ message: 'Signed out' });
      const cleared = sessionCookieOf(logout.headers['set-cookie']);
      expect(cleared?.value).toBe('');
      expect(cleared?.line).toMatch(/Expires=Thu, 01 Jan 1970/);

      const after = await svc.http().post('/v1/auth/refresh').set('cookie', next.pair);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Sign in required');
    });

    it('given no cookie, when POST /v1/auth/refresh, then 401 "Sign in required"; logout without one still answers "Signed out"', async () => {
      const res = await svc.http().post('/v1/auth/refresh');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in required');
      expect((await svc.http().post('/v1/auth/logout')).body).toEqual({ message: 'Signed out' });
    });

    it('then the session store keeps a hash of the cookie, not the cookie', async () => {
      const user = await svc.signUp();
      const login = await svc.http().post('/v1/auth/login').send({ token: user.token });
      const { value } = sessionCookieOf(login.headers['set-cookie'])!;
      const { rows } = await svc.started.deps.pool.query(`SELECT doc::text AS doc FROM "${svc.started.deps.schema}".rm_sessions`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row: { doc: string }) => row.doc).join()).not.toContain(value);
    });
  });

  describe('GET /v1/auth/me', () => {
    it('given no token, then 401 "Sign in required"', async () => {
      const res = await svc.http().get('/v1/auth/me');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in required');
    });

    it('given a token, then the user document, empty claims and empty tenant lists', async () => {
      const user = await svc.signUp({ firstName: 'Ada', lastName: 'Lovelace' });
      const res = await svc.http().get('/v1/auth/me').set('authorization', bearer(user.token));
      expect(res.body).toEqual({
        uid: user.id,
        email: user.email,
        displayName: 'Ada',
        photoURL: null,
        emailVerified: false,
        hasPassword: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        claims: {},
        userDetails: { firstName: 'Ada', lastName: 'Lovelace', phone: '' },
        apps: [],
        merchants: [],
        venues: [],
      });
    });

    it('given a valid token for an account that does not exist, then 401 "Sign in required"', async () => {
      const token = await svc.tokenFor({ uid: 'ghost' });
      const res = await svc.http().get('/v1/auth/me').set('authorization', bearer(token));
      expect(res.status).toBe(401);
    });
  });

  describe('public keys', () => {
    it('then both JWKS routes serve the key that verifies issued tokens', async () => {
      const user = await svc.signUp();
      const wellKnown = await svc.http().get('/.well-known/jwks.json');
      const underAuth = await svc.http().get('/v1/auth/jwks.json');
      expect(wellKnown.status).toBe(200);
      expect(underAuth.body).toEqual(wellKnown.body);
      expect(wellKnown.body.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig', kid: expect.any(String) });
      expect(wellKnown.body.keys[0].d).toBeUndefined();
      const { payload } = await jwtVerify(user.token, createLocalJWKSet(wellKnown.body), { issuer: 'seatside', audience: 'seatside' });
      expect(payload).toMatchObject({ sub: user.id, email: user.email, claims: {} });
    });
  });
});

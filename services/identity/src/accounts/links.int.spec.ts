import { oobCodes } from '../codes';
import { readMailbox } from '../mail';
import { bearer, lastMailTo, sessionCookieOf, startIdentity } from './testing';

type Identity = Awaited<ReturnType<typeof startIdentity>>;

describe('passwords and e-mail links', () => {
  let svc: Identity;
  let now = new Date('2026-11-22T12:00:00.000Z');
  beforeAll(async () => {
    svc = await startIdentity({}, { now: () => now });
  });
  afterAll(() => svc.stop());
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  /** Mails go out after the answer: the newest to an address once the service's mail work is done. */
  const mailTo = async (to: string) => {
    await svc.settled();
    return lastMailTo(svc.dataDir, to);
  };

  describe('POST /v1/users/forget-password', () => {
    it('given no or a malformed email, then 400 "Email is required" / "Invalid email"', async () => {
      expect((await svc.http().post('/v1/users/forget-password').send({})).body.errors).toEqual({ email: 'Email is required' });
      expect((await svc.http().post('/v1/users/forget-password').send({ email: 'x@' })).body.errors).toEqual({ email: 'Invalid email' });
    });

    it('given a known and an unknown email, then the same answer; only the account gets a mail, with a resetPassword link', async () => {
      const user = await svc.signUp();
      const known = await svc.http().post('/v1/users/forget-password').send({ email: user.email.toUpperCase() });
      const unknown = await svc.http().post('/v1/users/forget-password').send({ email: 'nobody@example.com' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual({ message: 'Check your email to confirm password reset' });
      expect(unknown.body).toEqual(known.body);

      expect(await mailTo('nobody@example.com')).toBeUndefined();
      const sent = (await mailTo(user.email))!;
      expect(sent.mail).toEqual({
        id: expect.any(String), to: user.email, subject: expect.any(String), text: expect.stringContaining(sent.mail.links[0]!),
        html: expect.stringContaining('href='), links: [expect.stringMatching(/^http:\/\/app\.test\/auth\/action\?mode=resetPassword&oobCode=[\w-]+$/)],
        sentAt: expect.any(String),
      });
    });
  });

  describe('resetting a password with the mailed code', () => {
    async function resetCodeFor(email: string) {
      await svc.http().post('/v1/users/forget-password').send({ email });
      return (await mailTo(email))!.oobCode;
    }

    it('given a live code, when verified, then its email, and the email counts as verified', async () => {
      const user = await svc.signUp();
      const oobCode = await resetCodeFor(user.email);
      const res = await svc.http().post('/v1/auth/reset/verify').send({ oobCode });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ email: user.email });
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(user.token));
      expect(me.body.emailVerified).toBe(true);
    });

    it('given an unknown or missing code, when verified, then 400 "Token expired, Please send another link"', async () => {
      for (const body of [{ oobCode: 'made-up' }, {}]) {
        const res = await svc.http().post('/v1/auth/reset/verify').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Token expired, Please send another link');
      }
    });

    it('given no or a short password, when confirmed, then 400 "Password is required" / "Please try a longer password"', async () => {
      const user = await svc.signUp();
      const oobCode = await resetCodeFor(user.email);
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode })).body.errors).toEqual({ password: 'Password is required' });
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: '12345' })).body.errors).toEqual({ password: 'Please try a longer password' });
    });

    it('given a live code, when confirmed, then "Password Changed" with a token that starts a session (seed 001 §7), the new password signs in, the old does not, and every earlier session ends', async () => {
      const user = await svc.signUp();
      const login = await svc.http().post('/v1/auth/login').send({ token: user.token });
      const cookie = sessionCookieOf(login.headers['set-cookie'])!;
      const oobCode = await resetCodeFor(user.email);

      const res = await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'brand-new-pw' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: user.id, token: expect.any(String), message: 'Password Changed' });
      const session = await svc.http().post('/v1/auth/login').send({ token: res.body.token });
      expect(session.status).toBe(200);
      expect((await svc.http().get('/v1/auth/me').set('authorization', `Bearer ${res.body.token}`)).body).toMatchObject({ email: user.email });

      expect((await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: 'brand-new-pw' })).status).toBe(200);
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password })).status).toBe(401);
      expect((await svc.http().post('/v1/auth/refresh').set('cookie', cookie.pair)).status).toBe(401);
    });

    it('given a code already used, when confirmed again, then 400 "Token expired, Please send another link"', async () => {
      const user = await svc.signUp();
      const oobCode = await resetCodeFor(user.email);
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'first-new' })).status).toBe(200);
      const again = await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'second-new' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Token expired, Please send another link');
      expect((await svc.http().post('/v1/auth/reset/verify').send({ oobCode })).status).toBe(400);
    });

    it('given a code older than an hour, then verify and confirm both answer 400 "Token expired, Please send another link"', async () => {
      const user = await svc.signUp();
      const oobCode = await resetCodeFor(user.email);
      later(59 * 60_000);
      expect((await svc.http().post('/v1/auth/reset/verify').send({ oobCode })).status).toBe(200);
      later(2 * 60_000);
      const verify = await svc.http().post('/v1/auth/reset/verify').send({ oobCode });
      const confirm = await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'too-late-pw' });
      expect([verify.status, confirm.status]).toEqual([400, 400]);
      expect(confirm.body.message).toBe('Token expired, Please send another link');
    });

    it('given the account moved to another address after the mail, then the old link no longer resets it', async () => {
      const user = await svc.signUp();
      const oobCode = await resetCodeFor(user.email);
      await svc.http().post('/v1/users/me/email').set('authorization', bearer(user.token)).send({ email: `moved-${user.email}`, currentPassword: user.password });
      const res = await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'hijacked-pw' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Token expired, Please send another link');
    });

    it('given a sign-in code, when used to reset a password, then 400: codes work for their own mode only', async () => {
      const user = await svc.signUp();
      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const { oobCode } = (await mailTo(user.email))!;
      expect((await svc.http().post('/v1/auth/reset/confirm').send({ oobCode, password: 'other-mode' })).status).toBe(400);
    });
  });

  describe('signing in with an e-mail link', () => {
    it('given a malformed email, then 400 field email', async () => {
      expect((await svc.http().post('/v1/auth/email-link').send({ email: 'bad' })).body.errors).toEqual({ email: 'Invalid email' });
    });

    it('given an existing account, then the same answer as for an unknown address and a signIn link carrying the email', async () => {
      const user = await svc.signUp();
      const known = await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const unknown = await svc.http().post('/v1/auth/email-link').send({ email: 'newcomer@example.com' });
      expect(known.body).toEqual({ message: 'Check your email for a sign-in link' });
      expect(unknown.body).toEqual(known.body);
      const sent = (await mailTo(user.email))!;
      expect(sent.mode).toBe('signIn');
      expect(sent.link.searchParams.get('email')).toBe(user.email);

      const res = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode: sent.oobCode });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: user.id, token: expect.any(String), message: 'Successfully Authenticated' });
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(res.body.token));
      expect(me.body).toMatchObject({ uid: user.id, emailVerified: true });
    });

    it('given an unknown address, when its link is followed, then the account is made (emailLink, verified)', async () => {
      await svc.http().post('/v1/auth/email-link').send({ email: 'Fresh@Example.com' });
      const sent = (await mailTo('Fresh@Example.com'))!;
      const res = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: 'fresh@example.com', oobCode: sent.oobCode });
      expect(res.status).toBe(200);
      const me = await svc.http().get('/v1/auth/me').set('authorization', bearer(res.body.token));
      expect(me.body).toMatchObject({ uid: res.body.id, email: 'Fresh@Example.com', emailVerified: true });
      const [registered] = await svc.started.deps.eventStore.readStream(`user-${res.body.id}`);
      expect(registered?.data).toMatchObject({ provider: 'emailLink', emailVerified: true, passwordHash: null });
    });

    it('given another email than the link\'s, then 400 and the code still works for its own email', async () => {
      const user = await svc.signUp();
      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const { oobCode } = (await mailTo(user.email))!;
      const wrong = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: 'someone-else@example.com', oobCode });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Token expired, Please send another link');
      expect((await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode })).status).toBe(200);
    });

    it('given a used or expired link, then 400 "Token expired, Please send another link"', async () => {
      const user = await svc.signUp();
      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const { oobCode } = (await mailTo(user.email))!;
      expect((await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode })).status).toBe(200);
      expect((await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode })).status).toBe(400);

      await svc.http().post('/v1/auth/email-link').send({ email: user.email });
      const fresh = (await mailTo(user.email))!.oobCode;
      later(61 * 60_000);
      const res = await svc.http().post('/v1/auth/email-link/sign-in').send({ email: user.email, oobCode: fresh });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Token expired, Please send another link');
    });
  });

  it('then no code is stored in clear: the store holds hashes only', async () => {
    const mails = await readMailbox(svc.dataDir);
    const codes = mails.map((mail) => new URL(mail.links[0]!).searchParams.get('oobCode')!);
    const { rows } = await svc.started.deps.pool.query(`SELECT id, doc::text AS doc FROM "${svc.started.deps.schema}"."rm_${oobCodes.name}"`);
    const stored = rows.map((row: { id: string; doc: string }) => row.id + row.doc).join();
    for (const code of codes) expect(stored).not.toContain(code);
  });
});

import type { Page } from 'playwright-core';
import { authMessages } from '@seatside/ui/src/auth/messages';
import { countWhen, readWhen, seriousViolations, webAppUnderTest } from './browser';

interface Mail {
  id: string;
  to: string | string[];
  subject: string;
  links: string[];
  sentAt: string;
}

interface StoredSession {
  state: { token: string | null; user: { id: string; email: string; name?: string; roles?: string[] } | null; signedIn: boolean };
}

/**
 * Sign-up, login, sign-out, passwords, e-mail links and the admin guard (seed 000 §2, 001 §2/§5/§8,
 * 002 §5/§6; docs/identity-api.md) as `npm start` serves them, in Chromium.
 */
describe('the auth screens', () => {
  const app = webAppUnderTest('auth');
  let count = 0;
  const newEmail = (who: string) => `${who}.${Date.now().toString(36)}.${++count}@example.com`;

  async function open(page: Page, path: string): Promise<void> {
    const response = await page.goto(`${app.url}${path}`);
    expect(response?.status()).toBe(200);
  }

  const session = (page: Page) => page.evaluate(`JSON.parse(localStorage.getItem('seatside.session') ?? 'null')`) as Promise<StoredSession | null>;
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  /** An account made through the API, for the specs that are not about signing up. */
  async function accountViaApi(page: Page, who: string, password = 'first-secret') {
    const email = newEmail(who);
    const res = await page.request.post(`${app.url}/v1/auth/sign-up`, { data: { email, password, firstName: who, lastName: 'Tester' } });
    expect(res.status()).toBe(201);
    return { email, password };
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /** The newest mail to `email` with a link containing `mode`, from the dev mailbox (polled: mail is sent after the answer). */
  async function linkFromMailbox(page: Page, email: string, mode: 'resetPassword' | 'signIn'): Promise<string> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await page.request.get(`${app.url}/v1/dev/mailbox.json`);
      expect(res.status()).toBe(200);
      const mails = ((await res.json()) as Mail[])
        .filter((mail) => [mail.to].flat().some((to) => to.includes(email)))
        .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
      const link = mails.flatMap((mail) => mail.links).find((l) => l.includes(`mode=${mode}`));
      if (link) {
        // The mail's host is PUBLIC_URL; the path and query are what the app reads.
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
      await page.waitForTimeout(250);
    }
    throw new Error(`no ${mode} mail to ${email}`);
  }

  it('given /auth/sign-up, when it is sent empty or wrong, then the sign-up messages show under the fields', async () => {
    const page = await app.visitor();
    await open(page, '/auth/sign-up');
    await expect(page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(authMessages.required).first().waitFor();
    await expect(countWhen(page.getByText(authMessages.required, { exact: true }), (n) => n === 3)).resolves.toBe(3);
    await expect(readWhen(() => field(page, 'Email').getAttribute('aria-invalid'), (v) => v === 'true')).resolves.toBe('true');
    await expect(field(page, 'Last name (optional)').getAttribute('aria-invalid')).resolves.not.toBe('true');

    await field(page, 'Email').fill('not an email');
    await field(page, 'First name').fill('Ada');
    await field(page, 'Password').fill('12345');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(authMessages.invalidEmail, { exact: true }).waitFor();
    await page.getByText(authMessages.shortPassword, { exact: true }).waitFor();
    // The cleared messages leave (antd animates them out).
    await page.getByText(authMessages.required, { exact: true }).first().waitFor({ state: 'detached' });
    // No Google provider is configured here, so no Google button.
    await expect(page.getByRole('button', { name: 'Sign in with Google' }).count()).resolves.toBe(0);
  });

  it('given /auth/login, then the Login tab is chosen and its messages show; ?error=google shows the Google failure', async () => {
    const page = await app.visitor();
    await open(page, '/auth/login');
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(authMessages.emailRequired, { exact: true }).waitFor();
    await page.getByText(authMessages.passwordRequired, { exact: true }).waitFor();
    await field(page, 'Email').fill('nope');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(authMessages.invalidEmail, { exact: true }).waitFor();
    await expect(page.getByRole('link', { name: authMessages.forgotPassword }).getAttribute('href')).resolves.toBe('/auth/forgot-password');

    await open(page, '/auth/login?error=google');
    await page.getByText(authMessages.checkEmailAndPassword).waitFor();

    // /auth/complete without the session cookie the Google callback sets: the same failure.
    await open(page, '/auth/complete');
    await page.getByTestId('google-error').getByText(authMessages.checkEmailAndPassword).waitFor();
  });

  it('given a new visitor, when they sign up, sign out and log back in, then each time they land on /account', async () => {
    const page = await app.visitor();
    const email = newEmail('ada');
    await open(page, '/auth/sign-up');
    await field(page, 'Email').fill(email);
    await field(page, 'First name').fill('Ada');
    await field(page, 'Last name (optional)').fill('Lovelace');
    await field(page, 'Password').fill('analytical');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(authMessages.registered).waitFor();
    await page.waitForURL(`${app.url}/account`);
    const afterSignUp = await session(page);
    expect(afterSignUp?.state).toMatchObject({ signedIn: true, user: { email, name: 'Ada', roles: [] } });
    expect(afterSignUp?.state.token).toEqual(expect.any(String));

    // The same address again: the server's message.
    const other = await app.visitor();
    await open(other, '/auth/sign-up');
    await field(other, 'Email').fill(email);
    await field(other, 'First name').fill('Eve');
    await field(other, 'Password').fill('whatever');
    await other.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await other.getByText('The email address is already in use by another account.').waitFor();

    // Signed in, /auth/login offers the account and signing out.
    await open(page, '/auth/login');
    await page.getByText(`You are signed in as ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expect(session(page).then((s) => s?.state.signedIn)).resolves.toBe(false);
    // The refresh session is revoked with it.
    await expect(page.request.post(`${app.url}/v1/auth/refresh`).then((r) => r.status())).resolves.toBe(401);

    await logIn(page, email, 'wrong-password');
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toBe(`${app.url}/auth/login`);

    await logIn(page, email, 'analytical');
    await page.getByText(authMessages.authenticated).waitFor();
    await page.waitForURL(`${app.url}/account`);
    await expect(session(page).then((s) => s?.state.user?.email)).resolves.toBe(email);
    // Logging in set the refresh cookie: a fresh token comes back.
    const refreshed = await page.request.post(`${app.url}/v1/auth/refresh`);
    expect(refreshed.status()).toBe(200);
  });

  it('given ?redirect=, when they log in, then they land on that path (same origin only)', async () => {
    const page = await app.visitor();
    const { email, password } = await accountViaApi(page, 'redirect');
    await open(page, '/auth/login?redirect=%2Fregister%2Fvenue');
    // A token left behind by an ended session does not get in the way of signing in again.
    await page.evaluate(`localStorage.setItem('seatside.session', JSON.stringify({ state: { token: 'stale', user: null, signedIn: false }, version: 0 }))`);
    await page.reload();
    await logIn(page, email, password);
    await page.waitForURL(`${app.url}/register/venue`);

    const elsewhere = await app.visitor();
    await open(elsewhere, '/auth/login?redirect=%2F%2Fevil.example.com');
    await logIn(elsewhere, email, password);
    await elsewhere.waitForURL(`${app.url}/account`);
  });

  it('given a forgotten password, when the mailed link is followed and a new password set, then "Password Changed" and they are signed in on /account; after signing out, the new password logs in and the old does not', async () => {
    const page = await app.visitor();
    const { email } = await accountViaApi(page, 'grace');
    await open(page, '/auth/login');
    await page.getByRole('link', { name: authMessages.forgotPassword }).click();
    await page.waitForURL(`${app.url}/auth/forgot-password`);
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.click();
    await page.getByText(authMessages.emailRequired, { exact: true }).waitFor();
    await field(page, 'Email').fill('grace@');
    await send.click();
    await page.getByText(authMessages.invalidEmail, { exact: true }).waitFor();
    await field(page, 'Email').fill(email);
    await send.click();
    await page.getByTestId('forgot-result').getByText(authMessages.resetSent).waitFor();

    const link = await linkFromMailbox(page, email, 'resetPassword');
    expect(link).toMatch(/^\/auth\/action\?/);
    await open(page, link);
    await page.getByText(`Choose a new password for ${email}.`).waitFor();
    const set = page.getByRole('button', { name: 'Set new password' });
    await set.click();
    await page.getByText(authMessages.passwordRequired, { exact: true }).waitFor();
    await field(page, 'New password').fill('abc');
    await set.click();
    await page.getByText(authMessages.shortPassword, { exact: true }).waitFor();
    await field(page, 'New password').fill('second-secret');
    await set.click();
    await page.getByText(authMessages.passwordChanged).first().waitFor();
    await page.waitForURL(`${app.url}/account`);
    await expect(session(page).then((s) => s?.state.user?.email)).resolves.toBe(email);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForFunction(`JSON.parse(localStorage.getItem('seatside.session') ?? '{}')?.state?.signedIn === false`);
    await open(page, '/auth/login');
    await logIn(page, email, 'first-secret');
    await page.getByText('Invalid email or password').waitFor();
    await logIn(page, email, 'second-secret');
    await page.waitForURL(`${app.url}/account`);

    // A reset link works once.
    const again = await app.visitor();
    await open(again, link);
    await again.getByText(authMessages.tokenExpired).waitFor();
    await expect(again.getByRole('link', { name: 'Send another link' }).getAttribute('href')).resolves.toBe('/auth/forgot-password');
  });

  it('given an account, when a sign-in link is mailed from the login tab and followed, then they land on /account signed in', async () => {
    const page = await app.visitor();
    const { email } = await accountViaApi(page, 'linus');
    await open(page, '/auth/login');
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByTestId('login-result').getByText('Check your email for a sign-in link').waitFor();

    const link = await linkFromMailbox(page, email, 'signIn');
    await open(page, link);
    await page.waitForURL(`${app.url}/account`);
    await expect(session(page).then((s) => s?.state.user?.email)).resolves.toBe(email);
  });

  describe('the admin guard', () => {
    it('given a signed-out visitor on /admin, then the sign-in page with the forgot-password link', async () => {
      const page = await app.visitor();
      await open(page, '/admin');
      await page.getByRole('heading', { name: authMessages.signInTitle }).waitFor();
      await expect(page.getByRole('link', { name: authMessages.forgotPassword }).getAttribute('href')).resolves.toBe('/auth/forgot-password');
    });

    it('given a signed-in user without the admin claim, when they sign in on /admin, then the 401 page with Back to Account', async () => {
      const page = await app.visitor();
      const { email, password } = await accountViaApi(page, 'mallory');
      await open(page, '/admin/merchants');
      await page.getByRole('heading', { name: authMessages.signInTitle }).waitFor();
      await logIn(page, email, password);
      await page.getByRole('heading', { name: authMessages.unauthorized }).waitFor();
      await page.getByText(authMessages.unauthorizedText).waitFor();
      const back = page.getByRole('link', { name: authMessages.backToAccount });
      await expect(back.getAttribute('href')).resolves.toBe('/account');

      // Still refused after a reload (the session is kept), and Back to Account goes to /account.
      await page.reload();
      await page.getByText(authMessages.unauthorizedText).waitFor();

      // An expired access token is renewed through the session cookie, not answered with the sign-in page.
      await page.evaluate(`(() => {
        const stored = JSON.parse(localStorage.getItem('seatside.session'));
        stored.state.token = 'expired';
        localStorage.setItem('seatside.session', JSON.stringify(stored));
      })()`);
      await page.reload();
      await page.getByText(authMessages.unauthorizedText).waitFor();
      await expect(session(page).then((s) => s?.state.token)).resolves.not.toBe('expired');

      await back.click();
      await page.waitForURL(`${app.url}/account`);
    });
  });

  describe('accessibility (axe-core)', () => {
    it('then /auth/sign-up with its errors showing has no serious or critical violations', async () => {
      const page = await app.visitor({ reducedMotion: true });
      await open(page, '/auth/sign-up');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByText(authMessages.required).first().waitFor();
      await expect(seriousViolations(page)).resolves.toEqual([]);
    });

    it('then the admin sign-in page with its errors showing has no serious or critical violations', async () => {
      const page = await app.visitor({ reducedMotion: true });
      await open(page, '/admin');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText(authMessages.emailRequired).waitFor();
      await expect(seriousViolations(page)).resolves.toEqual([]);
    });
  });
});

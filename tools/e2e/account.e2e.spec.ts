import type { Page } from 'playwright-core';
import { modeMessages } from '@seatside/ui/src/mode/messages';
import { apiKeyMessages } from '@seatside/ui/src/tenant-settings/messages';
import { countWhen, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { apiOf, signedIn as signedIn_, signUp as signUp_, switchMode, type Account } from './session';

// Seed 000 §2, §5, §8 (the dashboard app's own copy is in its account/messages.ts; apps cannot be imported).
const accountMessages = {
  noApps: 'No Apps',
  noMerchants: 'No Merchants',
  noVenues: 'No Venues',
  required: 'Required*',
  displayNameRequired: 'Display name is required',
  displayNameUpdated: 'Display name updated',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordUpdated: 'Password updated successfully',
  noPasswordYet: 'Your account has no password yet. Set one to sign in with your email and a password.',
} as const;

/**
 * The account area (seed 000 §2, §5, §8) and a tenant's API keys (seed 002 §2, §8) as `npm start`
 * serves them, in Chromium, against the identity service of docs/identity-api.md.
 */
describe('the account area', () => {
  const app = webAppUnderTest('account');
  const call = apiOf(app);
  const signUp = () => signUp_(app, 'account', { firstName: 'Ada', lastName: 'Lovelace' });
  const signedIn = (account: Account) => signedIn_(app, account, { acceptCookies: false });

  async function openAccount(page: Page, path = '/account'): Promise<void> {
    if (new URL(page.url()).pathname !== path) await page.goto(`${app.url}${path}`);
    await page.locator('main h1').first().waitFor();
  }

  it('given a signed-out visitor, when /account opens, then the sign-in page comes instead, coming back to /account', async () => {
    const page = await app.visitor();
    await page.goto(`${app.url}/account`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
  });

  it('given a new account, when /account opens, then Apps, Merchants and Venues are empty, each with a way to create one', async () => {
    const page = await signedIn(await signUp());
    await openAccount(page);
    for (const [key, empty, register] of [
      ['apps', accountMessages.noApps, '/register/app'],
      ['merchants', accountMessages.noMerchants, '/register/merchant'],
      ['venues', accountMessages.noVenues, '/register/venue'],
    ] as const) {
      const section = page.getByTestId(`account-${key}`);
      await section.getByText(empty, { exact: true }).waitFor();
      const links = await section.getByRole('link').all();
      expect(links.length).toBeGreaterThanOrEqual(1);
      for (const link of links) await expect(link.getAttribute('href')).resolves.toBe(register);
    }
    await expect(page.getByRole('link', { name: 'Account settings' }).getAttribute('href')).resolves.toBe('/account/settings');
    await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('when the display name is changed, then "Display name updated" shows and /v1/auth/me has the new name', async () => {
    const account = await signUp();
    const page = await signedIn(account);
    await openAccount(page, '/account/settings');
    const displayName = page.getByRole('textbox', { name: 'Display name', exact: true });
    await displayName.fill('');
    await page.getByRole('button', { name: 'Save display name' }).click();
    await page.getByText(accountMessages.displayNameRequired).waitFor();

    await displayName.fill('Countess of Lovelace');
    await page.getByRole('button', { name: 'Save display name' }).click();
    await page.getByText(accountMessages.displayNameUpdated).waitFor();
    const me = await call<{ displayName: string }>('GET', '/auth/me', undefined, account.token);
    expect(me.body.displayName).toBe('Countess of Lovelace');
  });

  it('when the new password and its confirmation differ, then "Passwords do not match" shows under the confirmation', async () => {
    const account = await signUp();
    const page = await signedIn(account);
    await openAccount(page, '/account/settings');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(countWhen(page.getByText(accountMessages.required, { exact: true }), (n) => n >= 3)).resolves.toBeGreaterThanOrEqual(3);

    // The e-mail form asks for the current password too: this one is the password form's.
    await page.getByRole('region', { name: 'Password', exact: true }).getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('a-new-secret-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-new-secret-3');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText(accountMessages.passwordsDoNotMatch).waitFor();
    // Nothing was sent: the old password still signs in.
    await expect(call('POST', '/auth/sign-in', { email: account.email, password: account.password }).then((r) => r.status)).resolves.toBe(200);
  });

  it('given a team member invited by e-mail and signed in by its link, when they open the settings, then neither form asks for a password they never had, and the one they set signs them in', async () => {
    const owner = await signUp();
    const merchantId = await tenantAdminedBy(owner);
    const email = `account-invited-${process.pid}-${Date.now()}@example.com`;
    const added = await call('POST', `/merchants/${merchantId}/users/add`, { firstName: 'Ivy', lastName: 'Invited', email, role: 'teamMember' }, owner.token);
    expect(added.status).toBe(201);
    const link = await readWhen(
      async () => (await call<{ to: string; links: string[] }[]>('GET', '/dev/mailbox.json')).body.find((mail) => mail.to === email)?.links.find((l) => l.includes('mode=signIn')),
      (found) => found !== undefined,
    );
    const page = await app.visitor({ reducedMotion: true });
    const url = new URL(String(link));
    await page.goto(`${app.url}${url.pathname}${url.search}`);
    await page.waitForURL((at) => at.pathname === '/account');
    await openAccount(page, '/account/settings');

    const passwordForm = page.getByRole('region', { name: 'Password', exact: true });
    await passwordForm.getByText(accountMessages.noPasswordYet).waitFor();
    await expect(page.getByLabel('Current password', { exact: true }).count()).resolves.toBe(0);
    await passwordForm.getByLabel('New password', { exact: true }).fill('first-secret-1');
    await passwordForm.getByLabel('Confirm new password', { exact: true }).fill('first-secret-1');
    await passwordForm.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(accountMessages.passwordUpdated).waitFor();
    // Now it has one, changing it asks for it again.
    await passwordForm.getByLabel('Current password', { exact: true }).waitFor();
    await expect(passwordForm.getByRole('button', { name: 'Update password' }).isVisible()).resolves.toBe(true);
    await expect(call('POST', '/auth/sign-in', { email, password: 'first-secret-1' }).then((r) => r.status)).resolves.toBe(200);
  });

  /** POST /v1/{collection}/create as the account; identity learns the membership asynchronously. */
  async function tenantAdminedBy(account: Account, collection: 'merchants' | 'apps' = 'merchants', name = 'Section 114 Nachos'): Promise<string> {
    const handle = `keys-${process.pid}-${Date.now().toString(36)}`;
    const created = await call<{ id: string; message: string }>('POST', `/${collection}/create`, { name, handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(created.status).toBeLessThan(300);
    const id = created.body.id;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const me = await call<Record<typeof collection, { id: string; role: string }[]>>('GET', '/auth/me', undefined, account.token);
      const membership = me.body[collection]?.find((m) => m.id === id);
      if (membership) {
        expect(membership.role).toBe('admin');
        return id;
      }
      if (Date.now() > deadline) throw new Error(`${collection} ${id} never reached GET /v1/auth/me`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it("given an app of theirs, when its card is followed, then the app's settings open; the dashboard's root and each collection's lead to /account; an unknown address says so", async () => {
    const account = await signUp();
    const appId = await tenantAdminedBy(account, 'apps', 'Lineup Sync');
    const page = await signedIn(account);
    await openAccount(page);
    await page.getByTestId('account-apps').locator(`a[href="/dashboard/apps/${appId}"]`).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/apps/${appId}/settings/details`);
    await page.getByRole('heading', { name: 'Details', exact: true }).waitFor();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Lineup Sync');

    for (const path of ['/dashboard', '/dashboard/merchants', '/dashboard/venues', '/dashboard/apps']) {
      await page.goto(`${app.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/account');
      await page.getByTestId('account-apps').waitFor();
    }
    for (const path of ['/dashboard/nowhere/at-all', '/dashboard/things/x/settings']) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // The tab says so too (WCAG 2.4.2), as every page names it.
      await page.waitForFunction(() => document.title === 'Page not found · Seatside');
    }
  });

  describe('API keys', () => {
    it('given an admin of a merchant, when a key is created, then its secret shows once, the key page never shows it and the list has the key', async () => {
      const account = await signUp();
      const merchantId = await tenantAdminedBy(account);
      const page = await signedIn(account);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      const settings = `/dashboard/merchants/${merchantId}/settings`;

      await page.goto(`${app.url}${settings}/api-keys`);
      await page.getByText(apiKeyMessages.empty).waitFor();

      await page.goto(`${app.url}${settings}/api-keys/new`);
      await page.getByRole('heading', { name: apiKeyMessages.newTitle }).waitFor();
      await expect(page.getByTestId('api-key-mode').textContent()).resolves.toContain('production');
      await page.getByLabel('Title').fill('Point of sale');
      await page.getByRole('button', { name: 'Create API Key' }).click();

      const dialog = page.getByRole('dialog', { name: 'Your API Key' });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByText(apiKeyMessages.viewOnce).waitFor();
      const secret = (await dialog.getByTestId('api-key-secret').textContent()) ?? '';
      expect(secret).toMatch(/^sk_(live|test)_\S+$/);
      expect(secret.startsWith('sk_live_')).toBe(true); // production is the default mode
      await expect(seriousViolations(page, '.ant-modal')).resolves.toEqual([]);

      await dialog.getByRole('button', { name: 'Copy' }).click();
      await page.getByText(apiKeyMessages.copied).waitFor();
      await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(secret);

      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL((url) => /\/settings\/api-keys\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
      await page.getByRole('heading', { name: apiKeyMessages.editTitle }).waitFor();
      await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Point of sale');
      await expect(page.content()).resolves.not.toContain(secret);
      const keyPath = new URL(page.url()).pathname;

      await page.goto(`${app.url}${settings}/api-keys`);
      const row = page.getByTestId('api-key');
      await row.first().waitFor();
      await expect(row.count()).resolves.toBe(1);
      await expect(row.textContent()).resolves.toContain('Point of sale');
      await expect(row.textContent()).resolves.toContain(apiKeyMessages.production);
      await expect(row.getByRole('link').getAttribute('href')).resolves.toBe(keyPath);
      await expect(page.content()).resolves.not.toContain(secret);

      // The secret works: it buys a token for this merchant.
      const exchanged = await call<{ token: string }>('POST', '/auth/api-key-token', { apiKey: secret });
      expect(exchanged.status).toBe(200);
    });

    it('given a production key, when its page is opened in Sandbox mode, then it asks to switch before showing the key, and "Back to the list" goes to the list (seed 001 §4)', async () => {
      const account = await signUp();
      const merchantId = await tenantAdminedBy(account);
      const created = await call<{ id: string }>('POST', `/merchants/${merchantId}/api-keys`, { title: 'Point of sale', testMode: false }, account.token);
      expect(created.status).toBe(201);
      const page = await signedIn(account);
      const list = `${app.url}/dashboard/merchants/${merchantId}/settings/api-keys`;
      await page.goto(list);
      await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
      await switchMode(page, account, true);
      await page.goto(`${list}/${created.body.id}`);
      // antd's confirm renders the title twice, one of them hidden.
      await page.getByText(modeMessages.notAvailable('API Key', true), { exact: true }).last().waitFor();
      await expect(page.getByRole('heading', { name: apiKeyMessages.editTitle }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Back to the list' }).click();
      await page.waitForURL((at) => at.href === list);
      await page.getByText(apiKeyMessages.empty).waitFor();
    });
  });
});

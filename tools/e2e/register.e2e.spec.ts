import type { Page } from 'playwright-core';
import { readWhen, seriousViolations, webAppUnderTest } from './browser';
import { signedIn as signedIn_, signUp as signUp_, type Account } from './session';

// Seed 000 §5, §8 and docs/catalog-api.md (the dashboard app's own copy is in register/messages.ts; apps cannot be imported).
const registerMessages = {
  placeRequired: 'Place is required',
  nameRequired: 'Name is required',
  handleRequired: 'Handle is required',
  handleTooShort: 'Please try a longer handle',
  created: 'Merchant created',
  handleTaken: 'This handle is already taken. Please choose another one.',
} as const;

/** Seed 001 §2: the merchant drawer, in order. */
const drawerEntries = ['Home', 'Menus', 'Products', 'Tags', 'Coupons', 'Templates', 'Modifiers', 'Orders', 'Gallery', 'Settings'];

/**
 * Registration (seed 000 §2, §4, §5, §8) and the merchant dashboard frame (seed 001 §2, §4) as
 * `npm start` serves them, in Chromium, with the bundled places dataset (no Google key).
 */
describe('registration and the merchant dashboard frame', () => {
  const app = webAppUnderTest('register');
  const signUp = () => signUp_(app, 'register', { firstName: 'Ada', lastName: 'Lovelace' });
  const signedIn = (account: Account, redirect = '/register/merchant') => signedIn_(app, account, { redirect, acceptCookies: false });

  async function openRegister(page: Page): Promise<void> {
    if (new URL(page.url()).pathname !== '/register/merchant') await page.goto(`${app.url}/register/merchant`);
    await page.getByRole('heading', { name: 'Create a merchant' }).waitFor();
  }

  /** Step 0: types into the place search and picks the option with this name. */
  async function pickPlace(page: Page, query: string, name: string): Promise<void> {
    const search = page.getByLabel('Business');
    await search.click();
    await search.fill(query);
    await page.getByTestId('place-option').filter({ hasText: name }).first().click();
    await page.getByLabel('Handle').waitFor();
  }

  it('given a signed-out visitor, when /register/merchant opens, then sign-in comes first, coming back there', async () => {
    const page = await app.visitor();
    await page.goto(`${app.url}/register/merchant`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/register/merchant');
  });

  it('given no place, when Next is pressed, then "Place is required"; the place step has no serious axe violations', async () => {
    const page = await signedIn(await signUp());
    await openRegister(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(registerMessages.placeRequired).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('given a picked place, then name and handle are filled; an edited handle is normalized; submitting lands on the merchant dashboard with its drawer', async () => {
    const page = await signedIn(await signUp());
    await openRegister(page);
    await pickPlace(page, "joe's", "Joe's Pizza");

    await expect(page.getByLabel('Name').inputValue()).resolves.toBe("Joe's Pizza");
    await expect(page.getByLabel('Handle').inputValue()).resolves.toBe('joes-pizza');
    expect(await seriousViolations(page)).toEqual([]);

    const handle = `Joe's  Pizza ${Date.now()}!`;
    await page.getByLabel('Handle').fill(handle);
    const normalized = `joes-pizza-${handle.match(/\d+/)![0]}`;
    await expect(readWhen(() => page.getByLabel('Handle').inputValue(), (v) => v === normalized)).resolves.toBe(normalized);

    await page.getByRole('button', { name: 'Create Merchant' }).click();
    await page.getByText(registerMessages.created).first().waitFor();
    await page.waitForURL((url) => /^\/dashboard\/merchants\/[^/]+$/.test(url.pathname));
    const drawer = page.getByTestId('merchant-drawer');
    await drawer.waitFor();
    await expect(drawer.getByRole('link').allInnerTexts()).resolves.toEqual(drawerEntries);
    for (const link of await drawer.getByRole('link').all()) expect(await link.locator('svg').count()).toBe(1);
    await page.getByTestId('merchant-frame').getByText("Joe's Pizza").first().waitFor();
  });

  it('given a picked place, when Back is pressed, then the search shows the place by its name (not its id), Next goes on with it, and another place can be picked', async () => {
    const page = await signedIn(await signUp());
    await openRegister(page);
    await pickPlace(page, "joe's", "Joe's Pizza");
    await page.getByRole('button', { name: 'Back' }).click();
    const chosen = page.locator('.ant-select', { has: page.getByLabel('Business') });
    await chosen.getByText("Joe's Pizza", { exact: true }).waitFor();
    await expect(chosen.innerText()).resolves.not.toContain('bundled:');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe("Joe's Pizza");
    await page.getByRole('button', { name: 'Back' }).click();
    await pickPlace(page, 'fenway', 'Fenway Park');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Fenway Park');
  });

  it('given empty or short fields on step 1, then the spec messages under the fields', async () => {
    const page = await signedIn(await signUp());
    await openRegister(page);
    await pickPlace(page, 'stadium', 'Yankee Stadium');
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Handle').fill('');
    await page.getByRole('button', { name: 'Create Merchant' }).click();
    await page.getByText(registerMessages.nameRequired).waitFor();
    await page.getByText(registerMessages.handleRequired).waitFor();
    await page.getByLabel('Handle').fill('a b');
    await page.getByText(registerMessages.handleTooShort).waitFor();
  });

  it('given a handle someone has, when submitted, then the 409 message as an alert and under the handle', async () => {
    const owner = await signUp();
    const taken = `taken-${Date.now()}`;
    const res = await fetch(`${app.url}/v1/merchants/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ name: 'First', handle: taken }),
    });
    expect(res.status).toBe(201);

    const page = await signedIn(await signUp());
    await openRegister(page);
    await pickPlace(page, 'fenway', 'Fenway Park');
    await page.getByLabel('Handle').fill(taken);
    await page.getByRole('button', { name: 'Create Merchant' }).click();
    await page.getByTestId('register-error').getByText(registerMessages.handleTaken).waitFor();
    // The field error renders with antd's help animation, a moment after the alert.
    await page.getByText(registerMessages.handleTaken).nth(1).waitFor();
    await expect(page.getByText(registerMessages.handleTaken).count()).resolves.toBe(2);
    expect(new URL(page.url()).pathname).toBe('/register/merchant');
  });

  it('given the merchant dashboard, when the sandbox switch is turned on, then it stays on after a reload', async () => {
    const account = await signUp();
    const res = await fetch(`${app.url}/v1/merchants/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ name: 'Mode Shop', handle: `mode-shop-${Date.now()}` }),
    });
    const { id } = (await res.json()) as { id: string };
    const page = await signedIn(account, `/dashboard/merchants/${id}`);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${id}`);
    const toggle = page.getByRole('switch', { name: 'Sandbox mode' });
    await toggle.waitFor();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
    await toggle.click();
    await expect(readWhen(() => toggle.getAttribute('aria-checked'), (v) => v === 'true')).resolves.toBe('true');
    await page.getByText('sandbox', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('switch', { name: 'Sandbox mode' }).waitFor();
    await expect(page.getByRole('switch', { name: 'Sandbox mode' }).getAttribute('aria-checked')).resolves.toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

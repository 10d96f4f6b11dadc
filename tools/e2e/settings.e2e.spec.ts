import type { Page } from 'playwright-core';
import { settingsMessages as serverMessages } from '@seatside/catalog/src/tenants/settings';
import { checkoutMessages } from '@seatside/catalog/src/tenants/checkout-options';
import { settingsMessages as m } from '@seatside/ui/src/tenant-settings/messages';
import { countWhen, overflow, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, describedText, merchantAdmin, signedIn, signUp, type MerchantAdmin } from './session';

/** Seed 002 §2: the merchant settings menu, in this order; seed 001 §2 lists the payment connection after Links. */
const merchantMenu = [
  'Details', 'Address', 'Ordering', 'Notification Preferences', 'Branding', 'Colors', 'Hours', 'Users', 'Domain & Handle', 'Teleport', 'Fonts',
  'Goals', 'Webhooks', 'Links', 'Payments', 'Text Translations', 'API Keys', 'Google Place ID', 'Logs', 'Test Data', 'Delete', 'Debug',
];

/**
 * The merchant settings area (seed 001 §2–§9, seed 002 §2–§9; issue 18) as `npm start` serves it, in
 * Chromium: each section saves with the seed's success text, keeps its value across a reload and
 * shows each validation message in the seed's words; the storefront follows hours, links,
 * translations and teleport.
 */
describe('the merchant settings sections', () => {
  const app = webAppUnderTest('settings');
  const call = apiOf(app);
  let admin: MerchantAdmin;
  let page: Page;
  let handle: string;

  const url = (section: string) => `${app.url}/dashboard/merchants/${admin.merchantId}/settings/${section}`;
  async function open(section: string, title: string) {
    await page.goto(url(section));
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.locator(`[data-testid="section-${section}"][aria-busy="false"]`).waitFor();
  }
  const reopen = async (section: string, title: string) => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.locator(`[data-testid="section-${section}"][aria-busy="false"]`).waitFor();
  };
  const save = async (button: string, success: string) => {
    await page.getByRole('button', { name: button }).click();
    await alertShows(page, success);
  };
  const tenant = async () => (await call<Record<string, unknown> & { handle: string }>('GET', `/merchants/${admin.merchantId}`, undefined, admin.token)).body;
  /** The storefront as a new diner sees it (own browser context: nothing cached). */
  async function storefront(path = `/${handle}`) {
    const diner = await app.visitor({ mobile: true, reducedMotion: true });
    await diner.goto(`${app.url}${path}`);
    await diner.locator('main.sf[aria-busy="false"] h1').first().waitFor();
    return diner;
  }
  /** What the public page answers before the web app: 302 while a redirect applies (settings take up to 5 s). */
  const publicPage = (path: string) => fetch(`${app.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });

  beforeAll(async () => {
    admin = await merchantAdmin(app, 'settings');
    handle = (await tenant()).handle;
    page = await signedIn(app, admin);
  });

  it('frames every section: the menu in seed 002\'s order, the header card with the shareable link, and the sections other issues build', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await open('details', 'Details');
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allInnerTexts()).resolves.toEqual(merchantMenu);
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Logs' }).getAttribute('href')).resolves.toBe(`/dashboard/merchants/${admin.merchantId}/logs`);
    const header = page.getByTestId('settings-header');
    await header.getByText('Section 114 Nachos').waitFor();
    await expect(header.getByTestId('public-link').innerText()).resolves.toBe(`${app.url}/${handle}`);
    await expect(header.getByRole('link', { name: 'Open' }).getAttribute('href')).resolves.toBe(`${app.url}/${handle}`);
    await header.getByRole('button', { name: 'Copy link' }).click();
    await alertShows(page, m.linkCopied);
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(`${app.url}/${handle}`);
    // The merchant's frame (its drawer) stays around the settings.
    await page.getByTestId('merchant-drawer').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // The account menu holds only its items (who is signed in shows beside them).
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    // Fields' help texts read at AA contrast (antd's default grey did not).
    await open('ordering', 'Ordering');
    await page.locator('.ant-form-item-extra').first().waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // Webhooks are built (tools/e2e/webhooks.e2e.spec.ts): an empty list says so.
    await page.goto(url('webhooks'));
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No results found').waitFor();
    // The payment connection (seed 001 §2) is reached from the menu: its Production and Sandbox rows.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Payments', exact: true }).click();
    await page.waitForURL(url('payments'));
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByTestId('section-payments').getByText('Production', { exact: true }).first().waitFor();
    await page.getByTestId('section-payments').getByText('Sandbox', { exact: true }).first().waitFor();
  });

  it('at 390 px, Users fits the phone: nothing wider than the viewport, Add User and the own row\'s You in view', async () => {
    expect((await call('POST', `/merchants/${admin.merchantId}/users/add`, { firstName: 'Maximiliana', lastName: 'Featherstonehaugh', email: `maximiliana.featherstonehaugh-${Date.now()}@example.com`, role: 'teamMember' }, admin.token)).status).toBe(201);
    const phone = await signedIn(app, admin);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url('users'));
    await phone.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expect(countWhen(phone.getByTestId('team-user'), (n) => n === 2)).resolves.toBe(2);
    await expect(overflow(phone)).resolves.toBe('');
    await expect(phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    for (const shown of [phone.getByRole('button', { name: 'Add User' }), phone.getByTestId('team-user').getByText('You', { exact: true }), phone.getByRole('button', { name: /^Delete / })]) {
      await expect(shown.isVisible()).resolves.toBe(true);
      const box = await shown.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  });

  it('at 390 px, a business named with one long word (and described with one) fits the phone on its home and its settings', async () => {
    const owner = await merchantAdmin(app, 'settings-long', 'Restaurantbetriebsgesellschaftmbh');
    const saved = await readWhen(() => call('POST', `/merchants/${owner.merchantId}`, { details: { description: 'www.the-best-burgers-in-the-whole-of-springfield.example.com' } }, owner.token), (r) => r.status === 200);
    expect(saved.status).toBe(200);
    // The dashboard reads the membership from /auth/me (identity's copy, a moment behind the catalog).
    await readWhen(() => call<{ merchants: { id: string }[] }>('GET', '/auth/me', undefined, owner.token), (r) => r.body.merchants.some((m) => m.id === owner.merchantId));
    const phone = await signedIn(app, owner);
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const path of ['', '/settings/details', '/settings/users']) {
      await phone.goto(`${app.url}/dashboard/merchants/${owner.merchantId}${path}`);
      await phone.locator('h1').first().waitFor();
      await phone.getByText('Restaurantbetriebsgesellschaftmbh').first().waitFor();
      await expect(overflow(phone)).resolves.toBe('');
    }
  });

  it('sends an unknown section, or one another kind of tenant has, once to Details', async () => {
    for (const section of ['nonsense', 'nonsense/deeper']) {
      await page.goto(url(section));
      await page.waitForURL((at) => at.pathname === `/dashboard/merchants/${admin.merchantId}/settings/details`);
      await page.getByRole('heading', { level: 1, name: 'Details' }).waitFor();
    }
  });

  it('on a phone shows the menu or the section, not both', async () => {
    const phone = await signedIn(app, admin, { mobile: true });
    await phone.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/settings`);
    const menu = phone.getByRole('navigation', { name: 'Settings' });
    await menu.getByRole('link', { name: 'Colors' }).waitFor();
    await menu.getByRole('link', { name: 'Colors' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Colors' }).waitFor();
    await expect(menu.isVisible()).resolves.toBe(false);
    await phone.getByRole('link', { name: '← All settings' }).click();
    await menu.waitFor();
    await expect(phone.getByRole('heading', { level: 1, name: 'Colors' }).isVisible()).resolves.toBe(false);
  });

  it('Details: name and time zone required; saved and kept', async () => {
    await open('details', 'Details');
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await alertShows(page, m.required);
    await page.getByLabel('Name').fill('Nachos Grande');
    await page.getByLabel('Description').fill('Loaded nachos at section 114');
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByLabel('Phone').fill('+1 555 0114');
    await page.getByLabel('Prompt diners to install the app').click();
    await save('Save Details', m.details.saved);
    await reopen('details', 'Details');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Nachos Grande');
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('America/Chicago');
    await expect(page.getByLabel('Prompt diners to install the app').getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByTestId('settings-header').getByText('Nachos Grande').waitFor();
  });

  it("Details, Address: a teammate's save after the section opened is not overwritten: the save answers 'This record was changed by someone else. Reload it and try again.'; after a reload it goes through, and the next section opened in the app saves too", async () => {
    const stale = 'This record was changed by someone else. Reload it and try again.';
    await open('details', 'Details');
    expect((await call('POST', `/merchants/${admin.merchantId}`, { details: { name: 'Nachos by a teammate' } }, admin.token)).status).toBe(200);
    await page.getByLabel('Phone').fill('+1 555 0199');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await alertShows(page, stale);
    expect(await tenant()).toMatchObject({ name: 'Nachos by a teammate' });
    expect((await tenant()).phone).not.toBe('+1 555 0199');

    await reopen('details', 'Details');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Nachos by a teammate');
    await page.getByLabel('Phone').fill('+1 555 0199');
    await save('Save Details', m.details.saved);
    expect(await tenant()).toMatchObject({ name: 'Nachos by a teammate', phone: '+1 555 0199' });

    // Another section opened in the app reads the record again: its save is over the version just saved.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Address', exact: true }).click();
    await page.locator('[data-testid="section-address"][aria-busy="false"]').waitFor();
    await page.getByLabel('Address line 1').fill('1 Stadium Way');
    await save('Save Address', m.address.saved);
    expect(await tenant()).toMatchObject({ address: { line1: '1 Stadium Way' } });
  });

  it('Details: a new name shows at once in the top bar, the tenant switcher and the account list, without a reload', async () => {
    await open('details', 'Details');
    await page.getByLabel('Name').fill('Nachos Supreme');
    await save('Save Details', m.details.saved);
    await page.getByTestId('tenant-name').getByText('Nachos Supreme').waitFor();
    await expect(page.getByRole('combobox', { name: 'Switch business' }).first().locator('option:checked').innerText()).resolves.toBe('Nachos Supreme');
    // The account menu's way to /account: an in-app navigation, no reload.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
    await page.getByTestId('account-merchants').getByText('Nachos Supreme').waitFor();
  });

  it('Details: an email, website or phone that is not one is refused under its field; each message goes once its field changes, the rest once a save succeeds', async () => {
    await open('details', 'Details');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    /** The message under a field once it reads `text` (antd shows and hides messages with a motion). */
    const under = (label: string, text: string) => readWhen(() => describedText(field(label)), (shown) => shown === text);
    const tooLong = 'Description must be at most 10000 characters';
    await field('Description').fill('x'.repeat(10_001));
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(under('Description', tooLong)).resolves.toBe(tooLong);
    // A changed field loses the server's message at once.
    await field('Description').fill('Loaded nachos at section 114');
    await expect(under('Description', '')).resolves.toBe('');
    await field('Email').fill('bad-email');
    await field('Website').fill('not a site');
    await field('Phone').fill('abc');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await alertShows(page, serverMessages.invalidEmail);
    await expect(under('Email', serverMessages.invalidEmail)).resolves.toBe(serverMessages.invalidEmail);
    await expect(under('Website', serverMessages.invalidUrl)).resolves.toBe(serverMessages.invalidUrl);
    await expect(under('Phone', serverMessages.invalidPhone)).resolves.toBe(serverMessages.invalidPhone);
    // Only the changed field's: the others keep theirs until the server says otherwise.
    await field('Email').fill('hola@nachos.example');
    await expect(under('Email', '')).resolves.toBe('');
    await expect(under('Website', serverMessages.invalidUrl)).resolves.toBe(serverMessages.invalidUrl);
    await field('Website').fill('https://nachos.example');
    await field('Phone').fill('+1 (555) 0114');
    await save('Save Details', m.details.saved);
    for (const label of ['Email', 'Website', 'Phone', 'Description']) await expect(under(label, '')).resolves.toBe('');
    await expect(countWhen(page.locator('.ant-form-item-explain-error'), (n) => n === 0)).resolves.toBe(0);
    // Empty optional fields stay allowed.
    await field('Website').fill('');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(readWhen(async () => (await tenant()).website, (website) => website === '')).resolves.toBe('');
    await reopen('details', 'Details');
    await expect(field('Email').inputValue()).resolves.toBe('hola@nachos.example');
    await expect(field('Website').inputValue()).resolves.toBe('');
    await expect(field('Phone').inputValue()).resolves.toBe('+1 (555) 0114');
  });

  it('Address, Google Place ID: saved with their texts and kept', async () => {
    await open('address', 'Address');
    await page.getByLabel('Address line 1').fill('1 Stadium Way');
    await page.getByLabel('City').fill('Seattle');
    await save('Save Address', m.address.saved);
    await reopen('address', 'Address');
    await expect(page.getByLabel('Address line 1').inputValue()).resolves.toBe('1 Stadium Way');

    await open('google-place-id', 'Google Place ID');
    await page.getByRole('textbox', { name: 'Google Place ID' }).fill('ChIJ-nachos');
    await save('Save Place', m.place.saved);
    await reopen('google-place-id', 'Google Place ID');
    await expect(page.getByRole('textbox', { name: 'Google Place ID' }).inputValue()).resolves.toBe('ChIJ-nachos');
  });

  it('Colors: primary required; saved and kept', async () => {
    await open('colors', 'Colors');
    await page.getByRole('button', { name: 'Save Colors' }).click();
    await alertShows(page, m.required);
    await page.getByLabel('Primary').fill('#ff6600');
    await page.getByLabel('Splash screen background').fill('#101820');
    await save('Save Colors', m.colors.saved);
    await reopen('colors', 'Colors');
    await expect(page.getByLabel('Primary').inputValue()).resolves.toBe('#ff6600');
    await expect(page.getByLabel('Splash screen background').inputValue()).resolves.toBe('#101820');
  });

  it('Hours: a store without hours shows every day open 24 hours, as diners find it, and saving it as shown keeps it so; closed, open with 12-hour times, or 24 hours (only when open); saved as HHMM and kept; the storefront says so', async () => {
    type Day = { day: string; isOpen: boolean; openAllDay: boolean; open: { time: string } };
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    // No hours yet: the store takes orders all day (docs/orders-api.md "Opening hours").
    expect((await tenant()).hours).toEqual([]);
    let diner = await storefront();
    await diner.getByTestId('store-hours').getByText('Open all day.').waitFor();
    await open('hours', 'Hours');
    for (const day of days) {
      await expect(page.getByLabel(`${day} Open`).getAttribute('aria-checked')).resolves.toBe('true');
      await expect(page.getByLabel(`${day} 24 Hours`).getAttribute('aria-checked')).resolves.toBe('true');
    }
    // Saved as shown, it stays open all day.
    await save('Save Hours', m.hours.saved);
    expect(((await tenant()).hours as Day[]).map((d) => d.isOpen && d.openAllDay)).toEqual(Array(7).fill(true));
    diner = await storefront();
    await diner.getByTestId('store-hours').getByText('Open all day.').waitFor();

    await reopen('hours', 'Hours');
    await page.getByLabel('Sunday 24 Hours').click();
    await page.getByLabel('Sunday opens').selectOption({ label: '10:00 AM' });
    await page.getByLabel('Sunday closes').selectOption({ label: '10:30 PM' });
    await page.getByLabel('Monday Open').click();
    // The 24 Hours toggle leaves with the re-render after the click: wait for it rather than count at once.
    await expect(countWhen(page.getByLabel('Monday 24 Hours'), (n) => n === 0)).resolves.toBe(0);
    await save('Save Hours', m.hours.saved);
    const saved = (await tenant()).hours as Day[];
    expect(saved[0]).toMatchObject({ day: 'Sunday', isOpen: true, openAllDay: false, open: { time: '1000' }, close: { time: '2230' } });
    expect(saved[1]).toMatchObject({ day: 'Monday', isOpen: false });
    expect(saved[6]).toMatchObject({ day: 'Saturday', isOpen: true, openAllDay: true });
    await reopen('hours', 'Hours');
    await expect(page.getByLabel('Sunday opens').inputValue()).resolves.toBe('1000');
    await expect(page.getByLabel('Saturday 24 Hours').getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByLabel('Monday Open').getAttribute('aria-checked')).resolves.toBe('false');

    // The storefront's hours text follows (seed 002 §9), in the merchant's time zone.
    const week = (entry: (day: string) => object) => days.map((day) => ({ day, ...entry(day) }));
    const closed = await call('POST', `/merchants/${admin.merchantId}`, { hours: week(() => ({ isOpen: false })) }, admin.token);
    expect(closed.status).toBe(200);
    diner = await storefront();
    await diner.getByTestId('store-hours').getByText('Currently closed.').waitFor();
    const zone = (await tenant()).timeZone as string;
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
    const hhmm = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}00`;
    const twelve = (h: number) => `${(h + 24) % 12 === 0 ? 12 : (h + 24) % 12}:00 ${(h + 24) % 24 < 12 ? 'AM' : 'PM'}`;
    // An hour before now to two after: open now whatever the hour (a window past midnight counts).
    await call('POST', `/merchants/${admin.merchantId}`, { hours: week(() => ({ isOpen: true, openAllDay: false, open: { time: hhmm(hour - 1) }, close: { time: hhmm(hour + 2) } })) }, admin.token);
    diner = await storefront();
    await diner.getByTestId('store-hours').getByText(`Open Today: ${twelve(hour - 1)} - ${twelve(hour + 2)}`).waitFor();
  });

  it('Fonts: required; a pro font is dimmed with PRO and refused by the server for a free tenant; a free one saved and kept', async () => {
    await open('fonts', 'Fonts');
    await page.getByRole('button', { name: 'Save Fonts' }).click();
    await expect(readWhen(() => page.getByText(m.required, { exact: true }).count(), (n) => n === 2)).resolves.toBe(2);
    await page.getByRole('combobox', { name: 'Headlines' }).click();
    await page.keyboard.type('Oswa');
    const pro = page.locator('.ant-select-item-option', { hasText: 'Oswald' });
    await expect(pro.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(pro.getByText(m.fonts.pro).count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    const refused = await call<{ message: string; errors: Record<string, string> }>('POST', `/merchants/${admin.merchantId}`, { fonts: { headlines: 'Oswald', base: 'Roboto' } }, admin.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual({ 'fonts.headlines': refused.body.message });
    for (const [label, family] of [['Headlines', 'Montserrat'], ['Base', 'Lato']] as const) {
      await page.getByRole('combobox', { name: label }).click();
      await page.keyboard.type(family);
      await page.locator('.ant-select-item-option', { hasText: family }).first().click();
    }
    await save('Save Fonts', m.fonts.saved);
    await reopen('fonts', 'Fonts');
    await page.getByTestId('section-fonts').getByText('Montserrat').first().waitFor();
    expect((await tenant()).fonts).toEqual({ headlines: 'Montserrat', base: 'Lato' });
  });

  it('Goals: the two bounds with the seed\'s messages, zero or empty passes; saved and kept', async () => {
    await open('goals', 'Goals');
    await page.getByLabel('Daily order volume').fill('5');
    await page.getByLabel('Daily order revenue').fill('20000');
    await page.getByRole('button', { name: 'Save Goals' }).click();
    await alertShows(page, m.goals.volume);
    await alertShows(page, m.goals.revenue);
    await page.getByLabel('Daily order volume').fill('120');
    await page.getByLabel('Daily order revenue').fill('');
    await save('Save Goals', m.goals.saved);
    await reopen('goals', 'Goals');
    await expect(page.getByLabel('Daily order volume').inputValue()).resolves.toBe('120');
    expect((await tenant()).goals).toEqual({ dailyOrderVolume: 120, dailyOrderRevenue: 0 });
  });

  it('Links: title and URL required; saved in order and kept; the storefront shows the visible ones', async () => {
    await open('links', 'Links');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('button', { name: 'Save Links' }).click();
    await expect(readWhen(() => page.getByText(m.required, { exact: true }).count(), (n) => n === 2)).resolves.toBe(2);
    await page.getByLabel('Link 1 title').fill('Instagram');
    await page.getByLabel('Link 1 URL').fill('https://instagram.example/nachos');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByLabel('Link 2 title').fill('Our menu PDF');
    await page.getByLabel('Link 2 URL').fill('javascript:alert(1)');
    // Only http(s) addresses: the server refuses the rest on that link's URL (the storefront puts it in an href).
    await page.getByRole('button', { name: 'Save Links' }).click();
    await alertShows(page, serverMessages.invalidUrl);
    await expect(readWhen(() => describedText(page.getByLabel('Link 2 URL')), (text) => text !== '')).resolves.toBe(serverMessages.invalidUrl);
    expect((await tenant()).links).toEqual([]);
    await page.getByLabel('Link 2 URL').fill('https://nachos.example/menu.pdf');
    await page.getByRole('button', { name: 'Move link 2 up' }).click();
    await save('Save Links', m.links.saved);
    await expect(countWhen(page.locator('.ant-form-item-explain-error'), (n) => n === 0)).resolves.toBe(0);
    await reopen('links', 'Links');
    await expect(page.getByLabel('Link 1 title').inputValue()).resolves.toBe('Our menu PDF');
    expect(((await tenant()).links as { title: string; type: string; visible: boolean; target: string }[]).map((l) => [l.title, l.type, l.visible, l.target])).toEqual([
      ['Our menu PDF', 'DEFAULT', true, '_blank'],
      ['Instagram', 'DEFAULT', true, '_blank'],
    ]);
    const diner = await storefront();
    await expect(diner.getByTestId('merchant-link').allInnerTexts()).resolves.toEqual(['Our menu PDF', 'Instagram']);
  });

  it('Text Translations: empty text, search required; saved in order and kept; the storefront\'s own label changes', async () => {
    await open('text-translations', 'Text Translations');
    await page.getByText(m.translations.empty).waitFor();
    await page.getByRole('button', { name: 'Add translation' }).click();
    await page.getByRole('button', { name: 'Save Translations' }).click();
    await alertShows(page, m.required);
    await page.getByLabel('Search 1').fill('No menus found');
    await page.getByLabel('Replace 1').fill('Nothing to order yet');
    await save('Save Translations', m.translations.saved);
    await reopen('text-translations', 'Text Translations');
    await expect(page.getByLabel('Replace 1').inputValue()).resolves.toBe('Nothing to order yet');
    const diner = await storefront();
    await diner.getByText('Nothing to order yet', { exact: true }).waitFor();
    await expect(diner.getByText('No menus found').count()).resolves.toBe(0);
  });

  it('Ordering: the store, tab, tag and payments/fees cards each save ("Settings saved") and keep; the currency shows on money', async () => {
    await open('ordering', 'Ordering');
    await page.getByText(m.ordering.tabNotice).waitFor();
    await page.getByLabel('Enable Tab Ordering').click();
    await save('Save Tab Ordering', m.ordering.saved);
    const tag = page.getByTestId('card-tag');
    await tag.getByLabel('Enable Tag Ordering').click();
    await tag.getByLabel('Editable Tag Metadata').click();
    await tag.getByLabel('Tag Ordering Delivery Fee').fill('2.5');
    await page.getByRole('button', { name: 'Save Tag Ordering' }).click();
    await alertShows(page, m.ordering.saved);
    const fees = page.getByTestId('card-fees');
    await fees.getByLabel('Taxrate').fill('150');
    await page.getByRole('button', { name: 'Save Payments & Fees' }).click();
    await alertShows(page, checkoutMessages.taxRate);
    // What a screen reader reads with the field: the server's message, then the field's hint.
    const taxRateSays = (shown: boolean) => readWhen(() => describedText(fees.getByLabel('Taxrate')), (text) => text.includes(checkoutMessages.taxRate) === shown);
    await expect(taxRateSays(true)).resolves.toContain(checkoutMessages.taxRate);
    await fees.getByLabel('Taxrate').fill('7.5');
    // The server's message goes once the field changes.
    await expect(taxRateSays(false)).resolves.not.toContain(checkoutMessages.taxRate);
    await page.getByRole('button', { name: 'Save Payments & Fees' }).click();
    await alertShows(page, m.ordering.saved);
    await expect(countWhen(fees.getByText(checkoutMessages.taxRate, { exact: true }), (n) => n === 0)).resolves.toBe(0);
    await fees.getByLabel('Taxrate').fill('8.25');
    await fees.getByLabel('Currency').selectOption('EUR');
    await fees.getByLabel('Charge a convenience fee on cash transactions').click();
    await fees.getByLabel('Convenience Fee', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Payments & Fees' }).click();
    await alertShows(page, m.ordering.saved);
    const store = page.getByTestId('card-store');
    await store.getByLabel('Pause the store').click();
    await store.getByLabel('Delivery', { exact: true }).click();
    await store.getByLabel('Delivery fee').fill('');
    await store.getByLabel('Preparation time (minutes)').fill('20');
    // Pacing, which could only be set through the API before.
    await store.getByLabel('Orders per 5 minutes').fill('12');
    await page.getByRole('button', { name: 'Save Checkout & Store Settings' }).click();
    await alertShows(page, m.ordering.saved);

    await reopen('ordering', 'Ordering');
    await expect(page.getByLabel('Enable Tab Ordering').getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByTestId('card-tag').getByLabel('Tag Ordering Delivery Fee').inputValue()).resolves.toBe('2.5');
    await expect(page.getByTestId('card-fees').getByLabel('Taxrate').inputValue()).resolves.toBe('8.25');
    await expect(page.getByTestId('card-store').getByLabel('Orders per 5 minutes').inputValue()).resolves.toBe('12');
    // EUR: the money fields show €.
    await expect(page.getByTestId('card-fees').getByText('€').count()).resolves.toBeGreaterThan(0);
    expect((await tenant()).checkoutOptions).toMatchObject({
      paused: true, preparationTime: 20, maxOrdersPerSlot: 12, deliveryFee: 0, taxRate: 8.25, currency: 'EUR', convenienceFee: 0, chargeConvenienceFeeForCashTransactions: true,
      tagDeliveryFee: 2.5, enableTagMetadataEdit: true, fulfillmentTypes: { TAB: true, TAG: true, DELIVERY: true, PICKUP: true },
    });
    // EUR everywhere the dashboard shows money: the products and coupons lists and the money fields of a form.
    expect((await call('POST', `/merchants/${admin.merchantId}/products`, { title: 'Churros', price: 4.5 }, admin.token)).status).toBe(201);
    expect((await call('POST', `/merchants/${admin.merchantId}/coupons`, { title: 'Two off', code: 'TWOOFF', type: 'FIXED', value: 2 }, admin.token)).status).toBe(201);
    await page.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/products`);
    await page.getByTestId('list-row').filter({ hasText: 'Churros' }).getByText('€4.50', { exact: true }).waitFor();
    await page.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/coupons`);
    await page.getByTestId('list-row').filter({ hasText: 'TWOOFF' }).getByText('€2.00', { exact: true }).waitFor();
    await page.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/products/new`);
    await page.locator('.ant-input-prefix', { hasText: '€' }).first().waitFor();
    await expect(page.locator('.ant-input-prefix', { hasText: '$' }).count()).resolves.toBe(0);
    await call('POST', `/merchants/${admin.merchantId}`, { checkoutOptions: { paused: false } }, admin.token);
  });

  it('Teleport: the URL only when enabled, required and http(s) with a dot; saved and kept; the public page redirects (302)', async () => {
    await open('teleport', 'Teleport');
    await expect(page.getByLabel('URL').count()).resolves.toBe(0);
    await page.getByLabel('Enable').click();
    await page.getByRole('button', { name: 'Save Teleport' }).click();
    await alertShows(page, m.teleport.urlRequired);
    await page.getByLabel('URL').fill('https://localhost');
    await page.getByRole('button', { name: 'Save Teleport' }).click();
    await alertShows(page, m.teleport.urlInvalid);
    await page.getByLabel('URL').fill('https://elsewhere.example/menu');
    await save('Save Teleport', m.teleport.saved);
    await reopen('teleport', 'Teleport');
    await expect(page.getByLabel('URL').inputValue()).resolves.toBe('https://elsewhere.example/menu');
    const redirected = await readWhen(() => publicPage(`/${handle}`), (res) => res.status === 302);
    expect([redirected.status, redirected.headers.get('location')]).toEqual([302, 'https://elsewhere.example/menu']);
    await page.getByLabel('Enable').click();
    await save('Save Teleport', m.teleport.saved);
    await expect(readWhen(() => publicPage(`/${handle}`).then((res) => res.status), (status) => status === 200)).resolves.toBe(200);
  });

  it('Domain & Handle: the handle normalised as typed, saved, the old one redirecting; a domain lists its DNS records', async () => {
    await open('handle', 'Domain & Handle');
    const handleField = page.getByRole('textbox', { name: 'Handle', exact: true });
    await handleField.fill('');
    await page.getByRole('button', { name: 'Save Handle' }).click();
    await alertShows(page, m.required);
    await handleField.pressSequentially(`${handle} Two!!`);
    await expect(handleField.inputValue()).resolves.toBe(`${handle}-two`);
    await save('Save Handle', 'Handle updated');
    await reopen('handle', 'Domain & Handle');
    await expect(page.getByRole('textbox', { name: 'Handle', exact: true }).inputValue()).resolves.toBe(`${handle}-two`);
    const moved = await readWhen(() => publicPage(`/${handle}`), (res) => res.status === 302);
    expect(moved.headers.get('location')).toBe(`/${handle}-two`);
    const old = handle;
    handle = `${handle}-two`;
    expect(old).not.toBe(handle);

    await page.getByRole('button', { name: 'Save Domain' }).click();
    await alertShows(page, m.required);
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill(`${handle}.example`);
    await page.getByRole('button', { name: 'Save Domain' }).click();
    const records = page.getByRole('table', { name: 'DNS records to create' });
    await records.getByText(`_seatside.${handle}.example`).waitFor();
    await records.getByText('A', { exact: true }).waitFor();
    await page.getByTestId('domain-status').getByText('Waiting for DNS records', { exact: false }).waitFor();
    // Not verified: the domain does not serve the page.
    const byHost = await call('GET', `/public-pages?host=${handle}.example`);
    expect(byHost.status).toBe(404);
  });

  it('Debug: a local toggle that shows the JSON of the objects on screen', async () => {
    await open('debug', 'Debug').catch(async () => {
      await page.goto(url('debug'));
      await page.getByRole('heading', { level: 1, name: 'Debug' }).waitFor();
    });
    await page.getByLabel(m.debug.toggle).click();
    await page.goto(url('details'));
    await expect(page.getByTestId('debug-json').innerText()).resolves.toContain(admin.merchantId);
    await page.goto(url('debug'));
    await page.getByLabel(m.debug.toggle).click();
    await page.goto(url('details'));
    await page.getByRole('heading', { level: 1, name: 'Details' }).waitFor();
    await expect(page.getByTestId('debug-json').count()).resolves.toBe(0);
  });

  it('Delete: only after typing DELETE; then the merchant is gone from its page and from the account list the user lands on, without a reload', async () => {
    const doomed = await call<{ id: string }>('POST', '/merchants/create', { name: 'Doomed Diner', handle: `doomed-${handle}` }, admin.token);
    expect(doomed.status).toBe(201);
    await page.goto(`${app.url}/dashboard/merchants/${doomed.body.id}/settings/delete`);
    await page.getByRole('heading', { level: 1, name: 'Delete' }).waitFor();
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await page.getByRole('button', { name: 'Delete merchant' }).click();
    await alertShows(page, m.delete.typeDelete);
    await page.getByLabel('Type DELETE to confirm').fill(m.delete.confirmWord);
    await page.getByRole('button', { name: 'Delete merchant' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/account'));
    // Without a reload: the list the user lands on no longer holds it.
    await page.getByTestId('account-merchants').waitFor();
    await expect(page.getByText('Doomed Diner').count()).resolves.toBe(0);
    expect((await call('GET', `/storefront/doomed-${handle}`)).status).toBe(404);
    expect((await call('GET', `/merchants/${doomed.body.id}`, undefined, admin.token)).status).toBe(404);
  });
  it('keeps notification preferences per user: SMS needs the consent box, the browser\'s refusal is said in the seed\'s words, and the choice survives a reload', async () => {
    await open('notification-preferences', m.notifications.title);
    await page.getByRole('switch', { name: /Web push notifications/ }).click();
    await page.getByRole('switch', { name: /^SMS/ }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await alertShows(page, m.notifications.smsConsent);
    await page.getByRole('checkbox', { name: /I agree to receive SMS/ }).check();
    await save('Save Preferences', m.notifications.saved);
    await reopen('notification-preferences', m.notifications.title);
    await expect(page.getByRole('switch', { name: /Web push notifications/ }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByRole('switch', { name: /^SMS/ }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByRole('switch', { name: /^Email/ }).getAttribute('aria-checked')).resolves.toBe('false');
    // This browser refuses notifications (no permission granted to the page).
    await page.context().clearPermissions();
    await page.getByRole('button', { name: 'Enable on this browser' }).click();
    await alertShows(page, m.notifications.denied);
    const saved = await call<Record<string, boolean>>('GET', `/merchants/${admin.merchantId}/notification-preferences`, undefined, admin.token);
    expect(saved.body).toEqual({ appPushNotification: false, webPush: true, email: false, sms: true, smsConsent: true });
  });
  it('given a team member, then they read the settings and see the team, but only admins change them: the forms are disabled with a note, no Add User; their own notification preferences stay theirs to change', async () => {
    const member = await signUp(app, 'settings-member', { firstName: 'Tina', lastName: 'Team' });
    expect((await call('POST', `/merchants/${admin.merchantId}/users/add`, { firstName: 'Tina', lastName: 'Team', email: member.email, role: 'teamMember' }, admin.token)).status).toBe(201);
    // The membership reaches the member's /auth/me from the identity service's projection.
    const isMember = async () => ((await call<{ merchants?: { id: string }[] }>('GET', '/auth/me', undefined, member.token)).body.merchants ?? []).some((t) => t.id === admin.merchantId);
    await expect(readWhen(isMember, (yes) => yes)).resolves.toBe(true);
    const seen = await signedIn(app, member);
    await seen.goto(url('details'));
    await seen.getByTestId('settings-read-only').getByText(m.adminsOnly).waitFor();
    await expect(seen.getByRole('button', { name: 'Save Details' }).isDisabled()).resolves.toBe(true);
    await seen.goto(url('users'));
    await seen.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await seen.getByTestId('team-user').filter({ hasText: member.email }).getByText('You').waitFor();
    expect(await seen.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: /^Edit role of / }).count()).toBe(0);
    await seen.goto(url('notification-preferences'));
    await seen.getByRole('button', { name: 'Save Preferences' }).waitFor();
    await expect(seen.getByRole('button', { name: 'Save Preferences' }).isDisabled()).resolves.toBe(false);
    expect(await seen.getByTestId('settings-read-only').count()).toBe(0);
    await seen.close();
  });

  it("a venue's Address: a teammate's save after the section opened answers 'This record was changed by someone else. Reload it and try again.' and stands; after a reload the save goes through", async () => {
    const venue = await call<{ id: string }>('POST', '/venues/create', { name: 'Gate 4 Arena', handle: `arena-${handle}`, googlePlaceId: '', timeZone: 'America/New_York' }, admin.token);
    expect(venue.status).toBe(201);
    const venuePath = `/venues/${venue.body.id}`;
    while ((await call('GET', venuePath, undefined, admin.token)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    const address = `${app.url}/dashboard${venuePath}/settings/address`;
    await page.goto(address);
    await page.locator('[data-testid="section-address"][aria-busy="false"]').waitFor();
    await page.getByLabel('Address line 1').waitFor();
    expect((await call('POST', venuePath, { address: { line1: '4 Gate Rd' } }, admin.token)).status).toBe(200);
    await page.getByLabel('Address line 1').fill('9 Other Rd');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await alertShows(page, 'This record was changed by someone else. Reload it and try again.');
    expect((await call<{ address: { line1: string } }>('GET', venuePath, undefined, admin.token)).body.address.line1).toBe('4 Gate Rd');

    await page.reload();
    await expect(readWhen(() => page.getByLabel('Address line 1').inputValue(), (v) => v === '4 Gate Rd')).resolves.toBe('4 Gate Rd');
    await page.getByLabel('Address line 1').fill('9 Other Rd');
    await save('Save Address', m.address.saved);
    expect((await call<{ address: { line1: string } }>('GET', venuePath, undefined, admin.token)).body.address.line1).toBe('9 Other Rd');
  });

  it("the New User dialog offers the roles its team has: a merchant's Admin, Team Member and Runner, a venue's no Runner (runners carry a merchant's orders)", async () => {
    const venue = await call<{ id: string }>('POST', '/venues/create', { name: 'Gate 5 Arena', handle: `gate5-${handle}`, googlePlaceId: '', timeZone: 'America/New_York' }, admin.token);
    expect(venue.status).toBe(201);
    while ((await call('GET', `/venues/${venue.body.id}`, undefined, admin.token)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    const offered = async (users: string) => {
      await page.goto(users);
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'New User' });
      const roles = await dialog.getByLabel('Role').locator('option:not([disabled])').allInnerTexts();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      return roles;
    };
    expect(await offered(url('users'))).toEqual(['Admin', 'Team Member', 'Runner']);
    expect(await offered(`${app.url}/dashboard/venues/${venue.body.id}/settings/users`)).toEqual(['Admin', 'Team Member']);
  });
});

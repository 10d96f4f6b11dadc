import type { Page } from 'playwright-core';
import { deleteConfirmText, listMessages } from '@seatside/ui/src/lists/messages';
import { readWhen, seriousViolations, webAppUnderTest } from './browser';
import {
  alertShows, apiOf, fieldSays, lastSegment, merchantAdmin as merchantAdmin_, merchantPage as merchantPage_, ONE_PIXEL_PNG, openList, signedIn as signedIn_, switchMode,
  type ListAnswer, type MerchantAdmin,
} from './session';

// Seed 001 §2, §5, §8 and docs/catalog-api.md (the dashboard's own copies are in catalog/{menus,services}/messages.ts;
// apps cannot be imported; the HHMM ↔ 12-hour functions have their unit spec in catalog/menus/time.unit.spec.ts).
const menuMessages = {
  add: 'New Menu', newTitle: 'New Menu', editTitle: 'Edit Menu', create: 'Create Menu', save: 'Save Menu', delete: 'Delete Menu',
  titleRequired: 'Title is required', timeLike: 'Please enter a time like 11:00 AM', created: 'Menu Created', updated: 'Menu Updated', deleted: 'Menu Deleted',
  empty: 'No menus found',
  // The catalogue's image words, which the product form says too (catalog/images/messages.ts).
  imageUrlInvalid: 'Please enter a valid URL.', uploadBanner: 'Upload Banner', uploadIcon: 'Upload Icon', imageUploaded: 'Image uploaded',
} as const;

const serviceMessages = {
  listTitle: 'Services', add: 'New Service', newTitle: 'New Service', editTitle: 'Edit Service', create: 'Add Service', save: 'Save Service', delete: 'Delete Service',
  titleRequired: 'Service name is required', priceRequired: 'Service price is required', pricePositive: 'Price must be positive',
  durationRequired: 'Service duration is required', durationPositive: 'Duration must be positive',
  created: 'Service added successfully', updated: 'Service updated successfully', deleted: 'item has been deleted', orderSaved: 'Order saved',
  addImage: 'Add image URL', uploadImage: 'Upload image', imageUploaded: 'Image uploaded',
} as const;

type MenuRecord = { title: string; testMode: boolean; availability: { allDayMenu: boolean; begin: string | null; end: string | null }; products: string[] };
type ServiceRecord = { id: string; title: string; price: number; duration: number; taxable: boolean; useCustomTaxRate: boolean; taxRate: number; images: string[]; testMode: boolean };

/**
 * The menu and service screens (seed 001 §2–§5, §8, §9) as `npm start` serves them, in Chromium,
 * against docs/catalog-api.md: menus as a card grid with 12-hour availability, services as cards a
 * person reorders with the keyboard, each user's order kept by the server.
 */
describe('the menu and service screens', () => {
  const app = webAppUnderTest('menus-services');
  const call = apiOf(app);
  const merchantAdmin = () => merchantAdmin_(app, 'menus');
  const signedIn = (admin: MerchantAdmin) => signedIn_(app, admin);
  const merchantPage = (admin: MerchantAdmin, rest: string) => merchantPage_(app, admin, rest);

  const menuCards = (page: Page) => page.getByTestId('menu-card');
  const serviceCards = (page: Page) => page.getByTestId('service-card');
  const serviceTitles = (page: Page) => serviceCards(page).locator('h2').allInnerTexts();

  /** Waits until the screen shows exactly these cards' titles, in order (none: the empty text). */
  async function cardsShown(page: Page, testId: string, titles: string[], empty: string) {
    await page.waitForFunction(
      ([id, want, emptyText]) =>
        document.querySelector('section[aria-busy="false"]') !== null &&
        (want.length === 0
          ? document.body.innerText.includes(emptyText)
          : JSON.stringify([...document.querySelectorAll(`[data-testid="${id}"] h2`)].map((h) => (h as HTMLElement).innerText)) === JSON.stringify(want)),
      [testId, titles, empty] as const,
    );
  }
  const menusShown = (page: Page, titles: string[]) => cardsShown(page, 'menu-card', titles, menuMessages.empty);
  const servicesShown = (page: Page, titles: string[]) => cardsShown(page, 'service-card', titles, listMessages.empty);

  /** The menu grid's empty text once it has loaded with no cards (seed 001 §8: 'No menus found'). */
  async function menusEmptyText(page: Page): Promise<string> {
    await page.waitForFunction(() => document.querySelector('section[aria-busy="false"] .mn-empty') !== null && document.querySelector('[data-testid="menu-card"]') === null);
    return page.locator('.mn-empty').innerText();
  }

  /** A 1×1 PNG stored by the media service (docs/media-api.md): `brand` as the merchant's banner, or in `uploads`; answers its URL. */
  async function stored(admin: MerchantAdmin, route: 'brand' | 'uploads'): Promise<string> {
    const body = new FormData();
    if (route === 'brand') body.append('key', 'banner');
    body.append('file', new Blob([Buffer.from(ONE_PIXEL_PNG, 'base64')], { type: 'image/png' }), 'banner.png');
    const res = await fetch(`${app.url}/v1/merchants/${admin.merchantId}/${route}`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body });
    expect(res.status).toBe(200);
    return res.text();
  }

  /** Waits until the merchant's card in /auth/me carries this banner (the catalog has seen the upload). */
  async function merchantBannerIs(admin: MerchantAdmin, url: string) {
    type Me = { merchants: { id: string; branding?: { banner?: string | null } }[] };
    const banner = async () => (await call<Me>('GET', '/auth/me', undefined, admin.token)).body.merchants.find((m) => m.id === admin.merchantId)?.branding?.banner;
    while ((await banner()) !== url) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The latest of dnd-kit's screen-reader announcements. */
  async function announced(page: Page, text: string) {
    await page.waitForFunction((want) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === want, text);
  }

  /** Two animation frames: dnd-kit's keyboard sensor starts listening for arrow keys in a timer after the pick-up. */
  async function settled(page: Page) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  /**
   * dnd-kit's keyboard drag of `name` (of `count` items) from position `from` up to `to`: focus its
   * handle, Space picks it up, each ArrowUp moves it one place, Space drops it; each step is announced.
   */
  async function keyboardDragUp(page: Page, name: string, count: number, from: number, to: number) {
    await page.getByRole('button', { name: `Reorder ${name}` }).focus();
    await page.keyboard.press('Space');
    await announced(page, `${name} is at position ${from} of ${count}.`);
    await settled(page);
    for (let position = from - 1; position >= to; position--) {
      await page.keyboard.press('ArrowUp');
      await announced(page, `${name} moved to position ${position} of ${count}.`);
      await settled(page);
    }
    await page.keyboard.press('Space');
    await announced(page, `${name} dropped at position ${to} of ${count}.`);
  }

  it('a merchant admin creates a menu with a time window, sees it in 12-hour form, makes it all day and deletes it; the sandbox keeps its own', async () => {
    const admin = await merchantAdmin();
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Loaded Nachos', price: 12.5, code: 'NACHO' }, admin.token);
    expect(product.status).toBe(201);
    const page = await signedIn(admin);
    const list = merchantPage(admin, 'menus');

    // Given no menus, the grid says so in the spec's words (001 §8), not the tables' 'All caught up!'; the drawer leads here.
    await openList(page, list, 'Menus');
    await expect(menusEmptyText(page)).resolves.toBe(menuMessages.empty);
    await expect(page.getByRole('navigation', { name: 'Merchant' }).getByRole('link', { name: 'Menus' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When a menu is created with a time window typed loosely, then it is sent as HHMM and shown in 12-hour form.
    await page.getByRole('link', { name: menuMessages.add }).click();
    await page.getByRole('heading', { level: 1, name: menuMessages.newTitle }).waitFor();
    await page.getByRole('button', { name: menuMessages.create }).click();
    await alertShows(page, menuMessages.titleRequired);
    await page.getByLabel('Title', { exact: true }).fill('Lunch');
    await page.getByLabel('Description').fill('Weekday specials');
    await expect(page.getByLabel('Begins at').count()).resolves.toBe(0);
    await page.getByRole('switch', { name: 'All day menu' }).click();
    await page.getByLabel('Begins at').fill('noon-ish');
    await page.getByLabel('Ends at').fill('2:30 pm');
    await page.getByLabel('Ends at').blur();
    await alertShows(page, menuMessages.timeLike);
    await expect(readWhen(() => page.getByLabel('Ends at').inputValue(), (v) => v === '2:30 PM')).resolves.toBe('2:30 PM');
    await page.getByLabel('Begins at').fill('11am');
    await page.getByLabel('Begins at').blur();
    await expect(readWhen(() => page.getByLabel('Begins at').inputValue(), (v) => v === '11:00 AM')).resolves.toBe('11:00 AM');
    await page.getByRole('checkbox', { name: 'Loaded Nachos' }).check();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: menuMessages.create }).click();
    await alertShows(page, menuMessages.created);
    await page.waitForURL((url) => /\/menus\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const menuId = lastSegment(page.url());
    const created = await call<MenuRecord>('GET', `/merchants/${admin.merchantId}/menus/${menuId}`, undefined, admin.token);
    expect(created.body).toMatchObject({ title: 'Lunch', testMode: false, availability: { allDayMenu: false, begin: '1100', end: '1430' }, products: [product.body.id] });
    await page.getByRole('heading', { level: 1, name: menuMessages.editTitle }).waitFor();
    await expect(page.getByLabel('Begins at').inputValue()).resolves.toBe('11:00 AM');
    await expect(page.getByLabel('Ends at').inputValue()).resolves.toBe('2:30 PM');

    // The card: title, description, '11:00 AM - 2:30 PM' and a placeholder banner; a menu's own banner shows.
    const banner = await stored(admin, 'uploads');
    expect((await call('POST', `/merchants/${admin.merchantId}/menus`, { title: 'Brunch', branding: { banner, icon: null } }, admin.token)).status).toBe(201);
    await openList(page, list, 'Menus');
    await menusShown(page, ['Brunch', 'Lunch']);
    const lunch = menuCards(page).filter({ hasText: 'Lunch' });
    await expect(lunch.getByTestId('menu-availability').innerText()).resolves.toBe('11:00 AM - 2:30 PM');
    await expect(lunch.innerText()).resolves.toContain('Weekday specials');
    await lunch.getByTestId('banner-placeholder').waitFor();
    await expect(menuCards(page).filter({ hasText: 'Brunch' }).getByTestId('menu-availability').innerText()).resolves.toBe('All day');
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The merchant's banner stands in for a menu without its own.
    const merchantBanner = await stored(admin, 'brand');
    await merchantBannerIs(admin, merchantBanner);
    await openList(page, list, 'Menus');
    await menusShown(page, ['Brunch', 'Lunch']);
    await expect(menuCards(page).filter({ hasText: 'Lunch' }).locator('img.mn-banner').getAttribute('src')).resolves.toBe(merchantBanner);
    await expect(menuCards(page).filter({ hasText: 'Brunch' }).locator('img.mn-banner').getAttribute('src')).resolves.toBe(banner);

    // Search from 3 characters.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search menus' }).fill('lun');
    await menusShown(page, ['Lunch']);
    await page.getByRole('button', { name: 'Search' }).click();
    await menusShown(page, ['Brunch', 'Lunch']);

    // When it is made all day, then the card says so and no times are kept.
    await page.getByRole('link', { name: 'Lunch' }).click();
    await page.getByRole('heading', { level: 1, name: menuMessages.editTitle }).waitFor();
    await page.getByRole('switch', { name: 'All day menu' }).click();
    await page.getByLabel('Begins at').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: menuMessages.save }).click();
    await alertShows(page, menuMessages.updated);
    const allDay = await call<MenuRecord>('GET', `/merchants/${admin.merchantId}/menus/${menuId}`, undefined, admin.token);
    expect(allDay.body.availability).toEqual({ allDayMenu: true, begin: null, end: null });
    await openList(page, list, 'Menus');
    await menusShown(page, ['Brunch', 'Lunch']);
    await expect(menuCards(page).filter({ hasText: 'Lunch' }).getByTestId('menu-availability').innerText()).resolves.toBe('All day');

    // When it is deleted (after the question), then the grid goes without it.
    await page.getByRole('link', { name: 'Lunch' }).click();
    await page.getByRole('button', { name: menuMessages.delete }).click();
    await page.getByText(deleteConfirmText('menu'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, menuMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/menus`);
    await menusShown(page, ['Brunch']);
    expect((await call('GET', `/merchants/${admin.merchantId}/menus/${menuId}`, undefined, admin.token)).status).toBe(404);

    // The sandbox has its own menus; one made there takes the sandbox mode.
    await switchMode(page, admin, true);
    await openList(page, list, 'Menus');
    await expect(menusEmptyText(page)).resolves.toBe(menuMessages.empty);
    await page.getByRole('link', { name: menuMessages.add }).click();
    await page.getByLabel('Title', { exact: true }).fill('Test Menu');
    await page.getByRole('button', { name: menuMessages.create }).click();
    await alertShows(page, menuMessages.created);
    const sandbox = await call<ListAnswer<MenuRecord>>('GET', `/merchants/${admin.merchantId}/menus?testMode=true`, undefined, admin.token);
    expect(sandbox.body.data.map((menu) => [menu.title, menu.testMode])).toEqual([['Test Menu', true]]);
    await openList(page, list, 'Menus');
    await menusShown(page, ['Test Menu']);
    await switchMode(page, admin, false);
    await openList(page, list, 'Menus');
    await menusShown(page, ['Brunch']);
  });

  it('given the menu form, when the banner or icon is no http(s) URL, then the product form’s "Please enter a valid URL." shows under it and nothing is sent; an uploaded banner fills its field and is saved', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(admin);
    const menusPath = `/v1/merchants/${admin.merchantId}/menus`;
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === menusPath) saves.push(request.url());
    });
    await page.goto(merchantPage(admin, 'menus/new'));
    await page.getByRole('heading', { level: 1, name: menuMessages.newTitle }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Branded');
    const banner = page.getByLabel('Banner image URL');
    const icon = page.getByLabel('Icon URL');
    await banner.fill('not a url');
    await icon.fill('ftp://example.com/icon.png');
    await page.getByRole('button', { name: menuMessages.create }).click();
    await expect(fieldSays(page, banner, menuMessages.imageUrlInvalid)).resolves.toContain(menuMessages.imageUrlInvalid);
    await expect(fieldSays(page, icon, menuMessages.imageUrlInvalid)).resolves.toContain(menuMessages.imageUrlInvalid);
    await expect(banner.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(saves).toEqual([]);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // An uploaded png (docs/media-api.md) takes the banner's field; an emptied icon is no icon (the merchant's stands in).
    await page.getByLabel(menuMessages.uploadBanner).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await alertShows(page, menuMessages.imageUploaded);
    const uploaded = await readWhen(() => banner.inputValue(), (url) => url !== 'not a url');
    expect(uploaded).toMatch(new RegExp(`/v1/media/merchants/${admin.merchantId}/uploads/[^/]+\\.png$`));
    await page.locator('.ant-form-item').filter({ has: banner }).getByText(menuMessages.imageUrlInvalid, { exact: true }).waitFor({ state: 'detached' });
    await icon.fill('');
    await page.getByRole('button', { name: menuMessages.create }).click();
    await alertShows(page, menuMessages.created);
    await page.waitForURL((url) => /\/menus\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    expect(saves).toHaveLength(1);
    const created = await call<{ branding: { banner: string | null; icon: string | null } }>('GET', `/merchants/${admin.merchantId}/menus/${lastSegment(page.url())}`, undefined, admin.token);
    expect(created.body.branding).toEqual({ banner: uploaded, icon: null });
  });

  it('a merchant admin adds a service (then lands on it), sees its price and duration, reorders services by keyboard (kept across a reload) and deletes them', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(admin);
    const list = merchantPage(admin, 'services');

    await openList(page, list, serviceMessages.listTitle);
    await servicesShown(page, []);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Given the form, when it is sent empty or with non-positive numbers, then §5's messages show.
    await page.getByRole('link', { name: serviceMessages.add }).click();
    await page.getByRole('heading', { level: 1, name: serviceMessages.newTitle }).waitFor();
    await page.getByRole('button', { name: serviceMessages.create }).click();
    for (const message of [serviceMessages.titleRequired, serviceMessages.priceRequired, serviceMessages.durationRequired]) await alertShows(page, message);
    await page.getByLabel('Service Price').fill('-5');
    await alertShows(page, serviceMessages.pricePositive);
    await page.getByLabel('Service Duration').fill('0');
    await alertShows(page, serviceMessages.durationPositive);

    // Custom Tax Rate only when taxable; Tax rate only when custom.
    await expect(page.getByRole('switch', { name: 'Custom Tax Rate' }).count()).resolves.toBe(0);
    await page.getByRole('switch', { name: 'Taxable' }).click();
    await expect(page.getByLabel('Tax rate', { exact: true }).count()).resolves.toBe(0);
    await page.getByRole('switch', { name: 'Custom Tax Rate' }).click();
    await page.getByLabel('Tax rate', { exact: true }).fill('8.25');

    // Images: added by URL, reordered by keyboard, one removed.
    const images = ['a', 'b', 'c'].map((name) => `${app.url}/images/${name}.png`);
    for (const url of images) {
      await page.getByLabel('Image URL').fill(url);
      await page.getByRole('button', { name: serviceMessages.addImage }).click();
    }
    await keyboardDragUp(page, 'image 3', 3, 3, 1);
    await page.waitForFunction((first) => document.querySelector('[data-testid="image-row"] .sv-url')?.textContent === first, images[2]);
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await expect(readWhen(() => page.getByTestId('image-row').locator('.sv-url').allInnerTexts(), (t) => t.length === 2)).resolves.toEqual([images[2], images[1]]);
    // An uploaded image (docs/media-api.md) joins the list with the URL the media service answers.
    await page.getByLabel(serviceMessages.uploadImage).setInputFiles({ name: 'cut.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await alertShows(page, serviceMessages.imageUploaded);
    await page.getByTestId('image-row').nth(2).waitFor();
    const uploaded = await page.getByTestId('image-row').nth(2).locator('.sv-url').innerText();
    expect(uploaded).toMatch(new RegExp(`/v1/media/merchants/${admin.merchantId}/uploads/[^/]+\\.png$`));
    await page.waitForFunction((url) => [...document.images].some((img) => img.src === new URL(url, location.href).href && img.complete && img.naturalWidth === 1), uploaded);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await page.getByLabel('Service Name').fill('Haircut');
    await page.getByLabel('Service Description').fill('Wash, cut and style');
    await page.getByLabel('Service Price').fill('25');
    await page.getByLabel('Service Duration').fill('30');
    await page.getByRole('button', { name: serviceMessages.create }).click();
    await alertShows(page, serviceMessages.created);
    await page.waitForURL((url) => /\/services\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const haircutId = lastSegment(page.url());
    await page.getByRole('heading', { level: 1, name: serviceMessages.editTitle }).waitFor();
    const created = await call<ServiceRecord>('GET', `/merchants/${admin.merchantId}/services/${haircutId}`, undefined, admin.token);
    expect(created.body).toMatchObject({ title: 'Haircut', price: 25, duration: 30, taxable: true, useCustomTaxRate: true, taxRate: 8.25, images: [images[2], images[1], uploaded], testMode: false });

    // Update stays on the page.
    await page.getByLabel('Service Duration').fill('45');
    await page.getByRole('button', { name: serviceMessages.save }).click();
    await alertShows(page, serviceMessages.updated);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/services/${encodeURIComponent(haircutId)}`);
    await expect(call<ServiceRecord>('GET', `/merchants/${admin.merchantId}/services/${haircutId}`, undefined, admin.token).then((a) => a.body.duration)).resolves.toBe(45);

    for (const [title, price, duration] of [
      ['Beard Trim', 12.5, 15],
      ['Shave', 18, 20],
    ] as const) {
      expect((await call('POST', `/merchants/${admin.merchantId}/services`, { title, price, duration }, admin.token)).status).toBe(201);
    }

    // The cards: in creation order at first, each with 'Price: $…' and 'Duration: n minutes'.
    await openList(page, list, serviceMessages.listTitle);
    await servicesShown(page, ['Haircut', 'Beard Trim', 'Shave']);
    const haircut = serviceCards(page).filter({ hasText: 'Haircut' });
    await expect(haircut.innerText()).resolves.toContain('Price: $25.00');
    await expect(haircut.innerText()).resolves.toContain('Duration: 45 minutes');
    await expect(serviceCards(page).filter({ hasText: 'Beard Trim' }).innerText()).resolves.toContain('Price: $12.50');
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When Shave is dragged to the top by keyboard, then the order is saved and survives a reload.
    await keyboardDragUp(page, 'Shave', 3, 3, 1);
    await page.getByTestId('order-status').getByText(serviceMessages.orderSaved).waitFor();
    await expect(serviceTitles(page)).resolves.toEqual(['Shave', 'Haircut', 'Beard Trim']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: serviceMessages.listTitle }).waitFor();
    await servicesShown(page, ['Shave', 'Haircut', 'Beard Trim']);
    const ordered = await call<ListAnswer<ServiceRecord>>('GET', `/merchants/${admin.merchantId}/services`, undefined, admin.token);
    expect(ordered.body.data.map((s) => s.title)).toEqual(['Shave', 'Haircut', 'Beard Trim']);

    // The card links to the service's page.
    await page.getByRole('link', { name: 'Haircut' }).click();
    await page.getByRole('heading', { level: 1, name: serviceMessages.editTitle }).waitFor();
    await expect(page.getByLabel('Service Name').inputValue()).resolves.toBe('Haircut');
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Delete from the page and from the list, each after the question.
    await page.getByRole('button', { name: serviceMessages.delete }).click();
    await page.getByText(deleteConfirmText('service'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, serviceMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/services`);
    await servicesShown(page, ['Shave', 'Beard Trim']);
    await serviceCards(page).filter({ hasText: 'Beard Trim' }).getByRole('button', { name: 'Delete Beard Trim' }).click();
    await page.getByText(deleteConfirmText('service'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await servicesShown(page, ['Shave']);
    expect((await call('GET', `/merchants/${admin.merchantId}/services/${haircutId}`, undefined, admin.token)).status).toBe(404);

    // The sandbox has none of them.
    await switchMode(page, admin, true);
    await openList(page, list, serviceMessages.listTitle);
    await servicesShown(page, []);
    await switchMode(page, admin, false);
  });
});

import type { Page } from 'playwright-core';
import { deleteConfirmText, listMessages } from '@seatside/ui/src/lists/messages';
import { pageOfPagesText, pageWindow, rangeText } from '@seatside/ui/src/lists/paging';
import { countWhen, readWhen, seriousViolations, webAppUnderTest } from './browser';
import {
  alertShows, apiOf, fieldSays, lastSegment, listRows, merchantAdmin as merchantAdmin_, merchantPage as merchantPage_, ONE_PIXEL_PNG, openList, signedIn as signedIn_, switchMode, waitForRows,
  type ListAnswer, type MerchantAdmin as Merchant,
} from './session';

// Seed 001 §5, §8 (the dashboard app's own copies are in catalog/*/messages.ts; apps cannot be imported).
const couponMessages = {
  titleRequired: 'Title is required',
  codeRequired: 'Code is required',
  valueRequired: 'Discount value is required',
  notANumber: 'Value must be a number',
  typeRequired: 'Discount type is required',
  minimumRequired: 'Minimum order amount is required',
  // docs/catalog-api.md (the catalog service's words).
  valueNegative: 'Value must be 0 or more',
  percentageTooLarge: 'A percentage must be between 0 and 100',
  created: 'Coupon Created',
  updated: 'Coupon Updated',
  deleted: 'Coupon Deleted',
} as const;

const productMessages = {
  titleRequired: 'Title is required',
  priceRequired: 'Price is required',
  priceNotANumber: 'Price must be a number',
  // docs/catalog-api.md: no spec words (001 §5), so the coupons' wording for a money field.
  priceNegative: 'Price must be 0 or more',
  // Seed 002 §5's words for an address that is no URL.
  imageUrlInvalid: 'Please enter a valid URL.',
  addImage: 'Add image URL',
  uploadImage: 'Upload image',
  imageUploaded: 'Image uploaded',
  created: 'Product Created',
  updated: 'Product Updated',
  deleted: 'Product Deleted',
  noDescription: 'No Product Description',
  // The chassis' words for a stale If-Match (docs/ARCHITECTURE.md).
  changedElsewhere: 'This record was changed by someone else. Reload it and try again.',
} as const;

const PRODUCT_COLUMNS = ['Images', 'Title', 'Description', 'Price', 'Manage Stock', 'Stock Quantity', 'Created At', 'Updated At'];

/**
 * The coupon and product screens (seed 001 §2–§5, §8, §9) as `npm start` serves them, in Chromium,
 * against the catalog API of docs/catalog-api.md: a merchant admin creates, edits, searches, sorts,
 * pages and deletes, in production and in the sandbox.
 */
describe('the catalog screens', () => {
  const app = webAppUnderTest('catalog');
  const call = apiOf(app);
  const merchantAdmin = () => merchantAdmin_(app, 'catalog');
  const signedIn = (admin: Merchant) => signedIn_(app, admin);
  const merchantPage = (admin: Merchant, rest: string) => merchantPage_(app, admin, rest);
  const rows = listRows;

  async function firstCells(page: Page, column: number): Promise<string[]> {
    return rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
  }

  it('given the pure pager arithmetic, then 101 rows of 100 are two pages, "1-100 of 101" then "101-101 of 101"', () => {
    expect(pageOfPagesText(pageWindow(0, 100, 100, 101))).toBe('Page 1 of 2');
    expect(rangeText(pageWindow(0, 100, 100, 101))).toBe('1-100 of 101');
    expect(rangeText(pageWindow(1, 100, 1, 101))).toBe('101-101 of 101');
    expect(rangeText(pageWindow(0, 100, 0, 0))).toBe('0-0 of 0');
    expect(deleteConfirmText('coupon')).toBe('You are about to delete this coupon. This action cannot be undone.');
  });

  it('a merchant admin creates, edits, sorts, searches, quick-views and deletes coupons, and the sandbox keeps its own', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(admin);
    const list = merchantPage(admin, 'coupons');

    await openList(page, list, 'Coupons');
    await page.getByText(listMessages.empty).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Create: every §5 message, then a coupon; the page moves to the new coupon.
    await page.getByRole('link', { name: 'New Coupon' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Coupon' }).waitFor();
    await page.getByLabel('Discount value').fill('');
    await page.getByLabel('Minimum order amount').fill('');
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    for (const message of [couponMessages.titleRequired, couponMessages.codeRequired, couponMessages.typeRequired, couponMessages.valueRequired, couponMessages.minimumRequired]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Discount value').fill('ten');
    await page.getByText(couponMessages.notANumber, { exact: true }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Summer Sale');
    await page.getByLabel('Code', { exact: true }).fill('summer10');
    await expect(readWhen(() => page.getByLabel('Code', { exact: true }).inputValue(), (v) => v === 'SUMMER10')).resolves.toBe('SUMMER10');
    await page.getByLabel('Discount type').selectOption('PERCENTAGE');
    await page.getByLabel('Discount value').fill('10');
    await page.getByLabel('Minimum order amount').fill('0');
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await alertShows(page, couponMessages.created);
    await page.waitForURL((url) => /\/coupons\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const couponId = lastSegment(page.url());
    const created = await call<{ code: string; active: boolean; testMode: boolean; type: string; value: number }>('GET', `/merchants/${admin.merchantId}/coupons/${couponId}`, undefined, admin.token);
    expect(created.body).toMatchObject({ code: 'SUMMER10', active: true, testMode: false, type: 'PERCENTAGE', value: 10 });

    // Update stays on the page.
    await page.getByRole('heading', { level: 1, name: 'Edit Coupon' }).waitFor();
    const status = page.getByRole('switch', { name: 'Status' });
    await expect(status.innerText()).resolves.toContain('Active');
    await status.click();
    await expect(readWhen(() => status.innerText(), (t) => t.includes('Inactive'))).resolves.toContain('Inactive');
    await page.getByLabel('Title', { exact: true }).fill('Summer Sale 2026');
    await page.getByRole('button', { name: 'Save Coupon' }).click();
    await alertShows(page, couponMessages.updated);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/coupons/${encodeURIComponent(couponId)}`);
    const updated = await call<{ title: string; active: boolean }>('GET', `/merchants/${admin.merchantId}/coupons/${couponId}`, undefined, admin.token);
    expect(updated.body).toMatchObject({ title: 'Summer Sale 2026', active: false });

    for (const [code, type, value] of [
      ['WINTER5', 'FIXED', 5],
      ['AUTUMN15', 'PERCENTAGE', 15],
    ] as const) {
      const answer = await call('POST', `/merchants/${admin.merchantId}/coupons`, { title: `${code} deal`, code, type, value, minimumOrderAmount: 0 }, admin.token);
      expect(answer.status).toBe(201);
    }

    // The list: by code ascending; % and $; a header click sorts descending with its arrow.
    await openList(page, list, 'Coupons');
    await waitForRows(page, 3);
    await expect(firstCells(page, 1)).resolves.toEqual(['AUTUMN15', 'SUMMER10', 'WINTER5']);
    await expect(firstCells(page, 3)).resolves.toEqual(['15%', '10%', '$5.00']);
    await expect(firstCells(page, 4)).resolves.toEqual(['Active', 'Inactive', 'Active']);
    await expect(page.getByTestId('range').innerText()).resolves.toBe('1-3 of 3');
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 1 of 1');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await page.waitForFunction(`document.querySelector('th[aria-sort="descending"]')?.innerText.includes('Code')`);
    await page.waitForFunction(`document.querySelector('[data-testid="list-row"] td')?.innerText === 'WINTER5'`);
    await expect(firstCells(page, 1)).resolves.toEqual(['WINTER5', 'SUMMER10', 'AUTUMN15']);

    // Search from 3 characters; clearing restores the list.
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search coupons' });
    await search.fill('su');
    await page.waitForTimeout(400);
    await waitForRows(page, 3);
    await search.fill('sum');
    await waitForRows(page, 1);
    await expect(firstCells(page, 1)).resolves.toEqual(['SUMMER10']);
    await search.fill('');
    await waitForRows(page, 3);

    // Quick edit: a right drawer with the code and created-at.
    await page.getByRole('button', { name: 'Quick edit SUMMER10' }).click();
    const drawer = page.getByTestId('quick-edit');
    await drawer.waitFor();
    await expect(drawer.innerText()).resolves.toMatch(/Code\s+SUMMER10/);
    await expect(drawer.innerText()).resolves.toContain('Created At');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Delete asks first, then goes back to the list.
    await rows(page).getByRole('link', { name: 'SUMMER10' }).click();
    await page.getByRole('button', { name: 'Delete Coupon' }).click();
    await page.getByText(deleteConfirmText('coupon'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, couponMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/coupons`);
    await waitForRows(page, 2);
    await expect((await call('GET', `/merchants/${admin.merchantId}/coupons/${couponId}`, undefined, admin.token)).status).toBe(404);

    // The sandbox has its own coupons; a new one there takes the sandbox mode.
    await switchMode(page, admin, true);
    await openList(page, list, 'Coupons');
    await page.getByText(listMessages.empty).waitFor();
    await page.getByRole('link', { name: 'New Coupon' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Test drive');
    await page.getByLabel('Code', { exact: true }).fill('sandbox1');
    await page.getByLabel('Discount type').selectOption('FIXED');
    await page.getByLabel('Discount value').fill('2.5');
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await alertShows(page, couponMessages.created);
    const sandbox = await call<ListAnswer<{ code: string; testMode: boolean }>>('GET', `/merchants/${admin.merchantId}/coupons?testMode=true`, undefined, admin.token);
    expect(sandbox.body.data.map((c) => [c.code, c.testMode])).toEqual([['SANDBOX1', true]]);
    await openList(page, list, 'Coupons');
    await waitForRows(page, 1);
    await expect(firstCells(page, 1)).resolves.toEqual(['SANDBOX1']);
    await expect(firstCells(page, 3)).resolves.toEqual(['$2.50']);

    await switchMode(page, admin, false);
    await openList(page, list, 'Coupons');
    await waitForRows(page, 2);
    await expect(firstCells(page, 1)).resolves.toEqual(['AUTUMN15', 'WINTER5']);
  });

  it('given a new coupon of 150 percent with a minimum order of -5, when it is created, then both fields say what is wrong at once and nothing is saved', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(admin);
    await page.goto(merchantPage(admin, 'coupons/new'));
    await page.getByRole('heading', { level: 1, name: 'New Coupon' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Too generous');
    await page.getByLabel('Code', { exact: true }).fill('MUCH150');
    await page.getByLabel('Discount type').selectOption('PERCENTAGE');
    await page.getByLabel('Discount value').fill('150');
    await page.getByLabel('Minimum order amount').fill('-5');
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(fieldSays(page, page.getByLabel('Discount value'), couponMessages.percentageTooLarge)).resolves.toContain(couponMessages.percentageTooLarge);
    await expect(fieldSays(page, page.getByLabel('Minimum order amount'), couponMessages.valueNegative)).resolves.toContain(couponMessages.valueNegative);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/coupons/new`);
    const stored = await call<ListAnswer<unknown>>('GET', `/merchants/${admin.merchantId}/coupons`, undefined, admin.token);
    expect(stored.body.total).toBe(0);
  });

  it('given a new product priced -2, when it is created, then the price says "Price must be 0 or more" and nothing is saved', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(admin);
    await page.goto(merchantPage(admin, 'products/new'));
    await page.getByRole('heading', { level: 1, name: 'New Product' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Bad prod');
    await page.getByLabel('Price').fill('-2');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(fieldSays(page, page.getByLabel('Price'), productMessages.priceNegative)).resolves.toContain(productMessages.priceNegative);
    await expect(page.getByText(productMessages.priceNotANumber, { exact: true }).count()).resolves.toBe(0);
    const stored = await call<ListAnswer<unknown>>('GET', `/merchants/${admin.merchantId}/products`, undefined, admin.token);
    expect(stored.body.total).toBe(0);
  });

  it("given a product open in the dashboard, when someone else changes its price and the merchant then saves a new description, then 'This record was changed by someone else. Reload it and try again.' shows and the other price stands; after a reload two saves in a row go through", async () => {
    const admin = await merchantAdmin();
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Hot Dog', price: 7 }, admin.token);
    const productPath = `/merchants/${admin.merchantId}/products/${product.body.id}`;
    const page = await signedIn(admin);
    await page.goto(merchantPage(admin, `products/${product.body.id}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await expect(page.getByLabel('Price').inputValue()).resolves.toBe('7');

    // Another editor (a second tab, a teammate, an API key) changes the price meanwhile.
    expect((await call('POST', productPath, { price: 7.25 }, admin.token)).status).toBe(200);
    await page.getByLabel('Description').fill('With relish');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await alertShows(page, productMessages.changedElsewhere);
    const kept = await call<{ price: number; description: string }>('GET', productPath, undefined, admin.token);
    expect(kept.body).toMatchObject({ price: 7.25, description: '' });

    await page.reload();
    await expect(page.getByLabel('Price').inputValue()).resolves.toBe('7.25');
    await page.getByLabel('Description').fill('With relish');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await alertShows(page, productMessages.updated);
    await page.getByLabel('Description').fill('With relish and onions');
    await page.getByRole('button', { name: 'Save Product' }).click();
    expect(await readWhen(async () => (await call<{ description: string }>('GET', productPath, undefined, admin.token)).body.description, (d) => d === 'With relish and onions')).toBe('With relish and onions');
    expect((await call<{ price: number }>('GET', productPath, undefined, admin.token)).body.price).toBe(7.25);
  });

  it('given a product, when an image URL that is no URL is saved, then the field says so and nothing is sent; an uploaded png joins its images and is saved', async () => {
    const admin = await merchantAdmin();
    const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Nachos', price: 8 }, admin.token);
    expect(product.status).toBe(201);
    const productPath = `/merchants/${admin.merchantId}/products/${product.body.id}`;
    const page = await signedIn(admin);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(productPath)) saves.push(request.url());
    });
    await page.goto(merchantPage(admin, `products/${product.body.id}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();

    // An address that is no URL: the message under the field (what its aria-describedby reads), no request.
    await page.getByRole('button', { name: productMessages.addImage }).click();
    const first = page.getByLabel('Image URL 1');
    await first.fill('not a url');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await expect(fieldSays(page, first, productMessages.imageUrlInvalid)).resolves.toContain(productMessages.imageUrlInvalid);
    await expect(first.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(saves).toEqual([]);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // A real address clears it; an uploaded png (docs/media-api.md) joins as the next image.
    const typed = `${app.url}/images/nachos.png`;
    await first.fill(typed);
    await page.locator('.ant-form-item').filter({ has: first }).getByText(productMessages.imageUrlInvalid, { exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel(productMessages.uploadImage).setInputFiles({ name: 'nachos.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await alertShows(page, productMessages.imageUploaded);
    const uploaded = await readWhen(() => page.getByLabel('Image URL 2').inputValue().catch(() => ''), (url) => url !== '');
    expect(uploaded).toMatch(new RegExp(`/v1/media/merchants/${admin.merchantId}/uploads/[^/]+\\.png$`));
    await page.getByRole('button', { name: 'Save Product' }).click();
    await alertShows(page, productMessages.updated);
    expect(saves).toHaveLength(1);
    const saved = await call<{ images: string[] }>('GET', productPath, undefined, admin.token);
    expect(saved.body.images).toEqual([typed, uploaded]);
  });

  it('a merchant admin pages, sorts, searches and chooses columns of 101 products, and creates, edits and deletes one', async () => {
    const admin = await merchantAdmin();
    const numbers = Array.from({ length: 101 }, (_, i) => String(i + 1).padStart(3, '0'));
    for (let i = 0; i < numbers.length; i += 10) {
      await Promise.all(
        numbers.slice(i, i + 10).map(async (n) => {
          const managed = Number(n) % 2 === 0;
          const answer = await call('POST', `/merchants/${admin.merchantId}/products`, {
            title: `Product ${n}`,
            description: n === '001' ? '' : `The ${n}th dish`,
            price: Number(n) / 4,
            manageStock: managed,
            stockQuantity: managed ? 7 : 0,
            code: `P${n}`,
          }, admin.token);
          expect(answer.status).toBe(201);
        }),
      );
    }
    const page = await signedIn(admin);
    const list = merchantPage(admin, 'products');
    await page.evaluate(() => localStorage.removeItem('seatside.columns.products'));

    await openList(page, list, 'Products');
    await waitForRows(page, 100);
    const headers = await page.locator('thead th').allInnerTexts();
    expect(headers.slice(0, PRODUCT_COLUMNS.length).map((h) => h.trim())).toEqual(PRODUCT_COLUMNS);
    // Every column but Images sorts.
    for (const title of PRODUCT_COLUMNS.slice(1)) await expect(page.getByRole('button', { name: title, exact: true }).count()).resolves.toBe(1);
    await expect(page.locator('thead th').first().getByRole('button').count()).resolves.toBe(0);

    // By code: P001 first, with its placeholder image, no description and ∞ stock; P002 manages stock.
    await expect(firstCells(page, 2)).resolves.toEqual(numbers.slice(0, 100).map((n) => `Product ${n}`));
    const first = rows(page).first();
    await first.getByTestId('image-placeholder').waitFor();
    await expect(first.locator('td:nth-child(3)').innerText()).resolves.toBe(productMessages.noDescription);
    await expect(first.locator('td:nth-child(4)').innerText()).resolves.toBe('$0.25');
    await expect(first.locator('td:nth-child(5)').innerText()).resolves.toContain('✗');
    await expect(first.locator('td:nth-child(6)').innerText()).resolves.toContain('∞');
    const second = rows(page).nth(1);
    await expect(second.locator('td:nth-child(5)').innerText()).resolves.toContain('✓');
    await expect(second.locator('td:nth-child(6)').innerText()).resolves.toBe('7');

    // Paging: page size 100.
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 1 of 2');
    await expect(page.getByTestId('range').innerText()).resolves.toBe('1-100 of 101');
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForRows(page, 1);
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 2 of 2');
    await expect(page.getByTestId('range').innerText()).resolves.toBe('101-101 of 101');
    await expect(firstCells(page, 2)).resolves.toEqual(['Product 101']);
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForRows(page, 100);
    await expect(page.getByTestId('range').innerText()).resolves.toBe('1-100 of 101');

    // A sort goes back to page 1: Price descending shows the dearest first.
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForRows(page, 1);
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await page.waitForFunction(`document.querySelector('th[aria-sort="descending"]')?.innerText.includes('Price')`);
    await waitForRows(page, 100);
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 1 of 2');
    await expect(firstCells(page, 2).then((titles) => titles.slice(0, 2))).resolves.toEqual(['Product 101', 'Product 100']);

    // A page-size change goes back to page 1 too.
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForRows(page, 1);
    await page.getByLabel('Rows per page').selectOption('25');
    await waitForRows(page, 25);
    await expect(page.getByTestId('page-of-pages').innerText()).resolves.toBe('Page 1 of 5');
    await expect(page.getByTestId('range').innerText()).resolves.toBe('1-25 of 101');

    // Search by title prefix from 3 characters; clearing restores the list.
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('Product 05');
    await waitForRows(page, 10);
    await search.fill('');
    await waitForRows(page, 25);

    // The column chooser hides Description, and remembers it.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Description' }).uncheck();
    await expect(countWhen(page.getByRole('columnheader', { name: 'Description' }), (n) => n === 0)).resolves.toBe(0);
    await openList(page, list, 'Products');
    await waitForRows(page, 100);
    await expect(page.getByRole('columnheader', { name: 'Description' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Description' }).check();
    await page.getByRole('columnheader', { name: 'Description' }).waitFor();

    // The product form: messages, create (then its page), update (stays), delete (asks).
    await page.getByRole('link', { name: 'New Product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Product' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.getByText(productMessages.titleRequired, { exact: true }).waitFor();
    await page.getByText(productMessages.priceRequired, { exact: true }).waitFor();
    await page.getByLabel('Price').fill('cheap');
    await page.getByText(productMessages.priceNotANumber, { exact: true }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByLabel('Title', { exact: true }).fill('Loaded Nachos');
    await page.getByLabel('Description').fill('Cheese, jalapeños and salsa');
    await page.getByLabel('Price').fill('12.5');
    await page.getByLabel('Code', { exact: true }).fill('NACHO-1');
    await page.getByRole('switch', { name: 'Manage stock' }).click();
    await page.getByLabel('Stock quantity').fill('12');
    await page.getByRole('button', { name: 'Add image URL' }).click();
    await page.getByLabel('Image URL 1').fill('https://example.com/nachos.jpg');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await alertShows(page, productMessages.created);
    await page.waitForURL((url) => /\/products\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const productId = lastSegment(page.url());
    const created = await call<Record<string, unknown>>('GET', `/merchants/${admin.merchantId}/products/${productId}`, undefined, admin.token);
    expect(created.body).toMatchObject({ title: 'Loaded Nachos', price: 12.5, manageStock: true, stockQuantity: 12, code: 'NACHO-1', images: ['https://example.com/nachos.jpg'], testMode: false });

    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await page.getByLabel('Price').fill('13');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await alertShows(page, productMessages.updated);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/products/${encodeURIComponent(productId)}`);
    await expect(call<{ price: number }>('GET', `/merchants/${admin.merchantId}/products/${productId}`, undefined, admin.token).then((a) => a.body.price)).resolves.toBe(13);

    await page.getByRole('button', { name: 'Delete Product' }).click();
    await page.getByText(deleteConfirmText('product'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, productMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/products`);
    await expect((await call('GET', `/merchants/${admin.merchantId}/products/${productId}`, undefined, admin.token)).status).toBe(404);

    // The sandbox has none of the production products.
    await switchMode(page, admin, true);
    await openList(page, list, 'Products');
    await page.getByText(listMessages.empty).waitFor();
    await expect(page.getByTestId('range').innerText()).resolves.toBe('0-0 of 0');
    await switchMode(page, admin, false);
  });
});

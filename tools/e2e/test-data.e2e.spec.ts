import type { Page } from 'playwright-core';
import { testDataMessages as m } from '@seatside/ui/src/tenant-settings/messages';
import { countWhen, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, listRows, merchantAdmin, merchantPage, openList, placeOrder, signedIn, switchMode, waitForRows, type MerchantAdmin } from './session';

/**
 * The Test Data section (seed 002 §2, §5, §7, §8) as `npm start` serves it, in Chromium: a merchant
 * admin imports a sample merchant into the sandbox, sees its products there and not in production,
 * then deletes the test data (the sandbox's orders, tags and templates go too).
 */

// The Tags screen's words (frontends/dashboard/src/tags/messages.ts; apps cannot be imported).
const tagWords = { title: 'Tags', empty: 'No tags found' } as const;

describe('the Test Data settings section', () => {
  const app = webAppUnderTest('test-data');
  const call = apiOf(app);

  async function openTestData(page: Page, admin: MerchantAdmin) {
    await page.goto(`${app.url}/dashboard/merchants/${admin.merchantId}/settings/test-data`);
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    await page.locator('section[aria-busy="false"][aria-labelledby="import-test-data-title"]').waitFor();
  }

  async function productTitles(page: Page, admin: MerchantAdmin, testMode: boolean, count: number): Promise<string[]> {
    await openList(page, merchantPage(app, admin, 'products'), 'Products');
    await switchMode(page, admin, testMode);
    await waitForRows(page, count);
    return (await listRows(page).locator('td:nth-child(2)').allInnerTexts()).sort();
  }

  /** The tag names the Tags screen lists in a mode, once the list has settled on `count` rows. */
  async function tagNames(page: Page, admin: MerchantAdmin, testMode: boolean, count: number): Promise<string[]> {
    await openList(page, merchantPage(app, admin, 'tags'), tagWords.title);
    await switchMode(page, admin, testMode);
    const rows = page.getByTestId('tag-row');
    if (count === 0) await page.getByText(tagWords.empty, { exact: true }).waitFor();
    await countWhen(rows, (n) => n === count);
    return (await rows.locator('a').allInnerTexts()).sort();
  }

  it('validates both cards, imports a sample merchant into the sandbox only, and deletes the test data', async () => {
    const admin = await merchantAdmin(app, 'test-data');
    const page = await signedIn(app, admin);

    // The picker is fed by GET /v1/demo/merchants, asked without the bearer token.
    const samplesRequest = page.waitForRequest((req) => req.url().endsWith('/v1/demo/merchants'));
    await openTestData(page, admin);
    expect((await samplesRequest).headers().authorization).toBeUndefined();
    const samples = await call<{ data: { name: string }[] }>('GET', '/demo/merchants');
    expect(samples.status).toBe(200);
    const [first] = samples.body.data;
    if (!first) throw new Error('GET /v1/demo/merchants listed no sample merchant');
    const sample = first.name;
    const picker = page.getByLabel('Sample merchant');
    await expect(picker.locator('option').allInnerTexts()).resolves.toEqual(['Select a sample merchant', ...samples.body.data.map((s) => s.name)]);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Seed 002 §5: exactly DELETE; a merchant is required, and only a sample one.
    const deleteButton = page.getByRole('button', { name: m.deleteTitle });
    await deleteButton.click();
    await alertShows(page, m.typeDelete);
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await deleteButton.click();
    await alertShows(page, m.typeDelete);
    await page.getByRole('button', { name: m.importTitle }).click();
    await alertShows(page, m.selectMerchant);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    const invalid = await call<{ message: string }>('POST', `/merchants/${admin.merchantId}/import`, { merchant: 'Not A Sample' }, admin.token);
    expect(invalid).toMatchObject({ status: 400, body: { message: m.validMerchant } });

    // Import: 'Sample Data Imported'; the products land in the sandbox, production stays empty.
    await picker.selectOption(sample);
    await page.getByRole('button', { name: m.importTitle }).click();
    await alertShows(page, m.imported);
    const sandbox = await call<{ data: { title: string }[]; total: number }>('GET', `/merchants/${admin.merchantId}/products?testMode=true`, undefined, admin.token);
    expect(sandbox.body.total).toBeGreaterThan(0);
    const imported = sandbox.body.data.map((p) => p.title).sort();
    // Production first: the sandbox list (after the switch) is then the one that must fill up.
    await expect(productTitles(page, admin, false, 0)).resolves.toEqual([]);
    await expect(productTitles(page, admin, true, imported.length)).resolves.toEqual(imported);

    // A sandbox order (and a production one, which stays).
    for (const testMode of [true, false]) {
      const product = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: `Pie ${testMode}`, price: 4, testMode }, admin.token);
      expect(product.status).toBe(201);
      await placeOrder(app.url, admin.merchantId, product.body.id, { testMode });
    }
    const ordersIn = async (testMode: boolean) => (await call<{ total: number }>('GET', `/merchants/${admin.merchantId}/orders?testMode=${testMode}`, undefined, admin.token)).body.total;
    await expect(ordersIn(true)).resolves.toBe(1);

    // Sandbox tags and a template (and a production tag, which stays), once the tags service knows the admin.
    const tagsPath = `/merchants/${admin.merchantId}/tags`;
    const templatesPath = `/merchants/${admin.merchantId}/templates`;
    await expect(readWhen(async () => (await call('GET', tagsPath, undefined, admin.token)).status, (status) => status === 200, 30_000)).resolves.toBe(200);
    for (const [name, testMode] of [['Test Table 1', true], ['Test Table 2', true], ['Table 1', false]] as const) {
      expect((await call('POST', tagsPath, { name, testMode }, admin.token)).status).toBe(201);
    }
    expect((await call('POST', templatesPath, { title: 'Test card', testMode: true }, admin.token)).status).toBe(201);
    const totalIn = async (path: string, testMode: boolean) => (await call<{ total: number }>('GET', `${path}?testMode=${testMode}`, undefined, admin.token)).body.total;
    await expect(totalIn(templatesPath, true)).resolves.toBe(1);
    await expect(tagNames(page, admin, true, 2)).resolves.toEqual(['Test Table 1', 'Test Table 2']);

    // Delete typing DELETE: 'Test Data Deleted', and the sandbox lists (orders too) are empty.
    await openTestData(page, admin);
    await page.getByLabel('Type DELETE to confirm').fill(m.confirmWord);
    await page.getByRole('button', { name: m.deleteTitle }).click();
    await alertShows(page, m.deleted);
    // Still in the sandbox (the mode is remembered), so an empty list is the sandbox's.
    await expect(productTitles(page, admin, true, 0)).resolves.toEqual([]);
    await expect(readWhen(() => ordersIn(true), (n) => n === 0)).resolves.toBe(0);
    await expect(ordersIn(false)).resolves.toBe(1);
    // The tags service follows the deletion on its own: the sandbox's Tags list and templates empty, production's tag stays.
    await expect(readWhen(() => totalIn(tagsPath, true), (n) => n === 0)).resolves.toBe(0);
    await expect(totalIn(templatesPath, true)).resolves.toBe(0);
    await expect(tagNames(page, admin, true, 0)).resolves.toEqual([]);
    await expect(tagNames(page, admin, false, 1)).resolves.toEqual(['Table 1']);
    await switchMode(page, admin, true);
    await openList(page, merchantPage(app, admin, 'orders'), 'Orders');
    await waitForRows(page, 0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // On a phone the empty table scrolls sideways: a keyboard reaches it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

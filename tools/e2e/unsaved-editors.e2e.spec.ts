import type { Dialog, Page } from 'playwright-core';
import { readWhen, webAppUnderTest } from './browser';
import { alertShows, apiOf, merchantAdmin, merchantPage, signedIn, type MerchantAdmin } from './session';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Our own wording (the spec gives none): the in-app question before unsaved work is dropped. */
const LEAVE_TITLE = 'Leave without saving?';

/**
 * The page editor and the template editor ask before a person leaves them with unsaved changes
 * (`useLeaveGuard`, frontends/ui/src/unsaved): a dashboard link, the editor's own Back button and
 * the browser's Back ask in the app's dialog (Stay keeps the work, Leave goes); closing or reloading
 * the tab gets the browser's own `beforeunload` prompt. Nothing is asked when nothing changed or after a save.
 */
describe('the editors ask before unsaved work is left', () => {
  const app = webAppUnderTest('unsaved-editors');
  const call = apiOf(app);

  async function ready(admin: MerchantAdmin) {
    while ((await call('GET', `/merchants/${admin.merchantId}/templates`, undefined, admin.token)).status !== 200) await pause(200);
  }

  const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: LEAVE_TITLE });
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  /** The browser's prompt on closing the tab: answered 'stay' (dismissed), so the page stays open; no prompt, the page closes. */
  async function closeAsksFirst(page: Page): Promise<boolean> {
    const dialog = new Promise<Dialog | null>((resolve) => {
      page.once('dialog', resolve);
      page.once('close', () => resolve(null));
    });
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    if (asked) await asked.dismiss();
    return asked?.type() === 'beforeunload';
  }

  it('page editor: unchanged, a link goes at once; changed, a dashboard link and the browser Back ask (Stay keeps the work, Leave goes), closing the tab asks; after Save draft nothing asks', async () => {
    const admin = await merchantAdmin(app, 'leave-page');
    await ready(admin);
    const page = await signedIn(app, admin);
    const editorPath = `/dashboard/merchants/${admin.merchantId}/page`;
    const drawer = page.getByTestId('merchant-drawer');

    // Nothing changed: a link leaves without a question.
    await page.goto(merchantPage(app, admin, 'page'));
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    await drawer.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    expect(await leaveDialog(page).count()).toBe(0);

    // From the merchant's home into the editor (so Back has an in-app entry to go to), and a block added.
    await page.goto(merchantPage(app, admin, ''));
    await page.getByRole('link', { name: 'Edit page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    await page.getByRole('button', { name: 'Add block' }).click();
    const blocks = page.getByTestId('editor-block');
    expect(await readWhen(() => blocks.count(), (n) => n === 1)).toBe(1);

    await drawer.getByRole('link', { name: 'Orders' }).click();
    await leaveDialog(page).waitFor();
    expect(pathOf(page)).toBe(editorPath);
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(editorPath);
    expect(await blocks.count()).toBe(1);

    await page.goBack();
    await leaveDialog(page).waitFor();
    expect(await readWhen(async () => pathOf(page), (p) => p === editorPath)).toBe(editorPath);
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    await pause(300);
    expect(pathOf(page)).toBe(editorPath);
    expect(await blocks.count()).toBe(1);

    await page.goBack();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    const homePath = new URL(merchantPage(app, admin, '')).pathname;
    expect(await readWhen(async () => pathOf(page), (p) => p === homePath)).toBe(homePath);

    // The block left behind is gone (nothing was saved); one added again and saved: the link goes without a question.
    await page.goto(merchantPage(app, admin, 'page'));
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    expect(await blocks.count()).toBe(0);
    await page.getByRole('button', { name: 'Add block' }).click();
    expect(await readWhen(() => blocks.count(), (n) => n === 1)).toBe(1);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await alertShows(page, 'Page saved');
    await drawer.getByRole('link', { name: 'Orders' }).click();
    expect(await readWhen(async () => pathOf(page), (p) => p.endsWith('/orders'))).toBe(`/dashboard/merchants/${admin.merchantId}/orders`);
    expect(await leaveDialog(page).count()).toBe(0);

    // Changed and the tab closed: the browser asks.
    await page.goto(merchantPage(app, admin, 'page'));
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    await page.getByRole('button', { name: 'Add block' }).click();
    expect(await readWhen(() => blocks.count(), (n) => n === 2)).toBe(2);
    expect(await closeAsksFirst(page)).toBe(true);
  });

  it("template editor: unchanged, Back goes at once; changed, its Back button and a dashboard link ask, closing the tab asks; after Save nothing asks; a new template's first Save goes to its page without a question", async () => {
    const admin = await merchantAdmin(app, 'leave-template');
    await ready(admin);
    const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/templates`, { title: 'Table card' }, admin.token);
    expect(created.status).toBe(201);
    const page = await signedIn(app, admin);
    const editorPath = `/dashboard/merchants/${admin.merchantId}/templates/${created.body.id}`;
    const listPath = `/dashboard/merchants/${admin.merchantId}/templates`;
    const title = page.getByLabel('Template title');
    const back = page.getByTestId('template-editor').getByRole('button', { name: 'Back', exact: true });

    await page.goto(`${app.url}${editorPath}`);
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Table card')).toBe('Table card');
    await back.click();
    expect(await readWhen(async () => pathOf(page), (p) => p === listPath)).toBe(listPath);
    expect(await leaveDialog(page).count()).toBe(0);

    await page.goto(`${app.url}${editorPath}`);
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Table card')).toBe('Table card');
    await title.fill('Seat card');
    await back.click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(editorPath);
    expect(await title.inputValue()).toBe('Seat card');
    await page.getByTestId('merchant-drawer').getByRole('link', { name: 'Tags' }).click();
    await leaveDialog(page).waitFor();
    expect(pathOf(page)).toBe(editorPath);
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertShows(page, 'Template Updated');
    await back.click();
    expect(await readWhen(async () => pathOf(page), (p) => p === listPath)).toBe(listPath);
    expect(await leaveDialog(page).count()).toBe(0);

    // A new template: its first Save moves to the template's own page without asking.
    await page.getByRole('button', { name: 'New Template' }).click();
    await title.fill('Gate sign');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertShows(page, 'Template Created');
    await page.waitForURL((url) => /\/templates\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    expect(await leaveDialog(page).count()).toBe(0);

    await title.fill('Gate sign 2');
    expect(await closeAsksFirst(page)).toBe(true);
  });

  it('template editor changed: Sign out in the account menu asks first; Stay keeps the work and the session, Leave signs out', async () => {
    const admin = await merchantAdmin(app, 'leave-signout');
    await ready(admin);
    const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/templates`, { title: 'Table card' }, admin.token);
    expect(created.status).toBe(201);
    const page = await signedIn(app, admin);
    const editorPath = `/dashboard/merchants/${admin.merchantId}/templates/${created.body.id}`;
    const title = page.getByLabel('Template title');
    const signOut = async () => {
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
    };
    const storedToken = () => page.evaluate(() => (JSON.parse(localStorage.getItem('seatside.session') ?? '{}') as { state?: { token?: string | null } }).state?.token ?? null);

    await page.goto(`${app.url}${editorPath}`);
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Table card')).toBe('Table card');
    await title.fill('Seat card');
    await signOut();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(editorPath);
    expect(await title.inputValue()).toBe('Seat card');
    expect(await storedToken()).not.toBeNull();
    // Still signed in: the work can be saved.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertShows(page, 'Template Updated');

    await title.fill('Seat card 2');
    await signOut();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await storedToken()).toBeNull();
  });
});

import type { Page } from 'playwright-core';
import { deleteConfirmText, listMessages } from '@seatside/ui/src/lists/messages';
import { modeMessages } from '@seatside/ui/src/mode/messages';
import { countWhen, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, lastSegment, listRows, merchantAdmin, merchantPage, openList, signedIn, switchMode, waitForRows } from './session';

// Seed 001 §5, §8 (the dashboard app's own copies are in catalog/*/messages.ts; apps cannot be imported).
const customerMessages = { firstNameRequired: 'Required', emailRequired: 'Required', created: 'Customer Created', updated: 'Customer Updated', deleted: 'Customer Deleted' } as const;

const modifierMessages = {
  titleRequired: 'Title is required',
  instructionsRequired: 'Price is required', // Seed 001 §5: spelt so.
  created: 'Modifier Created', updated: 'Modifier Updated', deleted: 'Modifier Deleted',
  noDescription: 'No Modifier Description',
  // docs/catalog-api.md (the catalog's words for a modifier no diner could answer).
  needsOption: 'A required modifier needs at least one option',
  limitOverOptions: 'The selection limit cannot be more than the number of options',
} as const;

type Customer = { firstName: string; lastName: string; email: string; phone: string; metadata: { key: string; value: string }[]; testMode: boolean };
type Modifier = {
  title: string; instructions: string; description: string; testMode: boolean; minSelections: number; maxSelections: number;
  options: { id: string; label: string; additionalCost: number; additionalCalories: number; preSelected: boolean }[];
  rules: { required: boolean; allowedMultiple: boolean; selectRestriction: number; requireSelectRestriction: boolean; enableOptionQuantity: boolean };
};

/**
 * The customer and modifier screens (seed 001 §2–§5, §8) as `npm start` serves them, in Chromium,
 * against the catalog API of docs/catalog-api.md: a merchant admin creates, edits, searches, sorts,
 * quick-views and deletes, and the sandbox and production keep their own records.
 */
describe('the customer and modifier screens', () => {
  const app = webAppUnderTest('customers-modifiers');
  const call = apiOf(app);
  const rows = listRows;

  async function given(entity: 'customers' | 'modifiers') {
    const admin = await merchantAdmin(app, entity);
    const page = await signedIn(app, admin);
    await page.evaluate((key) => localStorage.removeItem(key), `seatside.columns.${entity}`);
    // The searches the list sent: a search starts from 3 characters.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/${entity}`) && url.searchParams.has('q')) searches.push(url.searchParams.get('q') ?? '');
    });
    const create = async (body: Record<string, unknown>) => {
      const answer = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/${entity}`, body, admin.token);
      expect(answer.status).toBe(201);
      return answer.body.id;
    };
    const read = <T>(id: string) => call<T>('GET', `/merchants/${admin.merchantId}/${entity}/${id}`, undefined, admin.token);
    return { admin, page, list: merchantPage(app, admin, entity), searches, create, read };
  }

  const cells = (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`).allInnerTexts();

  async function sortsDescending(page: Page, header: string, firstCell: string) {
    await page.getByRole('button', { name: header, exact: true }).click();
    await page.waitForFunction(`document.querySelector('th[aria-sort="descending"]')?.innerText.includes(${JSON.stringify(header)})`);
    await page.waitForFunction(`document.querySelector('[data-testid="list-row"] td')?.innerText === ${JSON.stringify(firstCell)}`);
  }

  async function hidesAndShowsColumn(page: Page, column: string) {
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: column }).uncheck();
    await expect(countWhen(page.getByRole('columnheader', { name: column }), (n) => n === 0)).resolves.toBe(0);
    await page.getByRole('checkbox', { name: column }).check();
    await page.getByRole('columnheader', { name: column }).waitFor();
    await page.keyboard.press('Escape');
  }

  async function deletesFromItsPage(page: Page, deleteLabel: string, entity: string, deleted: string) {
    await page.getByRole('button', { name: deleteLabel }).click();
    await page.getByText(deleteConfirmText(entity), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, deleted);
  }

  /** A record of the other mode asks to switch (seed 001 §4); 'Back to the list' goes to the list. */
  async function asksToSwitchFor(page: Page, url: string, entityTitle: string, currentTestMode: boolean) {
    await page.goto(url);
    // antd's confirm renders the title twice, one of them hidden.
    await page.getByText(modeMessages.notAvailable(entityTitle, currentTestMode), { exact: true }).last().waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((u) => u.href === url.replace(/\/[^/]+$/, ''));
  }

  it('a merchant admin creates, edits, sorts, searches, quick-views and deletes customers, and the sandbox keeps its own', async () => {
    const { admin, page, list, searches, create, read } = await given('customers');

    // Given an empty list, when the admin opens it, then it says so, with no serious axe violation.
    await openList(page, list, 'Customers');
    await page.getByText(listMessages.empty).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When a new customer is submitted empty, then first name and e-mail say 'Required'.
    await page.getByRole('link', { name: 'New Customer' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Customer' }).waitFor();
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await page.getByText(customerMessages.firstNameRequired, { exact: true }).nth(1).waitFor();
    await expect(countWhen(page.getByText(customerMessages.emailRequired, { exact: true }), (n) => n === 2)).resolves.toBe(2);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When it is filled in and created, then the page moves to the new production customer.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Phone').fill('+1 (555) 010-0200');
    await page.getByRole('button', { name: 'Add metadata' }).click();
    await page.getByLabel('Metadata key 1').fill('Loyalty');
    await page.getByLabel('Metadata value 1').fill('Gold');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await alertShows(page, customerMessages.created);
    await page.waitForURL((url) => /\/customers\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const adaId = lastSegment(page.url());
    await expect(read<Customer>(adaId).then((a) => a.body)).resolves.toMatchObject({
      firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 (555) 010-0200', metadata: [{ key: 'Loyalty', value: 'Gold' }], testMode: false,
    });

    // When it is edited, then the update stays on the page.
    await page.getByRole('heading', { level: 1, name: 'Edit Customer' }).waitFor();
    await page.getByLabel('Metadata value 1').fill('Platinum');
    await page.getByRole('button', { name: 'Add metadata' }).click();
    await page.getByLabel('Metadata key 2').fill('Table');
    await page.getByLabel('Metadata value 2').fill('27');
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await alertShows(page, customerMessages.updated);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/customers/${encodeURIComponent(adaId)}`);
    await expect(read<Customer>(adaId).then((a) => a.body.metadata)).resolves.toEqual([{ key: 'Loyalty', value: 'Platinum' }, { key: 'Table', value: '27' }]);

    await create({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '555-0100' });
    await create({ firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' });
    const sandyId = await create({ firstName: 'Sandy', lastName: 'Box', email: 'sandy@example.com', testMode: true });

    // The list: production only, by first name ascending; a header click sorts descending.
    await openList(page, list, 'Customers');
    await waitForRows(page, 3);
    await expect(cells(page, 1)).resolves.toEqual(['Ada', 'Alan', 'Grace']);
    await expect(cells(page, 3)).resolves.toEqual(['ada@example.com', 'alan@example.com', 'grace@example.com']);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await sortsDescending(page, 'First Name', 'Grace');
    await expect(cells(page, 1)).resolves.toEqual(['Grace', 'Alan', 'Ada']);
    await hidesAndShowsColumn(page, 'Phone');

    // Search: nothing is asked under 3 characters; a last-name prefix finds one; clearing restores.
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await search.fill('ho');
    await search.fill('hop');
    await waitForRows(page, 1);
    await expect(cells(page, 1)).resolves.toEqual(['Grace']);
    expect(searches).toEqual(['hop']);
    await search.fill('');
    await waitForRows(page, 3);

    // Quick edit: name, mailto e-mail, tel phone and created-at.
    await page.getByRole('button', { name: 'Quick edit Ada Lovelace' }).click();
    const drawer = page.getByTestId('quick-edit');
    await drawer.waitFor();
    await expect(drawer.innerText()).resolves.toMatch(/Name\s+Ada Lovelace/);
    await expect(drawer.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).resolves.toBe('mailto:ada@example.com');
    await expect(drawer.getByRole('link', { name: '+1 (555) 010-0200' }).getAttribute('href')).resolves.toBe('tel:+15550100200');
    await expect(drawer.innerText()).resolves.toContain('Created At');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Delete asks first, then goes back to the list.
    await rows(page).getByRole('link', { name: 'Ada' }).click();
    await deletesFromItsPage(page, 'Delete Customer', 'customer', customerMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/customers`);
    await waitForRows(page, 2);
    await expect(read(adaId).then((a) => a.status)).resolves.toBe(404);

    // The sandbox customer is not shown in production, and opening it asks to switch.
    await asksToSwitchFor(page, `${list}/${sandyId}`, 'Customer', false);
    await waitForRows(page, 2);
    await expect(cells(page, 1)).resolves.toEqual(['Alan', 'Grace']);

    // In the sandbox: only its own, and a new one takes the sandbox mode.
    await switchMode(page, admin, true);
    await openList(page, list, 'Customers');
    await waitForRows(page, 1);
    await expect(cells(page, 1)).resolves.toEqual(['Sandy']);
    await page.getByRole('link', { name: 'New Customer' }).click();
    await page.locator('.ls-head .ls-badge', { hasText: 'Sandbox' }).waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await alertShows(page, customerMessages.created);
    await page.waitForURL((url) => /\/customers\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    await expect(read<Customer>(lastSegment(page.url())).then((a) => a.body.testMode)).resolves.toBe(true);
    await openList(page, list, 'Customers');
    await waitForRows(page, 2);
    await expect(cells(page, 1)).resolves.toEqual(['Sam', 'Sandy']);

    await switchMode(page, admin, false);
    await openList(page, list, 'Customers');
    await waitForRows(page, 2);
    await expect(cells(page, 1)).resolves.toEqual(['Alan', 'Grace']);
  });

  it('given a new modifier marked Required with no options, when it is created, then the options say it needs one and nothing is saved; needing exactly 3 of 2 options says the limit is too high', async () => {
    const { admin, page, list } = await given('modifiers');
    await page.goto(`${list}/new`);
    await page.getByLabel('Title', { exact: true }).fill('Size');
    await page.getByLabel('Instructions').fill('Choose a size');
    await page.getByLabel('Required', { exact: true }).check();
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    const options = page.getByRole('group', { name: 'Options' });
    await options.getByText(modifierMessages.needsOption, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/modifiers/new`);

    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 label').fill('Small');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 2 label').fill('Large');
    await page.getByLabel('Allow multiple selections').check();
    await page.getByLabel('Selection limit', { exact: true }).fill('3');
    await page.getByLabel('Require exactly the selection limit').check();
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    await alertShows(page, modifierMessages.limitOverOptions);
    expect(await options.getByText(modifierMessages.needsOption, { exact: true }).count()).toBe(0);
    expect((await call<{ total: number }>('GET', `/merchants/${admin.merchantId}/modifiers`, undefined, admin.token)).body.total).toBe(0);

    await page.getByLabel('Selection limit', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    await alertShows(page, modifierMessages.created);
    await page.waitForURL((url) => /\/modifiers\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
  });

  it('a merchant admin creates, edits, sorts, searches, quick-views and deletes modifiers, as a table and as cards, and the sandbox keeps its own', async () => {
    const { admin, page, list, searches, create, read } = await given('modifiers');

    await openList(page, list, 'Modifiers');
    await page.getByText(listMessages.empty).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When a new modifier is submitted empty, then title and instructions say what is missing.
    await page.getByRole('link', { name: 'New Modifier' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Modifier' }).waitFor();
    await page.getByText('click + to add options').waitFor();
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    await page.getByText(modifierMessages.titleRequired, { exact: true }).waitFor();
    await page.getByText(modifierMessages.instructionsRequired, { exact: true }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // When it is filled in, with options and rules, and created, then the page moves to it.
    await page.getByLabel('Title', { exact: true }).fill('Size');
    await page.getByLabel('Instructions').fill('Choose a size');
    await page.getByLabel('Description').fill('Cup sizes');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 label').fill('Small');
    await page.getByLabel('Option 1 pre-selected').check();
    await page.getByLabel('Option 2 label').fill('Large');
    await page.getByLabel('Option 2 additional cost').fill('1.5');
    await page.getByLabel('Option 2 additional calories').fill('120');
    await page.getByLabel('Required', { exact: true }).check();
    await page.getByLabel('Allow multiple selections').check();
    await page.getByLabel('Selection limit', { exact: true }).fill('2');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    await alertShows(page, modifierMessages.created);
    await page.waitForURL((url) => /\/modifiers\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const sizeId = lastSegment(page.url());
    const created = (await read<Modifier>(sizeId)).body;
    expect(created).toMatchObject({
      title: 'Size', instructions: 'Choose a size', description: 'Cup sizes', testMode: false, minSelections: 1, maxSelections: 2,
      options: [
        { label: 'Small', additionalCost: 0, additionalCalories: 0, preSelected: true },
        { label: 'Large', additionalCost: 1.5, additionalCalories: 120, preSelected: false },
      ],
      rules: { required: true, allowedMultiple: true, selectRestriction: 2, requireSelectRestriction: false, enableOptionQuantity: false },
    });

    // When an option is removed and a rule changed, then the update stays and keeps the option's id.
    await page.getByRole('heading', { level: 1, name: 'Edit Modifier' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Sizes');
    await page.getByRole('button', { name: 'Remove option 2' }).click();
    await page.getByLabel('Enable option quantity').check();
    await page.getByRole('button', { name: 'Save Modifier' }).click();
    await alertShows(page, modifierMessages.updated);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/modifiers/${encodeURIComponent(sizeId)}`);
    const updated = (await read<Modifier>(sizeId)).body;
    expect(updated).toMatchObject({ title: 'Sizes', rules: { enableOptionQuantity: true } });
    expect(updated.options.map((o) => [o.id, o.label])).toEqual([[created.options[0]?.id, 'Small']]);

    await create({ title: 'Sauce', instructions: 'Pick a sauce', description: 'House sauces', options: [{ label: 'Salsa' }, { label: 'Queso' }] });
    await create({ title: 'Extras', instructions: 'Add extras', rules: { allowedMultiple: true } });
    const sandboxId = await create({ title: 'Sandbox toppings', instructions: 'Pick toppings', testMode: true });

    // The table: by title; no description says so; min and max selections from the rules.
    await openList(page, list, 'Modifiers');
    await waitForRows(page, 3);
    await expect(cells(page, 1)).resolves.toEqual(['Extras', 'Sauce', 'Sizes']);
    await expect(cells(page, 3)).resolves.toEqual([modifierMessages.noDescription, 'House sauces', 'Cup sizes']);
    await expect(cells(page, 5)).resolves.toEqual(['0', '0', '1']);
    await expect(cells(page, 6)).resolves.toEqual(['0', '1', '2']);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await sortsDescending(page, 'Title', 'Sizes');
    await expect(cells(page, 1)).resolves.toEqual(['Sizes', 'Sauce', 'Extras']);
    await hidesAndShowsColumn(page, 'Instructions');

    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search modifiers' });
    await search.fill('sa');
    await search.fill('sau');
    await waitForRows(page, 1);
    await expect(cells(page, 1)).resolves.toEqual(['Sauce']);
    expect(searches).toEqual(['sau']);

    // The card list shows the same search, and the whole list once it is cleared.
    await page.getByRole('button', { name: 'Cards' }).click();
    await waitForRows(page, 1);
    await page.getByRole('heading', { level: 2, name: 'Sauce' }).waitFor();
    await search.fill('');
    await waitForRows(page, 3);
    await expect(rows(page).getByRole('heading', { level: 2 }).allInnerTexts()).resolves.toEqual(['Sizes', 'Sauce', 'Extras']);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('columnheader', { name: 'Min Selections' }).waitFor();

    // Quick edit: title and created-at.
    await page.getByRole('button', { name: 'Quick edit Sizes' }).click();
    const drawer = page.getByTestId('quick-edit');
    await drawer.waitFor();
    await expect(drawer.innerText()).resolves.toMatch(/Title\s+Sizes/);
    await expect(drawer.innerText()).resolves.toContain('Created At');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await rows(page).getByRole('link', { name: 'Sizes' }).click();
    await deletesFromItsPage(page, 'Delete Modifier', 'modifier', modifierMessages.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/modifiers`);
    await waitForRows(page, 2);
    await expect(read(sizeId).then((a) => a.status)).resolves.toBe(404);

    // The sandbox modifier is not shown in production; in the sandbox only it is, and production's are not.
    await asksToSwitchFor(page, `${list}/${sandboxId}`, 'Modifier', false);
    await waitForRows(page, 2);
    await expect(cells(page, 1)).resolves.toEqual(['Extras', 'Sauce']);
    await switchMode(page, admin, true);
    await openList(page, list, 'Modifiers');
    await waitForRows(page, 1);
    await expect(cells(page, 1)).resolves.toEqual(['Sandbox toppings']);
    await page.getByRole('link', { name: 'New Modifier' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Sandbox sides');
    await page.getByLabel('Instructions').fill('Pick a side');
    await page.getByRole('button', { name: 'Create Modifier' }).click();
    await alertShows(page, modifierMessages.created);
    await page.waitForURL((url) => /\/modifiers\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    await expect(read<Modifier>(lastSegment(page.url())).then((a) => a.body.testMode)).resolves.toBe(true);

    await switchMode(page, admin, false);
    await openList(page, list, 'Modifiers');
    await waitForRows(page, 2);
    await expect(cells(page, 1)).resolves.toEqual(['Extras', 'Sauce']);
  });
});

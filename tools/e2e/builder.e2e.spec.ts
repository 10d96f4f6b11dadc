import type { Locator, Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { webAppUnderTest } from './browser';
import { apiOf, signedIn, signUp, type Account } from './session';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The page builder (issue 25) as a diner meets it, against the platform as `npm start` serves it:
 * a merchant's published page (built through the catalog's page API) on `/{handle}` at 375 px, its
 * blocks in order, a button that opens a drawer, visibility by breakpoint, and a 20-block page within
 * the storefront's first-visit budget (≤ 120 KB of JS on the wire, shell included) without any
 * editor code. The page's schemas, validation and AI assistant have their specs in
 * services/catalog/src/page.
 */
describe('the page builder: a published page on the storefront', () => {
  // The AI assistant talks to a fake OpenAI through the real SDK in the platform.
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  const app = webAppUnderTest('builder', () => ({ OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-e2e' }));
  const call = apiOf(app);
  let owner: Account;

  /** Repeats a call while the catalog has not yet learnt of the new membership (its projection is asynchronous). */
  async function asMember<T>(send: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T }> {
    for (;;) {
      const answer = await send();
      if (answer.status !== 403 && answer.status !== 404) return answer;
      await pause(200);
    }
  }

  /** A merchant with one product ('Stadium Nachos') on an all-day menu and the given page published. */
  async function merchantWithPage(name: string, page: (productId: string) => object): Promise<{ handle: string; merchantId: string; productId: string }> {
    owner ??= await signUp(app, 'builder');
    const handle = `builder-${name}-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Section 114 Nachos', handle, googlePlaceId: '', timeZone: 'America/New_York' }, owner.token);
    expect(merchant.status).toBe(201);
    const at = (path: string) => `/merchants/${merchant.body.id}${path}`;
    const nachos = await asMember(() => call<{ id: string }>('POST', at('/products'), { title: 'Stadium Nachos', price: 8.25 }, owner.token));
    expect(nachos.status).toBe(201);
    expect((await call('POST', at('/menus'), { title: 'Game Day', availability: { allDayMenu: true }, products: [nachos.body.id] }, owner.token)).status).toBe(201);
    const saved = await call('POST', at('/page'), page(nachos.body.id), owner.token);
    expect(saved.status).toBe(200);
    expect((await call('POST', at('/page/publish'), undefined, owner.token)).status).toBe(200);
    return { handle, merchantId: merchant.body.id, productId: nachos.body.id };
  }

  /** The editor of a merchant's page, signed in as its owner. */
  async function openEditor(merchantId: string): Promise<Page> {
    const page = await signedIn(app, owner);
    await page.goto(`${app.url}/dashboard/merchants/${merchantId}/page`);
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    return page;
  }

  /**
   * Picks an option of one of the editor's antd selects by its label. The editor renders their option
   * lists whole (virtual={false}), so the option is in the list the combobox controls as soon as it
   * opens. The list is clicked only once it is still: a tick after it opens, rc-select scrolls it to the
   * option chosen before (over a few frames), and a click meanwhile lands on whichever option has
   * scrolled under the pointer. Then it waits until the select shows the choice.
   */
  async function choose(page: Page, label: string, option: string) {
    const box = page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await page.getByRole('combobox', { name: label, exact: true, expanded: true }).waitFor();
    const listId = (await box.getAttribute('aria-controls')) ?? '';
    await listSettled(page, listId);
    await page.locator(`[id="${listId}"]`).getByRole('option', { name: option, exact: true }).click();
    await shows(page, label, option);
  }

  /**
   * Waits until an open select's list shows its chosen option (if it has one) and has not scrolled for
   * three frames in a row (counted from this call): rc-select's scroll to the chosen option has then happened and ended.
   */
  let settleCalls = 0;
  function listSettled(page: Page, listId: string) {
    return page.waitForFunction(
      ({ id, call }) => {
        const list = document.getElementById(id);
        if (!list) return false;
        let scroller: HTMLElement | null = list;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
        if (!scroller) return true;
        const chosen = list.querySelector('[aria-selected="true"]');
        const view = scroller.getBoundingClientRect();
        const at = chosen?.getBoundingClientRect();
        const inView = !at || (at.top >= view.top - 1 && at.bottom <= view.bottom + 1);
        const top = String(scroller.scrollTop);
        const same = scroller.dataset.settledCall === call && scroller.dataset.settledTop === top;
        const still = inView && same ? Number(scroller.dataset.settledFrames) + 1 : 0;
        scroller.dataset.settledCall = call;
        scroller.dataset.settledTop = top;
        scroller.dataset.settledFrames = String(still);
        return still >= 3;
      },
      { id: listId, call: String(++settleCalls) },
      { polling: 'raf' },
    );
  }

  /** The options a select offers, in order (it opens the list, reads it, and closes it again). */
  async function optionsOf(page: Page, label: string): Promise<string[]> {
    const box = page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await page.getByRole('combobox', { name: label, exact: true, expanded: true }).waitFor();
    const names = await page.locator(`[id="${await box.getAttribute('aria-controls')}"]`).getByRole('option').allInnerTexts();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: label, exact: true, expanded: false }).waitFor();
    return names.map((name) => name.trim());
  }

  /** Waits until the select labelled `label` shows `option` as its value. */
  const shows = (page: Page, label: string, option: string) =>
    page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).locator(`.ant-select-content[title="${option}"]`).waitFor();

  const editorOrder = (page: Page) => page.getByTestId('editor-block').allInnerTexts();
  /** Waits until the editor's block list reads `names`, in order. */
  const listReads = (page: Page, names: string[]) =>
    page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll<HTMLElement>('[data-testid="editor-block"]')].map((n) => n.innerText.trim())) === want, JSON.stringify(names));

  /** dnd-kit's keyboard sensor: each step is announced (in the live region of its list), and it listens for arrows only after a frame or two. */
  async function keyboardMove(page: Page, handle: string, name: string, from: number, to: number, of: number) {
    const announced = (text: string) => page.waitForFunction((want) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((n) => n.textContent === want), text);
    const settled = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.getByRole('button', { name: handle, exact: true }).focus();
    await page.keyboard.press('Space');
    await announced(`${name} is at position ${from} of ${of}.`);
    await settled();
    for (let at = from; at !== to; at += to < from ? -1 : 1) {
      await page.keyboard.press(to < from ? 'ArrowUp' : 'ArrowDown');
      await announced(`${name} moved to position ${to < from ? at - 1 : at + 1} of ${of}.`);
      await settled();
    }
    await page.keyboard.press('Space');
    await announced(`${name} dropped at position ${to} of ${of}.`);
  }

  it('given the editor, when a merchant builds a hero, a markdown block and a button that opens a drawer, reorders, undoes and publishes, then a phone shows the blocks in order and the button opens the drawer; link → setAlert keeps only matching options', async () => {
    const { handle, merchantId } = await merchantWithPage('editor', () => ({ blocks: [] }));
    const page = await openEditor(merchantId);

    // A drawer 'drinks' with a promo banner.
    await page.getByLabel('Drawer or view id').fill('drinks');
    await page.getByRole('button', { name: 'Add drawer' }).click();
    await choose(page, 'Editing', 'Drawer: Drinks');
    await choose(page, 'Block type', 'promoBanner');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByTestId('block-fields').getByLabel('Text', { exact: true }).fill('Free refills all game long');
    await choose(page, 'Editing', 'Page');

    // A hero, a markdown block and a button group.
    await choose(page, 'Block type', 'hero');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByTestId('block-fields').getByLabel('Title', { exact: true }).fill('Welcome to Section 114');
    await choose(page, 'Block type', 'markdown');
    await page.getByRole('button', { name: 'Add block' }).click();
    const markdown = page.getByTestId('block-fields').getByLabel('Markdown', { exact: true });
    expect(Math.round(await markdown.evaluate((el) => el.getBoundingClientRect().height))).toBe(200);
    await markdown.fill('## Our story\n\nServing nachos since 1998.');
    await choose(page, 'Block type', 'buttonGroup');
    await page.getByRole('button', { name: 'Add block' }).click();
    const fields = page.getByTestId('block-fields');
    await fields.getByLabel('Label', { exact: true }).fill('See drinks');

    // The action editor offers every type; a new button navigates, with the transitions.
    expect(await optionsOf(page, 'Action type')).toEqual(['navigate', 'link', 'setAlert', 'fetch', 'logout', 'openDrawer', 'closeDrawer', 'tabLink', 'openPopup', 'closePopup', 'openSheet', 'closeSheet']);
    expect(await optionsOf(page, 'Transition')).toEqual(['none', 'slideInOut', 'slideBack', 'slideInUpOut', 'fade', 'scale', 'rotate', 'flip']);

    // link (href, target) → setAlert keeps nothing that setAlert lacks.
    await choose(page, 'Action type', 'link');
    expect((await fields.locator('.pbe-action label.ant-radio-button-wrapper').allInnerTexts()).map((t) => t.trim())).toEqual(['_self', '_blank']);
    await fields.getByLabel('Href', { exact: true }).fill('https://example.com/drinks');
    const blank = fields.locator('label.ant-radio-button-wrapper', { hasText: '_blank' });
    await blank.click();
    await fields.locator('label.ant-radio-button-wrapper-checked', { hasText: '_blank' }).waitFor();
    await choose(page, 'Action type', 'setAlert');
    await expect(fields.getByLabel('Href', { exact: true }).count()).resolves.toBe(0);
    await expect(blank.count()).resolves.toBe(0);
    expect(await fields.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    // setAlert's defaults: colour info, an empty message.
    await shows(page, 'Color', 'info');
    expect(await optionsOf(page, 'Color')).toEqual(['primary', 'secondary', 'success', 'error', 'info']);
    await choose(page, 'Action type', 'openDrawer');
    // The Id is one of the page's drawers.
    expect(await optionsOf(page, 'Id')).toEqual(['drinks']);
    await choose(page, 'Id', 'drinks');
    await page.locator('.pbe-frame').getByText('See drinks').waitFor();

    // Reorder with the keyboard (dnd-kit), then undo it.
    await listReads(page, ['hero: Welcome to Section 114', 'markdown: Our story', 'buttonGroup']);
    await keyboardMove(page, 'Reorder buttonGroup', 'buttonGroup', 3, 2, 3);
    await listReads(page, ['hero: Welcome to Section 114', 'buttonGroup', 'markdown: Our story']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await listReads(page, ['hero: Welcome to Section 114', 'markdown: Our story', 'buttonGroup']);
    expect(await editorOrder(page)).toEqual(['hero: Welcome to Section 114', 'markdown: Our story', 'buttonGroup']);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Page published').first().waitFor();

    const phone = await app.visitor({ mobile: true });
    await phone.goto(`${app.url}/${handle}`);
    await phone.getByRole('heading', { name: 'Welcome to Section 114' }).waitFor();
    await phone.getByRole('button', { name: 'See drinks' }).waitFor();
    expect(await phone.getByTestId('page-block').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-block')))).toEqual(['hero', 'markdown', 'buttonGroup']);
    await phone.getByRole('button', { name: 'See drinks' }).click();
    await phone.getByRole('dialog', { name: 'Drinks' }).getByText('Free refills all game long').waitFor();
  });

  it('given the editor, when a merchant adds a product grid and picks a product by its name, then the page stores its id, the slider and visibility picker set their props, and the storefront shows the product', async () => {
    const { handle, merchantId, productId } = await merchantWithPage('grid', () => ({ blocks: [] }));
    const page = await openEditor(merchantId);
    await choose(page, 'Block type', 'productGrid');
    await page.getByRole('button', { name: 'Add block' }).click();
    const fields = page.getByTestId('block-fields');
    await fields.getByLabel('Title', { exact: true }).fill('Favourites');

    // The menu picker offers the merchant's menus by title; none chosen means the products picked below.
    await shows(page, 'Menu', 'No menu: the products chosen');
    // The product picker: by name, from the merchant's real products.
    const products = fields.getByRole('combobox', { name: 'Products', exact: true });
    await products.click();
    await page.getByRole('combobox', { name: 'Products', exact: true, expanded: true }).waitFor();
    const productList = (await products.getAttribute('aria-controls')) ?? '';
    await listSettled(page, productList);
    await page.locator(`[id="${productList}"]`).getByRole('option', { name: 'Stadium Nachos', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.locator('.pbe-frame').getByText('Stadium Nachos').waitFor();

    // The slider and its number: one more column.
    await fields.getByRole('slider', { name: 'Columns' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('[data-testid="block-fields"] input[role="spinbutton"][aria-label="Columns"]') as HTMLInputElement | null)?.value === '3');
    // The visibility picker: xs, sm, md, lg; not on large screens.
    expect(await fields.getByRole('checkbox').evaluateAll((nodes) => nodes.map((n) => n.closest('label')?.textContent?.trim()))).toEqual(['xs', 'sm', 'md', 'lg']);
    await fields.getByRole('checkbox', { name: 'lg' }).uncheck();

    // The code editor shows what is stored: the product's id, not its name.
    await fields.getByText('Code', { exact: true }).click();
    const stored = JSON.parse(await fields.getByLabel('Block JSON').inputValue()) as { visibility: string[]; props: Record<string, unknown> };
    expect(stored.visibility).toEqual(['xs', 'sm', 'md']);
    expect(stored.props).toMatchObject({ title: 'Favourites', menuId: '', productIds: [productId], columns: 3 });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Page published').first().waitFor();
    const phone = await app.visitor({ mobile: true });
    await phone.goto(`${app.url}/${handle}`);
    const grid = phone.locator('[data-pb="productGrid"]');
    await grid.getByRole('heading', { name: 'Favourites' }).waitFor();
    await grid.getByRole('button', { name: /Stadium Nachos/ }).waitFor();
  });

  it('given the editor, then the repeater adds and drag-reorders items, switches turn parts on, the preview has phone and desktop frames, undo/redo and revert to published work, and the AI box shows Generating... and replaces the block (undo brings it back)', async () => {
    const { merchantId } = await merchantWithPage('pieces', () => ({ blocks: [{ id: 'hero', type: 'hero', props: { title: 'Welcome' } }] }));
    const page = await openEditor(merchantId);
    const fields = page.getByTestId('block-fields');
    const title = fields.getByLabel('Title', { exact: true });
    await page.getByRole('button', { name: 'hero: Welcome', exact: true }).click();

    // A switch turns the hero's optional button on, with its own action editor.
    await fields.getByRole('switch', { name: 'Button' }).click();
    await fields.getByTestId('action-editor').waitFor();
    await fields.getByRole('switch', { name: 'Button' }).click();
    await fields.getByTestId('action-editor').waitFor({ state: 'detached' });

    // The AI box: 'Generating...' while the model works, then its JSON replaces the block.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.replier(async () => {
      await held;
      return { json: { element: { id: 'hero', type: 'hero', visibility: ['xs', 'sm', 'md', 'lg'], props: { title: 'Loaded nachos, fast', subtitle: 'Section 114', banner: '', button: null } } } };
    });
    const box = page.getByRole('complementary', { name: 'AI Assistant' });
    await box.getByLabel('Prompt').fill('A punchier title');
    await box.getByRole('button', { name: 'Send' }).click();
    await box.getByRole('button', { name: 'Generating...' }).waitFor();
    expect(await box.getByRole('button', { name: 'Generating...' }).isDisabled()).toBe(true);
    release();
    await box.getByRole('status').filter({ hasText: 'Done.' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="block-fields"] input[aria-label="Title"]') as HTMLInputElement | null)?.value === 'Loaded nachos, fast');
    // A reply that does not fit the block changes nothing, with a quiet note.
    fake.replier(() => ({ json: { element: { id: 'hero', type: 'hero', props: { title: '' } } } }));
    await box.getByLabel('Prompt').fill('Break it');
    await box.getByRole('button', { name: 'Send' }).click();
    await box.getByRole('status').filter({ hasText: 'nothing changed' }).waitFor();
    expect(await title.inputValue()).toBe('Loaded nachos, fast');
    fake.replier(undefined);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="block-fields"] input[aria-label="Title"]') as HTMLInputElement | null)?.value === 'Welcome');
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="block-fields"] input[aria-label="Title"]') as HTMLInputElement | null)?.value === 'Loaded nachos, fast');
    // Revert to published: the published hero again.
    await page.getByRole('button', { name: 'Revert to published' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="block-fields"] input[aria-label="Title"]') as HTMLInputElement | null)?.value === 'Welcome');
    expect(await title.inputValue()).toBe('Welcome');

    // Rich text: its editor is 200 px high.
    await choose(page, 'Block type', 'richText');
    await page.getByRole('button', { name: 'Add block' }).click();
    expect(Math.round(await fields.getByRole('textbox', { name: 'Rich text' }).evaluate((el) => el.getBoundingClientRect().height))).toBe(200);

    // A repeater of cards: 'Add item' twice, then drag the second above the first (keyboard).
    await choose(page, 'Block type', 'cards');
    await page.getByRole('button', { name: 'Add block' }).click();
    await fields.getByRole('button', { name: 'Add item' }).click();
    await fields.getByRole('button', { name: 'Add item' }).click();
    const items = fields.getByTestId('repeater-item');
    await items.nth(0).getByLabel('Title', { exact: true }).fill('Local beer');
    await items.nth(1).getByLabel('Title', { exact: true }).fill('Vegan');
    const cardsOrder = () => page.locator('.pbe-frame .pb-card').allInnerTexts();
    await page.locator('.pbe-frame').getByText('Vegan').waitFor();
    expect(await cardsOrder()).toEqual(['Local beer', 'Vegan']);
    await keyboardMove(page, 'Reorder Items item 2', 'Items item 2', 2, 1, 2);
    await page.waitForFunction(() => JSON.stringify([...document.querySelectorAll<HTMLElement>('.pbe-frame .pb-card')].map((n) => n.innerText)) === '["Vegan","Local beer"]');
    expect(await items.nth(0).getByLabel('Title', { exact: true }).inputValue()).toBe('Vegan');

    // Phone and desktop frames.
    const frameWidth = () => page.getByTestId('preview').evaluate((el) => el.getBoundingClientRect().width);
    await page.getByLabel('Phone preview').waitFor();
    expect(Math.round(await frameWidth())).toBeLessThanOrEqual(375);
    await page.getByText('Desktop', { exact: true }).click();
    await page.getByLabel('Desktop preview').waitFor();
  });

  it('given a hero with a link button, when its title is cleared, its href set to javascript: and the draft saved, then every server message shows under its field and in a list naming the block and field, which selects the block', async () => {
    const { merchantId } = await merchantWithPage('errors', () => ({
      blocks: [{ id: 'hero', type: 'hero', props: { title: 'Welcome', button: { label: 'Order', action: { type: 'link', href: 'https://example.com' } } } }],
    }));
    const page = await openEditor(merchantId);
    const fields = page.getByTestId('block-fields');
    await page.getByRole('button', { name: 'hero: Welcome', exact: true }).click();
    await fields.getByLabel('Title', { exact: true }).fill('');
    await fields.getByLabel('Href', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save draft' }).click();

    const required = 'This field is required';
    const href = 'A link starts with /, #, https://, http://, mailto: or tel:';
    const problems = page.getByRole('list', { name: 'Problems' });
    await problems.waitFor();
    expect((await problems.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual([`hero › Title: ${required}`, `hero › Button › Action › Href: ${href}`]);
    // Under each field, tied to its input.
    const messageOf = async (label: string) => {
      const input = fields.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      return page.locator(`[id="${await input.getAttribute('aria-describedby')}"]`).innerText();
    };
    expect(await messageOf('Title')).toBe(required);
    expect(await messageOf('Href')).toBe(href);

    // From another block, the list's entry brings the hero back with its messages.
    await choose(page, 'Block type', 'spacer');
    await page.getByRole('button', { name: 'Add block' }).click();
    await fields.getByRole('heading', { name: 'spacer' }).waitFor();
    await expect(fields.getByTestId('field-error').count()).resolves.toBe(0);
    await problems.getByRole('button', { name: new RegExp('Href') }).click();
    await fields.getByRole('heading', { name: 'hero' }).waitFor();
    expect(await messageOf('Href')).toBe(href);
    // A changed field drops its message.
    await fields.getByLabel('Title', { exact: true }).fill('Welcome back');
    expect(await fields.getByTestId('field-error').allInnerTexts()).toEqual([href]);
  });

  it('given markdown, primary, secondary and link buttons and blocks visible on phones or wide screens only, then the editor\'s phone and desktop previews render them as the storefront does', async () => {
    const { handle, merchantId } = await merchantWithPage('preview', () => ({
      blocks: [
        { id: 'story', type: 'markdown', props: { markdown: '## Drawer heading\n\nSome **info**' } },
        {
          id: 'cta',
          type: 'buttonGroup',
          props: {
            buttons: [
              { label: 'Order', variant: 'primary', action: { type: 'navigate', href: '#menus' } },
              { label: 'Call us', variant: 'secondary', action: { type: 'link', href: 'tel:+15550100' } },
              { label: 'Hours', variant: 'link', action: { type: 'setAlert', message: 'Open late' } },
            ],
          },
        },
        { id: 'phone-only', type: 'promoBanner', visibility: ['xs'], props: { text: 'Phones only' } },
        { id: 'wide-only', type: 'promoBanner', visibility: ['md', 'lg'], props: { text: 'Wide screens only' } },
      ],
    }));
    const look = (root: Page | Locator) =>
      Promise.all(
        ['Order', 'Call us', 'Hours'].map((name) =>
          root.getByRole('button', { name, exact: true }).evaluate((el) => {
            const style = getComputedStyle(el);
            return { background: style.backgroundColor, color: style.color, decoration: style.textDecorationLine, border: style.borderTopWidth };
          }),
        ),
      );
    const rendered = async (root: Page | Locator) => ({
      heading: await root.getByRole('heading', { name: 'Drawer heading' }).isVisible(),
      bold: await root.locator('strong', { hasText: 'info' }).isVisible(),
      raw: (await root.getByText(/\*\*|##/).count()) > 0,
      phoneOnly: await root.getByText('Phones only').isVisible(),
      wideOnly: await root.getByText('Wide screens only').isVisible(),
    });

    // What a diner sees on a phone.
    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/${handle}`);
    // Each block type is its own chunk: wait for all three kinds before looking.
    for (const text of [/Drawer heading/, 'Hours', 'Phones only']) await diner.getByText(text, { exact: true }).first().waitFor();
    const dinerSees = await rendered(diner);
    expect(dinerSees).toEqual({ heading: true, bold: true, raw: false, phoneOnly: true, wideOnly: false });
    const dinerButtons = await look(diner);
    // The three styles differ from one another.
    expect(new Set(dinerButtons.map((b) => JSON.stringify(b))).size).toBe(3);

    // The editor's phone preview: the same.
    const page = await openEditor(merchantId);
    const frame = page.getByTestId('preview');
    for (const text of [/Drawer heading/, 'Hours', 'Phones only']) await frame.getByText(text, { exact: true }).first().waitFor();
    expect(await rendered(frame)).toEqual(dinerSees);
    expect(await look(frame)).toEqual(dinerButtons);

    // Unticking xs hides the markdown from the phone preview; the desktop preview shows it and the wide-only block.
    await page.getByRole('button', { name: 'markdown: Drawer heading', exact: true }).click();
    await page.getByTestId('block-fields').getByRole('checkbox', { name: 'xs' }).uncheck();
    await frame.getByRole('heading', { name: 'Drawer heading' }).waitFor({ state: 'detached' });
    await page.getByText('Desktop', { exact: true }).click();
    await page.getByLabel('Desktop preview').getByRole('heading', { name: 'Drawer heading' }).waitFor();
    expect(await page.getByLabel('Desktop preview').getByText('Wide screens only').isVisible()).toBe(true);
    expect(await page.getByLabel('Desktop preview').getByText('Phones only').isVisible()).toBe(false);
  });

  it('given a view and a drawer, then an action\'s Id offers the drawers for drawer actions and the views for tabs, popups and sheets, a drawer\'s id kept by a popup shows as naming no view, and a sheet chosen so opens on the storefront', async () => {
    const { handle, merchantId } = await merchantWithPage('targets', () => ({
      blocks: [{ id: 'cta', type: 'buttonGroup', props: { buttons: [{ label: 'Our story', action: { type: 'openDrawer', id: 'drinks' } }] } }],
      views: [{ id: 'story', title: 'Story', blocks: [{ id: 'since', type: 'promoBanner', props: { text: 'Since 1998' } }] }],
      drawers: [{ id: 'drinks', title: 'Drinks', blocks: [{ id: 'refills', type: 'promoBanner', props: { text: 'Free refills' } }] }],
    }));
    const page = await openEditor(merchantId);
    await page.getByRole('button', { name: 'buttonGroup', exact: true }).click();
    await shows(page, 'Id', 'drinks');
    expect(await optionsOf(page, 'Id')).toEqual(['drinks']);
    // openPopup keeps the id (seed 002 §4), which names no view: seen, not silently kept.
    await choose(page, 'Action type', 'openPopup');
    await shows(page, 'Id', 'drinks (no view has this id)');
    expect(await optionsOf(page, 'Id')).toEqual(['story', 'drinks (no view has this id)']);
    for (const type of ['openSheet', 'closeSheet', 'closePopup', 'tabLink']) {
      await choose(page, 'Action type', type);
      expect(await optionsOf(page, 'Id')).toEqual(['story', 'drinks (no view has this id)']);
    }
    await choose(page, 'Action type', 'closeDrawer');
    expect(await optionsOf(page, 'Id')).toEqual(['drinks']);
    await choose(page, 'Action type', 'openSheet');
    await choose(page, 'Id', 'story');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Page published').first().waitFor();
    const phone = await app.visitor({ mobile: true });
    await phone.goto(`${app.url}/${handle}`);
    await phone.getByRole('button', { name: 'Our story' }).click();
    await phone.getByRole('dialog', { name: 'Story' }).getByText('Since 1998').waitFor();
  });

  it('given a drawer \'drinks\' and a block \'hero-1\', when a drawer \'drinks\', a view \'hero-1\' or a view \'bad id!\' is added, then it is refused with the catalog\'s message under the id', async () => {
    const { merchantId } = await merchantWithPage('ids', () => ({ blocks: [] }));
    const page = await openEditor(merchantId);
    const id = page.getByLabel('Drawer or view id');
    const refusal = async () => {
      expect(await id.getAttribute('aria-invalid')).toBe('true');
      return page.locator(`[id="${await id.getAttribute('aria-describedby')}"]`).innerText();
    };
    await id.fill('drinks');
    await page.getByRole('button', { name: 'Add drawer' }).click();
    await choose(page, 'Block type', 'hero');
    await page.getByRole('button', { name: 'Add block' }).click();
    expect(await optionsOf(page, 'Editing')).toEqual(['Page', 'Drawer: Drinks']);

    await id.fill('drinks');
    await page.getByRole('button', { name: 'Add drawer' }).click();
    expect(await refusal()).toBe('Each block, view and drawer needs its own id');
    await id.fill('hero-1');
    expect(await id.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Add view' }).click();
    expect(await refusal()).toBe('Each block, view and drawer needs its own id');
    await id.fill('bad id!');
    await page.getByRole('button', { name: 'Add view' }).click();
    expect(await refusal()).toBe('An id uses letters, digits, - and _');
    expect(await optionsOf(page, 'Editing')).toEqual(['Page', 'Drawer: Drinks']);
  });

  it('given the page open in two editors, when one saves and then the other saves, then the other is told the page changed and the first one\'s draft is kept', async () => {
    const { merchantId } = await merchantWithPage('two-editors', () => ({ blocks: [] }));
    const first = await openEditor(merchantId);
    const second = await openEditor(merchantId);

    await choose(first, 'Block type', 'markdown');
    await first.getByRole('button', { name: 'Add block' }).click();
    await first.getByTestId('block-fields').getByLabel('Markdown', { exact: true }).fill('Kept: the first editor');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await first.getByText('Page saved').first().waitFor();

    await choose(second, 'Block type', 'hero');
    await second.getByRole('button', { name: 'Add block' }).click();
    await second.getByTestId('block-fields').getByLabel('Title', { exact: true }).fill('Lost: the second editor');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await second.getByText('This record was changed by someone else. Reload it and try again.').first().waitFor();

    const saved = await call<{ draft: { blocks: { type: string }[] }; published: { blocks: unknown[] } }>('GET', `/merchants/${merchantId}/page`, undefined, owner.token);
    expect(saved.body.draft.blocks.map((b) => b.type)).toEqual(['markdown']);
    expect(saved.body.published.blocks).toEqual([]);
  });

  it('given a 390 px phone, then the AI Assistant starts folded in the page, covering the preview at no scroll, and opened, the support launcher covers neither it nor its Send button', async () => {
    const tall = Array.from({ length: 6 }, (_, i) => ({ id: `promo-${i}`, type: 'promoBanner', props: { text: `Offer ${i + 1}` } }));
    const { merchantId } = await merchantWithPage('assistant', () => ({ blocks: [{ id: 'hero', type: 'hero', props: { title: 'Welcome' } }, ...tall] }));
    const page = await signedIn(app, owner, { mobile: true });
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`${app.url}/dashboard/merchants/${merchantId}/page`);
    await page.getByRole('heading', { level: 1, name: 'Page' }).waitFor();
    const box = page.getByRole('complementary', { name: 'AI Assistant' });
    const toggle = box.getByRole('button', { name: 'AI Assistant' });
    const launcher = page.locator('.ssw-launcher');
    const preview = page.getByTestId('preview');
    await launcher.waitFor();
    await preview.getByText('Offer 6').waitFor();
    type Rect = { x: number; y: number; width: number; height: number };
    const rectOf = async (target: Locator): Promise<Rect> => (await target.boundingBox()) as Rect;
    const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

    // Folded, and clear of the preview whether the preview is scrolled to the top or the bottom of the screen.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getByLabel('Prompt').isVisible()).toBe(false);
    for (const block of ['start', 'end'] as const) {
      await preview.evaluate((el, at) => el.scrollIntoView({ block: at }), block);
      expect(overlap(await rectOf(box), await rectOf(preview))).toBe(false);
    }

    // Opened: the prompt and Send, which the launcher does not cover.
    await toggle.click();
    await box.getByLabel('Prompt').fill('A punchier title');
    const send = box.getByRole('button', { name: 'Send' });
    await send.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(overlap(await rectOf(send), await rectOf(launcher))).toBe(false);
    expect(overlap(await rectOf(box), await rectOf(launcher))).toBe(false);
    await toggle.click();
    expect(await box.getByLabel('Prompt').isVisible()).toBe(false);
  });

  const drinks = { id: 'drinks', title: 'Drinks', blocks: [{ id: 'refills', type: 'promoBanner', props: { text: 'Free refills all game long' } }] };

  it('given a page with a hero, a markdown block and a button that opens a drawer, when a diner opens /{handle} on a phone, then the blocks show in order above the menus and the button opens the drawer', async () => {
    const { handle } = await merchantWithPage('drawer', () => ({
      blocks: [
        { id: 'hero', type: 'hero', props: { title: 'Welcome to Section 114', subtitle: 'Loaded nachos, fast' } },
        { id: 'story', type: 'markdown', props: { markdown: '## Our story\n\nServing **nachos** since 1998.' } },
        { id: 'wide-only', type: 'markdown', visibility: ['md', 'lg'], props: { markdown: 'Only on wide screens' } },
        { id: 'cta', type: 'buttonGroup', props: { buttons: [{ label: 'See drinks', action: { type: 'openDrawer', id: 'drinks' } }] } },
      ],
      drawers: [drinks],
    }));
    const page: Page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    await page.getByRole('heading', { name: 'Welcome to Section 114' }).waitFor();
    await page.getByRole('button', { name: 'See drinks' }).waitFor();
    const order = await page.getByTestId('page-block').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-block')));
    expect(order).toEqual(['hero', 'markdown', 'markdown', 'buttonGroup']);
    // Visibility by breakpoint: the md/lg block is not shown at 375 px.
    expect(await page.getByText('Only on wide screens').isVisible()).toBe(false);
    await expect(page.getByRole('heading', { name: 'Our story' }).isVisible()).resolves.toBe(true);
    // Above the menus.
    const [pageTop, menuTop] = await Promise.all([
      page.getByRole('heading', { name: 'Welcome to Section 114' }).evaluate((el) => el.getBoundingClientRect().top),
      page.getByRole('heading', { name: 'Game Day' }).evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(pageTop).toBeLessThan(menuTop);

    await page.getByRole('button', { name: 'See drinks' }).click();
    const drawer = page.getByRole('dialog', { name: 'Drinks' });
    await drawer.waitFor();
    await drawer.getByText('Free refills all game long').waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('given a new button group\'s default button (\'Order now\' → #menus) below a tall page, when a diner taps it on a phone, then the page scrolls to the menus', async () => {
    const schema = await call<{ blockDefaults: { buttonGroup: { buttons: { label: string; action: { href: string } }[] } } }>('GET', '/page-builder/schema');
    const buttons = schema.body.blockDefaults.buttonGroup;
    expect(buttons.buttons.map((b) => [b.label, b.action.href])).toEqual([['Order now', '#menus']]);
    const { handle } = await merchantWithPage('menus', () => ({
      blocks: [
        { id: 'cta', type: 'buttonGroup', props: buttons },
        { id: 'tall', type: 'spacer', props: { height: 400 } },
        { id: 'taller', type: 'spacer', props: { height: 400 } },
      ],
    }));
    const page = await app.visitor({ mobile: true });
    await page.goto(`${app.url}/${handle}`);
    const menu = page.getByRole('heading', { name: 'Game Day' });
    await menu.waitFor();
    // The page's blocks load after the menus (a chunk per block type): once they are in, the menus are below the fold.
    await page.getByRole('button', { name: 'Order now' }).waitFor();
    await page.waitForFunction(() => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Game Day');
      return !!heading && heading.getBoundingClientRect().top > innerHeight;
    });
    await page.getByRole('button', { name: 'Order now' }).click();
    await page.waitForFunction(() => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Game Day');
      const box = heading?.getBoundingClientRect();
      return !!box && box.top >= 0 && box.bottom <= innerHeight;
    });
  });

  it('given a 20-block page, when a diner first visits on a phone, then at most 120 KB of JS arrive on the wire, block code only for the types used, and no editor code', async () => {
    const types = (productId: string) => [
      { type: 'hero', props: { title: 'Game day', button: { label: 'Story', action: { type: 'tabLink', id: 'story', animate: true } } } },
      { type: 'richText', props: { html: '<p>Our <b>story</b></p>' } },
      { type: 'markdown', props: { markdown: '## Hours\n\nEvery game day.' } },
      { type: 'productGrid', props: { title: 'Favourites', productIds: [productId] } },
      { type: 'buttonGroup', props: { buttons: [{ label: 'Alert', action: { type: 'setAlert', color: 'success', message: 'Hi' } }] } },
      { type: 'links', props: { links: [{ title: 'Instagram', href: 'https://instagram.com', target: '_blank' }] } },
      { type: 'promoBanner', props: { text: 'Two for one' } },
      { type: 'cards', props: { items: [{ title: 'Local beer' }, { title: 'Vegan' }] } },
      { type: 'spacer', props: { height: 16 } },
      { type: 'promoBanner', props: { text: 'Refills', color: 'info' } },
    ];
    const { handle } = await merchantWithPage('twenty', (productId) => ({
      blocks: [...types(productId), ...types(productId)].map((block, i) => ({ id: `b${i}`, ...block })),
      views: [{ id: 'story', title: 'Story', blocks: [{ id: 'v1', type: 'markdown', props: { markdown: 'Since 1998' } }] }],
    }));
    const page = await app.visitor({ mobile: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, string>();
    const received: { url: string; wire: number }[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script' || /javascript/.test(response.mimeType)) scripts.set(requestId, new URL(response.url).pathname);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const url = scripts.get(requestId);
      if (url) received.push({ url, wire: encodedDataLength });
    });
    await page.goto(`${app.url}/${handle}`);
    await page.getByRole('heading', { name: 'Game day' }).first().waitFor();
    await page.getByText('Two for one').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('page-block').count()).toBe(20);
    const totalKb = received.reduce((sum, script) => sum + script.wire, 0) / 1024;
    console.log(`builder: a 20-block page, ${totalKb.toFixed(1)} KB of JS on the wire in ${received.length} responses: ${received.map((script) => `${script.url.split('/').pop()} ${(script.wire / 1024).toFixed(1)}`).join(', ')}`);
    expect(totalKb).toBeLessThanOrEqual(120);
    expect(received.filter((script) => /editor|puck|dnd/i.test(script.url))).toEqual([]);

    // The button's tabLink shows the view; the setAlert button shows the alert in its colour.
    await page.getByRole('button', { name: 'Story' }).first().click();
    await page.getByTestId('page-tab').getByText('Since 1998').waitFor();
    await page.getByRole('button', { name: 'Alert' }).first().click();
    await page.getByRole('alert').filter({ hasText: 'Hi' }).waitFor();
  });

  it('given a page with only a spacer and a promo banner, then the storefront downloads no other block type’s code', async () => {
    const { handle } = await merchantWithPage('spacer', () => ({ blocks: [{ id: 's', type: 'spacer', props: { height: 8 } }, { id: 'p', type: 'promoBanner', props: { text: 'Only a promo' } }] }));
    const page = await app.visitor({ mobile: true });
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/\.js(\?|$)/.test(new URL(response.url()).pathname)) bodies.push(response.text().catch(() => ''));
    });
    await page.goto(`${app.url}/${handle}`);
    await page.getByText('Only a promo').waitFor();
    await page.waitForLoadState('networkidle');
    // Each block renderer's chunk, and only it, marks its root with data-pb="<type>".
    const code = (await Promise.all(bodies)).join('\n');
    const loaded = ['hero', 'richText', 'markdown', 'image', 'productGrid', 'buttonGroup', 'links', 'promoBanner', 'cards', 'spacer'].filter((type) => code.includes(`"data-pb":"${type}"`));
    expect(loaded).toEqual(['promoBanner', 'spacer']);
  });
});

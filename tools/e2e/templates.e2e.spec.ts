import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { modeMessages } from '@seatside/ui/src/mode/messages';
import { downloaded, readWhen, webAppUnderTest } from './browser';
import { tempDir } from './platform';
import { alertShows, apiOf, merchantAdmin as merchantAdmin_, merchantPage, signedIn as signedIn_, signUp, switchMode, type MerchantAdmin } from './session';

type TagRecord = { id: string; code: string; name: string };
type Box = { x: number; y: number; width: number; height: number };
type TemplateRecord = { id: string; title: string; layers: (Box & { type: string; title: string; options: Record<string, unknown> })[] };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each page's text and QR code, as services/tags/test/read-pdf.mjs reads them (pdf.js, 150 DPI, jsQR). */
async function readPdf(pdf: Buffer): Promise<{ pages: { text: string; qr: string | null }[] }> {
  const script = path.resolve(__dirname, '../../services/tags/test/read-pdf.mjs');
  const dir = tempDir('seatside-e2e-pdf-');
  try {
    fs.writeFileSync(path.join(dir, 'printed.pdf'), pdf);
    const { stdout } = await promisify(execFile)(process.execPath, [script, path.join(dir, 'printed.pdf')], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The box of the pixels in `area` that differ from white by more than `threshold` (of 765), or null. */
async function inkBox(png: Buffer, area: Box, threshold = 120): Promise<[number, number, number, number] | null> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let box: [number, number, number, number] | null = null;
  for (let y = Math.max(0, area.y); y < Math.min(info.height, area.y + area.height); y++) {
    for (let x = Math.max(0, area.x); x < Math.min(info.width, area.x + area.width); x++) {
      const i = (y * info.width + x) * info.channels;
      if (765 - (data[i]! + data[i + 1]! + data[i + 2]!) > threshold) {
        box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
      }
    }
  }
  return box;
}

/**
 * The template designer (seed 002 §2, §3, §5, §9; docs/tags-api.md "Templates") as `npm start` serves
 * it, in Chromium: a template made, moved, resized, undone, saved and reloaded, printed for three tags
 * (the PDF's text and QR codes read back), and the canvas against the server's PNG.
 */
describe('the template designer', () => {
  const app = webAppUnderTest('templates');
  const call = apiOf(app);
  const signedIn = (admin: { email: string; password: string }) => signedIn_(app, admin);
  const templatesPath = (admin: MerchantAdmin) => `/merchants/${admin.merchantId}/templates`;

  async function ready(admin: MerchantAdmin) {
    while ((await call('GET', templatesPath(admin), undefined, admin.token)).status !== 200) await pause(200);
  }
  async function tagVia(admin: MerchantAdmin, name: string, table: string): Promise<TagRecord> {
    const created = await call<{ id: string }>('POST', `/merchants/${admin.merchantId}/tags`, { name, metadata: [{ key: 'Table', value: table }] }, admin.token);
    expect(created.status).toBe(201);
    return (await call<TagRecord>('GET', `/merchants/${admin.merchantId}/tags/${created.body.id}`, undefined, admin.token)).body;
  }

  /** The selected layer's box as its panel shows it. */
  async function panelBox(page: Page): Promise<Box> {
    const panel = page.getByTestId('layer-panel');
    const read = async (label: string) => Number(await panel.getByLabel(label, { exact: true }).inputValue());
    return { x: await read('X'), y: await read('Y'), width: await read('Width'), height: await read('Height') };
  }
  async function boxOf(page: Page, title: string): Promise<Box> {
    await page.getByRole('list', { name: 'Layers' }).getByRole('button', { name: title, exact: true }).click();
    await page.getByTestId('layer-panel').getByLabel('Layer title').and(page.locator(`[value="${title}"]`)).waitFor();
    return panelBox(page);
  }
  /** Drags from the middle of `locator` by (dx, dy) screen pixels in a few steps. */
  async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 4 });
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
    await page.mouse.up();
  }
  /** A point inside an element: (fx, fy) of its width and height from its top left. */
  async function pointIn(page: Page, testId: string, fx = 0.5, fy = 0.5) {
    const b = (await page.getByTestId(testId).boundingBox())!;
    return { x: b.x + b.width * fx, y: b.y + b.height * fy };
  }
  const middleOf = (page: Page, testId: string) => pointIn(page, testId);

  it("given 3 tags, when a template with 'Table {{Table}}' and a {{url}} QR is made, moved, resized, undone one step, saved and reloaded, then the layers are the same; printed for the 3 tags, the PDF has each table number and a QR code of each tag's link", async () => {
    const admin = await merchantAdmin_(app, 'templates');
    await ready(admin);
    const tags = [await tagVia(admin, 'Table 1', '1'), await tagVia(admin, 'Table 2', '2'), await tagVia(admin, 'Table 3', '3')];
    const page = await signedIn(admin);

    await page.goto(merchantPage(app, admin, 'templates'));
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByRole('button', { name: 'New Template' }).click();
    await page.getByTestId('template-editor').waitFor();
    await page.getByLabel('Template title').fill('Table card');

    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByLabel('Text', { exact: true }).fill('Table {{Table}}');
    await page.getByRole('button', { name: 'QR', exact: true }).click();
    await page.getByLabel('QR URL').fill('{{url}}');

    // The canvas is at 100 % here (a 384 px template in a wide column): screen pixels are template pixels.
    // The QR layer lies over the text's middle (the topmost layer takes the pointer): the text is taken by its left end.
    const text0 = await boxOf(page, 'Text 1');
    await drag(page, await pointIn(page, 'selection', 0.05), 0, -200);
    const text1 = await panelBox(page);
    expect([text1.x, text1.y]).toEqual([text0.x, text0.y - 200]);

    const qr0 = await boxOf(page, 'QR 1');
    await drag(page, await middleOf(page, 'resize-handle'), 40, 40);
    const qr1 = await panelBox(page);
    expect([qr1.width, qr1.height]).toEqual([qr0.width + 40, qr0.height + 40]);
    await drag(page, await middleOf(page, 'selection'), 30, 60);
    expect(await panelBox(page)).toEqual({ ...qr1, x: qr1.x + 30, y: qr1.y + 60 });

    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await panelBox(page)).toEqual(qr1);

    await page.getByRole('button', { name: 'Save' }).click();
    await alertShows(page, 'Template Created');
    await page.waitForURL(/\/templates\/[^/]+$/);
    const templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const saved = (await call<TemplateRecord>('GET', `${templatesPath(admin)}/${templateId}`, undefined, admin.token)).body;
    const summary = (t: TemplateRecord) => t.layers.map((l) => ({ type: l.type, title: l.title, x: l.x, y: l.y, width: l.width, height: l.height, text: l.options.text ?? l.options.url }));
    expect(summary(saved)).toEqual([
      { type: 'text', title: 'Text 1', ...text1, text: 'Table {{Table}}' },
      { type: 'qr', title: 'QR 1', ...qr1, text: '{{url}}' },
    ]);

    await page.reload();
    await page.getByTestId('template-editor').waitFor();
    expect(await boxOf(page, 'Text 1')).toEqual(text1);
    expect(await boxOf(page, 'QR 1')).toEqual(qr1);
    expect(await page.getByLabel('Text', { exact: true }).inputValue().catch(() => null)).toBeNull();
    await page.getByRole('list', { name: 'Layers' }).getByRole('button', { name: 'Text 1', exact: true }).click();
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe('Table {{Table}}');

    await page.getByRole('button', { name: 'Print' }).click();
    const dialog = page.getByTestId('print-dialog');
    await dialog.waitFor();
    await dialog.getByText('Choose tags').click();
    for (const tag of tags) await dialog.getByRole('checkbox', { name: tag.name }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Table card.pdf');
    const { pages } = await readPdf(await downloaded(download));
    expect(pages.map((p) => p.text)).toEqual(['Table 1', 'Table 2', 'Table 3']);
    pages.forEach((p, i) => expect(p.qr).toMatch(new RegExp(`^https?://[^/]+/tag/${tags[i]!.code}$`)));
  });

  it('given a template, then the canvas draws each layer where the server PNG does (within 1 px); the gallery has 3 columns, 1 under 700 px; presets and grid lines have their panels', async () => {
    const admin = await merchantAdmin_(app, 'templates-px');
    await ready(admin);
    const layers = [
      { type: 'shape', title: 'Band', x: 10, y: 10, width: 180, height: 40, options: { color: '#1677ff', topLeftBorder: 12 } },
      { type: 'text', title: 'Name', x: 20, y: 70, width: 360, height: 50, options: { text: 'Table 12 · Seat 2C', fontFamily: 'Poppins', fontWeight: 700, fontSize: 30, color: '#111111' } },
      { type: 'text', title: 'Centred', x: 20, y: 130, width: 200, height: 90, options: { text: 'Open Sans centred over two lines', fontFamily: 'Open Sans', fontSize: 22, textAlign: 'center', lineHeight: 30, fontStyle: 'italic' } },
      { type: 'qr', title: 'Code', x: 260, y: 150, width: 120, height: 120, options: { url: 'https://example.com/tag/abc', margin: 0 } },
      { type: 'icon', title: 'Star', x: 210, y: 10, width: 40, height: 40, options: { color: '#222222' } },
    ];
    const created = await call<{ id: string }>('POST', templatesPath(admin), { title: 'Pixels', width: 400, height: 300, layers }, admin.token);
    expect(created.status).toBe(201);
    const page = await signedIn(admin);
    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    const canvas = page.getByTestId('template-canvas');
    await page.locator('[data-testid="template-canvas"][data-ready="true"]').waitFor();
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height, c.getBoundingClientRect().width])).toEqual([400, 300, 400]);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const browserPng = Buffer.from((await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'))).split(',')[1]!, 'base64');
    const serverPng = Buffer.from(await (await fetch(`${app.url}/api/template/?id=${created.body.id}&cache=3000`)).arrayBuffer());
    expect(await sharp(serverPng).metadata()).toMatchObject({ width: 400, height: 300 });
    for (const layer of layers) {
      const [b, s] = [await inkBox(browserPng, layer), await inkBox(serverPng, layer)];
      expect({ layer: layer.title, found: b !== null }).toEqual({ layer: layer.title, found: true });
      b!.forEach((edge, i) => expect({ layer: layer.title, edge: i, off: Math.abs(edge - s![i]!) <= 1 }).toEqual({ layer: layer.title, edge: i, off: true }));
    }

    await page.getByRole('button', { name: 'Presets' }).click();
    await page.getByTestId('presets-panel').getByText("We're working on presets! Check back soon.", { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Grid lines' }).click();
    await page.getByTestId('grid-panel').getByLabel('Grid lines').fill('3');
    expect(await readWhen(() => page.getByTestId('grid-line').count(), (n) => n === 3)).toBe(3);

    for (let i = 0; i < 3; i++) await call('POST', templatesPath(admin), { title: `Card ${i}` }, admin.token);
    await page.goto(merchantPage(app, admin, 'templates'));
    const gallery = page.getByTestId('template-gallery');
    await gallery.locator('li').nth(3).waitFor();
    const columns = () => gallery.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(await columns()).toBe(3);
    await page.setViewportSize({ width: 699, height: 900 });
    expect(await readWhen(columns, (n) => n === 1)).toBe(1);
    await page.setViewportSize({ width: 700, height: 900 });
    expect(await readWhen(columns, (n) => n === 3)).toBe(3);
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('Pix');
    expect(await readWhen(() => gallery.locator('li').count(), (n) => n === 1)).toBe(1);
  });

  it("given a template with 'QR 1' and 'Text 1' at 1280 × 800, then the Layers panel shows each name whole (not clipped) and names it in its title", async () => {
    const admin = await merchantAdmin_(app, 'templates-layers');
    await ready(admin);
    const layers = [
      { type: 'text', title: 'Text 1', x: 20, y: 20, width: 200, height: 40, options: { text: 'Table 12' } },
      { type: 'qr', title: 'QR 1', x: 20, y: 80, width: 120, height: 120, options: { url: '{{url}}' } },
    ];
    const created = await call<{ id: string }>('POST', templatesPath(admin), { title: 'Layer names', layers }, admin.token);
    expect(created.status).toBe(201);
    const page = await signedIn(admin);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    const list = page.getByRole('list', { name: 'Layers' });
    const shown = async (name: string) => {
      const button = list.getByRole('button', { name, exact: true });
      await button.waitFor();
      return button.evaluate((b: HTMLElement) => ({ text: b.innerText, title: b.getAttribute('title'), clipped: b.scrollWidth > b.clientWidth }));
    };
    expect([await shown('QR 1'), await shown('Text 1')]).toEqual([
      { text: 'QR 1', title: 'QR 1', clipped: false },
      { text: 'Text 1', title: 'Text 1', clipped: false },
    ]);
  });

  it("given a template open in the editor, when someone else saves it meanwhile and the merchant then saves, then 'This record was changed by someone else. Reload it and try again.' shows and the other save stands; two saves in a row of one's own go through", async () => {
    const admin = await merchantAdmin_(app, 'templates-stale');
    await ready(admin);
    const created = await call<{ id: string }>('POST', templatesPath(admin), { title: 'Table card' }, admin.token);
    const templatePath = `${templatesPath(admin)}/${created.body.id}`;
    const page = await signedIn(admin);
    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    const title = page.getByLabel('Template title');
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Table card')).toBe('Table card');

    expect((await call('POST', templatePath, { title: 'Bar card' }, admin.token)).status).toBe(200);
    await title.fill('Seat card');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertShows(page, 'This record was changed by someone else. Reload it and try again.');
    expect((await call<{ title: string }>('GET', templatePath, undefined, admin.token)).body.title).toBe('Bar card');

    await page.reload();
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Bar card')).toBe('Bar card');
    await title.fill('Seat card');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertShows(page, 'Template Updated');
    await title.fill('Seat card 2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await readWhen(async () => (await call<{ title: string }>('GET', templatePath, undefined, admin.token)).body.title, (t) => t === 'Seat card 2')).toBe('Seat card 2');
  });

  it("given a sandbox template, when its link is opened in Production mode, then it asks 'Template is not available in Production mode…' before the editor shows; Back to the list goes to the gallery, and Switch to Sandbox opens it", async () => {
    const admin = await merchantAdmin_(app, 'templates-mode');
    await ready(admin);
    const created = await call<{ id: string }>('POST', templatesPath(admin), { title: 'Sandbox card', testMode: true }, admin.token);
    expect(created.status).toBe(201);
    const page = await signedIn(admin);
    await page.goto(merchantPage(app, admin, 'templates'));
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await switchMode(page, admin, false);

    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    // antd's confirm renders the title twice, one of them hidden.
    await page.getByText(modeMessages.notAvailable('Template', false), { exact: true }).last().waitFor();
    await expect(page.getByLabel('Template title').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((at) => at.href === merchantPage(app, admin, 'templates'));

    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    await page.getByRole('button', { name: 'Switch to Sandbox' }).click();
    const title = page.getByLabel('Template title');
    expect(await readWhen(() => title.inputValue(), (t) => t === 'Sandbox card')).toBe('Sandbox card');
  });

  it('given a template deleted meanwhile, when its link is opened, then the gallery shows (a missing record redirects to the list)', async () => {
    const admin = await merchantAdmin_(app, 'templates-gone');
    await ready(admin);
    const created = await call<{ id: string }>('POST', templatesPath(admin), { title: 'Gone card' }, admin.token);
    expect((await call('DELETE', `${templatesPath(admin)}/${created.body.id}`, undefined, admin.token)).status).toBe(200);
    const page = await signedIn(admin);
    await page.goto(merchantPage(app, admin, `templates/${created.body.id}`));
    await page.waitForURL((at) => at.href === merchantPage(app, admin, 'templates'));
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
  });

  it("given a venue's admin, then /dashboard/venues/{id}/templates has the gallery and a new template saves under the venue", async () => {
    const account = await signUp(app, 'templates-venue');
    const handle = `tpl-venue-${process.pid}-${Date.now().toString(36)}`;
    const venue = await call<{ id: string }>('POST', '/venues/create', { name: 'Gate 4 Arena', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(venue.status).toBe(201);
    const venueTemplates = `/venues/${venue.body.id}/templates`;
    while ((await call('GET', venueTemplates, undefined, account.token)).status !== 200) await pause(200);
    const page = await signedIn(account);
    await page.goto(`${app.url}/dashboard${venueTemplates}`);
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByRole('button', { name: 'New Template' }).click();
    await page.getByLabel('Template title').fill('Gate sign');
    await page.getByRole('button', { name: 'Gradient', exact: true }).click();
    await page.getByTestId('gradient-panel').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await alertShows(page, 'Template Created');
    const list = (await call<{ data: TemplateRecord[] }>('GET', venueTemplates, undefined, account.token)).body.data;
    expect(list.map((t) => [t.title, t.layers.map((l) => [l.type, l.options.gradient])])).toEqual([['Gate sign', [['shape', true]]]]);
  });
});

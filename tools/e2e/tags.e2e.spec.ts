import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { deleteConfirmText, listMessages } from '@seatside/ui/src/lists/messages';
import { modeMessages } from '@seatside/ui/src/mode/messages';
import { countWhen, downloaded, readWhen, seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, signUp, merchantAdmin as merchantAdmin_, merchantPage as merchantPage_, signedIn as signedIn_, switchMode, type ListAnswer, type MerchantAdmin } from './session';

// The tag screens' words (frontends/dashboard/src/tags/messages.ts and the demo page's; apps cannot be
// imported). The increment rule, the natural order and the derived name have their property spec in
// frontends/dashboard/src/tags/domain.unit.spec.ts.
const words = {
  title: 'Tags', search: 'Search Tags', empty: 'No tags found', add: 'New Tag', newTitle: 'New Tag', editTitle: 'Edit Tag',
  metadataEmpty: 'No metadata found; click the + icon to begin adding metadata to this tag.',
  keyHint: 'Key - Example Table, Seat etc...', valueHint: 'Value - Example 27, 2C.', addPair: 'Add metadata',
  increment: 'Increment Values on Activation/Save', save: 'Save Tag', delete: 'Delete Tag', keyRequired: 'Key is required', changedElsewhere: 'This record was changed by someone else. Reload it and try again.',
  created: 'Tag created', updated: 'Tag updated', deleted: 'Tag deleted', activated: 'Tag Activated', activateNfc: 'Activate Via NFC', activateQr: 'Activate Via QR', findByNfc: 'Find by NFC',
  activate: 'Activate', writeTitle: 'Write to tag', unsupported: /This browser cannot write NFC tags\./,
} as const;

type TagRecord = { id: string; code: string; name: string; testMode: boolean; metadata: { key: string; value: string; visible: boolean }[] };
type Pair = { key: string; value: string; visible?: boolean };

/** The entries of a store-only zip (what qr-download writes), read from its central directory. */
function storedZipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** The text of the QR code in a PNG. */
async function qrText(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Tags screens (seed 001 §2, §5, §8; docs/tags-api.md) as `npm start` serves them, in Chromium:
 * the list in natural order with its search and empty text, the side panel's editor with the
 * increment rule, drag to reorder and hide a pair (as `/tag/{code}` then shows it), delete after the
 * question, a tag deleted elsewhere, and the tag activation demo page.
 */
describe('the tag screens', () => {
  const app = webAppUnderTest('tags');
  const call = apiOf(app);
  const merchantAdmin = () => merchantAdmin_(app, 'tags');
  const signedIn = (admin: MerchantAdmin) => signedIn_(app, admin);
  const tagsPage = (admin: MerchantAdmin, rest = '') => merchantPage_(app, admin, rest ? `tags/${rest}` : 'tags');
  const tagsPath = (admin: MerchantAdmin) => `/merchants/${admin.merchantId}/tags`;

  /** Waits until the tags service has learnt of the new merchant's membership (its projection is asynchronous). */
  async function tagsReady(admin: MerchantAdmin) {
    while ((await call('GET', tagsPath(admin), undefined, admin.token)).status !== 200) await pause(200);
  }

  async function tagVia(admin: MerchantAdmin, name: string, metadata: Pair[] = [], testMode = false): Promise<TagRecord> {
    const created = await call<{ id: string }>('POST', tagsPath(admin), { name, metadata, testMode }, admin.token);
    expect(created.status).toBe(201);
    return (await call<TagRecord>('GET', `${tagsPath(admin)}/${created.body.id}`, undefined, admin.token)).body;
  }

  const listed = async (admin: MerchantAdmin) => (await call<ListAnswer<TagRecord>>('GET', tagsPath(admin), undefined, admin.token)).body.data;
  const rowNames = (page: Page) => page.getByTestId('tag-row').locator('a').allInnerTexts();
  const same = (want: string[]) => (names: string[]) => JSON.stringify(names) === JSON.stringify(want);

  async function openTags(page: Page, url: string) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
    await page.locator('section[aria-busy="false"]').first().waitFor();
  }

  async function announced(page: Page, text: string) {
    await page.waitForFunction((want) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === want, text);
  }
  async function settled(page: Page) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  it("given a merchant's tags, then the list is in natural numeric order, case-insensitive, searched by name, and says 'No tags found' when empty; a sandbox tag is not on it", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin));
    await page.getByText(words.empty, { exact: true }).waitFor();

    for (const name of ['Table 10', 'table 2', 'Bar 1', 'TABLE 1']) await tagVia(admin, name);
    await tagVia(admin, 'Table 3 sandbox', [], true);
    await openTags(page, tagsPage(admin));
    expect(await readWhen(() => rowNames(page), same(['Bar 1', 'TABLE 1', 'table 2', 'Table 10']))).toEqual(['Bar 1', 'TABLE 1', 'table 2', 'Table 10']);

    await page.getByRole('searchbox', { name: words.search }).fill('tab');
    expect(await readWhen(() => rowNames(page), same(['TABLE 1', 'table 2', 'Table 10']))).toEqual(['TABLE 1', 'table 2', 'Table 10']);
    await page.getByRole('searchbox', { name: words.search }).fill('nothing like it');
    expect(await countWhen(page.getByTestId('tag-row'), (n) => n === 0)).toBe(0);
    await page.getByText(words.empty, { exact: true }).waitFor();
  });

  it("given a sandbox tag, when its link is opened in Production mode, then it asks 'Tag is not available in Production mode…' before showing it; Back to the list goes to the list, and Switch to Sandbox opens it", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tag = await tagVia(admin, 'Sandbox Table 7', [{ key: 'Table', value: '7' }], true);
    const page = await signedIn(admin);
    await openTags(page, tagsPage(admin));
    await switchMode(page, admin, false);

    await page.goto(tagsPage(admin, tag.id));
    // antd's confirm renders the title twice, one of them hidden.
    await page.getByText(modeMessages.notAvailable('Tag', false), { exact: true }).last().waitFor();
    await expect(page.getByRole('button', { name: words.save }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((at) => at.href === tagsPage(admin));

    await page.goto(tagsPage(admin, tag.id));
    await page.getByRole('button', { name: 'Switch to Sandbox' }).click();
    await page.getByRole('button', { name: words.save }).waitFor();
    await expect(page.getByRole('switch', { name: 'Sandbox mode' }).getAttribute('aria-checked')).resolves.toBe('true');
    await switchMode(page, admin, false);
  });

  it("given a new tag Table=9, Seat=AZ with increment on, when it is saved, then the form stays with 10 and BA, and a second save makes a second tag", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin));
    await page.getByRole('link', { name: words.add }).click();
    await page.getByRole('heading', { level: 2, name: words.newTitle }).waitFor();
    await page.getByText(words.metadataEmpty, { exact: true }).waitFor();
    expect((await page.getByTestId('tag-panel').boundingBox())?.width).toBe(400);

    const addPair = page.getByRole('button', { name: words.addPair });
    await addPair.click();
    await addPair.click();
    expect(await countWhen(page.getByTestId('metadata-pair'), (n) => n === 2)).toBe(2);
    await expect(page.getByLabel('Key 1').getAttribute('placeholder')).resolves.toBe(words.keyHint);
    await expect(page.getByLabel('Value 1').getAttribute('placeholder')).resolves.toBe(words.valueHint);
    await page.getByLabel('Key 1').fill('Table');
    await page.getByLabel('Value 1').fill('9');
    await page.getByLabel('Key 2').fill('Seat');
    await page.getByLabel('Value 2').fill('AZ');
    const increment = page.getByRole('switch', { name: words.increment });
    await increment.click();
    expect(await readWhen(() => increment.getAttribute('aria-checked'), (v) => v === 'true')).toBe('true');

    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.created);
    const values = () => Promise.all([page.getByLabel('Value 1').inputValue(), page.getByLabel('Value 2').inputValue()]);
    expect(await readWhen(values, (v) => v[0] === '10' && v[1] === 'BA')).toEqual(['10', 'BA']);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/tags/new`);
    expect(await readWhen(() => rowNames(page), same(['Table 9 · Seat AZ']))).toEqual(['Table 9 · Seat AZ']);

    // The button stays busy a second after a save (seed 001 §9; domain.unit.spec.ts times it): a tap is taken once it is free.
    const saveButton = page.getByRole('button', { name: words.save });
    expect(await readWhen(async () => (await saveButton.getAttribute('class')) ?? '', (c) => !c.includes('ant-btn-loading'))).not.toContain('ant-btn-loading');
    await saveButton.click();
    expect(await readWhen(values, (v) => v[0] === '11' && v[1] === 'BB')).toEqual(['11', 'BB']);
    expect(await readWhen(() => rowNames(page), same(['Table 9 · Seat AZ', 'Table 10 · Seat BA']))).toEqual(['Table 9 · Seat AZ', 'Table 10 · Seat BA']);

    const tags = await listed(admin);
    expect(tags.map((t) => [t.name, t.metadata.map((p) => `${p.key}=${p.value}`)])).toEqual([
      ['Table 9 · Seat AZ', ['Table=9', 'Seat=AZ']],
      ['Table 10 · Seat BA', ['Table=10', 'Seat=BA']],
    ]);
  });

  it('given a tag, when its QR settings change they survive a reload, and when a pair is dragged up and another hidden, then /tag/{code} shows only the visible pairs in the new order', async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tag = await tagVia(admin, 'Table 12', [{ key: 'Table', value: '12' }, { key: 'Seat', value: '2C' }, { key: 'Runner', value: 'Ann' }]);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin, tag.id));
    await page.getByRole('heading', { level: 2, name: words.editTitle }).waitFor();
    await expect(page.getByTestId('tag-link').innerText()).resolves.toBe(`${app.url}/tag/${tag.code}`);
    await page.getByTestId('tag-qr').waitFor();
    expect(await seriousViolations(page, '[data-testid="merchant-frame"]')).toEqual([]);

    // The QR card: margin 1 and L to start; H and margin 4 are kept across a reload.
    const qrSrc = () => page.getByTestId('tag-qr').evaluate((img) => (img as HTMLImageElement).src);
    expect(await qrSrc()).toContain(`/qr/${tag.code}?color=000000&background=ffffff&errorCorrectionLevel=L&margin=1`);
    await page.getByRole('button', { name: 'H', exact: true }).click();
    await page.getByRole('slider').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await readWhen(qrSrc, (src) => src.includes('errorCorrectionLevel=H&margin=4'))).toContain('errorCorrectionLevel=H&margin=4');
    expect(await readWhen(() => page.getByTestId('tag-qr').evaluate((img) => (img as HTMLImageElement).naturalWidth), (w) => w > 0)).toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('tag-qr').waitFor();
    expect(await qrSrc()).toContain('errorCorrectionLevel=H&margin=4');
    await expect(page.getByRole('button', { name: 'H', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');

    // Seat up to the top with the keyboard (dnd-kit's sensor), Runner hidden.
    await page.getByRole('button', { name: 'Reorder Seat' }).focus();
    await page.keyboard.press('Space');
    await announced(page, 'Seat is at position 2 of 3.');
    await settled(page);
    await page.keyboard.press('ArrowUp');
    await announced(page, 'Seat moved to position 1 of 3.');
    await settled(page);
    await page.keyboard.press('Space');
    await announced(page, 'Seat dropped at position 1 of 3.');
    expect(await readWhen(() => Promise.all([page.getByLabel('Key 1').inputValue(), page.getByLabel('Key 2').inputValue()]), (k) => k[0] === 'Seat')).toEqual(['Seat', 'Table']);
    const runner = page.getByTestId('metadata-pair').nth(2).getByRole('switch');
    await runner.click();
    expect(await readWhen(() => runner.getAttribute('aria-checked'), (v) => v === 'false')).toBe('false');

    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.updated);
    const stored = await readWhen(
      async () => (await call<TagRecord>('GET', `${tagsPath(admin)}/${tag.id}`, undefined, admin.token)).body.metadata,
      (pairs) => pairs[0]?.key === 'Seat',
    );
    expect(stored).toEqual([{ key: 'Seat', value: '2C', visible: true }, { key: 'Table', value: '12', visible: true }, { key: 'Runner', value: 'Ann', visible: false }]);

    const diner = await app.visitor({ mobile: true });
    await diner.goto(`${app.url}/tag/${tag.code}`);
    await diner.getByText('Seat 2C · Table 12').first().waitFor();
    expect(await diner.getByText('Runner').count()).toBe(0);
    expect(await diner.getByText('Ann', { exact: true }).count()).toBe(0);
  });

  it("given a new tag with Table=5 and a pair with the value 2C but no key, when it is saved, then 'Key is required' shows, nothing is made and 2C is still there to fix", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin, 'new'));
    const addPair = page.getByRole('button', { name: words.addPair });
    await addPair.click();
    await addPair.click();
    await page.getByLabel('Key 1').fill('Table');
    await page.getByLabel('Value 1').fill('5');
    await page.getByLabel('Value 2').fill('2C');
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.keyRequired);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/merchants/${admin.merchantId}/tags/new`);
    await expect(page.getByLabel('Value 2').inputValue()).resolves.toBe('2C');
    expect(await listed(admin)).toEqual([]);

    // With its key the pair is kept; a pair left wholly blank is dropped.
    await page.getByLabel('Key 2').fill('Seat');
    await addPair.click();
    await page.locator('.tg-actions .ant-btn-loading').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.created);
    const [tag] = await readWhen(() => listed(admin), (tags) => tags.length === 1);
    expect(tag!.metadata).toEqual([{ key: 'Table', value: '5', visible: true }, { key: 'Seat', value: '2C', visible: true }]);
  });

  it("given a tag named from its metadata 'Table 5', when the value becomes 6 and it is saved, then its name and its row say 'Table 6'; a name typed by the person stays", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tag = await tagVia(admin, 'Table 5', [{ key: 'Table', value: '5' }]);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin, tag.id));
    const name = page.getByLabel('Tag Name');
    await expect(name.inputValue()).resolves.toBe('Table 5');
    await page.getByLabel('Value 1').fill('6');
    await expect(name.inputValue()).resolves.toBe('Table 6');
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.updated);
    expect(await readWhen(() => rowNames(page), same(['Table 6']))).toEqual(['Table 6']);
    expect((await call<TagRecord>('GET', `${tagsPath(admin)}/${tag.id}`, undefined, admin.token)).body.name).toBe('Table 6');

    // A name of the person's own is theirs: the metadata no longer renames the tag. (Save Tag stays busy a second after a save.)
    await page.locator('.tg-actions .ant-btn-loading').waitFor({ state: 'detached' });
    await name.fill('Window booth');
    await page.getByLabel('Value 1').fill('7');
    await expect(name.inputValue()).resolves.toBe('Window booth');
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.updated);
    expect(await readWhen(() => rowNames(page), same(['Window booth']))).toEqual(['Window booth']);
  });

  it("given a tag open in its side panel, when someone else changes it and the merchant then saves, then 'This record was changed by someone else. Reload it and try again.' shows and the other change stands", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tag = await tagVia(admin, 'Table 5', [{ key: 'Table', value: '5' }]);
    const page = await signedIn(admin);
    await openTags(page, tagsPage(admin, tag.id));
    await expect(page.getByLabel('Value 1').inputValue()).resolves.toBe('5');

    const elsewhere = await call('POST', `${tagsPath(admin)}/${tag.id}`, { name: 'Table 8', metadata: [{ key: 'Table', value: '8', visible: true }] }, admin.token);
    expect(elsewhere.status).toBe(200);
    await page.getByLabel('Value 1').fill('6');
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.changedElsewhere);
    expect((await call<TagRecord>('GET', `${tagsPath(admin)}/${tag.id}`, undefined, admin.token)).body.metadata).toEqual([{ key: 'Table', value: '8', visible: true }]);
  });

  it("given a tag, when it is deleted after 'Are you sure?', then the list is back and empty; a tag deleted elsewhere while open sends the person back to the list", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const doomed = await tagVia(admin, 'Table 1', [{ key: 'Table', value: '1' }]);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin, doomed.id));
    await page.getByRole('button', { name: words.delete }).click();
    await page.getByText(listMessages.confirmDeleteTitle, { exact: true }).filter({ visible: true }).first().waitFor();
    await page.getByText(deleteConfirmText('tag'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await alertShows(page, words.deleted);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/tags`);
    await page.getByText(words.empty, { exact: true }).waitFor();
    expect((await call('GET', `${tagsPath(admin)}/${doomed.id}`, undefined, admin.token)).status).toBe(404);

    const elsewhere = await tagVia(admin, 'Table 2', [{ key: 'Table', value: '2' }]);
    await openTags(page, tagsPage(admin, elsewhere.id));
    await page.getByRole('heading', { level: 2, name: words.editTitle }).waitFor();
    await page.getByLabel('Key 1').waitFor();
    expect((await call('DELETE', `${tagsPath(admin)}/${elsewhere.id}`, undefined, admin.token)).status).toBe(200);
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/tags`);
    await page.getByText(words.empty, { exact: true }).waitFor();
  });

  it("given two tags and a sandbox one, when Download All is pressed, then tags.zip holds one PNG per tag of the mode and each decodes to the tag's link", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tags = [await tagVia(admin, 'Table 1', [{ key: 'Table', value: '1' }]), await tagVia(admin, 'Table 2', [{ key: 'Table', value: '2' }])];
    await tagVia(admin, 'Sandbox 1', [], true);
    const page = await signedIn(admin);

    await openTags(page, tagsPage(admin));
    expect(await readWhen(() => rowNames(page), same(['Table 1', 'Table 2']))).toEqual(['Table 1', 'Table 2']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).click()]);
    expect(download.suggestedFilename()).toBe('tags.zip');
    const entries = storedZipEntries(await downloaded(download));
    expect(entries.map((e) => e.name).sort()).toEqual(['Table 1.png', 'Table 2.png']);
    for (const [index, entry] of entries.sort((a, b) => a.name.localeCompare(b.name)).entries()) {
      expect(entry.data.subarray(1, 4).toString()).toBe('PNG');
      expect(await qrText(entry.data)).toMatch(new RegExp(`/tag/${tags[index]?.code ?? "none"}$`));
    }
  });

  /**
   * A phone's Web NFC and camera scanner, stood in for before the page loads: every NFC tag held up
   * has serial `nfcSerial` and takes what is written to it into `window.written`; the camera (a
   * canvas stream) sees a printed QR code of `https://print.example/tag/{qrSerial}`.
   */
  async function withScanners(page: Page, nfcSerial: string, qrSerial: string) {
    await page.addInitScript(
      ([nfc, qr]) => {
        const w = window as unknown as Record<string, unknown>;
        w.written = [];
        w.NDEFReader = class extends EventTarget {
          onreading: ((event: Event) => void) | null = null;
          onreadingerror: ((event: Event) => void) | null = null;
          async scan() {
            setTimeout(() => this.onreading?.(Object.assign(new Event('reading'), { serialNumber: nfc })), 50);
          }
          async write(message: { records: { data: string }[] }) {
            (w.written as string[]).push(...message.records.map((r) => r.data));
          }
        };
        w.BarcodeDetector = class {
          async detect() {
            return [{ rawValue: `https://print.example/tag/${qr}` }];
          }
        };
        const getUserMedia = async () => {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 16;
          canvas.getContext('2d')?.fillRect(0, 0, 16, 16);
          return canvas.captureStream();
        };
        Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
      },
      [nfcSerial, qrSerial] as const,
    );
  }

  it("given a phone with NFC and a camera, when a new tag is activated via NFC and then via QR with increment on, then each serial becomes a tag, the NFC tag gets the tag's link, and Find by NFC opens it", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const page = await signedIn(admin);
    const nfcSerial = `04-a2-${Date.now().toString(36)}`;
    const qrSerial = `qr${Date.now().toString(36)}`;
    await withScanners(page, nfcSerial, qrSerial);

    await openTags(page, tagsPage(admin, 'new'));
    await page.getByRole('button', { name: words.addPair }).click();
    await page.getByLabel('Key 1').fill('Table');
    await page.getByLabel('Value 1').fill('20');
    await page.getByRole('switch', { name: words.increment }).click();

    await page.getByRole('button', { name: words.activateNfc }).click();
    await alertShows(page, words.activated);
    expect(await readWhen(() => page.getByLabel('Value 1').inputValue(), (v) => v === '21')).toBe('21');
    expect(await page.evaluate(() => (window as unknown as { written: string[] }).written)).toEqual([`${app.url}/tag/${nfcSerial}`]);
    const viaNfc = await call<{ name: string; metadata: Pair[] }>('GET', `/tags/${nfcSerial}`);
    expect([viaNfc.status, viaNfc.body.name, viaNfc.body.metadata]).toEqual([200, 'Table 20', [{ key: 'Table', value: '20' }]]);

    await page.getByRole('button', { name: words.activateQr }).click();
    expect(await readWhen(() => page.getByLabel('Value 1').inputValue(), (v) => v === '22')).toBe('22');
    const viaQr = await call<{ name: string }>('GET', `/tags/${qrSerial}`);
    expect([viaQr.status, viaQr.body.name]).toEqual([200, 'Table 21']);
    expect(await readWhen(() => rowNames(page), same(['Table 20', 'Table 21']))).toEqual(['Table 20', 'Table 21']);

    const nfcTag = (await listed(admin)).find((t) => t.code === nfcSerial);
    await page.getByRole('button', { name: words.findByNfc }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/merchants/${admin.merchantId}/tags/${nfcTag?.id}`);
    await page.getByRole('heading', { level: 2, name: words.editTitle }).waitFor();
  });

  it("given a tag a diner has scanned, then its row shows the last 7 days' scans and orders, and its page the 30-day series", async () => {
    const admin = await merchantAdmin();
    await tagsReady(admin);
    const tag = await tagVia(admin, 'Table 7', [{ key: 'Table', value: '7' }]);
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect((await fetch(`${app.url}/v1/tags/${tag.code}`, { headers: { 'user-agent': phone } })).status).toBe(200);
    // The counter writes its batch every second.
    while ((await listed(admin))[0] && !JSON.stringify(await listed(admin)).includes('"scans":1')) await pause(200);

    const page = await signedIn(admin);
    await openTags(page, tagsPage(admin));
    expect(await readWhen(() => page.getByTestId('tag-row-stats').innerText(), (t) => t.startsWith('1 scan · 0 orders'))).toMatch(/^1 scan · 0 orders/);
    await page.getByRole('link', { name: 'Table 7' }).click();
    expect(await readWhen(() => page.getByTestId('tag-stats').innerText().catch(() => ''), (t) => t.includes('Scans: 1'))).toContain('Orders: 0');
  });

  it("given a venue's admin on a phone, when a tag is made at /dashboard/venues/{id}/tags, then the side panel fills the screen and the new tag opens in it", async () => {
    const account = await signUp(app, 'tags-venue');
    const handle = `tags-venue-${process.pid}-${Date.now().toString(36)}`;
    const venue = await call<{ id: string }>('POST', '/venues/create', { name: 'Gate 4 Arena', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(venue.status).toBe(201);
    const venueTags = `/venues/${venue.body.id}/tags`;
    while ((await call('GET', venueTags, undefined, account.token)).status !== 200) await pause(200);
    const page = await signedIn_(app, account, { mobile: true });

    await openTags(page, `${app.url}/dashboard${venueTags}`);
    await page.getByText(words.empty, { exact: true }).waitFor();
    await page.getByRole('link', { name: words.add }).click();
    const panel = page.getByTestId('tag-panel');
    await panel.waitFor();
    expect((await panel.boundingBox())?.width).toBe(375);
    await page.getByRole('button', { name: words.addPair }).click();
    await page.getByLabel('Key 1').fill('Section');
    await page.getByLabel('Value 1').fill('114');
    await page.getByRole('button', { name: words.save }).click();
    await alertShows(page, words.created);
    await page.getByRole('heading', { level: 2, name: words.editTitle }).waitFor();
    const tags = (await call<ListAnswer<TagRecord>>('GET', venueTags, undefined, account.token)).body.data;
    expect(tags.map((t) => t.name)).toEqual(['Section 114']);
    expect(new URL(page.url()).pathname).toBe(`/dashboard${venueTags}/${tags[0]?.id}`);
  });

  it('given the tag activation demo, when Activate is pressed in a browser without Web NFC, then the write-to-tag dialog says so plainly', async () => {
    const page = await app.visitor();
    await page.goto(`${app.url}/tag-activation`);
    await page.getByRole('button', { name: words.activate, exact: true }).click();
    await page.getByRole('heading', { name: words.writeTitle }).waitFor();
    await page.getByText(words.unsupported).waitFor();
  });
});

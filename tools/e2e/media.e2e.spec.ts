import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { listMessages } from '@seatside/ui/src/lists/messages';
import { brandImages, brandingMessages } from '@seatside/ui/src/tenant-settings/messages';
import { seriousViolations, webAppUnderTest } from './browser';
import { alertShows, apiOf, merchantAdmin as merchantAdmin_, merchantPage, signedIn, type ListAnswer, type MerchantAdmin } from './session';

// Seed 001 §2, §9 (the dashboard app's own copy is in gallery/messages.ts; apps cannot be imported).
const galleryMessages = { title: 'Gallery', loading: 'Loading...' } as const;

interface MediaObject {
  key: string;
  url: string;
  size: number;
  lastModified: string;
}

/** A real PNG of the given size, made here (no fixture file). */
const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1f5eff' } }).png().toBuffer();

/**
 * The Branding section and the Gallery (seed 001 §2, §7, §9; seed 002 §5) as `npm start` serves
 * them, in Chromium, against docs/media-api.md and the tenant record of docs/catalog-api.md: a
 * merchant admin uploads a banner, sees it on the section and in the gallery; other files are refused.
 */
describe('branding uploads and the gallery', () => {
  const app = webAppUnderTest('media');
  const call = apiOf(app);
  const merchantAdmin = () => merchantAdmin_(app, 'media');
  const settingsPage = (admin: MerchantAdmin, section: string) => `${app.url}/dashboard/merchants/${admin.merchantId}/settings/${section}`;

  async function openBranding(page: Page, admin: MerchantAdmin) {
    await page.goto(settingsPage(admin, 'branding'));
    await page.getByRole('heading', { level: 1, name: brandingMessages.title }).waitFor();
    await page.locator('section[aria-busy="false"]').first().waitFor();
  }

  /** Chooses a file on a brand field; resolves with the upload's answer. */
  async function choose(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const answer = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/brand'));
    await page.getByLabel(`Upload ${label}`).setInputFiles(file);
    return answer;
  }

  it('a merchant admin uploads a PNG banner, sees it on Branding and in the Gallery with its size in KB', async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(app, admin);

    // The settings menu holds Branding (the whole menu is checked by settings.e2e.spec.ts).
    await openBranding(page, admin);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Branding' }).waitFor();
    for (const { label } of brandImages) await page.getByRole('heading', { level: 2, name: label, exact: true }).waitFor();
    await page.getByText(brandingMessages.iconHint, { exact: true }).waitFor();
    await expect(page.getByText(brandingMessages.noImage).count()).resolves.toBe(4);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Seed 002 §5: png and jpeg only. A text file is refused on the spot; a text file named .png by the server.
    await page.getByLabel('Upload Banner').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await alertShows(page, brandingMessages.notAnImage);
    const refused = await choose(page, 'Banner', { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image either') });
    expect(refused.status()).toBe(400);
    await expect(refused.json()).resolves.toMatchObject({ message: brandingMessages.notAnImage });
    await page.getByTestId('brand-banner').getByRole('alert').filter({ hasText: brandingMessages.notAnImage }).waitFor();

    // A real PNG: 'Image uploaded', and the answer's URL on screen, loaded.
    const uploaded = await choose(page, 'Banner', { name: 'banner.png', mimeType: 'image/png', buffer: await pngOf(300, 100) });
    expect(uploaded.status()).toBe(200);
    const url = (await uploaded.text()).trim();
    expect(url).toMatch(/\/merchants\/[^/]+\/brand\/banner-[^/]+\.png$/);
    await alertShows(page, brandingMessages.saved);
    const banner = page.getByRole('img', { name: 'Banner image' });
    await expect(banner.getAttribute('src')).resolves.toBe(url);
    await page.waitForFunction(`document.querySelector('img[alt="Banner image"]')?.naturalWidth === 300`);
    await expect(page.getByText(brandingMessages.noImage).count()).resolves.toBe(3);

    // The tenant record carries it (the catalog follows the media service's event): a reload shows it.
    const bannerOnRecord = async () =>
      (await call<{ branding?: { banner?: string | null } }>('GET', `/merchants/${admin.merchantId}`, undefined, admin.token)).body.branding?.banner;
    while ((await bannerOnRecord()) !== url) await page.waitForTimeout(200);
    await openBranding(page, admin);
    await expect(page.getByRole('img', { name: 'Banner image' }).getAttribute('src')).resolves.toBe(url);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The gallery: the stored object, its file name, its size in KB with 2 decimals.
    const objects = await call<ListAnswer<MediaObject>>('GET', `/merchants/${admin.merchantId}/objects`, undefined, admin.token);
    expect(objects.status).toBe(200);
    expect(objects.body.data).toHaveLength(1);
    const [object] = objects.body.data as [MediaObject];
    expect(object.url).toBe(url);
    const fileName = object.key.slice(object.key.lastIndexOf('/') + 1);
    expect(fileName).toMatch(/^banner-.+\.png$/);

    await page.goto(merchantPage(app, admin, 'gallery'));
    await page.getByRole('heading', { level: 1, name: galleryMessages.title }).waitFor();
    const item = page.getByTestId('gallery-item');
    await item.waitFor();
    await expect(item.count()).resolves.toBe(1);
    await expect(item.innerText()).resolves.toContain(fileName);
    await expect(item.getByTestId('gallery-size').innerText()).resolves.toBe(`${(object.size / 1024).toFixed(2)} KB`);
    await page.waitForFunction(`document.querySelector('[data-testid="gallery-item"] img')?.naturalWidth === 300`);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it("the gallery says 'Loading...' while it fetches, then the list's empty text when there is nothing", async () => {
    const admin = await merchantAdmin();
    const page = await signedIn(app, admin);
    // Hold the objects call until the loading text has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/merchants/*/objects*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(merchantPage(app, admin, 'gallery'));
    await page.getByText(galleryMessages.loading, { exact: true }).waitFor();
    release();
    await page.getByText(listMessages.empty, { exact: true }).waitFor();
    await expect(page.getByTestId('gallery-item').count()).resolves.toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

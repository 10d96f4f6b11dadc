import { Router, type Request, type Response } from 'express';
import { notFound, tenantCollections, type Logger, type ServiceDeps } from '@seatside/chassis';
import type { TagRecords } from '../tags/access';
import { publicTags, tags, type PublicTagDoc, type TagDoc } from '../tags/projections';
import { tagMessages, type TagOwner } from '../tags/tag';
import { attachment, safeFileBase, uniqueFileNames } from './file-names';
import { parsePreviewUrl, parseQrSettings, wantsDownload, type QrSettings } from './params';
import { qrEtag, renderQr, contentTypeOf, type QrImages } from './render';
import { ClientGone, zipWriter } from './zip';

/** The link a tag's QR code carries: the storefront's `/tag/{code}`. */
export const tagLinkOf = (publicUrl: string, code: string) => `${publicUrl}/tag/${encodeURIComponent(code)}`;

/** The same link and settings always render the same bytes: a year, and never revalidated. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** How long, and how many, codes' names the QR route remembers (with the image cache on). */
const CODE_TTL_MS = 10_000;
const CODE_CACHE_MAX = 10_000;

/** Values remembered for `ttlMs`, at most `max` (the oldest go first). */
function recentValues<V>(limits: { ttlMs: number; max: number }) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string, now: number): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V, now: number) {
      entries.delete(key);
      if (entries.size >= limits.max) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: now + limits.ttlMs });
    },
  };
}

/** Tags read per page while a zip is written. */
const DOWNLOAD_PAGE = 500;

/** How a bulk download ended: all of it, or stopped (the client went away) after `entries`. */
export type DownloadOutcome = { entries: number; complete: boolean };

export interface QrRoutesOptions {
  publicUrl: string;
  images: QrImages;
  records: TagRecords;
  /** Told when a bulk download ends (specs and the bench watch it). */
  downloadEnded?: (outcome: DownloadOutcome) => void;
}

const matches = (req: Request, etag: string) => (req.get('if-none-match') ?? '').split(',').some((tag) => tag.trim() === etag);

/** Answers one QR image: 304 when the client has it, else from the cache (rendered on a miss). */
async function sendQr(req: Request, res: Response, images: QrImages, link: string, settings: QrSettings, fileBase: string) {
  const etag = qrEtag(link, settings);
  res.set({ ETag: etag, 'Cache-Control': LONG_CACHE, 'X-Content-Type-Options': 'nosniff' });
  if (matches(req, etag)) {
    res.status(304).end();
    return;
  }
  const image = await images.get(link, settings);
  if (wantsDownload(req.query)) res.set('Content-Disposition', attachment(`${safeFileBase(fileBase)}.${settings.format}`));
  res.type(contentTypeOf(settings)).send(image.body);
}

/**
 * `GET /qr/{code}` and `GET /qr/?url=` (public: no sign-in) and a tenant's
 * `GET /v1/{collection}/{id}/qr-download` (tags.zip), docs/tags-api.md.
 */
export function qrRouter(deps: ServiceDeps, options: QrRoutesOptions): Router {
  const router = Router();
  const links = () => deps.readModels.collection<PublicTagDoc>(publicTags);
  const docs = () => deps.readModels.collection<TagDoc>(tags);

  router.get('/qr', async (req, res) => {
    const url = parsePreviewUrl(req.query);
    const settings = parseQrSettings(req.query);
    await sendQr(req, res, options.images, url, settings, 'qr');
  });

  // With the image cache on, a code's name is remembered briefly too, so a cached image costs no read
  // (a deleted tag's image is still served for up to CODE_TTL_MS: its link never changes anyway).
  // The path names a tag by its code (its public link's) or by its id (seed 001 §2 `/qr/{tagId}`).
  const names = options.images.enabled ? recentValues<{ code: string; name: string } | null>({ ttlMs: CODE_TTL_MS, max: CODE_CACHE_MAX }) : undefined;
  const tagOf = async (codeOrId: string): Promise<{ code: string; name: string } | null> => {
    const known = names?.get(codeOrId, Date.now());
    if (known !== undefined) return known;
    const byCode = await links().get(codeOrId);
    const byId = byCode ? null : await docs().get(codeOrId);
    const tag = byCode ? { code: codeOrId, name: byCode.name } : byId ? { code: byId.code, name: byId.name } : null;
    names?.set(codeOrId, tag, Date.now());
    return tag;
  };

  router.get('/qr/:code', async (req, res) => {
    const settings = parseQrSettings(req.query);
    const tag = await tagOf(req.params.code);
    if (tag === null) throw notFound(tagMessages.notFound, 'tag_not_found');
    await sendQr(req, res, options.images, tagLinkOf(options.publicUrl, tag.code), settings, tag.name);
  });

  for (const collection of tenantCollections) {
    router.get(`/v1/${collection}/:tenantId/qr-download`, async (req, res) => {
      const owner: TagOwner = { collection, tenantId: String(req.params.tenantId) };
      const testMode = await options.records.currentMode(req, owner);
      const settings: QrSettings = { ...parseQrSettings(req.query), format: 'png' };
      res.set({ 'Content-Type': 'application/zip', 'Content-Disposition': attachment('tags.zip'), 'Cache-Control': 'private, no-store' });
      const outcome = await writeTagsZip(res, {
        pages: (cursor) =>
          docs().find({ filter: { ...owner, testMode }, sort: 'sortName', order: 'asc', limit: DOWNLOAD_PAGE, ...(cursor ? { cursor } : {}) }),
        render: (tag) => renderQr(tagLinkOf(options.publicUrl, tag.code), settings),
        logger: deps.logger,
      });
      options.downloadEnded?.(outcome);
    });
  }
  return router;
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams the zip: one page of tags read at a time, one PNG rendered at a time and written
 * when the response has room for it. A client that goes away stops the work at the next entry.
 */
export async function writeTagsZip(
  res: Response,
  source: {
    pages: (cursor: string | undefined) => Promise<{ data: TagDoc[]; nextCursor: string | null }>;
    render: (tag: TagDoc) => Promise<Buffer>;
    logger: Logger;
  },
): Promise<DownloadOutcome> {
  const zip = zipWriter(res);
  const fileName = uniqueFileNames('png');
  let entries = 0;
  try {
    let cursor: string | undefined;
    do {
      if (res.destroyed) throw new ClientGone();
      const page = await source.pages(cursor);
      for (const tag of page.data) {
        if (res.destroyed) throw new ClientGone();
        await zip.add(fileName(tag.name), await source.render(tag));
        entries++;
        // Each PNG is a few milliseconds of CPU: other requests (and a client's going away) get their turn.
        await yieldToEvents();
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    await zip.finish();
    return { entries, complete: true };
  } catch (error) {
    if (!(error instanceof ClientGone)) {
      if (!res.headersSent) throw error;
      source.logger.error({ err: error, entries }, 'tags.zip: stopped by an error');
      // The status line is gone already: cutting the stream tells the client the archive is broken.
      res.destroy(error as Error);
    }
    return { entries, complete: false };
  }
}

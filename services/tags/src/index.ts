import { Router } from 'express';
import { BUSY_LOG_READS, tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { qrRouter, type DownloadOutcome } from './qr/http';
import { qrImages } from './qr/render';
import { scanCounter } from './stats/counter';
import { countTagOrder, ORDER_MESSAGES, ORDERS_SUBSCRIPTION } from './stats/orders';
import { tagDailyStats } from './stats/store';
import { tagRecords } from './tags/access';
import { newTagCode } from './tags/codes';
import { tagsRouter } from './tags/http';
import { publicTags, tags, type TagDoc } from './tags/projections';
import { tagsMigrations } from './migrations';
import { tagsPublications } from './published';
import { publicTagsRouter } from './tags/public';
import { followSandboxDeletions } from './sandbox';
import { templateRecords } from './templates/access';
import { templatesRouter } from './templates/http';
import { templates, type TemplateDoc } from './templates/projections';
import { tagsApi } from './openapi';

export { tagsOptionsFrom, tagsConfigFields } from './options';

export interface TagsOptions {
  /** Draws a public tag code; specs pass a predictable one to force collisions. */
  newCode?: () => string;
  /** The web app's origin: a tag's QR code carries `{publicUrl}/tag/{code}`. Default http://localhost:8080. */
  publicUrl?: string;
  /** Bytes of rendered QR images kept in memory (least recently used out); 0 turns the cache off. Default 32 MiB. */
  qrCacheBytes?: number;
  /** Whether `/tag/{code}` resolutions count scans. Default on (the bench measures it off). */
  countScans?: boolean;
  /** How often counted scans are written. Default one second. */
  statsFlushMs?: number;
  /** Told when a bulk download ends (specs and the bench watch it). */
  downloadEnded?: (outcome: DownloadOutcome) => void;
  /** How template renders fetch image layers on the platform's own origin (specs pass a fake). */
  fetchImpl?: typeof fetch;
}

export const DEFAULT_QR_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Tags: NFC tags and QR codes carrying a location (table 12, seat 2C) for a merchant, venue or app,
 * the public resolution of `/tag/{code}`, QR images and per-tag scans and orders (docs/tags-api.md).
 */
export function createTagsService(options: TagsOptions = {}): ServiceModule {
  return {
    name: 'tags',
    migrations: tagsMigrations,
    api: tagsApi,
    publications: tagsPublications,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'tags-memberships' });
      access.follow();
      const records = tagRecords(access, () => deps.readModels.collection<TagDoc>(tags));
      const stats = tagDailyStats(deps.schema);
      const countOrder = countTagOrder(deps, stats);
      // The orders service's published stream (seatside.orders.v1), never its internal events.
      deps.subscribePublished({
        name: ORDERS_SUBSCRIPTION,
        source: 'orders',
        messages: ORDER_MESSAGES,
        ...BUSY_LOG_READS,
        handle: (placed, tx) => countOrder(placed, tx),
      });
      // The catalog's Delete Test Data (seatside.catalog.v1.TestDataDeleted): the merchant's sandbox tags and templates go too.
      followSandboxDeletions(deps);
      const counter = options.countScans === false ? undefined : scanCounter({ db: deps.pool, stats, logger: deps.logger, now: deps.now, flushMs: options.statsFlushMs });
      const images = qrImages({ maxBytes: options.qrCacheBytes ?? DEFAULT_QR_CACHE_BYTES });
      const publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
      const router = Router();
      router.use(
        tagsRouter(deps, records, options.newCode ?? newTagCode, stats),
        publicTagsRouter(deps, counter),
        qrRouter(deps, { publicUrl, images, records, downloadEnded: options.downloadEnded }),
        templatesRouter(deps, { publicUrl, records: templateRecords(access, () => deps.readModels.collection<TemplateDoc>(templates)), fetchImpl: options.fetchImpl }),
      );
      return {
        name: 'tags',
        router,
        collections: [tenantMemberships, tags, publicTags, templates],
        async start() {
          counter?.start();
        },
        stop: async () => counter?.stop(),
      };
    },
  };
}

/** The tags service on its defaults: random ten-character codes. */
export const tagsService: ServiceModule = createTagsService();

import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import { touchStorefront } from '../storefront/versions';
import type { Page } from './blocks';
import type { PageEvent } from './page';

/** One document per merchant: the draft, the published page, the stream version (ETag). */
export const pages: CollectionSpec = { name: 'pages' };

export type PageDoc = {
  id: string;
  draft: Page | null;
  published: Page | null;
  version: number;
  updatedAt: string;
  publishedAt: string | null;
};

/** Inline: the editor reads its save at once; publishing moves the storefront version (both modes: the page is the merchant's). */
export const projectPages =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<PageDoc>(pages, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as PageEvent;
      const { merchantId, page, at } = event.data;
      const before = (await docs.get(merchantId)) ?? { id: merchantId, draft: null, published: null, version: 0, updatedAt: at, publishedAt: null };
      if (event.type === 'PageDraftSaved') {
        await docs.put({ ...before, draft: page, version: stored.streamVersion, updatedAt: at });
      } else {
        await docs.put({ ...before, published: page, version: stored.streamVersion, publishedAt: at });
        await touchStorefront(readModels, tx, stored, merchantId);
      }
    }
  };

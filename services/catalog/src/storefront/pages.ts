import type { IncomingMessage, ServerResponse } from 'node:http';
import { prebuiltOf, sendPrebuilt, type Prebuilt } from '@seatside/chassis';

export { encodedPage, matchesEtag } from '@seatside/chassis';

/**
 * Prebuilt storefront answers: the serialized body, its gzip, its Brotli and its ETag, made once per
 * (tenant, mode, version) and served as bytes (@seatside/chassis, prebuilt.ts). Bounded; the oldest entry goes first.
 */
export type Page = Prebuilt & { version: string; status: 200; /** The tenant's handle when built. */ handle: string };

export function pageOf(version: string, document: unknown, handle = ''): Page {
  return { version, status: 200, handle, ...prebuiltOf(Buffer.from(JSON.stringify(document))) };
}

export function pageCache(capacity = 1000) {
  const pages = new Map<string, Page>();
  /** One build per key and version at a time, whatever the number of waiting requests. */
  const building = new Map<string, Promise<Page>>();

  return {
    /** The page for `key` at `version`, built by `build` unless already held. */
    async at(key: string, version: string, build: () => Promise<Page>): Promise<Page> {
      const held = pages.get(key);
      if (held?.version === version) return held;
      const flight = `${key}@${version}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build().finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      const page = await pending;
      pages.delete(key);
      pages.set(key, page);
      if (pages.size > capacity) pages.delete(pages.keys().next().value as string);
      return page;
    },
    drop(key: string) {
      pages.delete(key);
    },
  };
}

/** Answers with a prebuilt page (sendPrebuilt): its ETag and 304, then the best encoding the client accepts. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: Page): void {
  sendPrebuilt(req, res, page, 'application/json; charset=utf-8');
}

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * Prebuilt storefront answers: the serialized body, its gzip and its ETag, made once per
 * (tenant, mode, version) and served as bytes. Bounded; the oldest entry goes first.
 */
export type Page = { version: string; status: 200; etag: string; body: Buffer; gzip: Buffer; /** The tenant's handle when built. */ handle: string };

/** Smaller bodies are not worth a Content-Encoding. */
const GZIP_FROM_BYTES = 1024;

export function pageOf(version: string, document: unknown, handle = ''): Page {
  const body = Buffer.from(JSON.stringify(document));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { version, status: 200, etag, body, gzip: body.length >= GZIP_FROM_BYTES ? gzipSync(body) : body, handle };
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

/** `If-None-Match` against a page's ETag (weak comparison, `*` matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** Whether the client takes gzip (absent, or `gzip;q=0`, is no). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header || !header.includes('gzip')) return false;
  return !/(^|,)\s*gzip\s*;\s*q=0(\.0{0,3})?\s*(,|$)/.test(header);
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Request } from 'express';
import { prebuiltOf, type Prebuilt } from '@seatside/chassis';

/**
 * The first paint (docs/ARCHITECTURE.md): the landing page `/` and a merchant's `/{handle}` are
 * served with their first view already in the HTML, so it paints before any script has run (the
 * Largest Contentful Paint no longer waits for the shell, React and the remote). Each view is
 * rendered by its frontend's own components, from the prerender bundle its build writes
 * (`<frontend>/dist/server/prerender.cjs`, frontends/ui/build/prerender.mjs); the app replaces it
 * once its own view is in the DOM (frontends/ui/src/prerender.ts); until then the view is inert (seen,
 * not yet used: a tap would do nothing) and the app's root undisplayed. No script is added to the page:
 * the Content-Security-Policy stays as it is.
 */
export interface Prerendered {
  /** The page's title (text), in place of the shell's. */
  title?: string;
  /** Goes before `</head>`: the view's stylesheets. */
  head: string;
  /** The view itself, in `<div id="prerender">`. */
  body: string;
}

/** What the app's page reads to take over (frontends/ui/src/prerender.ts): its id, and `#root` hidden meanwhile. */
const PRERENDER_ID = 'prerender';
const PRERENDER_CSS = `#${PRERENDER_ID}~#root{display:none}`;
const ROOT = '<div id="root"></div>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The shell's index.html with `view` put in: its title in place of the shell's, its head before
 * `</head>`, its body before the app's root, marked with the remote that takes it over. Undefined
 * when the page has no place for it.
 */
export function composePage(shellIndex: string, view: Prerendered, remote: string): string | undefined {
  const { title } = view;
  const index = title === undefined ? shellIndex : shellIndex.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  const head = index.indexOf('</head>');
  const root = index.indexOf(ROOT);
  if (head < 0 || root < head) return undefined;
  return (
    index.slice(0, head) +
    `<style>${PRERENDER_CSS}</style>${view.head}` +
    index.slice(head, root) +
    // Inert: a view to read, not yet to use (a tap before the app has taken over would do nothing).
    `<div id="${PRERENDER_ID}" data-remote="${remote}" inert>${view.body}</div>` +
    index.slice(root)
  );
}

/** `/{handle}`: one path segment a handle could be (as public-pages.ts reads it). */
const HANDLE_PATH = /^\/([A-Za-z0-9-]{4,100})\/?$/;

/** A merchant's public storefront document (`GET /v1/storefront/{handle}`), undefined when there is none. */
export type StorefrontDocuments = (handle: string, testMode: boolean) => Promise<unknown>;

interface Module<I> {
  prerender(input: I): Prerendered | undefined;
}

/**
 * A frontend's prerender bundle, required from `file` and required again when the file changes (a
 * build after start, noticed within a second); undefined while there is none.
 */
function bundle<I>(file: string): () => Module<I> | undefined {
  const load = createRequire(__filename);
  let held: { mtimeMs: number; module: Module<I> | undefined } = { mtimeMs: -1, module: undefined };
  let checkedAt = -Infinity;
  return () => {
    if (Date.now() - checkedAt < 1000) return held.module;
    checkedAt = Date.now();
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtimeMs !== held.mtimeMs) {
      delete load.cache[file];
      held = { mtimeMs, module: mtimeMs ? (load(file) as Module<I>) : undefined };
    }
    return held.module;
  };
}

/** How long a prerendered storefront page is served before it is rendered again (its hours move with the clock). */
const STOREFRONT_TTL_MS = 5_000;
const MAX_PAGES = 1_000;

/**
 * The prerendered page for a request, as prebuilt bytes (its gzip, Brotli and ETag), or undefined to
 * serve the shell's page as it is: `/` from the marketing bundle, once per build of it and of the
 * shell; `/{handle}` (and `?testMode=true`) from the storefront bundle and the merchant's document,
 * for a few seconds. A failure to render serves the plain page: the app still loads.
 */
export function prerenderedPages(options: { dir: string; storefront: StorefrontDocuments; onError?: (error: unknown) => void }) {
  const dir = path.resolve(options.dir);
  const marketing = bundle<string>(path.join(dir, 'marketing', 'dist', 'server', 'prerender.cjs'));
  const storefront = bundle<unknown>(path.join(dir, 'storefront', 'dist', 'server', 'prerender.cjs'));
  const pages = new Map<string, { at: number; index: string; page: Prebuilt | undefined }>();

  const held = (key: string, index: string, ttlMs: number) => {
    const hit = pages.get(key);
    return hit && hit.index === index && Date.now() - hit.at < ttlMs ? hit : undefined;
  };
  const hold = (key: string, index: string, page: Prebuilt | undefined) => {
    if (pages.size >= MAX_PAGES) pages.clear();
    pages.set(key, { at: Date.now(), index, page });
    return page;
  };
  const built = (index: string, view: Prerendered | undefined, remote: string) => {
    const html = view && composePage(index, view, remote);
    return html ? prebuiltOf(Buffer.from(html)) : undefined;
  };

  /** `index` is the shell's index.html as read now (a new build makes new pages). */
  return async (req: Request, index: string): Promise<Prebuilt | undefined> => {
    try {
      if (req.path === '/') {
        const module = marketing();
        if (!module) return undefined;
        const hit = held('/', index, Infinity);
        return hit ? hit.page : hold('/', index, built(index, module.prerender('/'), 'marketing'));
      }
      const handle = HANDLE_PATH.exec(req.path)?.[1]?.toLowerCase();
      const module = handle && storefront();
      if (!handle || !module) return undefined;
      const testMode = req.query.testMode === 'true';
      const key = `${testMode ? 'sandbox' : 'production'}:${handle}`;
      const hit = held(key, index, STOREFRONT_TTL_MS);
      if (hit) return hit.page;
      const doc = await options.storefront(handle, testMode);
      return hold(key, index, doc === undefined ? undefined : built(index, module.prerender(doc), 'storefront'));
    } catch (error) {
      options.onError?.(error);
      return undefined;
    }
  };
}

/**
 * The storefront documents over HTTP (`baseUrl()` is the catalog in the distributed topology, the
 * gateway itself in the embedded one); undefined for a handle without one (a venue answers its own
 * document, which the storefront bundle declines).
 */
export function httpStorefrontDocuments(baseUrl: () => string, fetchImpl: typeof fetch = fetch): StorefrontDocuments {
  return async (handle, testMode) => {
    const res = await fetchImpl(`${baseUrl().replace(/\/$/, '')}/v1/storefront/${encodeURIComponent(handle)}${testMode ? '?testMode=true' : ''}`, {
      headers: { accept: 'application/json' },
    });
    return res.ok ? ((await res.json()) as unknown) : undefined;
  };
}

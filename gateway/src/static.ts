import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { sendPrebuilt, type Prebuilt } from '@seatside/chassis';
import { inlineScriptHashes } from './security-headers';
import { precompressed, sendPrecompressed } from './precompressed';

const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seatside</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem auto; max-width: 40rem; padding: 0 1rem">
<h1>Seatside</h1>
<p>Ordering for restaurants, venues, retail, theaters and stadiums.</p>
<p>The platform is running. The web app is not built yet; the API lives under <a href="/v1/faqs">/v1</a>
and GraphQL at <code>/graphql</code>.</p>
</body></html>`;

/** Fingerprinted bundles may be cached for a long time; everything else is revalidated. */
function cacheHeaders(res: express.Response, file: string): void {
  if (/[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|webp)$/.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/** A dist folder: its precompressed variant when the client takes one (precompressed.ts), else the file. */
const serve = (dir: string): RequestHandler => {
  const encoded = precompressed(dir, cacheHeaders);
  const files = express.static(dir, { index: false, fallthrough: true, setHeaders: cacheHeaders });
  return (req, res, next) => encoded(req, res, () => files(req, res, next));
};

/**
 * The CSP hashes of the shell index.html's inline scripts (rsbuild may inline its runtime), read from
 * the page the router serves and read again when the file changes (a build after start, noticed within a second).
 */
export function shellInlineScripts(options: { dir: string }): () => string[] {
  const index = path.join(path.resolve(options.dir), 'shell', 'dist', 'index.html');
  let read: { mtimeMs: number; hashes: string[] } = { mtimeMs: -1, hashes: [] };
  let checkedAt = -Infinity;
  return () => {
    // At most one stat a second: this runs on every answer.
    if (Date.now() - checkedAt < 1000) return read.hashes;
    checkedAt = Date.now();
    const mtimeMs = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtimeMs !== read.mtimeMs) read = { mtimeMs, hashes: mtimeMs ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [] };
    return read.hashes;
  };
}

/** A text file as read now: read again when it changes (checked at most once a second); undefined while missing. */
function freshText(file: string): () => string | undefined {
  let read: { mtimeMs: number; text: string | undefined } = { mtimeMs: -1, text: undefined };
  let checkedAt = -Infinity;
  return () => {
    if (Date.now() - checkedAt < 1000) return read.text;
    checkedAt = Date.now();
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtimeMs !== read.mtimeMs) read = { mtimeMs, text: mtimeMs ? fs.readFileSync(file, 'utf8') : undefined };
    return read.text;
  };
}

/**
 * `/sw.js`, the shell's service worker, with its `// version:` line stamped from what is deployed
 * now: a digest of the shell's page and of every remote's `mf-manifest.json` (each names its
 * fingerprinted entry, and remotes deploy on their own). A deploy of any frontend changes the
 * worker's bytes, so browsers install it and the page's update prompt (UpdatePrompt in @seatside/ui)
 * offers Update Now; the same deploy gives the same bytes. Worked out again when a file changed.
 */
export function stampedWorker(dir: string): RequestHandler {
  const shellDist = path.join(dir, 'shell', 'dist');
  const worker = path.join(shellDist, 'sw.js');
  let stamped: { key: string; body: string } | undefined;
  return (_req, res, next) => {
    if (!fs.existsSync(worker)) return next();
    const sources = [worker, path.join(shellDist, 'index.html')];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'shell') sources.push(path.join(dir, entry.name, 'dist', 'mf-manifest.json'));
    }
    const key = sources.map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return `${file}@${stat?.mtimeMs ?? 0}/${stat?.size ?? 0}`;
    }).join('\n');
    if (stamped?.key !== key) {
      const text = fs.readFileSync(worker, 'utf8');
      const digest = createHash('sha256');
      for (const file of sources.slice(1).filter((source) => fs.existsSync(source))) digest.update(path.relative(dir, file)).update('\0').update(fs.readFileSync(file)).update('\0');
      stamped = { key, body: text.replace(/^\/\/ version: .*$/m, `// version: ${digest.digest('hex').slice(0, 16)}`) };
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/javascript').send(stamped.body);
  };
}

/** The page for a request with its first view in it (prerender.ts), or undefined for the shell's page as it is. */
export type PrerenderedPage = (req: express.Request, index: string) => Promise<Prebuilt | undefined>;

/**
 * Serves the built web app from `dir` (the folder holding each frontend's `dist`):
 * `shell/dist` at `/`, `<remote>/dist` at `/remotes/<remote>/` (not its `server/`: the prerender
 * bundle is the gateway's). A miss under `/remotes/` is a 404; any other GET that wants HTML gets
 * the shell's index.html, so deep links load the right remote on refresh - with the page's first
 * view in it where `prerender` has one. Until the shell is built, a placeholder page.
 */
export function frontendsRouter(options: { dir: string; prerender?: PrerenderedPage }): Router {
  const router = Router();
  const dir = path.resolve(options.dir);
  const shellDist = path.join(dir, 'shell', 'dist');
  const index = path.join(shellDist, 'index.html');
  const indexText = freshText(index);
  const remotes = new Map<string, RequestHandler>();
  router.use('/remotes/:remote', (req, res) => {
    const remote = req.params.remote;
    if (!/^[a-z][a-z0-9-]*$/.test(remote) || remote === 'shell' || remote === 'ui') return res.status(404).end();
    if (/^\/server(\/|$)/i.test(req.path)) return res.status(404).type('text').send('Not found');
    // One static handler per built remote, made once (unknown names are not remembered).
    if (!remotes.has(remote)) {
      const dist = path.join(dir, remote, 'dist');
      if (!fs.existsSync(dist)) return res.status(404).type('text').send('Not found');
      remotes.set(remote, serve(dist));
    }
    remotes.get(remote)!(req, res, () => res.status(404).type('text').send('Not found'));
  });
  router.get('/sw.js', stampedWorker(dir));
  router.use(serve(shellDist));
  router.get('/{*path}', async (req, res, next) => {
    if (req.path.startsWith('/v1/') || req.path === '/graphql' || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const html = indexText();
    if (html === undefined) return res.type('html').send(placeholder);
    const page = options.prerender && (await options.prerender(req, html));
    if (page) return sendPrebuilt(req, res, page, 'text/html; charset=utf-8');
    return sendPrecompressed(req, res, index, cacheHeaders, next) || res.sendFile(index);
  });
  return router;
}

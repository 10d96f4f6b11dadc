import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { preferredEncoding, type ContentCoding } from '@seatside/chassis';

/**
 * The API reference at /docs: Swagger UI (swagger-ui-dist, maintained by SmartBear) rendering
 * /v1/openapi.json. A page of its own, outside the web app: its ~1.5 MB of script loads here and
 * nowhere else, never on a first visit of the marketing site or a storefront. No inline script, so
 * the platform's Content-Security-Policy holds as it is.
 */
const swaggerDist = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Seatside</title>
<meta name="description" content="The Seatside API: every /v1 operation, its parameters, answers and error codes.">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/reference.css">
</head>
<body>
<header class="reference-bar"><a href="/">Seatside</a><span>API reference</span><a href="/v1/openapi.json">openapi.json</a></header>
<main id="reference"><p class="reference-loading">Loading the API reference…</p></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/reference.js"></script>
</body>
</html>
`;

const script = `SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
  tryItOutEnabled: false,
  // Swagger UI leaves the server picker without a name (axe select-name).
  onComplete: function () {
    var servers = document.getElementById('servers');
    if (servers) servers.setAttribute('aria-label', 'Server');
  },
});
`;

const style = `body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.reference-bar { display: flex; gap: 16px; align-items: center; padding: 12px 20px; background: #111827; color: #fff; }
.reference-bar a { color: #fff; font-weight: 600; text-decoration: none; }
.reference-bar a:last-child { margin-left: auto; font-weight: 400; opacity: .8; }
.reference-loading { padding: 20px; }
/* Swagger UI's colours that read below WCAG AA (4.5:1) on white, darkened. */
.swagger-ui .info .title small.version-stamp { background-color: #4d7c0f; }
.swagger-ui .info a { color: #1f69c0; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize svg { border-color: #1a7f4e; color: #1a7f4e; fill: #1a7f4e; }
`;

type Asset = { contentType: string; read: () => Buffer };

const assets: Record<string, Asset> = {
  'swagger-ui-bundle.js': { contentType: 'text/javascript; charset=utf-8', read: () => fs.readFileSync(path.join(swaggerDist, 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', read: () => fs.readFileSync(path.join(swaggerDist, 'swagger-ui.css')) },
  'reference.js': { contentType: 'text/javascript; charset=utf-8', read: () => Buffer.from(script) },
  'reference.css': { contentType: 'text/css; charset=utf-8', read: () => Buffer.from(style) },
};

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Each asset read and compressed once, on its first request (Brotli and gzip), then kept. */
const encodedAssets = new Map<string, Promise<Encoded>>();
function encoded(name: string, asset: Asset): Promise<Encoded> {
  let pending = encodedAssets.get(name);
  if (!pending) {
    pending = (async () => {
      const identity = asset.read();
      const [br, gz] = await Promise.all([brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzipped(identity, { level: 9 })]);
      return { identity, br, gzip: gz, etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27) };
    })();
    encodedAssets.set(name, pending);
  }
  return pending;
}

function send(req: Request, res: Response, body: Encoded, contentType: string, cacheControl: string) {
  const coding: ContentCoding | undefined = preferredEncoding(req.headers['accept-encoding']);
  res.vary('Accept-Encoding');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', cacheControl);
  const etag = `"${body.etag}${coding ? `-${coding}` : ''}"`;
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) return res.status(304).end();
  if (coding) res.setHeader('Content-Encoding', coding);
  res.send(coding ? body[coding] : body.identity);
}

export function apiReference(): Router {
  const router = Router();
  const html: Asset = { contentType: 'text/html; charset=utf-8', read: () => Buffer.from(page) };
  router.get('/docs', (req, res, next) => {
    encoded('index.html', html).then((body) => send(req, res, body, html.contentType, 'no-cache'), next);
  });
  router.get('/docs/assets/:name', (req, res, next) => {
    const asset = Object.hasOwn(assets, req.params.name) ? assets[req.params.name] : undefined;
    if (!asset) return res.status(404).type('text').send('Not found');
    // Names are not fingerprinted: revalidated by ETag rather than kept for a year.
    encoded(req.params.name, asset).then((body) => send(req, res, body, asset.contentType, 'public, max-age=3600, must-revalidate'), next);
  });
  return router;
}

import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seatside</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem auto; max-width: 40rem; padding: 0 1rem">
<h1>Seatside</h1>
<p>Ordering for restaurants, venues, retail, theaters and stadiums.</p>
<p>The platform is running. The web app is not built yet; the API lives under <a href="/v1/faqs">/v1</a>
and GraphQL at <code>/graphql</code>.</p>
</body></html>`;

/**
 * Serves the built shell and its remotes; any other GET that wants HTML gets the shell's
 * index.html, so deep links load the right remote on refresh. Until a build exists, a placeholder.
 */
export function frontendsRouter(options: { dir: string }): Router {
  const router = Router();
  const dir = path.resolve(options.dir);
  const index = path.join(dir, 'index.html');
  router.use(express.static(dir, { index: false, fallthrough: true, maxAge: '1h' }));
  router.get('/{*path}', (req, res, next) => {
    if (req.path.startsWith('/v1/') || req.path === '/graphql' || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (fs.existsSync(index)) return res.sendFile(index);
    res.type('html').send(placeholder);
  });
  return router;
}

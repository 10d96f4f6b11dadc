#!/usr/bin/env node
// The prerender bundle of a frontend (docs/ARCHITECTURE.md, "The first paint"): `src/prerender.tsx`,
// bundled for Node (React and react-dom/server included) into `dist/server/prerender.cjs`. The gateway
// loads it to put the page's first view into the HTML it serves, so the view paints before any
// script has run. Run by a frontend's `build` script after `rsbuild build`, in the frontend's folder.
// The gateway never serves `dist/server/` to browsers (gateway/src/static.ts).
import path from 'node:path';
import { build } from 'esbuild';

const root = process.cwd();
await build({
  entryPoints: [path.join(root, 'src/prerender.tsx')],
  outfile: path.join(root, 'dist/server/prerender.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node24',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  // CSS a design-system module may import has no meaning in a server render.
  loader: { '.css': 'empty' },
  logLevel: 'warning',
  legalComments: 'none',
});

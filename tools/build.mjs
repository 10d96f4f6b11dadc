#!/usr/bin/env node
// Bundles a project's main.ts into <project>/dist/main.cjs with esbuild: workspace code
// (@seatside/*) is bundled from source, third-party packages stay in node_modules.
// Usage: node tools/build.mjs <gateway|service-name>...
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projectDir = (name) => (name === 'gateway' ? path.join(root, 'gateway') : path.join(root, 'services', name));

const resolveFrom = (request, dir) => {
  try {
    return createRequire(path.join(dir, 'noop.js')).resolve(request);
  } catch {
    return undefined;
  }
};

// A package stays external when the bundle (which runs from <project>/dist) would load the very
// same file as the importing source does; one that npm nested under a workspace (a version
// conflict) is bundled instead, so the bundle never silently picks up another version.
export const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@seatside/') || args.path.startsWith('node:')) return undefined;
      const fromSource = resolveFrom(args.path, args.resolveDir);
      const fromRoot = resolveFrom(args.path, root);
      if (!fromSource || fromSource === fromRoot) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** One entry bundled as production runs it: CommonJS for Node 24, workspace code inlined, source map beside it. */
export async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

export async function buildProject(name) {
  const dir = projectDir(name);
  await bundle(path.join(dir, 'src/main.ts'), path.join(dir, 'dist/main.cjs'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  if (names.length === 0) {
    console.error('usage: node tools/build.mjs <gateway|service>...');
    process.exit(2);
  }
  for (const name of names) await buildProject(name);
}

// The one Module Federation + rsbuild setup every frontend builds with (imported by each
// frontends/<app>/rsbuild.config.ts). Plain ESM so rsbuild loads it without a TS step.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { PrecompressPlugin } from './compress.mjs';

const require = createRequire(import.meta.url);
const uiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Module Federation container names: `seatside_<app>`. */
export const containerName = (app) => `seatside_${app}`;

export const REMOTES = ['marketing', 'dashboard', 'admin', 'venue', 'storefront'];

function versionOf(pkg) {
  return JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`, { paths: [uiRoot] }), 'utf8')).version;
}

/**
 * antd components, each shared as its own singleton (`antd/es/<component>`), never the `antd` root:
 * sharing the root would ship all of antd (shared modules are not tree-shaken). Only the shell
 * provides them (`import` = the file, each in its own lazily loaded chunk); remotes consume them
 * (`import: false`) in production, so every antd module - and antd's internal contexts
 * (ConfigProvider, theme, cssinjs cache) - exists once. In dev a remote also falls back to its own
 * copy, so it runs standalone.
 *
 * The list is the components some frontend imports (scanned from frontends/<app>/src), so the share
 * table every page downloads stays small; the shell's build inputs include those sources.
 */
export function antdComponents() {
  const esDir = path.dirname(require.resolve('antd/es/index.js', { paths: [uiRoot] }));
  const used = new Set(['config-provider', 'app']);
  const frontends = path.resolve(uiRoot, '..');
  const scan = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/from '(antd\/es\/[a-z-]+)'/g)) used.add(m[1].slice('antd/es/'.length));
      }
    }
  };
  for (const app of fs.readdirSync(frontends)) {
    const src = path.join(frontends, app, 'src');
    if (fs.existsSync(src)) scan(src);
  }
  return [...used]
    .sort()
    .filter((name) => fs.existsSync(path.join(esDir, name, 'index.js')))
    .map((name) => ({ key: `antd/es/${name}`, file: path.join(esDir, name, 'index.js') }));
}

/**
 * The react-router API the frontends may use; the shared react-router is tree-shaken to it.
 * `UNSAFE_NavigationContext`: the editors' leave guard (ui/src/unsaved) holds the declarative
 * BrowserRouter's navigator, as `useBlocker` needs a data router.
 */
export const ROUTER_EXPORTS = ['BrowserRouter', 'Routes', 'Route', 'Link', 'NavLink', 'Navigate', 'Outlet', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams', 'useMatch', 'useHref', 'useOutletContext', 'useInRouterContext', 'matchPath', 'generatePath', 'createSearchParams', 'resolvePath', 'UNSAFE_NavigationContext'];

/** The zustand/middleware API the frontends may use; the shared copy is tree-shaken to it. */
export const ZUSTAND_MIDDLEWARE_EXPORTS = ['persist', 'createJSONStorage'];

/** The shared singletons: react, react-dom, react-router, zustand, @seatside/ui and antd (per component). */
export function sharedConfig({ provideAntd, dev = false }) {
  const single = (pkg) => ({ singleton: true, requiredVersion: `^${versionOf(pkg)}` });
  const antdVersion = versionOf('antd');
  const shared = {
    react: single('react'),
    'react/jsx-runtime': single('react'),
    'react/jsx-dev-runtime': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/client': single('react-dom'),
    // react-router is big when shared whole; tree-shake it to what the frontends use, at runtime
    // a consumer that needs more falls back to the full build.
    // (Production only: the dev server's fallback build of the tree-shaken copy does not load.)
    'react-router': dev ? single('react-router') : { ...single('react-router'), treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS } },
    zustand: single('zustand'),
    // zustand/middleware shared whole is mostly its devtools middleware, which no frontend uses:
    // tree-shaken to what the frontends import, like react-router (production only, likewise).
    'zustand/middleware': dev ? single('zustand') : { ...single('zustand'), treeShaking: { mode: 'runtime-infer', usedExports: ZUSTAND_MIDDLEWARE_EXPORTS } },
    '@seatside/ui': { singleton: true, requiredVersion: `^${JSON.parse(fs.readFileSync(path.join(uiRoot, 'package.json'), 'utf8')).version}` },
  };
  for (const { key, file } of antdComponents()) {
    shared[key] = { singleton: true, requiredVersion: `^${antdVersion}`, version: antdVersion, import: provideAntd ? file : false };
  }
  return shared;
}

/**
 * Module Federation's runtime as ES modules. rspack imports the bundler runtime (and the runtime
 * plugins) by the path `require.resolve` answers, the CommonJS build, which cannot be tree-shaken:
 * every page then downloads all of the SDK (its Node.js loaders, manifest-to-snapshot code, logger).
 * These aliases point the same files at their ESM builds, so only what the runtime uses is bundled.
 */
export function esmFederationRuntimeAliases() {
  const tools = require.resolve('@module-federation/runtime-tools/bundler', { paths: [uiRoot] });
  const aliases = {};
  for (const pkg of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime', '@module-federation/inject-external-runtime-core-plugin', '@module-federation/runtime-core', '@module-federation/sdk']) {
    const cjs = require.resolve(pkg, { paths: [tools] });
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (cjs !== esm && fs.existsSync(esm)) aliases[cjs] = esm;
  }
  return aliases;
}

/** The runtime-core version the shell's trims (./mf-shell-trims) were written against. */
const TRIMMED_RUNTIME_CORE = '2.9.2';

/**
 * The shell's Module Federation runtime, trimmed further (production): it is built without the snapshot
 * plugin and never calls `preloadRemote`, yet runtime-core's core still constructs the full
 * SnapshotHandler and its remote handler imports the asset preloader (with the manifest-to-snapshot
 * code and the SDK's link loader behind them): ~10 KB minified that no page runs. Those two imports
 * (from core.js, and from remote/index.js and helpers.js) are replaced by the stand-ins in
 * ./mf-shell-trims; everything else in the runtime is untouched. Written against runtime-core
 * TRIMMED_RUNTIME_CORE: with another version the trims are left out (a warning), never guessed.
 */
export function shellRuntimeTrims() {
  const tools = require.resolve('@module-federation/runtime-tools/bundler', { paths: [uiRoot] });
  const coreDist = path.dirname(require.resolve('@module-federation/runtime-core', { paths: [tools] }));
  const version = JSON.parse(fs.readFileSync(path.join(coreDist, '..', 'package.json'), 'utf8')).version;
  if (version !== TRIMMED_RUNTIME_CORE) {
    console.warn(`shellRuntimeTrims: @module-federation/runtime-core is ${version}, the trims were written for ${TRIMMED_RUNTIME_CORE}: left out (check ./mf-shell-trims against the new runtime)`);
    return { alias: {}, plugins: [] };
  }
  const trims = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mf-shell-trims');
  const issuedBy = (data, files) => files.some((file) => data.contextInfo?.issuer === path.join(coreDist, file));
  return {
    alias: { 'seatside-mf-runtime-core/snapshot-disabled$': path.join(coreDist, 'plugins/snapshot/disabled.js') },
    plugins: [
      new rspack.NormalModuleReplacementPlugin(/[\\/]SnapshotHandler\.js$/, (data) => {
        if (issuedBy(data, ['core.js'])) data.request = path.join(trims, 'SnapshotHandler.js');
      }),
      new rspack.NormalModuleReplacementPlugin(/[\\/]preload\.js$/, (data) => {
        if (issuedBy(data, ['remote/index.js', 'helpers.js'])) data.request = path.join(trims, 'preload.js');
      }),
    ],
  };
}

/** The global the shell sets to a factory of its bundler runtime (frontends/shell/src/bundler-runtime.ts). */
const SHARED_BUNDLER_RUNTIME = '__SEATSIDE_MF_BUNDLER_RUNTIME__';

/**
 * A remote's production build without its own copy of Module Federation's bundler runtime
 * (@module-federation/webpack-bundler-runtime, with the @module-federation/runtime API behind it: ~11 KB
 * minified of the storefront's ~22 KB remote entry). The generated container code imports it by
 * its file path; that import becomes the shell's copy, a fresh one per container built by the factory
 * the shell sets (frontends/shell/src/bundler-runtime.ts), given this container's build id. Used by
 * the storefront, whose remote entry is on every diner's first visit.
 */
export function sharedBundlerRuntime(app) {
  const tools = require.resolve('@module-federation/runtime-tools/bundler', { paths: [uiRoot] });
  const entry = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [tools] });
  const files = new Set([entry, entry.replace(/\.cjs$/, '.js')]);
  const version = JSON.parse(fs.readFileSync(path.resolve(uiRoot, '..', app, 'package.json'), 'utf8')).version;
  const buildId = `${containerName(app)}:${version}`;
  return ({ request }, callback) => (files.has(request) ? callback(null, `var globalThis.${SHARED_BUNDLER_RUNTIME}(${JSON.stringify(buildId)})`) : callback());
}

/**
 * The shell provides the shared modules every first visit loads. Left alone, each is its own chunk
 * (react, react-dom, react-dom/client, react/jsx-runtime; zustand, zustand/middleware), and every
 * response pays its headers again; each family is one chunk instead, loaded once for all of them.
 */
const HOST_CHUNK_SPLIT = {
  strategy: 'split-by-experience',
  override: {
    // The entry stays one file: splitting its node_modules out (the MF runtime API) costs a response.
    chunks: 'async',
    cacheGroups: {
      'lib-react': { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'lib-react', chunks: 'async', priority: 50, enforce: true },
      // The shell's app (the bootstrap chunk: the remote loader and the overlays) always loads with
      // React, on every page: in React's chunk, it saves a response.
      'shell-app': { test: /[\\/]frontends[\\/](shell|ui)[\\/]src[\\/]/, chunks: (chunk) => chunk.name === 'bootstrap', name: 'lib-react', priority: 40, enforce: true },
      'lib-zustand': { test: /[\\/]node_modules[\\/]zustand[\\/]/, name: 'lib-zustand', chunks: 'async', priority: 50, enforce: true },
    },
  },
};

/**
 * The rsbuild config of one frontend. `app` is the folder name; the shell is the host (the only
 * HTML page), every other app a remote exposing `./App` under `/remotes/<app>/`.
 */
/**
 * The shell's entry runs after the page's first paint (docs/ARCHITECTURE.md, "The first paint"): its
 * script tag is written as `type="text/plain" data-boot` (the browser neither fetches nor runs it),
 * and this loader, at the end of the body, adds it as a script once a frame has been drawn (at once
 * in a hidden tab, where no frame comes, and after 500 ms at the latest: a renderer that draws no
 * frame, as a busy headless Chromium once did, must not keep the app from starting). A page's prerendered view so paints before any script has
 * run, however fast the scripts arrive. An inline script: the gateway's CSP allows it by its hash
 * (security-headers.ts reads the hashes from the shell's index.html).
 */
export const BOOT_LOADER = `(function(){var booted=false;function boot(){if(booted)return;booted=true;document.querySelectorAll('script[type="text/plain"][data-boot]').forEach(function(held){var script=document.createElement('script');script.src=held.src;script.async=false;document.head.appendChild(script)})}if(document.visibilityState==='hidden')boot();else{requestAnimationFrame(function(){setTimeout(boot)});setTimeout(boot,500)}})()`;

/** The entry's script tags held back for BOOT_LOADER, which comes last in the body. */
export function bootAfterPaint(tags) {
  const held = tags.map((tag) => (tag.tag === 'script' && tag.attrs?.src ? { ...tag, attrs: { ...tag.attrs, type: 'text/plain', 'data-boot': true, defer: false } } : tag));
  return [...held, { tag: 'script', children: BOOT_LOADER, head: false }];
}

export function frontendConfig({ app, port, dev = false }) {
  const host = app === 'shell';
  return {
    plugins: [
      // Fast Refresh's runtime does not survive a federated (shared) react in dev: standalone dev reloads instead.
      pluginReact({ fastRefresh: false }),
      pluginModuleFederation({
        name: containerName(app),
        ...(host ? {} : { exposes: { './App': './src/App.tsx' } }),
        // Standalone dev has no other container to share with: a remote bundles its own copies there.
        shared: dev && !host ? {} : sharedConfig({ provideAntd: host || dev, dev }),
        // A remote registered at runtime must not make the shell fetch every remote's entry up front.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // One copy of the MF runtime: the shell provides it, remotes use it (in dev they bring their own).
        experiments: host ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: { alias: esmFederationRuntimeAliases() },
    html: {
      title: 'Seatside',
      meta: { description: 'Ordering for restaurants, venues, retail, theaters and stadiums.' },
      // The shell's page declares its language (axe: html-has-lang); rsbuild injects the rest.
      ...(host ? { template: './index.html' } : {}),
      ...(host && !dev ? { tags: [bootAfterPaint] } : {}),
    },
    output: {
      // Standalone dev keeps its output apart: cleaning `dist` would take the built app away from a
      // platform serving it (the e2e suite after standalone.e2e found the marketing remote gone).
      distPath: { root: dev ? 'dist/dev' : 'dist' },
      assetPrefix: host ? '/' : `/remotes/${app}/`,
      cleanDistPath: !dev,
    },
    // Standalone dev talks to a running platform (`npm start`) for /v1 and /graphql.
    server: {
      port,
      historyApiFallback: true,
      proxy: { '/v1': process.env.SEATSIDE_API ?? 'http://127.0.0.1:8080', '/graphql': process.env.SEATSIDE_API ?? 'http://127.0.0.1:8080' },
    },
    dev: { assetPrefix: host ? '/' : `/remotes/${app}/` },
    performance: { chunkSplit: host ? HOST_CHUNK_SPLIT : { strategy: 'split-by-experience' } },
    // Production builds write a .br and a .gz beside each text asset (compress.mjs); the gateway serves them.
    ...(dev ? {} : { tools: { rspack: { plugins: [new PrecompressPlugin()] } } }),
  };
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { containerName, frontendConfig, sharedBundlerRuntime, sharedConfig } from '../ui/build/federation.mjs';

// `rsbuild dev` runs this app standalone; `rsbuild build` is the production build the gateway serves.
//
// The storefront is what a diner opens on a phone, so its production remote entry is trimmed: it
// loads no remotes of its own and no manifests (the shell does), so Module Federation's remote
// loading and snapshot code is left out, and only the browser's code paths are kept. Everything
// else is the one setup every frontend shares (frontends/ui/build/federation.mjs).
//
// It shares less, too: it routes without react-router (src/router.tsx), so it neither provides nor
// consumes it (and carries none of the shared tree-shaking runtime react-router comes with), and it
// uses the shell's @seatside/ui (only its lazily loaded order page does) instead of building a
// fallback copy.
// The voice page's detector files, from their npm packages into the build's `vad/` folder, so the
// page serves them itself (no download from anywhere else at run time): Silero's model and the audio
// worklet (@ricky0123/vad-web), onnxruntime-web's WebAssembly build and its loader.
const require = createRequire(import.meta.url);
const ortDist = path.dirname(require.resolve('onnxruntime-web/wasm'));
const vadAssets = [
  { from: require.resolve('@ricky0123/vad-web/dist/silero_vad_legacy.onnx'), to: 'vad/[name][ext]' },
  { from: require.resolve('@ricky0123/vad-web/dist/vad.worklet.bundle.min.js'), to: 'vad/[name][ext]' },
  { from: path.join(ortDist, 'ort-wasm-simd-threaded.wasm'), to: 'vad/[name][ext]' },
  { from: path.join(ortDist, 'ort-wasm-simd-threaded.mjs'), to: 'vad/[name][ext]' },
];

export default defineConfig(({ command }) => {
  const dev = command === 'dev';
  const base = frontendConfig({ app: 'storefront', port: 3005, dev });
  const config = { ...base, output: { ...base.output, copy: [...(base.output?.copy ?? []), ...vadAssets] } };
  if (dev) return config;
  const [react] = config.plugins;
  const { 'react-router': _router, ...shared } = sharedConfig({ provideAntd: false });
  shared['@seatside/ui'] = { ...shared['@seatside/ui'], import: false };
  return {
    ...config,
    // The menu (the first visit) stays in the `./App` chunk: split out as a chunk shared with the lazy
    // pages, it cost the first visit a second response (the lazy pages reuse it from their parent).
    // Modules the lazy pages share among themselves still get common chunks.
    performance: {
      ...config.performance,
      chunkSplit: {
        strategy: 'split-by-experience',
        override: { cacheGroups: { default: { minChunks: 2, priority: -20, reuseExistingChunk: true, chunks: (chunk: { name?: string | null }) => !chunk.name?.startsWith('__federation_expose') } } },
      },
    },
    // Module Federation's bundler runtime comes from the shell (sharedBundlerRuntime): not a second copy in this remote entry.
    tools: { ...config.tools, rspack: { ...config.tools?.rspack, externals: [sharedBundlerRuntime('storefront')] } },
    plugins: [
      react,
      pluginModuleFederation({
        name: containerName('storefront'),
        exposes: { './App': './src/App.tsx' },
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
      }),
    ],
  };
});

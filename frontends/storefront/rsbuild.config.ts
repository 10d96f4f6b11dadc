import { defineConfig } from '@rsbuild/core';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { containerName, frontendConfig, sharedConfig } from '../ui/build/federation.mjs';

// `rsbuild dev` runs this app standalone; `rsbuild build` is the production build the gateway serves.
//
// The storefront is what a diner opens on a phone, so its production remote entry is trimmed: it
// loads no remotes of its own and no manifests (the shell does), so Module Federation's remote
// loading and snapshot code is left out, and only the browser's code paths are kept. Everything
// else is the one setup every frontend shares (frontends/ui/build/federation.mjs).
export default defineConfig(({ command }) => {
  const dev = command === 'dev';
  const config = frontendConfig({ app: 'storefront', port: 3005, dev });
  if (dev) return config;
  const [react] = config.plugins;
  return {
    ...config,
    plugins: [
      react,
      pluginModuleFederation({
        name: containerName('storefront'),
        exposes: { './App': './src/App.tsx' },
        shared: sharedConfig({ provideAntd: false }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
      }),
    ],
  };
});

import { defineConfig } from '@rsbuild/core';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { containerName, frontendConfig, sharedConfig, shellRuntimeTrims } from '../ui/build/federation.mjs';

// `rsbuild dev` runs this app standalone; `rsbuild build` is the production build the gateway serves.
//
// The shell's entry is on every first visit, and most of it is the Module Federation runtime (the
// one copy every remote uses). So its runtime is trimmed: browser code paths only, and no snapshot
// plugin (manifest-to-snapshot and asset preloading) - the shell reads a remote's mf-manifest.json
// itself and registers the remote's entry script (src/remotes.ts); the snapshot handler and asset
// preloader the runtime still carries without that plugin are left out too (shellRuntimeTrims, in
// production). Everything else is the one setup every frontend shares (frontends/ui/build/federation.mjs).
export default defineConfig(({ command }) => {
  const dev = command === 'dev';
  const config = frontendConfig({ app: 'shell', port: 3000, dev });
  const [react] = config.plugins;
  const trims = dev ? { alias: {}, plugins: [] } : shellRuntimeTrims();
  return {
    ...config,
    resolve: { ...config.resolve, alias: { ...config.resolve.alias, ...trims.alias } },
    tools: { ...config.tools, rspack: { ...config.tools?.rspack, plugins: [...(config.tools?.rspack?.plugins ?? []), ...trims.plugins] } },
    plugins: [
      react,
      pluginModuleFederation({
        name: containerName('shell'),
        shared: sharedConfig({ provideAntd: true, dev }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
    ],
  };
});

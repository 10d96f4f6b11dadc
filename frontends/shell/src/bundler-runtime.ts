// The Module Federation *bundler* runtime (the glue between a container's webpack runtime and the MF
// runtime: consuming and providing shared modules, initialising a container) exists once, here.
// Every container carries its own copy otherwise - the storefront's was a third of its remote entry,
// on every diner's first visit. The storefront's production build takes it from this global instead
// (`sharedBundlerRuntime` in frontends/ui/build/federation.mjs); the shell sets it before any remote
// entry can run (index.ts imports this first).
//
// Each container gets its own copy of the stateful parts (the `federation` object with its instance,
// options, share-scope slot), and its own `runtime.init`: @module-federation/runtime's `init` also
// records the first instance it creates as *the* instance of that module's loadRemote/registerRemotes
// API, which is the shell's and must stay so. So a container's init finds or creates its instance
// exactly as `init` does (by build id, else by name and version), and leaves that record alone.
import * as mfRuntime from '@module-federation/runtime';
import federation from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

// The same module the bundler runtime's `federation.runtime` is (its `import * as runtime`).
type Runtime = typeof mfRuntime;
type InitOptions = Parameters<Runtime['init']>[0];

/** The global a remote's build reads (see sharedBundlerRuntime): a fresh bundler runtime per container. */
export const SHARED_BUNDLER_RUNTIME = '__SEATSIDE_MF_BUNDLER_RUNTIME__';

function containerInit(runtime: Runtime, buildId: string): Runtime['init'] {
  return (options: InitOptions) => {
    const { name, version } = options;
    const existing = runtime.getInstance(
      (instance) =>
        (!!buildId && instance.options.id === buildId) ||
        (instance.options.name === name && !instance.options.version && !version) ||
        (instance.options.name === name && !!version && instance.options.version === version),
    );
    const normalized = { ...options, id: options.id || '' };
    if (!existing) return runtime.createInstance(normalized);
    existing.initOptions(normalized);
    return existing;
  };
}

(globalThis as Record<string, unknown>)[SHARED_BUNDLER_RUNTIME] = (buildId: string) => ({
  runtime: { ...mfRuntime, init: containerInit(mfRuntime, buildId) },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...federation.bundlerRuntime, S: {}, initContainerEntry },
  attachShareScopeMap: federation.attachShareScopeMap,
  bundlerRuntimeOptions: {},
});

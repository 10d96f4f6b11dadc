// The shell's stand-in for Module Federation's asset preloading (runtime-core's utils/preload.js, as
// imported by its remote handler and helpers): only `preloadRemote` and the snapshot plugin use it, and
// the shell uses neither (it starts a page's remote itself: frontends/shell/src/remotes.ts). See
// shellRuntimeTrims in ../federation.mjs.
const unavailable = () => {
  throw new Error('Seatside: the shell runs Module Federation without asset preloading (preloadRemote is not available)');
};

export const formatPreloadArgs = unavailable;
export const preloadAssets = unavailable;
export const defaultPreloadArgs = unavailable;
export const normalizePreloadExposes = unavailable;

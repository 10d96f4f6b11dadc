import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from './routes';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Loading a remote's `./App` is three steps of main-thread work: its entry script runs (and its load
 * event settles the entry), the container is initialised (its share scope joined), and the expose's
 * chunks are asked for (their shared modules consumed). Left alone, the last two run as microtasks of
 * the entry's load event: one long task on a phone. This runtime plugin starts each in a task of its
 * own; the downloads are not held up by more than those tasks.
 */
registerPlugins([
  {
    name: 'seatside-task-per-step',
    beforeInitRemote: nextTask,
    beforeGetExpose: nextTask,
  },
]);

const containerName = (remote: RemoteName) => `seatside_${remote}`;

/** Where a remote's manifest lives: relative to the page, so one build serves any host name. */
export function manifestUrl(remote: RemoteName): string {
  return new URL(`/remotes/${remote}/mf-manifest.json`, window.location.href).toString();
}

/** The part of a remote's mf-manifest.json the shell reads. */
interface Manifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path?: string; type?: string } };
}

/**
 * The URL of a remote's entry script, read from its manifest (`publicPath` + `remoteEntry`). The
 * shell reads the manifest itself instead of Module Federation's snapshot plugin, which the shell
 * leaves out (rsbuild.config.ts): the runtime then only loads the entry.
 */
export async function remoteEntry(remote: RemoteName, attempt = 0): Promise<{ url: string; type?: string }> {
  const url = manifestUrl(remote);
  const res = await fetch(url, { headers: { accept: 'application/json' }, cache: attempt > 0 ? 'no-cache' : 'default' });
  if (!res.ok) throw new Error(`The manifest of the remote ${remote} answered ${res.status}`);
  const { metaData } = (await res.json()) as Manifest;
  const { publicPath = 'auto', remoteEntry: entry } = metaData;
  const base = publicPath === 'auto' ? url : new URL(publicPath, url).toString();
  const file = entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name;
  return { url: new URL(file, base).toString(), type: entry.type };
}

const registered = new Set<RemoteName>();

/**
 * Loads a remote's `./App`. Remotes are registered at runtime, on first use; a retry
 * (`attempt > 0`) reads the manifest again and registers it with `force`, which drops the failed
 * entry.
 */
export async function loadRemoteApp(remote: RemoteName, attempt = 0): Promise<ComponentType> {
  if (!registered.has(remote) || attempt > 0) {
    const entry = await remoteEntry(remote, attempt);
    registerRemotes([{ name: containerName(remote), entry: entry.url, ...(entry.type ? { type: entry.type as 'global' } : {}) }], { force: registered.has(remote) });
    registered.add(remote);
  }
  const mod = await loadRemote<{ default: ComponentType }>(`${containerName(remote)}/App`);
  if (!mod?.default) throw new Error(`The remote ${remote} did not expose ./App`);
  return mod.default;
}

const preloaded = new Map<RemoteName, Promise<ComponentType>>();

/**
 * Starts loading a remote's `./App` (its manifest, entry script and chunks) ahead of React: the
 * shell's entry calls it for the page's remote, so those downloads run alongside the bootstrap
 * chunk and react-dom instead of after them. The first render takes it (takeRemoteApp).
 */
export function preloadRemoteApp(remote: RemoteName): void {
  if (preloaded.has(remote)) return;
  const loading = loadRemoteApp(remote);
  loading.catch(() => undefined); // The render that takes it reports a failure (this only marks it handled).
  preloaded.set(remote, loading);
}

/** The preloaded load of a remote's `./App`, once (a later visit of the remote loads afresh); else a new load. */
export function takeRemoteApp(remote: RemoteName): Promise<ComponentType> {
  const loading = preloaded.get(remote);
  preloaded.delete(remote);
  return loading ?? loadRemoteApp(remote);
}

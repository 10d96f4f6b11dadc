import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from './routes';

const containerName = (remote: RemoteName) => `seatside_${remote}`;

/** Where a remote's manifest lives: relative to the page, so one build serves any host name. */
export function manifestUrl(remote: RemoteName): string {
  return new URL(`/remotes/${remote}/mf-manifest.json`, window.location.href).toString();
}

const registered = new Set<RemoteName>();

/**
 * Loads a remote's `./App`. Remotes are registered at runtime, on first use; a retry
 * (`attempt > 0`) registers it again with `force`, which drops the failed manifest and entry.
 */
export async function loadRemoteApp(remote: RemoteName, attempt = 0): Promise<ComponentType> {
  if (!registered.has(remote) || attempt > 0) {
    registerRemotes([{ name: containerName(remote), entry: manifestUrl(remote) }], { force: registered.has(remote) });
    registered.add(remote);
  }
  const mod = await loadRemote<{ default: ComponentType }>(`${containerName(remote)}/App`);
  if (!mod?.default) throw new Error(`The remote ${remote} did not expose ./App`);
  return mod.default;
}

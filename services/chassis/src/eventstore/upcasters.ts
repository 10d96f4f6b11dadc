import type { StoredEvent } from './types';

/**
 * Reads an old shape of one event type as the current one. Named, and listed in one place per
 * service (`src/upcasters.ts`), so deciders, projections and publications only ever see the current
 * shape: no `?? oldField` fallbacks scattered through the code. The stored row is never rewritten.
 */
export interface Upcaster {
  /** What it fixes, e.g. `modifier option additionalCost (major units) -> additionalCostMinor`. */
  name: string;
  /** The event type it reads. */
  type: string;
  /** The data in its current shape; answer the data unchanged when it is current already. */
  upcast(data: unknown, event: StoredEvent): unknown;
}

/** Applies a service's upcasters, in their order, to every event read from its log. */
export function upcasterChain(upcasters: readonly Upcaster[] | undefined): ((event: StoredEvent) => StoredEvent) | undefined {
  if (!upcasters || upcasters.length === 0) return undefined;
  const byType = new Map<string, Upcaster[]>();
  for (const u of upcasters) byType.set(u.type, [...(byType.get(u.type) ?? []), u]);
  return (event) => {
    const chain = byType.get(event.type);
    if (!chain) return event;
    let data = event.data;
    for (const u of chain) data = u.upcast(data, { ...event, data });
    return data === event.data ? event : { ...event, data };
  };
}

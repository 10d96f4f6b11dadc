import type { Tx } from '../../db';
import type { Collection, CollectionSpec, Doc, ReadModelStore } from '../types';

/** What a spec file hands the contract: a store, a way to roll a transaction back, and cleanup. */
export interface ReadModelHarness {
  store: ReadModelStore;
  /** Runs `work` inside a transaction the store can join, then rolls that transaction back. */
  rollback(work: (tx: Tx) => Promise<void>): Promise<void>;
  cleanup(): Promise<void>;
}

/** The harness is made in beforeAll, after the cases are declared, so cases receive a getter. */
export type Harness = () => ReadModelHarness;

let collections = 0;

/** Each case works in a collection of its own, so cases never see each other's documents. */
export async function freshCollection<D extends Doc = Doc>(
  harness: Harness,
  spec: Omit<CollectionSpec, 'name'>,
): Promise<{ spec: CollectionSpec; docs: Collection<D> }> {
  const full = { ...spec, name: `c${++collections}` };
  await harness().store.migrate([full]);
  return { spec: full, docs: harness().store.collection<D>(full) };
}

export async function putAll<D extends Doc>(docs: Collection<D>, items: D[]): Promise<void> {
  for (const item of items) await docs.put(item);
}

export const ids = (docs: Doc[]) => docs.map((d) => d.id);

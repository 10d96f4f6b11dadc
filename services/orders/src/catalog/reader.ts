import type { ReadModelStore } from '@seatside/chassis';
import { catalogMerchants, catalogModifiers, catalogProducts, type MerchantView, type ModifierView, type ProductView } from './view';

/** How long a record read from the view may be used again without asking the database. */
export const CATALOG_CACHE_MS = 1_000;

/**
 * What checkout reads of the catalog view for every order (the merchant, the cart's products and
 * their modifiers), kept in this process for up to CATALOG_CACHE_MS: a busy stand's orders read
 * the same few records over and over. Every change this process's catalog subscription commits
 * drops all of it (`forget`), so here a change is seen as soon as the view has it; another replica
 * of the service sees it within CATALOG_CACHE_MS. Stock is not read here: it is taken in the order's
 * transaction (stock.ts), so a cached product can never oversell.
 */
export interface CatalogReader {
  merchant(id: string): Promise<MerchantView | undefined>;
  products(ids: readonly string[]): Promise<Map<string, ProductView>>;
  modifiers(ids: readonly string[]): Promise<Map<string, ModifierView>>;
  /** Drops every kept record (called once catalog changes committed). */
  forget(): void;
}

type Entry<D> = { at: number; doc: Promise<D | undefined> };

export function catalogReader(readModels: ReadModelStore, options: { ttlMs?: number; now?: () => number } = {}): CatalogReader {
  const ttlMs = options.ttlMs ?? CATALOG_CACHE_MS;
  const now = options.now ?? Date.now;
  // Replaced, not cleared, by forget: a read started before it fills only the map it started with.
  let entries = new Map<string, Entry<unknown>>();

  /** The records of these ids: kept ones, and the others in one query (a failed query is not kept). */
  async function read<D extends { id: string }>(collection: typeof catalogProducts, ids: readonly string[]): Promise<Map<string, D>> {
    const kept = entries;
    const at = now();
    const keyOf = (id: string) => `${collection.name}/${id}`;
    const docs = new Map<string, Promise<D | undefined>>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const entry = kept.get(keyOf(id)) as Entry<D> | undefined;
      if (entry && at - entry.at < ttlMs) docs.set(id, entry.doc);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const loaded = readModels.collection<D>(collection).getMany(missing);
      for (const id of missing) {
        const doc = loaded.then((found) => found.find((d) => d.id === id));
        docs.set(id, doc);
        kept.set(keyOf(id), { at, doc });
        doc.catch(() => kept.delete(keyOf(id)));
      }
    }
    const found: Array<D | undefined> = await Promise.all(docs.values());
    return new Map(found.flatMap((doc) => (doc ? [[doc.id, doc] as const] : [])));
  }

  return {
    async merchant(id) {
      return (await read<MerchantView>(catalogMerchants, [id])).get(id);
    },
    products: (ids) => read<ProductView>(catalogProducts, ids),
    modifiers: (ids) => read<ModifierView>(catalogModifiers, ids),
    forget() {
      entries = new Map();
    },
  };
}

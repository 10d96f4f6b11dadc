import { createMemoryReadModelStore, type ReadModelStore } from '@seatside/chassis';
import { catalogReader } from './reader';
import { catalogCollections, catalogProducts, type ProductView } from './view';

const product = (id: string, title: string): ProductView => ({ id, merchantId: 'm1', testMode: false, title, priceMinor: 500, manageStock: false, modifiers: [] });

/** A memory store that counts the getMany queries reaching it. */
async function countingStore() {
  const store = createMemoryReadModelStore();
  await store.migrate(catalogCollections);
  let queries = 0;
  let failNext = false;
  const counted: ReadModelStore = {
    ...store,
    collection: ((spec, tx) => {
      const collection = store.collection(spec, tx);
      return {
        ...collection,
        getMany: async (ids) => {
          queries++;
          if (failNext) {
            failNext = false;
            throw new Error('database unavailable');
          }
          return collection.getMany(ids);
        },
      };
    }) as ReadModelStore['collection'],
  };
  return { store, counted, queries: () => queries, failOnce: () => void (failNext = true) };
}

describe('catalogReader: checkout reads of the catalog view, kept for a moment', () => {
  it('given products read once, when read again within the moment, then no query; the ones not read before in one query', async () => {
    const { store, counted, queries } = await countingStore();
    await store.collection<ProductView>(catalogProducts).putMany([product('p1', 'Nachos'), product('p2', 'Soda'), product('p3', 'Pretzel')]);
    const reader = catalogReader(counted, { now: () => 0 });
    expect([...(await reader.products(['p1', 'p2'])).keys()]).toEqual(['p1', 'p2']);
    expect(queries()).toBe(1);
    expect([...(await reader.products(['p2', 'p1'])).keys()]).toEqual(['p2', 'p1']);
    expect(queries()).toBe(1);
    expect((await reader.products(['p1', 'p3', 'gone'])).size).toBe(2);
    expect(queries()).toBe(2);
  });

  it('given a change committed (forget), when read again, then the new record is read', async () => {
    const { store, counted } = await countingStore();
    const products = store.collection<ProductView>(catalogProducts);
    await products.put(product('p1', 'Nachos'));
    const reader = catalogReader(counted, { now: () => 0 });
    await reader.products(['p1']);
    await products.put(product('p1', 'Loaded Nachos'));
    expect((await reader.products(['p1'])).get('p1')?.title).toBe('Nachos');
    reader.forget();
    expect((await reader.products(['p1'])).get('p1')?.title).toBe('Loaded Nachos');
  });

  it('given a record older than the moment, when read, then it is read again', async () => {
    const { store, counted, queries } = await countingStore();
    await store.collection<ProductView>(catalogProducts).put(product('p1', 'Nachos'));
    let now = 0;
    const reader = catalogReader(counted, { ttlMs: 1000, now: () => now });
    await reader.products(['p1']);
    now = 999;
    await reader.products(['p1']);
    expect(queries()).toBe(1);
    now = 1000;
    await reader.products(['p1']);
    expect(queries()).toBe(2);
  });

  it('given a query that failed, when read again, then it asks the database again instead of keeping the failure', async () => {
    const { store, counted, queries, failOnce } = await countingStore();
    await store.collection<ProductView>(catalogProducts).put(product('p1', 'Nachos'));
    const reader = catalogReader(counted, { now: () => 0 });
    failOnce();
    await expect(reader.products(['p1'])).rejects.toThrow('database unavailable');
    expect((await reader.products(['p1'])).get('p1')?.title).toBe('Nachos');
    expect(queries()).toBe(2);
  });
});

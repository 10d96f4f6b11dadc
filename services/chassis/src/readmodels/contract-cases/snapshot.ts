import type { Harness } from './helpers';
import { freshCollection, ids } from './helpers';

/** A snapshot's reads agree with one another, whatever commits between them. */
export function snapshotCases(harness: Harness): void {
  describe('snapshot', () => {
    it('given two documents, when another writer adds and deletes documents between two reads of a snapshot, then both reads see the two, and reads after it see the change', async () => {
      const { spec, docs } = await freshCollection(harness, { sortable: ['name'], counted: true });
      await docs.putMany([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }]);

      const seen = await harness().store.snapshot(async (collection) => {
        const inSnapshot = collection(spec);
        const before = await inSnapshot.count();
        await docs.put({ id: 'c', name: 'C' });
        await docs.delete('a');
        const page = await inSnapshot.find({ sort: 'name' });
        return { before, page: ids(page.data), total: page.total, after: await inSnapshot.count(), a: await inSnapshot.get('a') };
      });

      expect(seen).toEqual({ before: 2, page: ['a', 'b'], total: 2, after: 2, a: { id: 'a', name: 'A' } });
      expect(ids((await docs.find({ sort: 'name' })).data)).toEqual(['b', 'c']);
      expect(await docs.count()).toBe(2);
    });

    it('given a snapshot whose work fails, when it ends, then its error is the answer and the next snapshot reads as usual', async () => {
      const { spec, docs } = await freshCollection(harness, {});
      await docs.put({ id: 'only' });
      const failing = harness().store.snapshot(async (collection) => {
        await collection(spec).count();
        throw new Error('the work failed');
      });

      await expect(failing).rejects.toThrow('the work failed');
      expect(await harness().store.snapshot(async (collection) => collection(spec).count())).toBe(1);
    });
  });
}

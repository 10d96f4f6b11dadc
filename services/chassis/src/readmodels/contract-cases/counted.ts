import type { Harness } from './helpers';
import { freshCollection } from './helpers';

/** A `counted` collection answers the same totals as any other, however its documents were written. */
export function countedCases(harness: Harness): void {
  describe('counted collections', () => {
    it('given a counted collection, when documents are inserted, replaced, put in bulk, patched and deleted, then the total and count follow exactly', async () => {
      const { docs } = await freshCollection(harness, { sortable: ['name'], counted: true });
      const totals = async () => [(await docs.find({ sort: 'name', limit: 1 })).total, await docs.count()];
      expect(await totals()).toEqual([0, 0]);
      await docs.put({ id: 'a', name: 'A' });
      await docs.put({ id: 'a', name: 'A again' });
      expect(await totals()).toEqual([1, 1]);
      await docs.putMany([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }, { id: 'c', name: 'C again' }]);
      await docs.putMany([]);
      expect(await totals()).toEqual([3, 3]);
      await docs.patch('b', { name: 'Bee' });
      await docs.patch('missing', { name: 'Nobody' });
      expect(await docs.delete('c')).toBe(true);
      expect(await docs.delete('c')).toBe(false);
      expect(await totals()).toEqual([2, 2]);
    });

    it('given a counted collection, when a transaction writing to it rolls back, then the total is as before', async () => {
      const { spec, docs } = await freshCollection(harness, { counted: true });
      await docs.putMany([{ id: 'kept' }, { id: 'gone' }]);
      await harness().rollback(async (tx) => {
        const inTx = harness().store.collection(spec, tx);
        await inTx.putMany([{ id: 'new' }, { id: 'newer' }]);
        await inTx.delete('gone');
        expect((await inTx.find()).total).toBe(3);
      });
      expect((await docs.find()).total).toBe(2);
    });

    it('given a collection with documents, when it is migrated again as counted, then the count starts from the documents it holds', async () => {
      const { spec, docs } = await freshCollection(harness, { searchable: ['name'] });
      await docs.putMany([{ id: 'a', name: 'Anna' }, { id: 'b', name: 'Bo' }, { id: 'c', name: 'Annika' }]);
      await harness().store.migrate([{ ...spec, counted: true }]);
      const counted = harness().store.collection({ ...spec, counted: true });
      await counted.put({ id: 'd', name: 'Dora' });
      expect((await counted.find()).total).toBe(4);
      expect(await counted.count()).toBe(4);
      // A search or filter still counts its matches.
      expect((await counted.find({ q: 'ann' })).total).toBe(2);
      expect(await counted.count({ id: 'b' })).toBe(1);
    });
  });
}

import type { Harness } from './helpers';
import { freshCollection, ids, putAll } from './helpers';
import type { Doc } from '../types';

export function documentCases(harness: Harness): void {
  describe('documents', () => {
    it('given a stored document, when it is read by id, then the same JSON comes back', async () => {
      const { docs } = await freshCollection(harness, {});
      const doc = { id: 'r1', name: 'Seaside', seats: 12, open: true, tags: ['a', 'b'], address: { city: 'Oslo' } };
      await docs.put(doc);
      expect(await docs.get('r1')).toEqual(doc);
    });

    it('given two stored documents, when several ids are read at once, then those that exist come back, each once', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.putMany([{ id: 'r1', name: 'One' }, { id: 'r2', name: 'Two' }]);
      const found = await docs.getMany(['r2', 'missing', 'r1', 'r2']);
      expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual([{ id: 'r1', name: 'One' }, { id: 'r2', name: 'Two' }]);
      expect(await docs.getMany([])).toEqual([]);
    });

    it('given no such document, when it is read, then the answer is null', async () => {
      const { docs } = await freshCollection(harness, {});
      expect(await docs.get('missing')).toBeNull();
    });

    it('given a stored document, when it is put again, then the whole document is replaced', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.put({ id: 'r1', name: 'Old', seats: 4 });
      await docs.put({ id: 'r1', name: 'New' });
      expect(await docs.get('r1')).toEqual({ id: 'r1', name: 'New' });
    });

    it('given one stored document, when several are put at once, then each is stored and a repeated id keeps the last', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.put({ id: 'r1', name: 'Old', seats: 4 });
      await docs.putMany([{ id: 'r1', name: 'New' }, { id: 'r2', name: 'Second' }, { id: 'r2', name: 'Second, again' }]);
      await docs.putMany([]);
      expect(await docs.get('r1')).toEqual({ id: 'r1', name: 'New' });
      expect(await docs.get('r2')).toEqual({ id: 'r2', name: 'Second, again' });
    });

    it('given a stored document, when it is patched, then top-level fields merge shallowly', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.put({ id: 'r1', name: 'Old', seats: 4, address: { city: 'Oslo', zip: '0150' } });
      expect(await docs.patch('r1', { name: 'New', address: { city: 'Bergen' } })).toBe(true);
      expect(await docs.get('r1')).toEqual({ id: 'r1', name: 'New', seats: 4, address: { city: 'Bergen' } });
    });

    it('given a patch naming another id or undefined fields, when applied, then the id and those fields stay', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.put({ id: 'r1', name: 'Old' });
      await docs.patch('r1', { id: 'r2', name: undefined, seats: 2 });
      expect(await docs.get('r1')).toEqual({ id: 'r1', name: 'Old', seats: 2 });
      expect(await docs.get('r2')).toBeNull();
    });

    it('given no such document, when it is patched, then false is answered and nothing is created', async () => {
      const { docs } = await freshCollection(harness, {});
      expect(await docs.patch('missing', { name: 'x' })).toBe(false);
      expect(await docs.get('missing')).toBeNull();
    });

    it('given a stored document, when it is deleted twice, then the first answers true and the second false', async () => {
      const { docs } = await freshCollection(harness, {});
      await docs.put({ id: 'r1' });
      expect(await docs.delete('r1')).toBe(true);
      expect(await docs.delete('r1')).toBe(false);
      expect(await docs.get('r1')).toBeNull();
    });

    it('given documents put and read, when the caller mutates its objects, then the stored documents do not change', async () => {
      const { docs } = await freshCollection<Doc & { address: { city: string } }>(harness, {});
      const doc = { id: 'r1', address: { city: 'Oslo' } };
      await docs.put(doc);
      doc.address.city = 'changed after put';
      const read = await docs.get('r1');
      if (read) read.address.city = 'changed after get';
      const found = await docs.find();
      const first = found.data[0];
      if (first) first.address.city = 'changed after find';
      expect(await docs.get('r1')).toEqual({ id: 'r1', address: { city: 'Oslo' } });
    });
  });

  describe('collections', () => {
    it('given a migrated collection, when it is referenced by name, then it holds the same documents', async () => {
      const { spec, docs } = await freshCollection(harness, { sortable: ['name'] });
      await docs.put({ id: 'r1', name: 'A' });
      const byName = harness().store.collection(spec.name);
      expect(await byName.get('r1')).toEqual({ id: 'r1', name: 'A' });
      expect(ids((await byName.find({ sort: 'name' })).data)).toEqual(['r1']);
    });

    it('given a name that was never migrated, when its collection is used, then it fails saying so', async () => {
      const docs = harness().store.collection('never_migrated');
      await expect(docs.get('x')).rejects.toThrow(/not been migrated/);
    });

    it('given a migrated collection, when it is migrated again (also concurrently), then its documents remain', async () => {
      const { spec, docs } = await freshCollection(harness, { sortable: ['n'], searchable: ['s'], filterable: ['f'] });
      await docs.put({ id: 'r1', n: 1 });
      await Promise.all([harness().store.migrate([spec]), harness().store.migrate([spec])]);
      expect(await docs.count()).toBe(1);
    });

    it.each([
      ['a collection name with a quote', { name: "x'; drop table y; --" }],
      ['an upper-case collection name', { name: 'Coupons' }],
      ['a field name with a quote', { name: 'ok', sortable: ["a'b"] }],
      ['a dotted field name', { name: 'ok', filterable: ['a.b'] }],
    ])('given %s, when it is migrated, then it is refused', async (_label, spec) => {
      await expect(harness().store.migrate([spec])).rejects.toThrow(/invalid/);
    });
  });

  describe('transactions', () => {
    it('given writes made through a transaction, when it rolls back, then the documents are as before', async () => {
      const { spec, docs } = await freshCollection(harness, { sortable: ['name'] });
      await putAll(docs, [
        { id: 'kept', name: 'Kept' },
        { id: 'gone', name: 'Gone' },
      ]);
      await harness().rollback(async (tx) => {
        const inTx = harness().store.collection(spec, tx);
        await inTx.put({ id: 'new', name: 'New' });
        await inTx.patch('kept', { name: 'Patched' });
        await inTx.put({ id: 'gone', name: 'Replaced' });
        await inTx.delete('gone');
        expect(ids((await inTx.find({ sort: 'name' })).data)).toEqual(['new', 'kept']);
      });
      expect((await docs.find({ sort: 'name' })).data).toEqual([
        { id: 'gone', name: 'Gone' },
        { id: 'kept', name: 'Kept' },
      ]);
    });
  });
}

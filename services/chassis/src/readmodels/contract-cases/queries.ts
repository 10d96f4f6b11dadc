import type { Harness } from './helpers';
import { freshCollection, ids, putAll } from './helpers';
import type { Collection } from '../types';

const validation = (message: string) => expect.objectContaining({ kind: 'ValidationFailed', message });

export function queryCases(harness: Harness): void {
  describe('filters', () => {
    let docs: Collection;
    beforeAll(async () => {
      ({ docs } = await freshCollection(harness, { filterable: ['city', 'seats', 'open', 'note'] }));
      await putAll(docs, [
        { id: 'a', city: 'Oslo', seats: 2, open: true },
        { id: 'b', city: 'Bergen', seats: 10, open: false, note: 'x' },
        { id: 'c', city: 'Oslo', seats: 10, open: false, note: null },
        { id: 'd', city: 'oslo', seats: '2', open: 'true' },
      ]);
    });

    it.each([
      ['a string', { city: 'Oslo' }, ['a', 'c']],
      ['a number', { seats: 10 }, ['b', 'c']],
      ['a boolean', { open: false }, ['b', 'c']],
      ['two fields', { city: 'Oslo', open: false }, ['c']],
      ['the number 2 (not the string "2")', { seats: 2 }, ['a']],
      ['the string "2" (not the number 2)', { seats: '2' }, ['d']],
      ['the boolean true (not the string "true")', { open: true }, ['a']],
      ['null (matching null and missing)', { note: null }, ['a', 'c', 'd']],
      ['the id', { id: 'b' }, ['b']],
    ])('given documents, when filtered by %s, then only equal JSON values match', async (_label, filter, expected) => {
      const page = await docs.find({ filter });
      expect(ids(page.data)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(await docs.count(filter)).toBe(expected.length);
    });

    it('given documents, when counted without a filter, then all are counted', async () => {
      expect(await docs.count()).toBe(4);
    });

    it('given a field that is not filterable, when filtered by it, then the query is refused', async () => {
      await expect(docs.find({ filter: { name: 'x' } })).rejects.toEqual(validation('Cannot filter by name'));
      await expect(docs.count({ name: 'x' })).rejects.toEqual(validation('Cannot filter by name'));
    });
  });

  describe('sorting', () => {
    let docs: Collection;
    beforeAll(async () => {
      ({ docs } = await freshCollection(harness, { sortable: ['price', 'name'] }));
      await putAll(docs, [
        { id: 'p5', price: 100, name: 'banana' },
        { id: 'p2', price: 9, name: 'apple' },
        { id: 'p4', price: 10, name: 'Zed' },
        { id: 'p1', price: 10, name: 'apple' },
        { id: 'p6', price: null },
        { id: 'p3', price: -2.5, name: 'Apple' },
        { id: 'p0' },
      ]);
    });

    it.each([
      ['price', 'asc', ['p3', 'p2', 'p1', 'p4', 'p5', 'p0', 'p6']],
      ['price', 'desc', ['p6', 'p0', 'p5', 'p4', 'p1', 'p2', 'p3']],
      ['name', 'asc', ['p3', 'p4', 'p1', 'p2', 'p5', 'p0', 'p6']],
      ['name', 'desc', ['p6', 'p0', 'p5', 'p2', 'p1', 'p4', 'p3']],
      ['id', 'asc', ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']],
      ['id', 'desc', ['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']],
    ] as const)(
      'given numbers, strings, ties and missing values, when sorted by %s %s, then values order (numbers numerically, strings by code point), missing last ascending, ties by id in the same direction',
      async (sort, order, expected) => {
        expect(ids((await docs.find({ sort, order })).data)).toEqual(expected);
      },
    );

    it('given text beyond the basic plane, when sorted, then code point order applies (as UTF-8 bytes compare)', async () => {
      const { docs: texts } = await freshCollection(harness, { sortable: ['label'] });
      await putAll(texts, [
        { id: 'emoji', label: '\u{1F600}' },
        { id: 'replacement', label: '\uFFFD' },
        { id: 'accent', label: '\u00E9' },
      ]);
      expect(ids((await texts.find({ sort: 'label' })).data)).toEqual(['accent', 'replacement', 'emoji']);
    });

    it('given no sort, when found, then documents come by id ascending', async () => {
      expect(ids((await docs.find()).data)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    });

    it('given a field that is not sortable, when sorted by it, then the query is refused', async () => {
      await expect(docs.find({ sort: 'colour' })).rejects.toEqual(validation('Cannot sort by colour'));
    });

    it('given a limit below 1, when found, then the query is refused', async () => {
      await expect(docs.find({ limit: 0 })).rejects.toEqual(validation('limit must be at least 1'));
    });
  });

  describe('prefix search', () => {
    let docs: Collection;
    beforeAll(async () => {
      ({ docs } = await freshCollection(harness, { searchable: ['name', 'email'], filterable: ['kind'] }));
      await putAll(docs, [
        { id: 's1', name: 'Hello Cafe', email: 'ops@cafe.io', kind: 'cafe', secret: 'hello' },
        { id: 's2', name: 'Yellow Bar', email: 'HELLO@bar.io', kind: 'bar' },
        { id: 's3', name: '50% off', kind: 'deal' },
        { id: 's4', name: '500 off', kind: 'deal' },
        { id: 's5', name: 'a_b shop', kind: 'shop' },
        { id: 's6', name: 'axb shop', kind: 'shop' },
        { id: 's7', name: 'back\\slash', kind: 'shop' },
        { id: 's8', name: 12345, email: null, kind: 'shop' },
        { id: 's9', secret: 'hello there', kind: 'cafe' },
      ]);
    });

    it.each([
      ['matches any searchable field, ignoring case', 'hel', ['s1', 's2']],
      ['matches a longer prefix with a space', 'HELLO c', ['s1']],
      ['is a prefix, not a substring', 'ell', []],
      ['treats % literally', '50%', ['s3']],
      ['treats _ literally', 'a_b', ['s5']],
      ['treats a backslash literally', 'back\\s', ['s7']],
      ['trims the query', '  hel  ', ['s1', 's2']],
      ['looks at string values only', '123', []],
    ])('given documents, when searched, then search %s', async (_label, q, expected) => {
      const page = await docs.find({ q });
      expect(ids(page.data)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it.each(['he', '  he  ', '', '   '])('given a query %p shorter than 3 characters, when searched, then it is ignored', async (q) => {
      const page = await docs.find({ q });
      expect(page.total).toBe(9);
      expect(page.data).toHaveLength(9);
    });

    it('given a search and a filter, when found, then both apply', async () => {
      const page = await docs.find({ q: 'hello', filter: { kind: 'bar' } });
      expect(ids(page.data)).toEqual(['s2']);
      expect(page.total).toBe(1);
    });

    it('given a collection without searchable fields, when searched, then nothing matches', async () => {
      const { docs: plain } = await freshCollection(harness, {});
      await plain.put({ id: 'x', name: 'hello' });
      expect(await plain.find({ q: 'hello' })).toEqual({ data: [], nextCursor: null, total: 0 });
    });
  });
}

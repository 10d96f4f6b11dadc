import type { Harness } from './helpers';
import { freshCollection, ids, putAll } from './helpers';
import type { Collection, Doc, FindOptions } from '../types';

const DOCS = 250;
const NAMES = ['alpha', 'Bravo', 'charlie', 'delta'];

/** Ids are not in insertion order; scores tie a lot and include negatives, decimals, null and missing. */
function makeDocs(): Doc[] {
  return Array.from({ length: DOCS }, (_, i) => {
    const doc: Doc = { id: `doc-${String((i * 97) % DOCS).padStart(3, '0')}`, kind: i % 2 === 0 ? 'even' : 'odd' };
    if (i % 10 === 1) doc.score = null;
    else if (i % 10 !== 0) doc.score = ((i * 7) % 13) - 4 + (i % 3 === 0 ? 0.5 : 0);
    if (i % 17 !== 0) doc.name = NAMES[i % NAMES.length];
    return doc;
  });
}

/** The expected order, written independently of the adapters: values, then missing/null, then id. */
function expectedIds(docs: Doc[], field: string, order: 'asc' | 'desc'): string[] {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2);
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1);
  const sorted = [...docs].sort((x, y) => {
    const a = x[field];
    const b = y[field];
    return rank(a) - rank(b) || (rank(a) < 2 ? cmp(a, b) : 0) || cmp(x.id, y.id);
  });
  const result = ids(sorted);
  return order === 'asc' ? result : result.reverse();
}

interface Walk {
  ids: string[];
  sizes: number[];
  totals: number[];
}

async function walk(docs: Collection, options: FindOptions): Promise<Walk> {
  const result: Walk = { ids: [], sizes: [], totals: [] };
  let cursor: string | undefined;
  do {
    const page = await docs.find({ ...options, cursor });
    result.ids.push(...ids(page.data));
    result.sizes.push(page.data.length);
    result.totals.push(page.total);
    cursor = page.nextCursor ?? undefined;
    if (result.sizes.length > DOCS) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return result;
}

export function pageCases(harness: Harness): void {
  describe('cursor pagination', () => {
    const all = makeDocs();
    let docs: Collection;
    beforeAll(async () => {
      ({ docs } = await freshCollection(harness, { sortable: ['score', 'name'], filterable: ['kind'] }));
      await putAll(docs, all);
    });

    it.each([
      ['score', 'asc'],
      ['score', 'desc'],
      ['name', 'asc'],
      ['name', 'desc'],
    ] as const)(
      'given 250 documents, when walking pages of 100 by %s %s, then every document comes exactly once in order',
      async (sort, order) => {
        const pages = await walk(docs, { sort, order, limit: 100 });
        expect(pages.ids).toEqual(expectedIds(all, sort, order));
        expect(pages.sizes).toEqual([100, 100, 50]);
        expect(pages.totals).toEqual([DOCS, DOCS, DOCS]);
      },
    );

    it('given 250 documents, when walking with the default limit and sort, then pages hold 100 by id', async () => {
      const pages = await walk(docs, {});
      expect(pages.ids).toEqual(expectedIds(all, 'id', 'asc'));
      expect(pages.sizes).toEqual([100, 100, 50]);
    });

    it('given a filter, when walking small pages, then the total counts the filter and ignores the cursor', async () => {
      const even = all.filter((d) => d.kind === 'even');
      const pages = await walk(docs, { sort: 'score', order: 'desc', limit: 30, filter: { kind: 'even' } });
      expect(pages.ids).toEqual(expectedIds(even, 'score', 'desc'));
      expect(pages.sizes).toEqual([30, 30, 30, 30, 5]);
      expect(new Set(pages.totals)).toEqual(new Set([even.length]));
    });

    it('given exactly a page of matches, when found, then there is no next cursor', async () => {
      const page = await docs.find({ filter: { kind: 'odd' }, limit: 125 });
      expect(page.data).toHaveLength(125);
      expect(page.nextCursor).toBeNull();
      expect((await docs.find({ limit: 1000 })).nextCursor).toBeNull();
    });

    it.each([
      ['is not base64url', 'not a cursor!'],
      ['is not JSON', Buffer.from('{oops').toString('base64url')],
      ['has the wrong shape', Buffer.from('{"id":"doc-001"}').toString('base64url')],
      ['is empty', ''],
    ])('given a cursor that %s, when found, then the query is refused', async (_label, cursor) => {
      await expect(docs.find({ sort: 'score', cursor })).rejects.toEqual(
        expect.objectContaining({ kind: 'ValidationFailed', message: 'Invalid cursor' }),
      );
    });

    it('given a cursor from another sort or order, when reused, then the query is refused rather than skipping rows', async () => {
      const { nextCursor } = await docs.find({ sort: 'score', limit: 10 });
      if (nextCursor === null) throw new Error('expected a next page');
      for (const options of [{ sort: 'name' }, { sort: 'score', order: 'desc' as const }]) {
        await expect(docs.find({ ...options, cursor: nextCursor })).rejects.toEqual(
          expect.objectContaining({ kind: 'ValidationFailed', message: 'Invalid cursor' }),
        );
      }
    });
  });
}

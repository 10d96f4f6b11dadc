import { indexName, migrationSql } from './pg-sql';
import {
  checkSpec,
  compareText,
  decodeCursor,
  encodeCursor,
  escapeLike,
  MAX_PAGE_SIZE,
  pageSize,
  resolveFind,
  searchPrefix,
  sortKeyOf,
} from './rules';
import { DEFAULT_PAGE_SIZE } from './types';

describe('read model rules', () => {
  describe('page size', () => {
    it('given no limit, when resolved, then the default page size applies', () => {
      expect(pageSize(undefined)).toBe(DEFAULT_PAGE_SIZE);
    });

    it('given a limit above the maximum, when resolved, then it is capped at 1000', () => {
      expect(pageSize(5000)).toBe(MAX_PAGE_SIZE);
    });

    it.each([0, -1, 2.5, Number.NaN])('given the limit %p, when resolved, then it is refused', (limit) => {
      expect(() => pageSize(limit)).toThrow('limit must be at least 1');
    });
  });

  describe('cursors', () => {
    it('given a document, when its cursor is encoded and decoded, then the sort value and id come back', () => {
      const cursor = encodeCursor('price', 'desc', { id: 'p1', price: 12.5 });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor, 'price', 'desc')).toEqual({ value: 12.5, id: 'p1' });
    });

    it('given a document without the sort field or with an object there, when encoded, then the cursor stays small', () => {
      expect(decodeCursor(encodeCursor('price', 'asc', { id: 'p1' }), 'price', 'asc')).toEqual({ value: null, id: 'p1' });
      const big = { id: 'p2', price: { nested: 'x'.repeat(1000) } };
      expect(encodeCursor('price', 'asc', big).length).toBeLessThan(100);
    });

    it('given a cursor with a non-finite number, when decoded, then it is refused', () => {
      const cursor = Buffer.from('["price","asc",1e999,"p1"]').toString('base64url');
      expect(() => decodeCursor(cursor, 'price', 'asc')).toThrow('Invalid cursor');
    });
  });

  describe('ordering', () => {
    it('given values of every JSON type, when keyed, then numbers < strings < booleans < objects < null/missing', () => {
      const ranks = [3, 'a', false, {}, [], null, undefined].map((v) => sortKeyOf(v)[0]);
      expect(ranks).toEqual([1, 2, 3, 4, 4, 5, 5]);
    });

    it('given text beyond the basic plane, when compared, then code point order wins over UTF-16 order', () => {
      expect(compareText('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
      expect(compareText('B', 'a')).toBeLessThan(0);
      expect(compareText('ab', 'abc')).toBeLessThan(0);
      expect(compareText('x', 'x')).toBe(0);
    });
  });

  describe('search', () => {
    it('given LIKE metacharacters, when escaped, then each is preceded by a backslash', () => {
      expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    });

    it('given a query, when resolved, then it is trimmed and kept only from 3 characters', () => {
      expect(searchPrefix('  Caf ')).toBe('Caf');
      expect(searchPrefix(' ca ')).toBeNull();
      expect(searchPrefix(undefined)).toBeNull();
    });
  });

  describe('specs', () => {
    it('given a sortable field named id, when a query sorts by id, then it is accepted without being declared', () => {
      expect(resolveFind(checkSpec({ name: 'c' }), { sort: 'id' }).sort).toBe('id');
    });

    it('given long names, when index names are made, then they fit 63 characters and stay distinct', () => {
      const field = 'a'.repeat(60);
      const one = indexName('collection', 'sort', `${field}1`);
      const two = indexName('collection', 'sort', `${field}2`);
      expect(one.length).toBeLessThanOrEqual(65);
      expect(one).not.toEqual(two);
    });

    it('given a spec, when migration SQL is made, then there is a table and one index per declared field', () => {
      const spec = checkSpec({ name: 'coupons', sortable: ['code', 'id'], searchable: ['code'], filterable: ['testMode'] });
      const sql = migrationSql('svc', spec);
      expect(sql).toHaveLength(4);
      expect(sql[0]).toContain('CREATE TABLE IF NOT EXISTS "svc"."rm_coupons"');
      expect(sql.slice(1).every((s) => s.startsWith('CREATE INDEX IF NOT EXISTS'))).toBe(true);
    });
  });
});

import { validationFailed } from '../errors';
import { DEFAULT_PAGE_SIZE, MIN_SEARCH_LENGTH } from './types';
import type { CollectionSpec, Doc, Filter, FindOptions, Page } from './types';

/**
 * Rules both adapters share, so the PostgreSQL and in-memory stores validate, order and paginate
 * alike. The PostgreSQL adapter builds its SQL from the same constants (see pg-sql.ts).
 */

export const MAX_PAGE_SIZE = 1000;

/** Collections become tables `rm_<name>`, so the name must be a lower-case identifier of ≤ 60 chars. */
const COLLECTION_NAME = /^[a-z_][a-z0-9_]{0,59}$/;
/** Fields end up in SQL literals and index names; documents use camelCase, so upper case is allowed. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function checkSpec(spec: CollectionSpec): CollectionSpec {
  if (!COLLECTION_NAME.test(spec.name)) throw new Error(`invalid read model collection name: ${spec.name}`);
  const fields = (list: string[] | undefined) => {
    for (const field of list ?? []) {
      if (!FIELD_NAME.test(field)) throw new Error(`invalid field name in read model ${spec.name}: ${field}`);
    }
    return [...new Set(list ?? [])];
  };
  return {
    name: spec.name,
    sortable: fields(spec.sortable),
    searchable: fields(spec.searchable),
    filterable: fields(spec.filterable),
    ...(spec.counted ? { counted: true } : {}),
  };
}

export function notMigrated(name: string): Error {
  return new Error(`read model collection "${name}" has not been migrated`);
}

/** Reads an own property only, so a field named like `constructor` never reaches the prototype. */
export function fieldOf(doc: Doc, field: string): unknown {
  return Object.hasOwn(doc, field) ? doc[field] : undefined;
}

/** Documents are stored as JSON: copying through JSON gives both adapters the same shape. */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function checkDoc(doc: Doc): void {
  if (typeof doc?.id !== 'string' || doc.id === '') throw new Error('a read model document needs a string id');
}

/** A patch never renames a document: the id is the row's key. */
export function withoutId(fields: object): Record<string, unknown> {
  const { id: _id, ...rest } = fields as Record<string, unknown>;
  return rest;
}

// ---- sorting ----------------------------------------------------------------------------------

/**
 * A total order over JSON values: numbers (numerically) < strings (by code point, whatever the
 * database collation) < booleans < objects and arrays (all equal) < null and missing. Missing and
 * null therefore come last in ascending order and first in descending; ties go by id.
 */
export const SORT_RANK = { number: 1, string: 2, boolean: 3, object: 4, array: 4, missing: 5 } as const;

/** [rank, numeric part, text part]: the same three values the PostgreSQL sort index holds. */
export type SortKey = readonly [rank: number, num: number, text: string];

export function sortKeyOf(value: unknown): SortKey {
  if (typeof value === 'number') return [SORT_RANK.number, value, ''];
  if (typeof value === 'string') return [SORT_RANK.string, 0, value];
  if (typeof value === 'boolean') return [SORT_RANK.boolean, value ? 1 : 0, ''];
  if (value !== null && typeof value === 'object') return [SORT_RANK.object, 0, ''];
  return [SORT_RANK.missing, 0, ''];
}

/** Code point order (as PostgreSQL's "C" collation), not JavaScript's UTF-16 code unit order. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Surrogates (U+D800–DFFF) encode code points above U+FFFF, so they must sort after U+E000–FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

export interface Position {
  key: SortKey;
  id: string;
}

export function comparePositions(a: Position, b: Position): number {
  return (
    a.key[0] - b.key[0] ||
    Math.sign(a.key[1] - b.key[1]) ||
    compareText(a.key[2], b.key[2]) ||
    compareText(a.id, b.id)
  );
}

export function sortValueOf(doc: Doc, sort: string): unknown {
  return sort === 'id' ? doc.id : fieldOf(doc, sort);
}

// ---- cursors ----------------------------------------------------------------------------------

export interface Cursor {
  value: unknown;
  id: string;
}

/** The key of an object or array is fixed, so the cursor need not carry (possibly large) values. */
function cursorValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return typeof value === 'object' ? {} : value;
}

/** Binds the sort and order too, so a cursor replayed under another sort fails instead of skipping rows. */
export function encodeCursor(sort: string, order: 'asc' | 'desc', doc: Doc): string {
  const payload = [sort, order, cursorValue(sortValueOf(doc, sort)), doc.id];
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string, order: 'asc' | 'desc'): Cursor {
  const invalid = () => validationFailed('Invalid cursor', { cursor: 'Invalid cursor' });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(payload) || payload.length !== 4) throw invalid();
  const [s, o, value, id] = payload as unknown[];
  if (s !== sort || o !== order || typeof id !== 'string') throw invalid();
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid();
  return { value, id };
}

// ---- queries ----------------------------------------------------------------------------------

export type FilterValue = Filter[string];

/** A find() with every option checked and defaulted; both adapters execute exactly this. */
export interface PageQuery {
  filter: [field: string, value: FilterValue][];
  /** Trimmed search prefix (original case), or null when absent or too short. */
  search: string | null;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  after: Cursor | null;
}

export function resolveFilter(spec: CollectionSpec, filter: Filter = {}): PageQuery['filter'] {
  return Object.entries(filter).map(([field, value]) => {
    if (field !== 'id' && !spec.filterable?.includes(field)) {
      throw validationFailed(`Cannot filter by ${field}`, { [field]: `Cannot filter by ${field}` });
    }
    const ok = value === null || ['string', 'boolean'].includes(typeof value) || Number.isFinite(value);
    if (!ok) throw validationFailed(`Invalid filter value for ${field}`, { [field]: 'Invalid filter value' });
    return [field, value];
  });
}

export function resolveFind(spec: CollectionSpec, options: FindOptions = {}): PageQuery {
  const sort = options.sort ?? 'id';
  if (sort !== 'id' && !spec.sortable?.includes(sort)) {
    throw validationFailed(`Cannot sort by ${sort}`, { sort: `Cannot sort by ${sort}` });
  }
  const order = options.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') {
    throw validationFailed("order must be 'asc' or 'desc'", { order: "order must be 'asc' or 'desc'" });
  }
  return {
    filter: resolveFilter(spec, options.filter),
    search: searchPrefix(options.q),
    sort,
    order,
    limit: pageSize(options.limit),
    after: options.cursor === undefined ? null : decodeCursor(options.cursor, sort, order),
  };
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) {
    throw validationFailed('limit must be at least 1', { limit: 'limit must be at least 1' });
  }
  return Math.min(limit, MAX_PAGE_SIZE);
}

export function searchPrefix(q: string | undefined): string | null {
  const trimmed = q?.trim() ?? '';
  return [...trimmed].length >= MIN_SEARCH_LENGTH ? trimmed : null;
}

/** Backslash is LIKE's default escape character; escaping it first keeps the others literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Turns the limit+1 rows a query fetched into a page: the extra row only says another page exists. */
export function toPage<D extends Doc>(rows: D[], query: PageQuery, total: number): Page<D> {
  const data = rows.slice(0, query.limit);
  const last = data[data.length - 1];
  const more = rows.length > query.limit && last !== undefined;
  return { data, nextCursor: more ? encodeCursor(query.sort, query.order, last) : null, total };
}

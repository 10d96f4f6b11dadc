import type { Tx } from '../db';

/** A read-model document: JSON, with a string id. */
export type Doc = { id: string } & Record<string, unknown>;

/**
 * Declares what a collection can be queried by, so the PostgreSQL adapter can index it:
 * `sortable` fields may be used in `sort`; `searchable` fields take case-insensitive prefix search;
 * `filterable` fields take equality filters.
 */
export interface CollectionSpec {
  name: string;
  sortable?: string[];
  searchable?: string[];
  filterable?: string[];
  /**
   * Keep an exact count of the documents beside the table (PostgreSQL: a counter the table's
   * triggers maintain in the writing transaction), so an unfiltered `find` or `count` reads it
   * instead of counting every row. For large collections listed with a total (the admin users
   * table); each write statement then also touches a counter row.
   */
  counted?: boolean;
}

export type Filter = Record<string, string | number | boolean | null>;

export interface FindOptions {
  filter?: Filter;
  /** A declared sortable field; ties are broken by id. Default: id. */
  sort?: string;
  order?: 'asc' | 'desc';
  /** Default 100. */
  limit?: number;
  /** Opaque, from a previous page's nextCursor. */
  cursor?: string;
  /** Case-insensitive prefix over the searchable fields (3+ characters; shorter is ignored). */
  q?: string;
}

export interface Page<D> {
  data: D[];
  nextCursor: string | null;
  /** Matches for filter and q, ignoring the cursor. */
  total: number;
}

export interface Collection<D extends Doc = Doc> {
  get(id: string): Promise<D | null>;
  /** The documents of these ids that exist, in one query (in no particular order). */
  getMany(ids: string[]): Promise<D[]>;
  /** Insert or replace the whole document. */
  put(doc: D): Promise<void>;
  /** `put` for several documents in one statement (the last wins when an id repeats). */
  putMany(docs: D[]): Promise<void>;
  /** Shallow-merge fields into an existing document; returns false when it does not exist. */
  patch(id: string, fields: Partial<D>): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  find(options?: FindOptions): Promise<Page<D>>;
  count(filter?: Filter): Promise<number>;
}

/** A collection as a snapshot sees it: reads only. */
export type SnapshotCollection<D extends Doc = Doc> = Pick<Collection<D>, 'get' | 'getMany' | 'find' | 'count'>;

export interface ReadModelStore {
  migrate(specs: CollectionSpec[]): Promise<void>;
  collection<D extends Doc = Doc>(spec: CollectionSpec | string, tx?: Tx): Collection<D>;
  /**
   * Reads that must agree with one another (a page and the count beside it): every read `work` makes
   * through `collection` sees the store as it was at the first of them, whatever commits meanwhile.
   */
  snapshot<T>(work: (collection: <D extends Doc = Doc>(spec: CollectionSpec | string) => SnapshotCollection<D>) => Promise<T>): Promise<T>;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MIN_SEARCH_LENGTH = 3;

import type { Tx } from '../db';
import {
  checkDoc,
  checkSpec,
  comparePositions,
  fieldOf,
  jsonCopy,
  notMigrated,
  resolveFilter,
  resolveFind,
  sortKeyOf,
  sortValueOf,
  toPage,
  withoutId,
} from './rules';
import type { PageQuery, Position } from './rules';
import type { Collection, CollectionSpec, Doc, ReadModelStore } from './types';

interface Stored {
  spec: CollectionSpec;
  /** Documents are replaced on every write, never changed in place, so an undo can keep the old one. */
  docs: Map<string, Doc>;
}

/** The in-process adapter: same ordering, paging and errors as the PostgreSQL one (rules.ts). */
export function createMemoryReadModelStore(): ReadModelStore {
  const collections = new Map<string, Stored>();

  return {
    async migrate(specs) {
      for (const spec of specs.map(checkSpec)) {
        const existing = collections.get(spec.name);
        if (existing) existing.spec = spec;
        else collections.set(spec.name, { spec, docs: new Map() });
      }
    },

    collection<D extends Doc = Doc>(specOrName: CollectionSpec | string, tx?: Tx): Collection<D> {
      if (tx?.kind === 'pg') throw new Error('the in-memory read model store cannot join a PostgreSQL transaction');
      const given = typeof specOrName === 'string' ? undefined : checkSpec(specOrName);
      const name = given?.name ?? (specOrName as string);
      // Resolved when used, as in PostgreSQL where the table must exist by then.
      const stored = () => collections.get(name) ?? throwNotMigrated(name);
      return memoryCollection<D>(stored, () => given ?? stored().spec, tx);
    },

    async snapshot(work) {
      // Writes replace documents, never change them in place: copies of the maps are the state now.
      const frozen = new Map([...collections].map(([name, { spec, docs }]) => [name, { spec, docs: new Map(docs) }]));
      return work((specOrName) => {
        const name = typeof specOrName === 'string' ? specOrName : checkSpec(specOrName).name;
        const stored = () => frozen.get(name) ?? throwNotMigrated(name);
        return memoryCollection(stored, () => stored().spec, undefined);
      });
    },
  };
}

function throwNotMigrated(name: string): never {
  throw notMigrated(name);
}

function memoryCollection<D extends Doc>(
  stored: () => Stored,
  spec: () => CollectionSpec,
  tx: Extract<Tx, { kind: 'memory' }> | undefined,
): Collection<D> {
  /** Writes apply at once; a transaction gets told how to put the previous document back. */
  const write = (id: string, next: Doc | undefined) => {
    const { docs } = stored();
    const before = docs.get(id);
    if (next === undefined) docs.delete(id);
    else docs.set(id, next);
    tx?.onRollback(() => {
      if (before === undefined) docs.delete(id);
      else docs.set(id, before);
    });
  };

  return {
    async get(id) {
      const doc = stored().docs.get(id);
      return doc === undefined ? null : jsonCopy(doc as D);
    },

    async getMany(ids) {
      const { docs } = stored();
      return [...new Set(ids)].flatMap((id) => (docs.has(id) ? [jsonCopy(docs.get(id) as D)] : []));
    },

    async put(doc) {
      checkDoc(doc);
      write(doc.id, jsonCopy(doc));
    },

    async putMany(docs) {
      docs.forEach(checkDoc);
      for (const doc of docs) write(doc.id, jsonCopy(doc));
    },

    async patch(id, fields) {
      const current = stored().docs.get(id);
      if (current === undefined) return false;
      // Copying the fields first drops `undefined` values, as JSON.stringify does for PostgreSQL.
      write(id, { ...current, ...jsonCopy(withoutId(fields)) });
      return true;
    },

    async delete(id) {
      if (!stored().docs.has(id)) return false;
      write(id, undefined);
      return true;
    },

    async find(options) {
      const query = resolveFind(spec(), options);
      const matches = [...stored().docs.values()].filter(matcher(spec(), query));
      const rows = afterCursor(sortDocs(matches, query), query).slice(0, query.limit + 1);
      return toPage(rows.map((doc) => jsonCopy(doc as D)), query, matches.length);
    },

    async count(filter) {
      const match = matcher(spec(), { filter: resolveFilter(spec(), filter), search: null });
      let n = 0;
      for (const doc of stored().docs.values()) if (match(doc)) n++;
      return n;
    },
  };
}

function matcher(spec: CollectionSpec, query: Pick<PageQuery, 'filter' | 'search'>): (doc: Doc) => boolean {
  const prefix = query.search?.toLowerCase() ?? null;
  const searchable = spec.searchable ?? [];
  return (doc) =>
    query.filter.every(([field, value]) => {
      if (field === 'id') return doc.id === value;
      const actual = fieldOf(doc, field);
      return value === null ? actual === null || actual === undefined : actual === value;
    }) &&
    (prefix === null ||
      searchable.some((field) => {
        const actual = fieldOf(doc, field);
        return typeof actual === 'string' && actual.toLowerCase().startsWith(prefix);
      }));
}

interface Keyed {
  doc: Doc;
  position: Position;
}

function positionOf(doc: Doc, sort: string): Position {
  return { key: sortKeyOf(sortValueOf(doc, sort)), id: doc.id };
}

function sortDocs(docs: Doc[], query: PageQuery): Keyed[] {
  const sign = query.order === 'asc' ? 1 : -1;
  return docs
    .map((doc) => ({ doc, position: positionOf(doc, query.sort) }))
    .sort((a, b) => sign * comparePositions(a.position, b.position));
}

function afterCursor(sorted: Keyed[], query: PageQuery): Doc[] {
  const { after } = query;
  if (after === null) return sorted.map((k) => k.doc);
  const sign = query.order === 'asc' ? 1 : -1;
  const bound: Position = { key: sortKeyOf(after.value), id: after.id };
  return sorted.filter((k) => sign * comparePositions(k.position, bound) > 0).map((k) => k.doc);
}

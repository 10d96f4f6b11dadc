import type { Pool } from 'pg';
import type { Queryable, Tx } from '../db';
import { migrateUnderLock, prepared, quoteSchema } from '../db';
import { countSql, migrationSql, pageSql, storedCountSql, tableName } from './pg-sql';
import { checkDoc, checkSpec, notMigrated, resolveFilter, resolveFind, toPage, withoutId } from './rules';
import type { PageQuery } from './rules';
import type { Collection, CollectionSpec, Doc, ReadModelStore } from './types';

export interface PgReadModelStoreOptions {
  pool: Pool;
  schema: string;
}

/** Read models as JSONB documents, one table `rm_<name>` per collection in the service's schema. */
export function createPgReadModelStore({ pool, schema }: PgReadModelStoreOptions): ReadModelStore {
  quoteSchema(schema); // a bad schema name fails here, not on the first query
  const registered = new Map<string, CollectionSpec>();

  return {
    async migrate(specs) {
      const checked = specs.map(checkSpec);
      await migrateInLock(pool, schema, checked);
      for (const spec of checked) registered.set(spec.name, spec);
    },

    collection<D extends Doc = Doc>(specOrName: CollectionSpec | string, tx?: Tx): Collection<D> {
      if (tx?.kind === 'memory') throw new Error('the PostgreSQL read model store cannot join an in-memory transaction');
      return open<D>(specOrName, tx?.kind === 'pg' ? tx.client : pool);
    },

    async snapshot(work) {
      const client = await pool.connect();
      // The snapshot is taken at the first read after BEGIN, which leaves with it (pipelined).
      const begun = client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const result = await work((specOrName) => open(specOrName, client));
        await begun;
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        await begun.catch(() => undefined);
        // A connection that cannot even roll back is closed, not handed to the next caller.
        const clean = await client.query('ROLLBACK').then(() => true, () => false);
        client.release(clean ? undefined : true);
        throw error;
      }
    },
  };

  function open<D extends Doc>(specOrName: CollectionSpec | string, db: Queryable): Collection<D> {
    // A name is resolved when used, so a service may take a handle before its collections migrate.
    const spec =
      typeof specOrName === 'string'
        ? () => registered.get(specOrName) ?? throwNotMigrated(specOrName)
        : constant(checkSpec(specOrName));
    return pgCollection<D>(db, schema, () => tableName(schema, spec().name), spec);
  }
}

function throwNotMigrated(name: string): never {
  throw notMigrated(name);
}

function constant<T>(value: T): () => T {
  return () => value;
}

/**
 * Every service migrates on start, possibly several replicas at once; concurrent CREATE … IF NOT
 * EXISTS can still collide in the catalog, so migrations of one schema take turns.
 */
const migrateInLock = (pool: Pool, schema: string, specs: CollectionSpec[]) =>
  migrateUnderLock(pool, schema, specs.flatMap((spec) => migrationSql(schema, spec)));

function pgCollection<D extends Doc>(
  db: Queryable,
  schema: string,
  table: () => string,
  spec: () => CollectionSpec,
): Collection<D> {
  /** A counted collection's total without filter or search is its maintained counter, not a scan. */
  const totalSql = (current: CollectionSpec, query: Pick<PageQuery, 'filter' | 'search'>) =>
    current.counted && query.filter.length === 0 && query.search === null ? storedCountSql(schema, current.name) : countSql(table(), current, query);
  return {
    async get(id) {
      const { rows } = await db.query<{ doc: D }>(prepared(`SELECT doc FROM ${table()} WHERE id = $1`, [id]));
      return rows[0]?.doc ?? null;
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const { rows } = await db.query<{ doc: D }>(prepared(`SELECT doc FROM ${table()} WHERE id = ANY($1::text[])`, [[...new Set(ids)]]));
      return rows.map((row) => row.doc);
    },

    async put(doc) {
      checkDoc(doc);
      await db.query(
        prepared(
          `INSERT INTO ${table()} (id, doc, updated_at) VALUES ($1, $2::jsonb, now())
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_at = now()`,
          [doc.id, JSON.stringify(doc)],
        ),
      );
    },

    async putMany(docs) {
      docs.forEach(checkDoc);
      // One row per id: an upsert may not touch a row twice in one statement.
      const last = [...new Map(docs.map((doc) => [doc.id, doc])).values()];
      if (last.length === 0) return;
      await db.query(
        prepared(
          `INSERT INTO ${table()} (id, doc, updated_at) SELECT d ->> 'id', d, now() FROM jsonb_array_elements($1::jsonb) AS d
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_at = now()`,
          [JSON.stringify(last)],
        ),
      );
    },

    async patch(id, fields) {
      // `||` is jsonb's shallow merge: top-level keys replace, nested objects are not merged.
      const { rowCount } = await db.query(prepared(`UPDATE ${table()} SET doc = doc || $2::jsonb, updated_at = now() WHERE id = $1`, [id, JSON.stringify(withoutId(fields))]));
      return (rowCount ?? 0) > 0;
    },

    async delete(id) {
      const { rowCount } = await db.query(`DELETE FROM ${table()} WHERE id = $1`, [id]);
      return (rowCount ?? 0) > 0;
    },

    async find(options) {
      const current = spec();
      const query = resolveFind(current, options);
      const page = pageSql(table(), current, query);
      const count = totalSql(current, query);
      const [rows, total] = await Promise.all([
        db.query<{ doc: D }>(page.text, page.values),
        db.query<{ n: number }>(count.text, count.values),
      ]);
      return toPage(
        rows.rows.map((row) => row.doc),
        query,
        total.rows[0]?.n ?? 0,
      );
    },

    async count(filter) {
      const current = spec();
      const sql = totalSql(current, { filter: resolveFilter(current, filter), search: null });
      const { rows } = await db.query<{ n: number }>(sql.text, sql.values);
      return rows[0]?.n ?? 0;
    },
  };
}

import { createHash } from 'node:crypto';
import { quoteSchema } from '../db';
import { escapeLike, SORT_RANK } from './rules';
import type { PageQuery } from './rules';
import type { CollectionSpec } from './types';

/**
 * SQL for the PostgreSQL read model store. Collection and field names are checked identifiers
 * (rules.checkSpec) before they reach here; every value goes as a parameter.
 */

export function tableName(schema: string, collection: string): string {
  return `${quoteSchema(schema)}."rm_${collection}"`;
}

/** PostgreSQL truncates names over 63 bytes, which could make two indexes collide: hash instead. */
export function indexName(collection: string, kind: string, field: string): string {
  const name = `rm_${collection}_${kind}_${field}`;
  if (name.length <= 63) return `"${name}"`;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 12);
  return `"${name.slice(0, 50)}_${hash}"`;
}

const jsonField = (field: string) => `(doc->'${field}')`;

/**
 * The sort key of a jsonb expression, as rules.sortKeyOf computes it: rank, numeric part, and text
 * part in the "C" collation (code point order whatever the database's collation). None is ever
 * NULL, so row comparisons work for keyset pagination.
 */
function sortKeySql(e: string): [string, string, string] {
  const rank = `(CASE jsonb_typeof(${e}) WHEN 'number' THEN ${SORT_RANK.number} WHEN 'string' THEN ${SORT_RANK.string} WHEN 'boolean' THEN ${SORT_RANK.boolean} WHEN 'object' THEN ${SORT_RANK.object} WHEN 'array' THEN ${SORT_RANK.array} ELSE ${SORT_RANK.missing} END)`;
  const num = `(CASE jsonb_typeof(${e}) WHEN 'number' THEN (${e})::numeric WHEN 'boolean' THEN (CASE WHEN (${e})::boolean THEN 1 ELSE 0 END) ELSE 0 END)`;
  const text = `((CASE WHEN jsonb_typeof(${e}) = 'string' THEN ${e} #>> '{}' ELSE '' END) COLLATE "C")`;
  return [rank, num, text];
}

/** Sort columns for a field, in index order; `id` sorts by the primary key alone. */
export function sortColumns(sort: string): string[] {
  return sort === 'id' ? ['id'] : [...sortKeySql(jsonField(sort)), 'id'];
}

/** The exact document counts of the schema's `counted` collections, in slots summed on read. */
export function countsTable(schema: string): string {
  return `${quoteSchema(schema)}."readmodel_counts"`;
}

/**
 * Slots per collection: a writing transaction adds to the slot of its connection, so concurrent
 * writers rarely wait on one another's counter row; a read sums at most this many rows.
 */
export const COUNT_SLOTS = 16;

/**
 * A counted collection's table keeps its count in `readmodel_counts` with statement-level triggers
 * (transition tables: one counter update per statement, however many rows it inserts or deletes;
 * an upsert that replaces a document inserts nothing). They run in the writer's transaction, so the
 * count commits or rolls back with the documents. Made once, under a lock that holds writers back
 * while the existing rows are counted.
 */
function counterSql(schema: string, spec: CollectionSpec, table: string): string[] {
  const counts = countsTable(schema);
  const fn = `${quoteSchema(schema)}."readmodel_count"`;
  const trigger = (kind: string) => indexName(spec.name, 'count', kind);
  const name = `'${spec.name}'`; // a checked lower-case identifier (rules.checkSpec)
  return [
    `CREATE TABLE IF NOT EXISTS ${counts} (collection text COLLATE "C" NOT NULL, slot int NOT NULL, n bigint NOT NULL, PRIMARY KEY (collection, slot))`,
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
     DECLARE delta bigint;
     BEGIN
       IF TG_OP = 'TRUNCATE' THEN
         DELETE FROM ${counts} WHERE collection = TG_ARGV[0];
         RETURN NULL;
       END IF;
       SELECT count(*) INTO delta FROM changed;
       IF TG_OP = 'DELETE' THEN delta := -delta; END IF;
       IF delta <> 0 THEN
         INSERT INTO ${counts} AS c (collection, slot, n) VALUES (TG_ARGV[0], pg_backend_pid() % ${COUNT_SLOTS}, delta)
         ON CONFLICT (collection, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
       END IF;
       RETURN NULL;
     END $fn$`,
    `DO $do$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${table.replace(/'/g, "''")}'::regclass AND tgname = ${trigger('ins').replace(/"/g, "'")}) THEN
         LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE;
         DELETE FROM ${counts} WHERE collection = ${name};
         INSERT INTO ${counts} (collection, slot, n) SELECT ${name}, 0, count(*) FROM ${table};
         CREATE TRIGGER ${trigger('ins')} AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${name});
         CREATE TRIGGER ${trigger('del')} AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${name});
         CREATE TRIGGER ${trigger('trunc')} AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${name});
       END IF;
     END $do$`,
  ];
}

/** The exact count of a counted collection (the sum of its slots). */
export function storedCountSql(schema: string, collection: string): { text: string; values: unknown[] } {
  return { text: `SELECT COALESCE(sum(n), 0)::int AS n FROM ${countsTable(schema)} WHERE collection = $1`, values: [collection] };
}

export function migrationSql(schema: string, spec: CollectionSpec): string[] {
  const table = tableName(schema, spec.name);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  ];
  if (spec.counted) statements.push(...counterSql(schema, spec, table));
  for (const field of spec.sortable ?? []) {
    if (field === 'id') continue;
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(spec.name, 'sort', field)} ON ${table} (${sortColumns(field).join(', ')})`);
  }
  for (const field of spec.searchable ?? []) {
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(spec.name, 'search', field)} ON ${table} (lower(doc->>'${field}') text_pattern_ops)`);
  }
  for (const field of spec.filterable ?? []) {
    if (field === 'id') continue;
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(spec.name, 'filter', field)} ON ${table} (${jsonField(field)})`);
  }
  return statements;
}

/** Collects parameters and hands back their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Equality by JSON value; null matches JSON null and a missing field alike. */
function filterSql(field: string, value: PageQuery['filter'][number][1], params: Params): string {
  if (field === 'id') return typeof value === 'string' ? `id = ${params.add(value)}` : 'false';
  if (value === null) return `(${jsonField(field)} IS NULL OR ${jsonField(field)} = 'null'::jsonb)`;
  return `${jsonField(field)} = ${params.add(JSON.stringify(value))}::jsonb`;
}

/** Prefix over string values of the searchable fields; matches nothing when there are none. */
function searchSql(spec: CollectionSpec, prefix: string, params: Params): string {
  const fields = spec.searchable ?? [];
  if (fields.length === 0) return 'false';
  const pattern = params.add(`${escapeLike(prefix)}%`);
  const each = fields.map(
    (f) => `(lower(doc->>'${f}') LIKE lower(${pattern}) AND jsonb_typeof(${jsonField(f)}) = 'string')`,
  );
  return `(${each.join(' OR ')})`;
}

export function whereSql(spec: CollectionSpec, query: Pick<PageQuery, 'filter' | 'search'>, params: Params): string {
  const conditions = query.filter.map(([field, value]) => filterSql(field, value, params));
  if (query.search !== null) conditions.push(searchSql(spec, query.search, params));
  return conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
}

/** Keyset condition: rows strictly after the cursor's (key…, id) in the page's direction. */
function afterSql(query: PageQuery, params: Params): string | null {
  if (query.after === null) return null;
  const id = params.add(query.after.id);
  const op = query.order === 'asc' ? '>' : '<';
  if (query.sort === 'id') return `id ${op} ${id}`;
  const value = params.add(JSON.stringify(query.after.value));
  const bound = [...sortKeySql(`${value}::jsonb`), id];
  return `(${sortColumns(query.sort).join(', ')}) ${op} (${bound.join(', ')})`;
}

export function pageSql(table: string, spec: CollectionSpec, query: PageQuery): { text: string; values: unknown[] } {
  const params = new Params();
  let where = whereSql(spec, query, params);
  const after = afterSql(query, params);
  if (after !== null) where = where === '' ? `WHERE ${after}` : `${where} AND ${after}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sortColumns(query.sort).map((column) => `${column} ${direction}`).join(', ');
  const limit = params.add(query.limit + 1);
  return { text: `SELECT doc FROM ${table} ${where} ORDER BY ${orderBy} LIMIT ${limit}`, values: params.values };
}

export function countSql(
  table: string,
  spec: CollectionSpec,
  query: Pick<PageQuery, 'filter' | 'search'>,
): { text: string; values: unknown[] } {
  const params = new Params();
  return { text: `SELECT count(*)::int AS n FROM ${table} ${whereSql(spec, query, params)}`, values: params.values };
}

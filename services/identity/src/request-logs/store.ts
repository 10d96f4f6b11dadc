import type { Pool } from 'pg';
import { decodeCursor, encodeCursor, prepared, quoteSchema, validationFailed, type Page } from '@seatside/chassis';
import type { RequestLog } from '@seatside/rules';
import type { TenantCollection } from '../tenants/membership';

/** One stored request log: the log (seed 001 "Log") and whose it is. */
export interface RequestLogRow extends RequestLog {
  tenant: { collection: TenantCollection; id: string };
}

const COLUMNS = 'id, tenant_collection, tenant_id, test_mode, created_at, api_key_id, request_method, request_url, status_code, cache_hit, request_body, response_body';

/**
 * The request logs' own table (identity migration 2): typed and append-only. Its rows are written in
 * batches and never updated; the list reads one tenant's one mode newest first through one index,
 * and the retention sweep deletes by time through a BRIN index, which costs the inserts almost
 * nothing. The bodies are compressed with lz4 where the server has it (pglz otherwise).
 */
export function requestLogsTableSql(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE TABLE IF NOT EXISTS ${s}.request_logs (
       id text COLLATE "C" PRIMARY KEY,
       tenant_collection text NOT NULL,
       tenant_id text COLLATE "C" NOT NULL,
       test_mode boolean NOT NULL,
       created_at timestamptz NOT NULL,
       api_key_id text NOT NULL,
       request_method text NOT NULL,
       request_url text NOT NULL,
       status_code int NOT NULL,
       cache_hit boolean NOT NULL,
       request_body text NOT NULL,
       response_body text NOT NULL
     )`,
    `CREATE INDEX IF NOT EXISTS request_logs_tenant_time ON ${s}.request_logs (tenant_collection, tenant_id, test_mode, created_at, id)`,
    `CREATE INDEX IF NOT EXISTS request_logs_time ON ${s}.request_logs USING brin (created_at)`,
    `DO $$ BEGIN
       ALTER TABLE ${s}.request_logs ALTER COLUMN request_body SET COMPRESSION lz4, ALTER COLUMN response_body SET COMPRESSION lz4;
     EXCEPTION WHEN OTHERS THEN NULL; -- a server built without lz4 keeps pglz
     END $$`,
    // The logs stored before this table (the jsonb read model rm_request_logs) move in, none lost.
    `DO $$ BEGIN
       IF to_regclass('${s}.rm_request_logs') IS NOT NULL THEN
         INSERT INTO ${s}.request_logs (${COLUMNS})
         SELECT id, split_part(doc ->> 'tenant', ':', 1), substr(doc ->> 'tenant', length(split_part(doc ->> 'tenant', ':', 1)) + 2),
                coalesce((doc ->> 'testMode')::boolean, false),
                CASE WHEN doc ->> 'createdAt' ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (doc ->> 'createdAt')::timestamptz ELSE updated_at END,
                coalesce(doc ->> 'apiKeyId', ''), coalesce(doc ->> 'requestMethod', ''), coalesce(doc ->> 'requestURL', ''),
                coalesce((doc ->> 'statusCode')::numeric::int, 0), coalesce((doc ->> 'cacheHit')::boolean, false),
                coalesce(doc ->> 'requestBody', ''), coalesce(doc ->> 'responseBody', '')
           FROM ${s}.rm_request_logs
         ON CONFLICT (id) DO NOTHING;
         DROP TABLE ${s}.rm_request_logs;
       END IF;
     END $$`,
  ];
}

interface Row {
  id: string;
  tenant_collection: TenantCollection;
  tenant_id: string;
  test_mode: boolean;
  created_at: Date;
  api_key_id: string;
  request_method: string;
  request_url: string;
  status_code: number;
  cache_hit: boolean;
  request_body: string;
  response_body: string;
}

const logOf = (row: Row): RequestLog => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  requestMethod: row.request_method,
  requestURL: row.request_url,
  statusCode: row.status_code,
  cacheHit: row.cache_hit,
  requestBody: row.request_body,
  responseBody: row.response_body,
  testMode: row.test_mode,
  apiKeyId: row.api_key_id,
});

// PostgreSQL text holds no NUL character.
const text = (value: string) => (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value);

export interface RequestLogStore {
  /** Stores a batch with one statement; an id already stored (a batch heard by two replicas) is skipped. */
  append(rows: readonly RequestLogRow[]): Promise<void>;
  /** One tenant's logs of one mode, by time (newest first unless `asc`), keyset-paged. */
  page(query: { tenant: RequestLogRow['tenant']; testMode: boolean; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined }): Promise<Page<RequestLog>>;
  get(id: string): Promise<(RequestLog & { tenant: RequestLogRow['tenant'] }) | undefined>;
  /** Deletes the logs created before `before`. */
  sweep(before: Date): Promise<void>;
}

export function createRequestLogStore({ pool, schema }: { pool: Pool; schema: string }): RequestLogStore {
  const table = `${quoteSchema(schema)}.request_logs`;
  const insert = `INSERT INTO ${table} (${COLUMNS})
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::int[], $10::boolean[], $11::text[], $12::text[])
    ON CONFLICT (id) DO NOTHING`;
  const tenantWhere = 'tenant_collection = $1 AND tenant_id = $2 AND test_mode = $3';
  return {
    async append(rows) {
      if (rows.length === 0) return;
      const columns = [
        rows.map((r) => r.id),
        rows.map((r) => r.tenant.collection),
        rows.map((r) => r.tenant.id),
        rows.map((r) => r.testMode),
        rows.map((r) => r.createdAt),
        rows.map((r) => text(r.apiKeyId)),
        rows.map((r) => text(r.requestMethod)),
        rows.map((r) => text(r.requestURL)),
        rows.map((r) => r.statusCode),
        rows.map((r) => r.cacheHit),
        rows.map((r) => text(r.requestBody)),
        rows.map((r) => text(r.responseBody)),
      ];
      await pool.query(prepared(insert, columns));
    },

    async page({ tenant, testMode, order, limit, cursor }) {
      const values: unknown[] = [tenant.collection, tenant.id, testMode];
      let after = '';
      if (cursor !== undefined) {
        const { value, id } = decodeCursor(cursor, 'createdAt', order);
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw validationFailed('Invalid cursor', { cursor: 'Invalid cursor' });
        values.push(value, id);
        after = ` AND (created_at, id) ${order === 'desc' ? '<' : '>'} ($4::timestamptz, $5)`;
      }
      values.push(limit + 1);
      const direction = order === 'desc' ? 'DESC' : 'ASC';
      const [rows, total] = await Promise.all([
        pool.query<Row>(
          prepared(`SELECT ${COLUMNS} FROM ${table} WHERE ${tenantWhere}${after} ORDER BY created_at ${direction}, id ${direction} LIMIT $${values.length}`, values),
        ),
        pool.query<{ n: number }>(prepared(`SELECT count(*)::int AS n FROM ${table} WHERE ${tenantWhere}`, values.slice(0, 3))),
      ]);
      const more = rows.rows.length > limit;
      const data = rows.rows.slice(0, limit).map(logOf);
      const last = data[data.length - 1];
      return { data, nextCursor: more && last ? encodeCursor('createdAt', order, { id: last.id, createdAt: last.createdAt }) : null, total: total.rows[0]?.n ?? 0 };
    },

    async get(id) {
      const { rows } = await pool.query<Row>(prepared(`SELECT ${COLUMNS} FROM ${table} WHERE id = $1`, [id]));
      const row = rows[0];
      return row ? { ...logOf(row), tenant: { collection: row.tenant_collection, id: row.tenant_id } } : undefined;
    },

    async sweep(before) {
      await pool.query(`DELETE FROM ${table} WHERE created_at < $1`, [before]);
    },
  };
}

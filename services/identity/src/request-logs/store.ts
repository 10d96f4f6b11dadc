import { hash } from 'node:crypto';
import type { Pool } from 'pg';
import { decodeCursor, encodeCursor, prepared, quoteSchema, validationFailed, type Page } from '@seatside/chassis';
import type { RequestLog } from '@seatside/rules';
import type { TenantCollection } from '../tenants/membership';

/** One stored request log: the log (seed 001 "Log") and whose it is. */
export interface RequestLogRow extends RequestLog {
  tenant: { collection: TenantCollection; id: string };
}

/** The columns of migration 2 (the bodies inline). */
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

/**
 * Identity migration 3: a body is stored once per tenant and day. API clients poll: the same list
 * answered ten times a second is one text, not ten, and a log row is a few short columns. A row names
 * its bodies by hash (`bodyHashOf`: SHA-256 over the tenant and the text, so two tenants' equal texts
 * are two bodies, never shared); an empty body is no body (NULL). The bodies of a UTC day go when the
 * retention sweep has passed the whole day, with the last rows that named them. The bodies stored
 * inline until now move over, none lost.
 */
export function requestLogBodiesSql(schema: string): string[] {
  const s = quoteSchema(schema);
  const hashOf = (body: string) => `CASE WHEN ${body} = '' THEN NULL ELSE sha256(convert_to(tenant_collection || ':' || tenant_id || E'\\n' || ${body}, 'UTF8')) END`;
  return [
    `CREATE TABLE ${s}.request_log_bodies (day date NOT NULL, hash bytea NOT NULL, body text NOT NULL, PRIMARY KEY (day, hash))`,
    `DO $$ BEGIN
       ALTER TABLE ${s}.request_log_bodies ALTER COLUMN body SET COMPRESSION lz4;
     EXCEPTION WHEN OTHERS THEN NULL; -- a server built without lz4 keeps pglz
     END $$`,
    `ALTER TABLE ${s}.request_logs ADD COLUMN request_body_hash bytea, ADD COLUMN response_body_hash bytea`,
    `UPDATE ${s}.request_logs SET request_body_hash = ${hashOf('request_body')}, response_body_hash = ${hashOf('response_body')}`,
    `INSERT INTO ${s}.request_log_bodies (day, hash, body)
       SELECT (created_at AT TIME ZONE 'UTC')::date, request_body_hash, request_body FROM ${s}.request_logs WHERE request_body_hash IS NOT NULL
       UNION ALL
       SELECT (created_at AT TIME ZONE 'UTC')::date, response_body_hash, response_body FROM ${s}.request_logs WHERE response_body_hash IS NOT NULL
     ON CONFLICT DO NOTHING`,
    `ALTER TABLE ${s}.request_logs DROP COLUMN request_body, DROP COLUMN response_body`,
  ];
}

/** The key of a stored body: SHA-256 over the tenant and the text (the migration's SQL computes the same); none for an empty body. */
export function bodyHashOf(tenant: RequestLogRow['tenant'], body: string): Buffer | null {
  return body === '' ? null : hash('sha256', `${tenant.collection}:${tenant.id}\n${body}`, 'buffer');
}

/** The UTC day a log's bodies are filed under. */
export const bodyDayOf = (createdAt: string) => new Date(createdAt).toISOString().slice(0, 10);

/** Bodies remembered as stored, so a repeated one is not sent again (bounded; forgetting only costs a resend). */
const KNOWN_BODIES = 50_000;

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
  const bodies = `${quoteSchema(schema)}.request_log_bodies`;
  const ROW_COLUMNS = 'id, tenant_collection, tenant_id, test_mode, created_at, api_key_id, request_method, request_url, status_code, cache_hit, request_body_hash, response_body_hash';
  const insert = `WITH stored_bodies AS (
      INSERT INTO ${bodies} (day, hash, body) SELECT * FROM unnest($13::date[], $14::bytea[], $15::text[]) ON CONFLICT DO NOTHING
    )
    INSERT INTO ${table} (${ROW_COLUMNS})
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::int[], $10::boolean[], $11::bytea[], $12::bytea[])
    ON CONFLICT (id) DO NOTHING`;
  // A log with its bodies joined back: a body is filed under the UTC day of its log.
  const select = `SELECT l.id, l.tenant_collection, l.tenant_id, l.test_mode, l.created_at, l.api_key_id, l.request_method, l.request_url, l.status_code, l.cache_hit,
      coalesce(q.body, '') AS request_body, coalesce(a.body, '') AS response_body
    FROM ${table} l
    LEFT JOIN ${bodies} q ON q.day = (l.created_at AT TIME ZONE 'UTC')::date AND q.hash = l.request_body_hash
    LEFT JOIN ${bodies} a ON a.day = (l.created_at AT TIME ZONE 'UTC')::date AND a.hash = l.response_body_hash`;
  const tenantWhere = 'l.tenant_collection = $1 AND l.tenant_id = $2 AND l.test_mode = $3';
  const known = new Set<string>();
  return {
    async append(rows) {
      if (rows.length === 0) return;
      // Each row's bodies by hash; the bodies not yet stored by this process, once each.
      const columns: unknown[][] = Array.from({ length: 12 }, () => []);
      const newBodies: [string[], Buffer[], string[]] = [[], [], []];
      const fresh = new Set<string>();
      // A batch repeats its bodies (the edge sends each once, so they are the same strings): hashed once per tenant.
      const hashes = new Map<string, Map<string, Buffer | null>>();
      const hashOf = (tenant: RequestLogRow['tenant'], body: string) => {
        const tenantKey = `${tenant.collection}:${tenant.id}`;
        let ofTenant = hashes.get(tenantKey);
        if (!ofTenant) hashes.set(tenantKey, (ofTenant = new Map()));
        let hashed = ofTenant.get(body);
        if (hashed === undefined) ofTenant.set(body, (hashed = bodyHashOf(tenant, body)));
        return hashed;
      };
      const file = (row: RequestLogRow, day: string, body: string): Buffer | null => {
        const hashed = hashOf(row.tenant, body);
        if (!hashed) return null;
        const key = `${day}:${hashed.toString('base64')}`;
        if (!known.has(key) && !fresh.has(key)) {
          fresh.add(key);
          newBodies[0].push(day);
          newBodies[1].push(hashed);
          newBodies[2].push(body);
        }
        return hashed;
      };
      for (const row of rows) {
        const day = bodyDayOf(row.createdAt);
        const values = [
          row.id, row.tenant.collection, row.tenant.id, row.testMode, row.createdAt, text(row.apiKeyId), text(row.requestMethod), text(row.requestURL),
          row.statusCode, row.cacheHit, file(row, day, text(row.requestBody)), file(row, day, text(row.responseBody)),
        ];
        for (let at = 0; at < values.length; at++) columns[at]!.push(values[at]);
      }
      // One prepared statement, whatever the batch: the rows are never stored without their bodies.
      await pool.query(prepared(insert, [...columns, ...newBodies]));
      if (known.size + fresh.size > KNOWN_BODIES) known.clear();
      for (const key of fresh) known.add(key);
    },

    async page({ tenant, testMode, order, limit, cursor }) {
      const values: unknown[] = [tenant.collection, tenant.id, testMode];
      let after = '';
      if (cursor !== undefined) {
        const { value, id } = decodeCursor(cursor, 'createdAt', order);
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw validationFailed('Invalid cursor', { cursor: 'Invalid cursor' });
        values.push(value, id);
        after = ` AND (l.created_at, l.id) ${order === 'desc' ? '<' : '>'} ($4::timestamptz, $5)`;
      }
      values.push(limit + 1);
      const direction = order === 'desc' ? 'DESC' : 'ASC';
      const [rows, total] = await Promise.all([
        pool.query<Row>(prepared(`${select} WHERE ${tenantWhere}${after} ORDER BY l.created_at ${direction}, l.id ${direction} LIMIT $${values.length}`, values)),
        pool.query<{ n: number }>(prepared(`SELECT count(*)::int AS n FROM ${table} l WHERE ${tenantWhere}`, values.slice(0, 3))),
      ]);
      const more = rows.rows.length > limit;
      const data = rows.rows.slice(0, limit).map(logOf);
      const last = data[data.length - 1];
      return { data, nextCursor: more && last ? encodeCursor('createdAt', order, { id: last.id, createdAt: last.createdAt }) : null, total: total.rows[0]?.n ?? 0 };
    },

    async get(id) {
      const { rows } = await pool.query<Row>(prepared(`${select} WHERE l.id = $1`, [id]));
      const row = rows[0];
      return row ? { ...logOf(row), tenant: { collection: row.tenant_collection, id: row.tenant_id } } : undefined;
    },

    async sweep(before) {
      await pool.query(`DELETE FROM ${table} WHERE created_at < $1`, [before]);
      // A day's bodies go once no log of that day can be left.
      await pool.query(`DELETE FROM ${bodies} WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [before]);
      known.clear();
    },
  };
}

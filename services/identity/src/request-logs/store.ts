import { hash } from 'node:crypto';
import type { Pool } from 'pg';
import { decodeCursor, encodeCursor, prepared, quoteSchema, requestLogId, requestLogIdParts, validationFailed, type Page } from '@seatside/chassis';
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


/**
 * Identity migration 4: the logs are filed in segments, a few rows per published batch instead of one
 * per request. A segment holds one tenant's logs of one mode and one UTC day from one batch, spanning
 * at most SEGMENT_SPAN_MS, as compact JSON (`SegmentDoc`); its bodies stay in `request_log_bodies`
 * (migration 3), named by hash. Writing a log cost PostgreSQL a row in three indexes, and the edge's
 * driver a value in twelve arrays; now a batch of 200 is one or two rows. The rows of migration 2/3
 * move over as one-log segments under their own ids, none lost.
 */
export function requestLogSegmentsSql(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE TABLE ${s}.request_log_segments (
       seq bigint GENERATED ALWAYS AS IDENTITY,
       batch_id text COLLATE "C" NOT NULL,
       part int NOT NULL,
       tenant_collection text NOT NULL,
       tenant_id text COLLATE "C" NOT NULL,
       test_mode boolean NOT NULL,
       day date NOT NULL,
       created_from timestamptz NOT NULL,
       created_to timestamptz NOT NULL,
       count int NOT NULL,
       entries text NOT NULL,
       PRIMARY KEY (batch_id, part)
     )`,
    `CREATE INDEX request_log_segments_newest ON ${s}.request_log_segments (tenant_collection, tenant_id, test_mode, created_to, seq) INCLUDE (count)`,
    `CREATE INDEX request_log_segments_oldest ON ${s}.request_log_segments (tenant_collection, tenant_id, test_mode, created_from, seq)`,
    `CREATE INDEX request_log_segments_time ON ${s}.request_log_segments USING brin (created_to)`,
    `DO $$ BEGIN
       ALTER TABLE ${s}.request_log_segments ALTER COLUMN entries SET COMPRESSION lz4;
     EXCEPTION WHEN OTHERS THEN NULL; -- a server built without lz4 keeps pglz
     END $$`,
    `INSERT INTO ${s}.request_log_segments (batch_id, part, tenant_collection, tenant_id, test_mode, day, created_from, created_to, count, entries)
       SELECT id, 0, tenant_collection, tenant_id, test_mode, (created_at AT TIME ZONE 'UTC')::date, created_at, created_at, 1,
              json_build_object(
                'b', json_build_array(encode(request_body_hash, 'base64'), encode(response_body_hash, 'base64')),
                'l', json_build_array(json_build_array(0, round(extract(epoch FROM created_at) * 1000)::bigint, request_method, request_url, status_code,
                       CASE WHEN cache_hit THEN 1 ELSE 0 END, api_key_id, CASE WHEN request_body_hash IS NULL THEN -1 ELSE 0 END, CASE WHEN response_body_hash IS NULL THEN -1 ELSE 1 END)),
                'i', json_build_array(id))::text
         FROM ${s}.request_logs`,
    `DROP TABLE ${s}.request_logs`,
  ];
}

/** A segment spans at most this much time, so a page with a cursor finds the segments around it through the time index. */
export const SEGMENT_SPAN_MS = 1_000;

/**
 * One log in a segment: [its index in the batch, createdAt (epoch ms), method, URL, status, cache hit
 * (1/0), API key id, request body, response body], a body being an index into the segment's bodies
 * (-1: none).
 */
export type StoredLog = [...StoredLogFields, number, number];

/** A stored log without its two bodies. */
export type StoredLogFields = [number, number, string, string, number, 0 | 1, string];

/** A segment as stored (`entries`): its bodies' hashes (base64), its logs, and their own ids when they had ids before batches did. */
interface SegmentDoc {
  b: Array<string | null>;
  l: StoredLog[];
  i?: string[];
}

/** A segment to store: its logs and the texts of their bodies. */
export interface Segment {
  batchId: string;
  part: number;
  tenant: RequestLogRow['tenant'];
  testMode: boolean;
  bodies: string[];
  logs: StoredLog[];
  /** The logs' own ids (an earlier release's); otherwise `requestLogId(batchId, index)`. */
  ids?: string[];
}

/** Bodies remembered as stored, so a repeated one is not sent again (bounded; forgetting only costs a resend). */
const KNOWN_BODIES = 50_000;
/** Segments read by a page's first query (a segment may hold a whole batch), doubling for each further one up to the most. */
const FIRST_SEGMENTS_READ = 4;
const MOST_SEGMENTS_READ = 64;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// PostgreSQL text holds no NUL character.
const text = (value: string) => (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value);

export interface RequestLogStore {
  /** Stores segments with one statement; a segment already stored (a batch heard by two replicas) is skipped. */
  append(segments: readonly Segment[]): Promise<void>;
  /** One tenant's logs of one mode, by time (newest first unless `asc`), keyset-paged. */
  page(query: { tenant: RequestLogRow['tenant']; testMode: boolean; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined }): Promise<Page<RequestLog>>;
  get(id: string): Promise<(RequestLog & { tenant: RequestLogRow['tenant'] }) | undefined>;
  /** Deletes the logs created before `before`. */
  sweep(before: Date): Promise<void>;
}

interface SegmentRow {
  batch_id: string;
  tenant_collection: TenantCollection;
  tenant_id: string;
  test_mode: boolean;
  day: string;
  created_from: Date;
  created_to: Date;
  seq: string;
  entries: string;
}

/** A log read from a segment, its bodies still hashes. */
interface Found {
  id: string;
  at: number;
  log: StoredLog;
  day: string;
  hashes: SegmentDoc['b'];
  testMode: boolean;
  tenant: RequestLogRow['tenant'];
}

const foundIn = (row: SegmentRow): Found[] => {
  const doc = JSON.parse(row.entries) as SegmentDoc;
  const tenant = { collection: row.tenant_collection, id: row.tenant_id };
  return doc.l.map((log, at) => ({ id: doc.i?.[at] ?? requestLogId(row.batch_id, log[0]), at: log[1], log, day: row.day, hashes: doc.b, testMode: row.test_mode, tenant }));
};

/** Newest first: later time, then the greater id (as the C collation orders them). */
const newestFirst = (a: Found, b: Found) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createRequestLogStore({ pool, schema }: { pool: Pool; schema: string }): RequestLogStore {
  const segments = `${quoteSchema(schema)}.request_log_segments`;
  const bodies = `${quoteSchema(schema)}.request_log_bodies`;
  const insert = `WITH stored_bodies AS (
      INSERT INTO ${bodies} (day, hash, body) SELECT * FROM unnest($10::date[], $11::bytea[], $12::text[]) ON CONFLICT DO NOTHING
    )
    INSERT INTO ${segments} (batch_id, part, tenant_collection, tenant_id, test_mode, day, created_from, created_to, count, entries)
    SELECT b, p, tc, ti, tm, d, cf, ct, n, e FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[], $7::timestamptz[], $8::int[], $9::text[]) AS u(b, p, tc, ti, tm, cf, ct, n, e),
      LATERAL (SELECT (cf AT TIME ZONE 'UTC')::date AS d) AS day
    ON CONFLICT (batch_id, part) DO NOTHING`;
  const columns = 'seq, batch_id, tenant_collection, tenant_id, test_mode, day::text AS day, created_from, created_to, entries';
  const tenantWhere = 'tenant_collection = $1 AND tenant_id = $2 AND test_mode = $3';
  const known = new Set<string>();

  /** The logs found, as the API answers them, their bodies read by hash. */
  const withBodies = async (found: Found[]): Promise<Array<RequestLog & { tenant: RequestLogRow['tenant'] }>> => {
    const wanted = new Map<string, [string, Buffer]>();
    const keyOf = (day: string, hash: string | null | undefined) => (hash ? `${day}:${hash}` : undefined);
    for (const one of found) {
      for (const at of [one.log[7], one.log[8]]) {
        const hash = one.hashes[at];
        const key = keyOf(one.day, hash);
        if (key && hash && !wanted.has(key)) wanted.set(key, [one.day, Buffer.from(hash, 'base64')]);
      }
    }
    const texts = new Map<string, string>();
    if (wanted.size > 0) {
      const pairs = [...wanted.values()];
      const { rows } = await pool.query<{ day: string; hash: Buffer; body: string }>(
        prepared(`SELECT day::text AS day, hash, body FROM ${bodies} WHERE (day, hash) IN (SELECT * FROM unnest($1::date[], $2::bytea[]))`, [pairs.map(([day]) => day), pairs.map(([, hash]) => hash)]),
      );
      for (const row of rows) texts.set(`${row.day}:${row.hash.toString('base64')}`, row.body);
    }
    const bodyOf = (one: Found, at: number) => texts.get(keyOf(one.day, one.hashes[at]) ?? '') ?? '';
    return found.map((one) => ({
      id: one.id,
      createdAt: new Date(one.at).toISOString(),
      requestMethod: one.log[2],
      requestURL: one.log[3],
      statusCode: one.log[4],
      cacheHit: one.log[5] === 1,
      requestBody: bodyOf(one, one.log[7]),
      responseBody: bodyOf(one, one.log[8]),
      testMode: one.testMode,
      apiKeyId: one.log[6],
      tenant: one.tenant,
    }));
  };

  return {
    async append(toStore) {
      if (toStore.length === 0) return;
      const columns: unknown[][] = Array.from({ length: 9 }, () => []);
      const newBodies: [string[], Buffer[], string[]] = [[], [], []];
      const fresh = new Set<string>();
      for (const segment of toStore) {
        let from = Infinity;
        let to = -Infinity;
        for (const log of segment.logs) {
          from = Math.min(from, log[1]);
          to = Math.max(to, log[1]);
        }
        const day = dayOf(from);
        const hashes = segment.bodies.map((body) => {
          const hashed = bodyHashOf(segment.tenant, text(body));
          if (!hashed) return null;
          const key = `${day}:${hashed.toString('base64')}`;
          if (!known.has(key) && !fresh.has(key)) {
            fresh.add(key);
            newBodies[0].push(day);
            newBodies[1].push(hashed);
            newBodies[2].push(text(body));
          }
          return hashed.toString('base64');
        });
        const logs = segment.logs.map((log): StoredLog => [log[0], log[1], text(log[2]), text(log[3]), log[4], log[5], text(log[6]), log[7], log[8]]);
        const doc: SegmentDoc = { b: hashes, l: logs, ...(segment.ids ? { i: segment.ids } : {}) };
        const values = [segment.batchId, segment.part, segment.tenant.collection, segment.tenant.id, segment.testMode, new Date(from), new Date(to), logs.length, JSON.stringify(doc)];
        for (let at = 0; at < values.length; at++) columns[at]!.push(values[at]);
      }
      // One prepared statement, whatever the batch: the logs are never stored without their bodies.
      await pool.query(prepared(insert, [...columns, ...newBodies]));
      if (known.size + fresh.size > KNOWN_BODIES) known.clear();
      for (const key of fresh) known.add(key);
    },

    async page({ tenant, testMode, order, limit, cursor }) {
      const desc = order === 'desc';
      let after: { at: number; id: string } | undefined;
      if (cursor !== undefined) {
        const { value, id } = decodeCursor(cursor, 'createdAt', order);
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw validationFailed('Invalid cursor', { cursor: 'Invalid cursor' });
        after = { at: Date.parse(value), id };
      }
      // Counted before the segments are read (each statement sees its own snapshot): a batch stored
      // between the two is then in the page but not yet in the total, never in the total but missing
      // from the page.
      const counted = await pool.query<{ n: number }>(prepared(`SELECT coalesce(sum(count), 0)::int AS n FROM ${segments} WHERE ${tenantWhere}`, [tenant.collection, tenant.id, testMode]));
      const total = counted.rows[0]?.n ?? 0;
      const beyond = (one: Found) => !after || (desc ? newestFirst(one, after as Found) > 0 : newestFirst(one, after as Found) < 0);
      // Segments in the order of their newest log (desc) or oldest (asc); a log later (earlier) than
      // the last segment read cannot be in one not read yet, so reading stops once the page is sure.
      const edge = desc ? 'created_to' : 'created_from';
      const direction = desc ? 'DESC' : 'ASC';
      const candidates: Found[] = [];
      let last: { edge: Date; seq: string } | undefined;
      for (let reading = FIRST_SEGMENTS_READ; ; reading = Math.min(reading * 2, MOST_SEGMENTS_READ)) {
        const values: unknown[] = [tenant.collection, tenant.id, testMode];
        let where = tenantWhere;
        if (after) {
          values.push(new Date(after.at + (desc ? SEGMENT_SPAN_MS : -SEGMENT_SPAN_MS)));
          where += ` AND ${edge} ${desc ? '<=' : '>='} $${values.length}`;
        }
        if (last) {
          values.push(last.edge, last.seq);
          where += ` AND (${edge}, seq) ${desc ? '<' : '>'} ($${values.length - 1}, $${values.length})`;
        }
        const { rows } = await pool.query<SegmentRow>(prepared(`SELECT ${columns} FROM ${segments} WHERE ${where} ORDER BY ${edge} ${direction}, seq ${direction} LIMIT $${values.length + 1}`, [...values, reading]));
        for (const row of rows) for (const one of foundIn(row)) if (beyond(one)) candidates.push(one);
        if (rows.length < reading) break;
        const lastRow = rows[rows.length - 1]!;
        last = { edge: desc ? lastRow.created_to : lastRow.created_from, seq: lastRow.seq };
        const bound = last.edge.getTime();
        if (candidates.filter((one) => (desc ? one.at > bound : one.at < bound)).length > limit) break;
      }
      candidates.sort(desc ? newestFirst : (a, b) => -newestFirst(a, b));
      const more = candidates.length > limit;
      const data = (await withBodies(candidates.slice(0, limit))).map(({ tenant: _tenant, ...log }) => log);
      const lastLog = data[data.length - 1];
      return { data, nextCursor: more && lastLog ? encodeCursor('createdAt', order, { id: lastLog.id, createdAt: lastLog.createdAt }) : null, total };
    },

    async get(id) {
      const { batchId } = requestLogIdParts(id);
      const { rows } = await pool.query<SegmentRow>(prepared(`SELECT ${columns} FROM ${segments} WHERE batch_id = ANY($1)`, [[...new Set([batchId, id])]]));
      const found = rows.flatMap(foundIn).find((one) => one.id === id);
      return found ? (await withBodies([found]))[0] : undefined;
    },

    async sweep(before) {
      await pool.query(`DELETE FROM ${segments} WHERE created_to < $1`, [before]);
      // A day's bodies go once no log of that day can be left.
      await pool.query(`DELETE FROM ${bodies} WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [before]);
      known.clear();
    },
  };
}

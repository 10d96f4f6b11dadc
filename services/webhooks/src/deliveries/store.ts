import { quoteSchema, type Queryable } from '@seatside/chassis';

/**
 * The delivery log (one row per message: an event for one webhook) and the platform's signing key.
 * A row is both the outbox the dispatcher sends from and the log entry the merchant reads.
 */
export const deliveryTables = (schema: string) => {
  const s = quoteSchema(schema);
  return {
    migration: `
      CREATE TABLE IF NOT EXISTS ${s}.deliveries (
        id text PRIMARY KEY,
        webhook_id text NOT NULL,
        merchant_id text NOT NULL,
        test_mode boolean NOT NULL,
        event text NOT NULL,
        -- The source event (\`catalog:42\`: its service and published position): one message per webhook and event.
        source_event text NOT NULL,
        request_url text NOT NULL,
        request_body text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        status_code integer,
        response_body text,
        error text,
        history jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        UNIQUE (webhook_id, source_event)
      );
      CREATE INDEX IF NOT EXISTS deliveries_due ON ${s}.deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS deliveries_by_webhook ON ${s}.deliveries (webhook_id, created_at DESC, id DESC);
      CREATE TABLE IF NOT EXISTS ${s}.signing_keys (
        id text PRIMARY KEY,
        private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  };
};

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'skipped';

export interface AttemptRecord {
  at: string;
  statusCode: number;
  error?: string;
  durationMs: number;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  merchant_id: string;
  test_mode: boolean;
  event: string;
  source_event: string;
  request_url: string;
  request_body: string;
  status: DeliveryStatus;
  attempts: number;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
  history: AttemptRecord[];
  created_at: Date;
  next_attempt_at: Date | null;
  lease_until: Date | null;
}

/** One attempt's outcome as recorded. */
export type AttemptResult = AttemptRecord & { id: string; requestUrl: string; responseBody: string; status: DeliveryStatus; nextAttemptAt: Date | null };

export interface NewDelivery {
  id: string;
  webhookId: string;
  merchantId: string;
  testMode: boolean;
  event: string;
  sourceEvent: string;
  requestUrl: string;
  requestBody: string;
  createdAt: Date;
}

/** The log entry as the API answers it (seed 002 §3, `createdAt` in seconds). */
export const logViewOf = (row: DeliveryRow) => ({
  id: row.id,
  webhookId: row.webhook_id,
  event: row.event,
  createdAt: Math.floor(row.created_at.getTime() / 1000),
  statusCode: row.status_code,
  attempts: row.attempts,
  status: row.status,
  requestURL: row.request_url,
  requestBody: row.request_body,
  responseBody: row.response_body ?? '',
  error: row.error,
  history: row.history,
  nextAttemptAt: row.next_attempt_at && row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
});

export type LogView = ReturnType<typeof logViewOf>;

export function deliveryStore(schema: string) {
  const s = quoteSchema(schema);
  return {
    /**
     * Queues messages (in the consumer's transaction) in one statement of ten arrays, however many
     * (a bind parameter per value would pass PostgreSQL's 65,535 with a big read of a merchant with
     * many webhooks); an event already queued for a webhook is skipped.
     */
    async insert(db: Queryable, rows: NewDelivery[]): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await db.query(
        `INSERT INTO ${s}.deliveries (id, webhook_id, merchant_id, test_mode, event, source_event, request_url, request_body, created_at, next_attempt_at)
         SELECT id, webhook_id, merchant_id, test_mode, event, source_event, request_url, request_body, created_at, created_at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
             AS r(id, webhook_id, merchant_id, test_mode, event, source_event, request_url, request_body, created_at)
         ON CONFLICT (webhook_id, source_event) DO NOTHING`,
        [
          rows.map((r) => r.id), rows.map((r) => r.webhookId), rows.map((r) => r.merchantId), rows.map((r) => r.testMode), rows.map((r) => r.event),
          rows.map((r) => r.sourceEvent), rows.map((r) => r.requestUrl), rows.map((r) => r.requestBody), rows.map((r) => r.createdAt),
        ],
      );
      return result.rowCount ?? 0;
    },

    /** Takes due messages for `leaseMs` (another process skips them), at most `limit`, none of `busy` webhooks. */
    async claim(db: Queryable, now: Date, leaseMs: number, limit: number, busy: string[]): Promise<DeliveryRow[]> {
      const result = await db.query<DeliveryRow>(
        `UPDATE ${s}.deliveries d SET lease_until = $2
         WHERE d.id IN (
           SELECT id FROM ${s}.deliveries
           WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1) AND NOT (webhook_id = ANY($3::text[]))
           ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
         RETURNING d.*`,
        [now, new Date(now.getTime() + leaseMs), busy, limit],
      );
      return result.rows;
    },

    /** Gives back messages taken but not sent (over a webhook's share). */
    async release(db: Queryable, ids: string[]): Promise<void> {
      if (ids.length) await db.query(`UPDATE ${s}.deliveries SET lease_until = NULL WHERE id = ANY($1::text[])`, [ids]);
    },

    /** Records attempts and what follows each, in one statement (the dispatcher gathers them). */
    async recordAttempts(db: Queryable, attempts: AttemptResult[]): Promise<void> {
      if (attempts.length === 0) return;
      await db.query(
        `UPDATE ${s}.deliveries d SET attempts = d.attempts + 1, status_code = r.status_code, response_body = r.response_body, error = r.error,
           request_url = r.request_url, status = r.status, next_attempt_at = r.next_attempt_at, lease_until = NULL, history = d.history || jsonb_build_array(r.record)
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::jsonb[])
           AS r(id, status_code, response_body, error, request_url, status, next_attempt_at, record)
         WHERE d.id = r.id`,
        [
          attempts.map((a) => a.id),
          attempts.map((a) => a.statusCode || null),
          attempts.map((a) => a.responseBody),
          attempts.map((a) => a.error ?? null),
          attempts.map((a) => a.requestUrl),
          attempts.map((a) => a.status),
          attempts.map((a) => a.nextAttemptAt),
          attempts.map(({ at, statusCode, durationMs, error }) => JSON.stringify({ at, statusCode, durationMs, ...(error ? { error } : {}) })),
        ],
      );
    },

    /** A message of a webhook that is off or gone: not sent. */
    async skip(db: Queryable, id: string, reason: string): Promise<void> {
      await db.query(`UPDATE ${s}.deliveries SET status = 'skipped', error = $2, next_attempt_at = NULL, lease_until = NULL WHERE id = $1`, [id, reason]);
    },

    /** Resend: due now again (its attempts keep counting). */
    async resend(db: Queryable, id: string, now: Date): Promise<void> {
      await db.query(`UPDATE ${s}.deliveries SET status = 'pending', next_attempt_at = $2, lease_until = NULL, error = NULL WHERE id = $1`, [id, now]);
    },

    async get(db: Queryable, id: string): Promise<DeliveryRow | null> {
      const result = await db.query<DeliveryRow>(`SELECT * FROM ${s}.deliveries WHERE id = $1`, [id]);
      return result.rows[0] ?? null;
    },

    /** One webhook's log, newest first, a page at a time, with the count. */
    async page(db: Queryable, webhookId: string, offset: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<DeliveryRow>(`SELECT * FROM ${s}.deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`, [webhookId, offset, limit]),
        db.query<{ n: string }>(`SELECT count(*) AS n FROM ${s}.deliveries WHERE webhook_id = $1`, [webhookId]),
      ]);
      return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    /** A deleted webhook's pending messages are dropped. */
    async dropPending(db: Queryable, webhookId: string): Promise<void> {
      await db.query(`UPDATE ${s}.deliveries SET status = 'skipped', error = 'Webhook deleted', next_attempt_at = NULL WHERE webhook_id = $1 AND status = 'pending'`, [webhookId]);
    },

    async signingKey(db: Queryable): Promise<string | null> {
      const result = await db.query<{ private_key: string }>(`SELECT private_key FROM ${s}.signing_keys WHERE id = 'current'`);
      return result.rows[0]?.private_key ?? null;
    },

    /** Stores a generated key unless another process stored one first; answers the one kept. */
    async keepSigningKey(db: Queryable, sealed: string): Promise<string> {
      await db.query(`INSERT INTO ${s}.signing_keys (id, private_key) VALUES ('current', $1) ON CONFLICT (id) DO NOTHING`, [sealed]);
      return (await this.signingKey(db))!;
    },
  };
}

export type DeliveryStore = ReturnType<typeof deliveryStore>;

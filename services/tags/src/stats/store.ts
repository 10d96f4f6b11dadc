import { quoteSchema, type Queryable } from '@seatside/chassis';

/** One batched increment: a tag's scans and orders of one UTC day. */
export interface TagDayIncrement {
  tenant: string;
  tagId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  scans: number;
  orders: number;
}

export interface TagDay {
  date: string;
  scans: number;
  orders: number;
}

/** The key a tenant's rows carry: `merchants:m1`. */
export const statsTenant = (owner: { collection: string; tenantId: string }) => `${owner.collection}:${owner.tenantId}`;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The `count` UTC days ending with `today`'s, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(end - (count - 1 - i) * 86_400_000)));
}

/** `tag_daily_stats(tenant, tag_id, day, scans, orders)`: per-tag counts, written in batches (counter.ts). */
export function tagDailyStats(schema: string) {
  const table = `${quoteSchema(schema)}.tag_daily_stats`;
  return {
    migration: `CREATE TABLE IF NOT EXISTS ${table} (
      tenant text NOT NULL, tag_id text NOT NULL, day date NOT NULL,
      scans bigint NOT NULL DEFAULT 0, orders bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant, tag_id, day))`,

    /** Adds a batch in one statement (one row per tenant, tag and day: the caller merges duplicates). */
    async add(db: Queryable, batch: TagDayIncrement[]): Promise<void> {
      if (!batch.length) return;
      await db.query(
        `INSERT INTO ${table} AS s (tenant, tag_id, day, scans, orders)
         SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::bigint[], $5::bigint[])
         ON CONFLICT (tenant, tag_id, day) DO UPDATE SET scans = s.scans + excluded.scans, orders = s.orders + excluded.orders`,
        [batch.map((b) => b.tenant), batch.map((b) => b.tagId), batch.map((b) => b.day), batch.map((b) => b.scans), batch.map((b) => b.orders)],
      );
    },

    /** Each tag's totals since `from` (inclusive); a tag without rows is absent. */
    async totals(db: Queryable, tenant: string, tagIds: string[], from: string): Promise<Map<string, { scans: number; orders: number }>> {
      const totals = new Map<string, { scans: number; orders: number }>();
      if (!tagIds.length) return totals;
      const { rows } = await db.query<{ tag_id: string; scans: string; orders: string }>(
        `SELECT tag_id, sum(scans) AS scans, sum(orders) AS orders FROM ${table}
         WHERE tenant = $1 AND tag_id = ANY($2::text[]) AND day >= $3::date GROUP BY tag_id`,
        [tenant, tagIds, from],
      );
      for (const row of rows) totals.set(row.tag_id, { scans: Number(row.scans), orders: Number(row.orders) });
      return totals;
    },

    /** One tag's days from `days[0]` to the last, oldest first, zeros filled. */
    async series(db: Queryable, tenant: string, tagId: string, days: string[]): Promise<TagDay[]> {
      const { rows } = await db.query<{ day: string; scans: string; orders: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, scans, orders FROM ${table}
         WHERE tenant = $1 AND tag_id = $2 AND day BETWEEN $3::date AND $4::date`,
        [tenant, tagId, days[0], days[days.length - 1]],
      );
      const byDay = new Map(rows.map((r) => [r.day, r]));
      return days.map((date) => {
        const row = byDay.get(date);
        return { date, scans: Number(row?.scans ?? 0), orders: Number(row?.orders ?? 0) };
      });
    },
  };
}

export type TagDailyStats = ReturnType<typeof tagDailyStats>;

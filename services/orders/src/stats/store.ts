import { quoteSchema, type Queryable, type Tx } from '@seatside/chassis';
import { contributionFields, type Contribution, type LocalDay, type OrderFacts } from './domain';

/**
 * The stats read model's tables in the orders schema: each order's facts and bucket (so a later
 * event can take back its old share), the buckets (merchant, mode, local day, local hour), their
 * roll-up per local day (what the day and month series read: 730 rows for 2 years, not 17,520),
 * and the merchant's customers (from the catalog's log) for the Customers count.
 */
export const columns: Record<keyof Contribution, string> = {
  orders: 'orders', paidOrders: 'paid_orders', subtotal: 'subtotal', realizedTotal: 'realized_total', amountDue: 'amount_due', amountRefunded: 'amount_refunded', tax: 'tax', tip: 'tip',
};

export interface StatsOrderRow {
  orderId: string;
  merchantId: string;
  testMode: boolean;
  day: LocalDay;
  hour: number;
  facts: OrderFacts;
}

export interface BucketDelta {
  merchantId: string;
  testMode: boolean;
  day: LocalDay;
  hour: number;
  delta: Contribution;
}

export const sqlOf = (tx: Tx): Queryable => {
  if (tx.kind !== 'pg') throw new Error('the stats need the PostgreSQL stores');
  return tx.client;
};

export function statsTables(schema: string) {
  const s = quoteSchema(schema);
  const orders = `${s}.stats_orders`;
  const buckets = `${s}.stats_buckets`;
  const customers = `${s}.stats_customers`;
  const days = `${s}.stats_days`;
  const sumColumns = contributionFields.map((f) => columns[f]);
  return {
    orders,
    buckets,
    customers,
    days,
    migrations: [
      `CREATE TABLE IF NOT EXISTS ${orders} (order_id text PRIMARY KEY, merchant_id text NOT NULL, test_mode boolean NOT NULL, day date NOT NULL, hour smallint NOT NULL, facts jsonb NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${buckets} (merchant_id text NOT NULL, test_mode boolean NOT NULL, day date NOT NULL, hour smallint NOT NULL, ${sumColumns.map((c) => `${c} bigint NOT NULL DEFAULT 0`).join(', ')}, PRIMARY KEY (merchant_id, test_mode, day, hour))`,
      `CREATE TABLE IF NOT EXISTS ${customers} (customer_id text PRIMARY KEY, merchant_id text NOT NULL, test_mode boolean NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS stats_customers_merchant ON ${customers} (merchant_id, test_mode)`,
    ],
    /** Migration 3: the day roll-up, filled from the buckets already there. */
    dayMigrations: [
      `CREATE TABLE IF NOT EXISTS ${days} (merchant_id text NOT NULL, test_mode boolean NOT NULL, day date NOT NULL, ${sumColumns.map((c) => `${c} bigint NOT NULL DEFAULT 0`).join(', ')}, PRIMARY KEY (merchant_id, test_mode, day))`,
      `INSERT INTO ${days} (merchant_id, test_mode, day, ${sumColumns.join(', ')})
       SELECT merchant_id, test_mode, day, ${sumColumns.map((c) => `sum(${c})`).join(', ')} FROM ${buckets} GROUP BY 1, 2, 3
       ON CONFLICT (merchant_id, test_mode, day) DO NOTHING`,
    ],
    async ordersOf(db: Queryable, orderIds: string[]): Promise<Map<string, StatsOrderRow>> {
      if (orderIds.length === 0) return new Map();
      const { rows } = await db.query<{ order_id: string; merchant_id: string; test_mode: boolean; day: string; hour: number; facts: OrderFacts }>(
        `SELECT order_id, merchant_id, test_mode, to_char(day, 'YYYY-MM-DD') AS day, hour, facts FROM ${orders} WHERE order_id = ANY($1::text[])`,
        [orderIds],
      );
      return new Map(rows.map((r) => [r.order_id, { orderId: r.order_id, merchantId: r.merchant_id, testMode: r.test_mode, day: r.day, hour: r.hour, facts: r.facts }]));
    },
    /** Forgets a merchant's sandbox figures (its Delete Test Data): the orders, their buckets and days. */
    async clearSandbox(db: Queryable, merchantId: string): Promise<void> {
      for (const table of [orders, buckets, days]) await db.query(`DELETE FROM ${table} WHERE merchant_id = $1 AND test_mode`, [merchantId]);
    },
    /** Writes the orders' facts, all in one statement. */
    async putOrders(db: Queryable, rows: StatsOrderRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.query(
        `INSERT INTO ${orders} (order_id, merchant_id, test_mode, day, hour, facts)
         SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::date[], $5::smallint[], $6::jsonb[])
         ON CONFLICT (order_id) DO UPDATE SET facts = excluded.facts`,
        [rows.map((r) => r.orderId), rows.map((r) => r.merchantId), rows.map((r) => r.testMode), rows.map((r) => r.day), rows.map((r) => r.hour), rows.map((r) => JSON.stringify(r.facts))],
      );
    },
    /**
     * Adds the deltas to their buckets and to their days' roll-up: one statement for a whole read
     * (each bucket once, in key order, the days summed from the same input).
     */
    async addToBuckets(db: Queryable, deltas: BucketDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      const sorted = [...deltas].sort((a, b) => (a.merchantId + a.testMode + a.day + String(a.hour).padStart(2, '0') < b.merchantId + b.testMode + b.day + String(b.hour).padStart(2, '0') ? -1 : 1));
      await db.query(
        `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::boolean[], $3::date[], $4::smallint[], ${sumColumns.map((_, i) => `$${i + 5}::bigint[]`).join(', ')})
             AS t (merchant_id, test_mode, day, hour, ${sumColumns.join(', ')})
         ), hours AS (
           INSERT INTO ${buckets} AS b (merchant_id, test_mode, day, hour, ${sumColumns.join(', ')})
           SELECT * FROM input
           ON CONFLICT (merchant_id, test_mode, day, hour) DO UPDATE SET ${sumColumns.map((c) => `${c} = b.${c} + excluded.${c}`).join(', ')}
         )
         INSERT INTO ${days} AS d (merchant_id, test_mode, day, ${sumColumns.join(', ')})
         SELECT merchant_id, test_mode, day, ${sumColumns.map((c) => `sum(${c})`).join(', ')} FROM input GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (merchant_id, test_mode, day) DO UPDATE SET ${sumColumns.map((c) => `${c} = d.${c} + excluded.${c}`).join(', ')}`,
        [sorted.map((d) => d.merchantId), sorted.map((d) => d.testMode), sorted.map((d) => d.day), sorted.map((d) => d.hour), ...contributionFields.map((f) => sorted.map((d) => d.delta[f]))],
      );
    },
  };
}

export type StatsTables = ReturnType<typeof statsTables>;

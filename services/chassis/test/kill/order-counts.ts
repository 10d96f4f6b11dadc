import { quoteSchema, type Queryable, type Tx } from '../../src/db';
import type { StoredEvent } from '../../src/eventstore/types';

/**
 * The read model of the crash proof: events per order. The projection adds one per delivery on
 * purpose (it is not idempotent by itself), so a duplicate delivery would show as a wrong count;
 * only the checkpoint committing in the same transaction keeps it exact.
 */

export const ORDER_COUNTS_SUBSCRIPTION = 'order-counts';

export async function migrateOrderCounts(db: Queryable, schema: string): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS ${quoteSchema(schema)}.order_counts (order_id text PRIMARY KEY, events int NOT NULL)`);
}

export function projectOrderCounts(schema: string) {
  const table = `${quoteSchema(schema)}.order_counts`;
  return async (event: StoredEvent, tx: Tx): Promise<void> => {
    if (tx.kind !== 'pg') throw new Error('order_counts lives in PostgreSQL');
    await tx.client.query(
      `INSERT INTO ${table} (order_id, events) VALUES ($1, 1)
       ON CONFLICT (order_id) DO UPDATE SET events = ${table}.events + 1`,
      [event.streamId],
    );
  };
}

export async function readOrderCounts(db: Queryable, schema: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ order_id: string; events: number }>(
    `SELECT order_id, events FROM ${quoteSchema(schema)}.order_counts ORDER BY order_id`,
  );
  return Object.fromEntries(rows.map((r) => [r.order_id, r.events]));
}

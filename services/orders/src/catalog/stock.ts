import { prepared, quoteSchema, type InlineProjection, type Queryable, type Tx } from '@seatside/chassis';
import type { StockLine } from '../orders/order';

/**
 * What is left of each stock-managed product, from the catalog's product events, decremented by
 * checkout inside the OrderPlaced transaction. A row keeps the catalog position that last set it,
 * so an older event delivered again cannot reset a newer count.
 */
export interface StockTable {
  migration: string;
  /** From a product event: absent fields keep their value. */
  set(tx: Tx, productId: string, change: { managed?: boolean; quantity?: number }, position: number): Promise<void>;
  remove(tx: Tx, productId: string): Promise<void>;
  /**
   * Takes each product's quantity (each product once) where a managed product has that many left,
   * in one statement; answers the products short of stock with what is left of each (the others were
   * taken: the caller rolls the transaction back). Only a shortage costs a second statement.
   */
  takeAll(tx: Tx, takes: StockLine[]): Promise<{ productId: string; remaining: number }[]>;
  /** Gives quantities back to the products that are still stock-managed (a cancelled order's), in one statement. */
  giveBackAll(tx: Tx, lines: StockLine[]): Promise<void>;
  remaining(db: Queryable, productId: string): Promise<number | undefined>;
}

const sqlOf = (tx: Tx): Queryable => {
  if (tx.kind !== 'pg') throw new Error('stock needs the PostgreSQL stores');
  return tx.client;
};

/**
 * Each product once with its quantities summed, in product-id order: every statement on the stock
 * rows locks them in that order, so a placement and a cancel never deadlock.
 */
function perProduct(lines: readonly StockLine[]): { productIds: string[]; quantities: number[] } {
  const summed = new Map<string, number>();
  for (const { productId, quantity } of lines) summed.set(productId, (summed.get(productId) ?? 0) + quantity);
  const sorted = [...summed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { productIds: sorted.map(([productId]) => productId), quantities: sorted.map(([, quantity]) => quantity) };
}

export function stockTable(schema: string): StockTable {
  const table = `${quoteSchema(schema)}.stock`;
  return {
    migration: `CREATE TABLE IF NOT EXISTS ${table} (product_id text PRIMARY KEY, managed boolean NOT NULL, remaining integer NOT NULL, position bigint NOT NULL)`,
    async set(tx, productId, { managed, quantity }, position) {
      await sqlOf(tx).query(
        `INSERT INTO ${table} AS s (product_id, managed, remaining, position) VALUES ($1, coalesce($2, false), coalesce($3, 0), $4)
         ON CONFLICT (product_id) DO UPDATE SET managed = coalesce($2, s.managed), remaining = coalesce($3, s.remaining), position = $4
         WHERE s.position < $4`,
        [productId, managed ?? null, quantity ?? null, position],
      );
    },
    async remove(tx, productId) {
      await sqlOf(tx).query(`DELETE FROM ${table} WHERE product_id = $1`, [productId]);
    },
    async takeAll(tx, takes) {
      if (takes.length === 0) return [];
      const { productIds, quantities } = perProduct(takes);
      const { rows } = await sqlOf(tx).query<{ product_id: string }>(
        prepared(
          `UPDATE ${table} AS s SET remaining = s.remaining - w.quantity
             FROM unnest($1::text[], $2::int[]) AS w(product_id, quantity)
            WHERE s.product_id = w.product_id AND s.managed AND s.remaining >= w.quantity
           RETURNING s.product_id`,
          [productIds, quantities],
        ),
      );
      if (rows.length === productIds.length) return [];
      const taken = new Set(rows.map((row) => row.product_id));
      const short = productIds.filter((productId) => !taken.has(productId));
      const left = await sqlOf(tx).query<{ product_id: string; remaining: number }>(`SELECT product_id, remaining FROM ${table} WHERE product_id = ANY($1::text[])`, [short]);
      const remaining = new Map(left.rows.map((row) => [row.product_id, Math.max(0, row.remaining)]));
      return short.map((productId) => ({ productId, remaining: remaining.get(productId) ?? 0 }));
    },
    async giveBackAll(tx, lines) {
      if (lines.length === 0) return;
      const { productIds, quantities } = perProduct(lines);
      await sqlOf(tx).query(
        `UPDATE ${table} AS s SET remaining = s.remaining + w.quantity
           FROM unnest($1::text[], $2::int[]) AS w(product_id, quantity)
          WHERE s.product_id = w.product_id AND s.managed`,
        [productIds, quantities],
      );
    },
    async remaining(db, productId) {
      const { rows } = await db.query<{ remaining: number }>(`SELECT remaining FROM ${table} WHERE product_id = $1`, [productId]);
      return rows[0]?.remaining;
    },
  };
}

/** In a cancel's transaction: the stock its OrderCancelled gives back (`restock`) is counted again at checkout. */
export const restockCancelled =
  (stock: StockTable): InlineProjection =>
  async (events, tx) => {
    const lines = events.flatMap((event) => (event.type === 'OrderCancelled' ? ((event.data as { restock?: StockLine[] }).restock ?? []) : []));
    await stock.giveBackAll(tx, lines);
  };

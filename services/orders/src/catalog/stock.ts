import { quoteSchema, type Queryable, type Tx } from '@seatside/chassis';

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
  /** Takes `quantity` when a managed product has that many left; false (nothing taken) otherwise. */
  take(tx: Tx, productId: string, quantity: number): Promise<boolean>;
  remaining(db: Queryable, productId: string): Promise<number | undefined>;
}

const sqlOf = (tx: Tx): Queryable => {
  if (tx.kind !== 'pg') throw new Error('stock needs the PostgreSQL stores');
  return tx.client;
};

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
    async take(tx, productId, quantity) {
      const result = await sqlOf(tx).query(
        `UPDATE ${table} SET remaining = remaining - $2 WHERE product_id = $1 AND managed AND remaining >= $2`,
        [productId, quantity],
      );
      return result.rowCount === 1;
    },
    async remaining(db, productId) {
      const { rows } = await db.query<{ remaining: number }>(`SELECT remaining FROM ${table} WHERE product_id = $1`, [productId]);
      return rows[0]?.remaining;
    },
  };
}

import { quoteSchema, type MigrationSet } from '@seatside/chassis';
import { stockTable } from './catalog/stock';
import { checkoutIdempotency } from './checkout/idempotency';
import { orderSlots } from './checkout/pacing';
import { statsTables } from './stats/store';

/**
 * The orders schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"): applied once by the chassis before the service starts, recorded in
 * `orders.schema_migrations`. Add the next number; never edit a landed one.
 */
export const ordersMigrations = (schema: string): MigrationSet => ({
  component: 'orders',
  migrations: [
    {
      version: 1,
      // What every orders schema had before migrations were recorded (IF NOT EXISTS: adopted as is),
      // with the one-off upgrade of stored checkout keys to their hashes.
      name: 'stock rows, checkout idempotency keys and answers, pacing slots',
      up: [stockTable(schema).migration, ...checkoutIdempotency(schema).migrations, orderSlots(schema).migration],
    },
    {
      version: 2,
      name: 'sales stats: orders facts, buckets per merchant, mode, local day and hour, customers',
      up: statsTables(schema).migrations,
    },
    {
      version: 3,
      name: 'sales stats: the buckets rolled up per local day',
      up: statsTables(schema).dayMigrations,
    },
    {
      version: 4,
      // A fully refunded order leaves the kitchen and runner stages (orders/projections.ts stageOf);
      // the ones refunded before that rule still said kitchen or runner. The read model's table is
      // made after migrations run, so a fresh schema has none to correct.
      name: 'orders read model: fully refunded orders leave the kitchen and runner stages',
      up: `DO $$ BEGIN
        IF to_regclass('${quoteSchema(schema)}."rm_orders"') IS NOT NULL THEN
          UPDATE ${quoteSchema(schema)}."rm_orders" SET doc = jsonb_set(doc, '{stage}', '"done"')
          WHERE doc->>'status' = 'REFUNDED' AND doc->>'stage' IN ('kitchen', 'runner');
        END IF;
      END $$`,
    },
  ],
});

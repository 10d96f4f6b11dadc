import type { MigrationSet } from '@seatside/chassis';
import { couponCodeClaims } from './coupons/projections';
import { stockReductions } from './stock/orders';
import { domainClaims, handleClaims } from './tenants/projections';

/**
 * The catalog schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"): applied once by the chassis before the service starts, recorded in
 * `catalog.schema_migrations`. Add the next number; never edit a landed one.
 */
export const catalogMigrations = (schema: string): MigrationSet => ({
  component: 'catalog',
  migrations: [
    {
      version: 1,
      // What every catalog schema had before migrations were recorded (IF NOT EXISTS: adopted as is).
      name: 'handle claims, coupon code claims, stock reductions',
      up: [handleClaims(schema).migration, couponCodeClaims(schema).migration, stockReductions(schema).migration],
    },
    {
      version: 2,
      name: 'custom domain claims (settings: Domain & Handle)',
      up: [domainClaims(schema).migration],
    },
  ],
});

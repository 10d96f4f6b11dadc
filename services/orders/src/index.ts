import { Router } from 'express';
import { migrateUnderLock, tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { stockTable } from './catalog/stock';
import { CATALOG_SUBSCRIPTION, projectCatalogEvent } from './catalog/subscription';
import { catalogCollections } from './catalog/view';
import { checkoutRouter } from './checkout/http';
import { checkoutIdempotency } from './checkout/idempotency';
import { ordersRouter } from './orders/http';
import { orders } from './orders/projections';

/**
 * Orders: checkout priced on the server from its own view of the catalog (a checkpointed
 * subscription on the catalog's log), idempotent placing with stock, and the merchant's orders.
 */
export function createOrdersService(): ServiceModule {
  return {
    name: 'orders',
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'orders-memberships' });
      access.follow();
      const stock = stockTable(deps.schema);
      const idempotency = checkoutIdempotency(deps.schema);
      // The catalog subscription may start before start() runs: both wait for the same migration.
      let migrated: Promise<void> | undefined;
      const migrate = () =>
        (migrated ??= migrateUnderLock(deps.pool, deps.schema, [stock.migration, ...idempotency.migrations]).catch((err: unknown) => {
          migrated = undefined;
          throw err;
        }));
      const project = projectCatalogEvent(deps, stock);
      deps.subscribe({
        name: CATALOG_SUBSCRIPTION,
        source: 'catalog',
        handle: async (event, tx) => {
          await migrate();
          await project(event, tx);
        },
      });
      const router = Router();
      router.use(checkoutRouter(deps, idempotency, stock), ordersRouter(deps, access));
      return { name: 'orders', router, collections: [tenantMemberships, orders, ...catalogCollections], start: migrate };
    },
  };
}

export const ordersService: ServiceModule = createOrdersService();

import { Router } from 'express';
import { migrateUnderLock, tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { handleClaims, tenants } from './tenants/projections';
import { tenantsRouter } from './tenants/http';

/** Catalog: tenants (registration), and with the catalog issue products, menus, modifiers, coupons, customers, services. */
export const catalogService: ServiceModule = {
  name: 'catalog',
  create(deps) {
    const access = tenantAccess(deps, { subscription: 'catalog-memberships' });
    access.follow();
    const router = Router();
    router.use(tenantsRouter(deps, access));
    return {
      name: 'catalog',
      router,
      collections: [tenants, tenantMemberships],
      async start() {
        await migrateUnderLock(deps.pool, deps.schema, [handleClaims(deps.schema).migration]);
      },
    };
  },
};

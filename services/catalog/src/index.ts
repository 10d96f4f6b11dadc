import { Router } from 'express';
import { migrateUnderLock, parseConfig, tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { couponsRouter } from './coupons/http';
import { couponCodeClaims, coupons } from './coupons/projections';
import { customersRouter } from './customers/http';
import { customers } from './customers/projections';
import { menusRouter } from './menus/http';
import { modifiersRouter } from './modifiers/http';
import { modifiers } from './modifiers/projections';
import { menus } from './menus/projections';
import { productsRouter } from './products/http';
import { products } from './products/projections';
import { servicesRouter } from './services/http';
import { serviceOrders, services } from './services/projections';
import { handleClaims, tenants } from './tenants/projections';
import { tenantsRouter } from './tenants/http';
import { createPlacesProvider, placesConfigSchema, placesRouter } from './places';

/** Catalog: tenants (registration), and with the catalog issue products, menus, modifiers, coupons, customers, services. */
export const catalogService: ServiceModule = {
  name: 'catalog',
  create(deps) {
    const access = tenantAccess(deps, { subscription: 'catalog-memberships' });
    access.follow();
    const router = Router();
    router.use(
      tenantsRouter(deps, access),
      couponsRouter(deps, access),
      customersRouter(deps, access),
      modifiersRouter(deps, access),
      productsRouter(deps, access),
      menusRouter(deps, access),
      servicesRouter(deps, access),
    );
    router.use(placesRouter(createPlacesProvider({ googlePlacesApiKey: parseConfig(placesConfigSchema).GOOGLE_PLACES_API_KEY }), deps.logger));
    return {
      name: 'catalog',
      router,
      collections: [tenants, tenantMemberships, coupons, customers, modifiers, products, menus, services, serviceOrders],
      async start() {
        await migrateUnderLock(deps.pool, deps.schema, [handleClaims(deps.schema).migration, couponCodeClaims(deps.schema).migration]);
      },
    };
  },
};

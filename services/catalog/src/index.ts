import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Catalog: tenants, products, menus, modifiers, coupons, customers, services. Its slices arrive with the catalog issue. */
export const catalogService: ServiceModule = {
  name: 'catalog',
  create: () => ({ name: 'catalog', router: Router(), collections: [] }),
};

import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Orders and payments: checkout, billing summary, order status. Its slices arrive with the ordering issue. */
export const ordersService: ServiceModule = {
  name: 'orders',
  create: () => ({ name: 'orders', router: Router(), collections: [] }),
};

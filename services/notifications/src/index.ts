import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Notifications: admin notifications and web push. Its slices arrive with a later issue. */
export const notificationsService: ServiceModule = {
  name: 'notifications',
  create: () => ({ name: 'notifications', router: Router(), collections: [] }),
};

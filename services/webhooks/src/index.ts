import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Webhooks: endpoints, signed deliveries and retries. Its slices arrive with a later issue. */
export const webhooksService: ServiceModule = {
  name: 'webhooks',
  create: () => ({ name: 'webhooks', router: Router(), collections: [] }),
};

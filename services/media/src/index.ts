import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Media: uploads, gallery objects, image re-encoding. Its slices arrive with the catalog issue. */
export const mediaService: ServiceModule = {
  name: 'media',
  create: () => ({ name: 'media', router: Router(), collections: [] }),
};

import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Tags: NFC tags and QR codes carrying a location (table 12, seat 2C). Its slices arrive with the ordering and tags issues. */
export const tagsService: ServiceModule = {
  name: 'tags',
  create: () => ({ name: 'tags', router: Router(), collections: [] }),
};

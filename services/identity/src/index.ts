import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** Identity and access: accounts, sessions, roles, team users, API keys. Its slices arrive with the identity issue. */
export const identityService: ServiceModule = {
  name: 'identity',
  create: () => ({ name: 'identity', router: Router(), collections: [] }),
};

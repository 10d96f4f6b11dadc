import { Router } from 'express';
import { followAdminRevocations } from '../accounts/revoke';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import { subscriberTokens, subscribers, subscribersRouter } from './subscribers';
import { adminUsersRouter } from './users';

/** The admin area's identity calls: users (with the admin claim) and newsletter subscribers. */
export function adminSlice(ctx: IdentityContext): IdentitySlice {
  const router = Router();
  router.use(adminUsersRouter(ctx));
  router.use(subscribersRouter(ctx));
  followAdminRevocations(ctx);
  return { router, collections: [subscribers, subscriberTokens] };
}

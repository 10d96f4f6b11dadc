import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseInput, requirePlatformAdmin, metadataFrom, TEXT_MAX } from '@seatside/chassis';
import { endEveryAccess } from '../accounts/revoke';
import type { IdentityContext } from '../context';
import { users, type UserDoc } from '../users/projections';

export const adminUserMessages = {
  notFound: 'User not found',
  granted: 'Admin claim granted',
  revoked: 'Admin claim revoked',
  claimRequired: 'admin must be true or false',
} as const;

/** The users table's sortable columns (seed 000 §9: UID, Email, Display Name, Email Verified) and their read-model fields. */
const sortFields = { uid: undefined, email: 'emailLower', displayName: 'displayName', emailVerified: 'emailVerified', createdAt: 'createdAt' } as const;

const listQuery = z.object({
  pageToken: z.string().max(TEXT_MAX.indexed).optional(),
  sort: z.enum(Object.keys(sortFields) as [keyof typeof sortFields], { error: `sort must be one of ${Object.keys(sortFields).join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" }).optional(),
  q: z.string().trim().max(TEXT_MAX.email).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
});
const claims = z.object({ admin: z.boolean({ error: adminUserMessages.claimRequired }) });

/** The schemas the admin users routes validate with, for the OpenAPI document (src/openapi.ts). */
export const adminUserSchemas = { listQuery, claims };

/** A row of the admin users table: the seed's User fields an admin sees (never a secret). */
export const userRow = (user: UserDoc) => ({
  uid: user.id,
  id: user.id,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
  emailVerified: user.emailVerified,
  claims: user.admin ? { admin: true } : {},
  createdAt: user.createdAt,
});

/**
 * Seed 000 §2 /admin/users: `GET /v1/admin/users?pageToken=&sort=&order=&q=` → `{data,
 * nextPageToken, total}` (a page of 100 by default; `q` is an e-mail prefix of 3+ characters), a
 * user with their tenants, and the admin claim granted or revoked as `npm run admin` does.
 */
export function adminUsersRouter(ctx: IdentityContext): Router {
  const router = Router();
  const profiles = () => ctx.deps.readModels.collection<UserDoc>(users);

  router.get('/v1/admin/users', async (req, res) => {
    requirePlatformAdmin(req);
    const query = parseInput(listQuery, req.query ?? {});
    const page = await profiles().find({
      sort: sortFields[query.sort ?? 'uid'],
      order: query.order ?? 'asc',
      cursor: query.pageToken || undefined,
      q: query.q?.toLowerCase(),
      limit: query.limit ?? 100,
    });
    res.json({ data: page.data.map(userRow), nextPageToken: page.nextCursor, total: page.total });
  });

  router.get('/v1/admin/users/:uid', async (req, res) => {
    requirePlatformAdmin(req);
    const user = await profiles().get(req.params.uid);
    if (!user) throw notFound(adminUserMessages.notFound);
    res.json({ ...userRow(user), userDetails: { firstName: user.firstName, lastName: user.lastName, phone: user.phone }, ...(await ctx.tenancy.cardsOf(user.id)) });
  });

  router.post('/v1/admin/users/:uid/claims', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const { admin: grant } = parseInput(claims, req.body ?? {});
    const user = await profiles().get(req.params.uid);
    if (!user) throw notFound(adminUserMessages.notFound);
    const data = { uid: user.id, by: admin.uid, at: ctx.deps.now().toISOString() };
    await ctx.users.run(user.id, grant ? { type: 'GrantPlatformAdmin', data } : { type: 'RevokePlatformAdmin', data }, { ...metadataFrom(req), actorId: admin.uid });
    // Revoked: the raised generation ends every earlier token (which still says admin) and session
    // before the answer, as a password change does (followAdminRevocations, accounts/revoke.ts, does
    // the same for a revocation made anywhere else). Granted: the user's next refresh carries the claim.
    if (!grant && user.admin) await endEveryAccess(ctx, user.id);
    res.json({ uid: user.id, claims: grant ? { admin: true } : {}, message: grant ? adminUserMessages.granted : adminUserMessages.revoked });
  });

  return router;
}

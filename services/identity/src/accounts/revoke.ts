import type { IdentityContext } from '../context';
import { generationOf, type UserDoc } from '../users/projections';

/** Margin for clocks that disagree: a generation is kept this much longer than a token lives. */
export const GENERATION_SKEW_MS = 60_000;

/**
 * After a password change, a reset, an e-mail change or the admin claim's revocation (whose events
 * raised the account's generation, users/projections.ts): every process refuses the account's earlier access tokens, and every refresh
 * session ends. Returns the account as it is now.
 */
export async function endEveryAccess(ctx: Pick<IdentityContext, 'users' | 'generations' | 'sessions' | 'options'>, uid: string): Promise<UserDoc | null> {
  const user = await ctx.users.get(uid);
  await ctx.generations.publish(uid, generationOf(user), ctx.options.accessTokenTtlSeconds * 1000 + GENERATION_SKEW_MS);
  await ctx.sessions.endAllOf(uid);
  return user;
}

/** The checkpoint of the follower below. */
export const ADMIN_REVOCATIONS_SUBSCRIPTION = 'identity-admin-revocations';

/**
 * Every revocation of the admin claim, wherever it was made (the admin route, which also ends access
 * itself before answering, `npm run admin -- revoke`, another replica), ends the account's earlier
 * tokens in every process and its refresh sessions, as endEveryAccess does. The command line has no
 * way to tell the platform's processes (no shared key-value store when embedded); the platform
 * learns it here from identity's own log. A revocation older than a token lives has no token left to
 * end, so a first start over the log does not sign out accounts revoked long ago.
 */
export function followAdminRevocations(ctx: Pick<IdentityContext, 'deps' | 'users' | 'generations' | 'sessions' | 'options'>): void {
  const window = ctx.options.accessTokenTtlSeconds * 1000 + GENERATION_SKEW_MS;
  ctx.deps.subscribe({
    name: ADMIN_REVOCATIONS_SUBSCRIPTION,
    types: ['PlatformAdminRevoked'],
    handle: async (event) => {
      if (ctx.deps.now().getTime() - event.recordedAt.getTime() > window) return;
      await endEveryAccess(ctx, (event.data as { uid: string }).uid);
    },
  });
}

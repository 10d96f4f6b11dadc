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

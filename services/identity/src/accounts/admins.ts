import { isDomainError, type EventMetadata } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { UserDoc } from '../users/projections';

/** Who granted the claim when it comes from the ADMIN_EMAILS setting. */
export const ADMIN_EMAILS_GRANTOR = 'ADMIN_EMAILS';

/** Whether ADMIN_EMAILS names this account (the setting is lower-cased when parsed). */
export const isListedAdmin = (adminEmails: readonly string[], user: Pick<UserDoc, 'emailLower'>) => adminEmails.includes(user.emailLower);

/**
 * Grants the platform admin claim to an account ADMIN_EMAILS names and that lacks it; answers the
 * account as it is now. Two replicas granting at once: the loser's append conflicts, and the
 * winner's grant is what it wanted anyway.
 */
export async function bootstrapAdmin(ctx: Pick<IdentityContext, 'users' | 'options' | 'deps'>, user: UserDoc, metadata?: EventMetadata): Promise<UserDoc> {
  if (user.admin || !isListedAdmin(ctx.options.adminEmails, user)) return user;
  try {
    await ctx.users.run(user.id, { type: 'GrantPlatformAdmin', data: { uid: user.id, by: ADMIN_EMAILS_GRANTOR, at: ctx.deps.now().toISOString() } }, metadata);
  } catch (err) {
    if (!isDomainError(err) || err.kind !== 'Conflict') throw err;
  }
  return (await ctx.users.get(user.id)) ?? user;
}

/** At start: accounts that already exist and ADMIN_EMAILS names get the claim. */
export async function bootstrapListedAdmins(ctx: Pick<IdentityContext, 'users' | 'options' | 'deps'>): Promise<void> {
  for (const email of ctx.options.adminEmails) {
    const user = await ctx.users.findByEmail(email);
    if (user) await bootstrapAdmin(ctx, user);
  }
}

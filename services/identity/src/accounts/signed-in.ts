import type { EventMetadata } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { UserDoc } from '../users/projections';
import { bootstrapAdmin } from './admins';

/** What every way of signing in answers: the account id and a fresh access token. */
export async function signedIn(ctx: IdentityContext, user: UserDoc, metadata?: EventMetadata): Promise<{ id: string; token: string }> {
  const current = await bootstrapAdmin(ctx, user, metadata);
  return { id: current.id, token: await ctx.tokens.issue(ctx.users.subjectOf(current)) };
}

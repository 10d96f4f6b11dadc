import { isDomainError } from '@seatside/chassis';
import type { Sessions } from '../sessions';
import type { UserDirectory } from '../users/directory';
import type { UserDoc } from '../users/projections';
import { registrationOf, type GoogleIdentity } from './claims';

export type AccountDeps = { users: UserDirectory; sessions: Pick<Sessions, 'endAllOf'>; now: () => Date };

async function link(deps: AccountDeps, user: UserDoc, identity: GoogleIdentity): Promise<string> {
  const at = deps.now().toISOString();
  await deps.users.run(user.id, { type: 'LinkGoogle', data: { uid: user.id, googleSub: identity.sub, at } });
  if (!user.emailVerified) {
    await deps.users.run(user.id, { type: 'VerifyEmail', data: { uid: user.id, at } });
    // Until now nobody had proven they own this address: sessions begun before that are not trusted.
    await deps.sessions.endAllOf(user.id);
  }
  return user.id;
}

/**
 * The account a verified Google identity signs in to: the one with its e-mail (linked to the Google
 * subject and marked verified), or a new one. Returns its uid.
 */
export async function accountFor(deps: AccountDeps, identity: GoogleIdentity): Promise<string> {
  const existing = await deps.users.findByEmail(identity.email);
  if (existing) return link(deps, existing, identity);
  try {
    return (await deps.users.register(registrationOf(identity))).id;
  } catch (error) {
    // Two first sign-ins at once: the other one registered the address; sign in to that account.
    if (!isDomainError(error) || error.kind !== 'Conflict') throw error;
    const winner = await deps.users.findByEmail(identity.email);
    if (!winner) throw error;
    return link(deps, winner, identity);
  }
}

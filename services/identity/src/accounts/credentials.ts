import { hashPassword, verifyPassword } from '../passwords';
import type { IdentityContext } from '../context';
import type { UserDoc } from '../users/projections';

/**
 * Checks a password against an account's hash. Without an account or a hash, a hash of the same
 * cost is checked anyway, so the answer takes as long and timing does not tell which accounts exist.
 */
export function passwordChecker(ctx: Pick<IdentityContext, 'users' | 'options'>) {
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hashPassword('not a password anybody has', ctx.options.passwordCost));
  return {
    async matches(user: UserDoc | null, password: string): Promise<boolean> {
      const stored = user ? await ctx.users.passwordHashOf(user.id) : null;
      if (!stored) {
        await verifyPassword(password, await dummyHash());
        return false;
      }
      return verifyPassword(password, stored);
    },
    hash: (password: string) => hashPassword(password, ctx.options.passwordCost),
  };
}

export type PasswordChecker = ReturnType<typeof passwordChecker>;

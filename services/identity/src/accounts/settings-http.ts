import { Router, type Request } from 'express';
import { DomainError, metadataFrom, notFound, parseInput, requirePrincipal } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { UserDoc } from '../users/projections';
import type { UserCommand } from '../users/user';
import type { PasswordChecker } from './credentials';
import { displayNameForm, emailForm, passwordChangeForm, profileForm } from './forms';
import { accountMessages as m } from './messages';
import type { SignInLimits } from './sign-in-limits';

/** The signed-in user's settings (bearer): profile, display name, e-mail and password. */
export function settingsRouter(ctx: IdentityContext, passwords: PasswordChecker, limits: SignInLimits): Router {
  const router = Router();
  const at = () => ctx.deps.now().toISOString();
  const run = (req: Request, uid: string, command: UserCommand) => ctx.users.run(uid, command, metadataFrom(req));

  router.post('/v1/users/me/profile', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const form = parseInput(profileForm, req.body ?? {});
    await run(req, uid, { type: 'UpdateProfile', data: { uid, ...form, at: at() } });
    res.json({ message: m.profileUpdated });
  });

  router.post('/v1/users/me/display-name', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const { displayName } = parseInput(displayNameForm, req.body ?? {});
    await run(req, uid, { type: 'ChangeDisplayName', data: { uid, displayName, at: at() } });
    res.json({ message: m.displayNameUpdated });
  });

  router.post('/v1/users/me/email', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const { email } = parseInput(emailForm, req.body ?? {});
    await run(req, uid, { type: 'ChangeEmail', data: { uid, email, at: at() } });
    res.json({ message: m.emailUpdated });
  });

  router.post('/v1/users/me/password', async (req, res) => {
    const user = await signedInUser(ctx, req);
    const form = parseInput(passwordChangeForm, req.body ?? {});
    // Re-authentication is a password guess like a sign-in, so it counts against the same limits.
    await limits.attempt(req, res, user.email);
    if (!(await passwords.matches(user, form.currentPassword))) {
      throw new DomainError('Unauthorized', m.currentPasswordWrong, { currentPassword: m.currentPasswordWrong });
    }
    await limits.succeeded(user.email);
    await run(req, user.id, { type: 'ChangePassword', data: { uid: user.id, passwordHash: await passwords.hash(form.newPassword), at: at() } });
    await ctx.sessions.endAllOf(user.id);
    res.json({ message: m.passwordUpdated });
  });

  return router;
}

/** The caller's account; a token for an account that does not exist (or an API key) has none. */
export async function signedInUser(ctx: Pick<IdentityContext, 'users'>, req: Request): Promise<UserDoc> {
  const principal = requirePrincipal(req);
  const user = principal.tenant ? null : await ctx.users.get(principal.uid);
  if (!user) throw notFound(m.notFound);
  return user;
}

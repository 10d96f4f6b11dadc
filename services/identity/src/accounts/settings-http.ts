import { Router, type Request, type Response } from 'express';
import { decodeJwt } from 'jose';
import { DomainError, metadataFrom, notFound, parseAuthorization, parseInput, requirePrincipal, validationFailed } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { authTimeNow } from '../tokens';
import type { UserDoc } from '../users/projections';
import type { UserCommand } from '../users/user';
import type { PasswordChecker } from './credentials';
import { displayNameForm, emailChangeForm, passwordChangeFormFor, profileForm } from './forms';
import type { OutOfBand } from './later';
import { actionLink, emailChangedMail } from './mails';
import { accountMessages as m } from './messages';
import { endEveryAccess } from './revoke';
import type { SignInLimits } from './sign-in-limits';

/** An account without a password proves it is its owner by a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;
/** How long the address an account left can undo the change. */
export const RECOVER_EMAIL_TTL_MS = 3 * 86_400_000;

/** The signed-in user's settings (bearer): profile, display name, e-mail and password. */
export function settingsRouter(ctx: IdentityContext, passwords: PasswordChecker, limits: SignInLimits, later: OutOfBand): Router {
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

  /** Re-authentication is a password guess like a sign-in, so it counts against the same limits. */
  const provePassword = async (req: Request, res: Response, user: UserDoc, password: string) => {
    await limits.attempt(req, res, user.email);
    if (!(await passwords.matches(user, password))) {
      await limits.failed(req, user.email);
      throw new DomainError('Unauthorized', m.currentPasswordWrong, { currentPassword: m.currentPasswordWrong });
    }
    await limits.succeeded(req, user.email);
  };

  /** After the change: every other session and token is over; this client gets a new session and token. */
  const signedInAfresh = async (req: Request, res: Response, uid: string) => {
    const user = await endEveryAccess(ctx, uid);
    if (!user) throw notFound(m.notFound);
    // The person just proved themselves (the current password, or a recent sign-in): a sign-in now.
    const authTime = authTimeNow();
    await ctx.sessions.start(req, res, uid, authTime);
    return { token: await ctx.tokens.issue(ctx.users.subjectOf(user), { authTime }) };
  };

  router.post('/v1/users/me/email', async (req, res) => {
    const user = await signedInUser(ctx, req);
    const { email, currentPassword } = parseInput(emailChangeForm, req.body ?? {});
    if (user.hasPassword) {
      if (!currentPassword) throw validationFailed(m.currentPasswordRequired, { currentPassword: m.currentPasswordRequired });
      await provePassword(req, res, user, currentPassword);
    } else if (!signedInRecently(req)) {
      throw new DomainError('Unauthorized', m.recentSignInRequired, { currentPassword: m.recentSignInRequired });
    }
    await run(req, user.id, { type: 'ChangeEmail', data: { uid: user.id, email, at: at() } });
    const changed = await ctx.users.get(user.id);
    if (!changed || changed.email === user.email) return res.json({ message: m.emailUpdated });
    const fresh = await signedInAfresh(req, res, user.id);
    res.json({ message: m.emailUpdated, ...fresh });
    later.run('mail to the address an account left', async () => {
      const oobCode = await ctx.codes.issue({ mode: 'recoverEmail', email: user.email, uid: user.id, ttlMs: RECOVER_EMAIL_TTL_MS });
      await ctx.mailer.send(emailChangedMail(user.email, changed.email, actionLink(ctx.options.publicUrl, 'recoverEmail', oobCode)));
    });
  });

  router.post('/v1/users/me/password', async (req, res) => {
    const user = await signedInUser(ctx, req);
    const form = parseInput(passwordChangeFormFor(user.hasPassword), req.body ?? {});
    if (user.hasPassword) await provePassword(req, res, user, form.currentPassword ?? '');
    else if (!signedInRecently(req)) {
      throw new DomainError('Unauthorized', m.recentSignInRequiredForPassword, { currentPassword: m.recentSignInRequiredForPassword });
    }
    await run(req, user.id, { type: 'ChangePassword', data: { uid: user.id, passwordHash: await passwords.hash(form.newPassword), at: at() } });
    res.json({ message: m.passwordUpdated, ...(await signedInAfresh(req, res, user.id)) });
  });

  return router;
}

/**
 * Whether the person behind the request's bearer token (already verified) signed in in the last few
 * minutes: its `auth_time`, which a refreshed token carries over from the sign-in (its `iat` is the
 * refresh's, so any token under 5 minutes old would pass). On the wall clock, as tokens are stamped.
 */
function signedInRecently(req: Request): boolean {
  const authorization = parseAuthorization(req.get('authorization'));
  if (authorization.kind !== 'bearer') return false;
  const { auth_time: authTime } = decodeJwt(authorization.token);
  return typeof authTime === 'number' && Date.now() - authTime * 1000 <= RECENT_SIGN_IN_MS;
}

/** The caller's account; a token for an account that does not exist (or an API key) has none. */
export async function signedInUser(ctx: Pick<IdentityContext, 'users'>, req: Request): Promise<UserDoc> {
  const principal = requirePrincipal(req);
  const user = principal.tenant ? null : await ctx.users.get(principal.uid);
  if (!user) throw notFound(m.notFound);
  return user;
}

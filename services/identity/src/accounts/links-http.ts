import { Router } from 'express';
import { isDomainError, metadataFrom, notFound, parseInput, validationFailed, type EventMetadata } from '@seatside/chassis';
import type { OobCodeDoc } from '../codes';
import type { IdentityContext } from '../context';
import type { UserDoc } from '../users/projections';
import type { PasswordChecker } from './credentials';
import { emailForm, emailLinkSignInForm, recoverEmailForm, resetConfirmForm, resetVerifyForm } from './forms';
import type { OutOfBand } from './later';
import { actionLink, resetPasswordMail, signInLinkMail } from './mails';
import { accountMessages as m } from './messages';
import { endEveryAccess } from './revoke';
import type { CodeLimits } from './sign-in-limits';
import { signedIn } from './signed-in';

const codeExpired = () => validationFailed(m.codeExpired);
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Passwords and e-mail links: forgotten-password mails, reset, sign-in by a mailed link, and undoing
 * an e-mail change. Codes are issued and tried within limits per address and per IP; mails go out
 * after the answer, so it takes as long for an address with an account as for one without.
 */
export function linksRouter(ctx: IdentityContext, passwords: PasswordChecker, limitCodes: CodeLimits, later: OutOfBand): Router {
  const router = Router();

  /**
   * The account a code was mailed for. A link sent to an address the account has since left is
   * spent: whoever reads the old mailbox no longer speaks for the account.
   */
  const accountOf = async (code: OobCodeDoc): Promise<UserDoc | null> => {
    const user = code.uid ? await ctx.users.get(code.uid) : await ctx.users.findByEmail(code.email);
    if (user && !sameEmail(user.email, code.email)) throw codeExpired();
    return user;
  };

  /** A mailed code reached its owner (accountOf made sure the address is still the account's). */
  const verifyEmail = async (user: UserDoc, metadata: EventMetadata) => {
    if (user.emailVerified) return;
    await ctx.users.run(user.id, { type: 'VerifyEmail', data: { uid: user.id, at: ctx.deps.now().toISOString() } }, metadata);
  };

  router.post('/v1/users/forget-password', async (req, res) => {
    const { email } = parseInput(emailForm, req.body ?? {});
    await limitCodes(req, res, email);
    res.json({ message: m.resetMailed });
    later.run('password reset mail', async () => {
      const user = await ctx.users.findByEmail(email);
      if (!user) return;
      const oobCode = await ctx.codes.issue({ mode: 'resetPassword', email: user.email, uid: user.id });
      await ctx.mailer.send(resetPasswordMail(user.email, actionLink(ctx.options.publicUrl, 'resetPassword', oobCode)));
    });
  });

  router.post('/v1/auth/reset/verify', async (req, res) => {
    const { oobCode } = parseInput(resetVerifyForm, req.body ?? {});
    await limitCodes(req, res);
    const code = await ctx.codes.peek('resetPassword', oobCode);
    if (!code) throw codeExpired();
    const user = await accountOf(code);
    if (user) await verifyEmail(user, metadataFrom(req, { actorId: user.id }));
    res.json({ email: code.email });
  });

  router.post('/v1/auth/reset/confirm', async (req, res) => {
    const { oobCode, password } = parseInput(resetConfirmForm, req.body ?? {});
    await limitCodes(req, res);
    const code = await ctx.codes.consume('resetPassword', oobCode);
    if (!code) throw codeExpired();
    const user = await accountOf(code);
    if (!user) throw notFound(m.notFound);
    const metadata = metadataFrom(req, { actorId: user.id });
    await ctx.users.run(user.id, { type: 'ChangePassword', data: { uid: user.id, passwordHash: await passwords.hash(password), at: ctx.deps.now().toISOString() } }, metadata);
    await verifyEmail(user, metadata);
    // Every earlier token and session ends; the person who reset it is signed in afresh (seed 001 §7).
    const current = await endEveryAccess(ctx, user.id);
    res.json({ ...(await signedIn(ctx, current ?? user, metadata)), message: m.passwordChanged });
  });

  router.post('/v1/auth/email-link', async (req, res) => {
    const { email } = parseInput(emailForm, req.body ?? {});
    await limitCodes(req, res, email);
    res.json({ message: m.signInLinkMailed });
    later.run('sign-in link mail', async () => {
      const user = await ctx.users.findByEmail(email);
      // Unknown addresses get a link too: following it creates the account.
      const to = user?.email ?? email;
      const oobCode = await ctx.codes.issue({ mode: 'signIn', email: to, uid: user?.id ?? null });
      await ctx.mailer.send(signInLinkMail(to, actionLink(ctx.options.publicUrl, 'signIn', oobCode, to)));
    });
  });

  router.post('/v1/auth/email-link/sign-in', async (req, res) => {
    const form = parseInput(emailLinkSignInForm, req.body ?? {});
    await limitCodes(req, res, form.email);
    // The e-mail must be the link's: checked before the code is used up, so a typo does not burn it.
    const live = await ctx.codes.peek('signIn', form.oobCode);
    if (!live || !sameEmail(live.email, form.email)) throw codeExpired();
    const code = await ctx.codes.consume('signIn', form.oobCode);
    if (!code) throw codeExpired();
    const user = await accountForLink(code, metadataFrom(req));
    const metadata = metadataFrom(req, { actorId: user.id });
    await verifyEmail(user, metadata);
    res.json({ ...(await signedIn(ctx, (await ctx.users.get(user.id)) ?? user, metadata)), message: m.authenticated });
  });

  router.post('/v1/auth/email/recover', async (req, res) => {
    const { oobCode } = parseInput(recoverEmailForm, req.body ?? {});
    await limitCodes(req, res);
    const code = await ctx.codes.consume('recoverEmail', oobCode);
    const user = code?.uid ? await ctx.users.get(code.uid) : null;
    if (!code || !user) throw codeExpired();
    const metadata = metadataFrom(req, { actorId: user.id });
    // 409 when someone else has taken the address meanwhile.
    await ctx.users.run(user.id, { type: 'ChangeEmail', data: { uid: user.id, email: code.email, at: ctx.deps.now().toISOString() } }, metadata);
    const restored = await ctx.users.get(user.id);
    if (restored) await verifyEmail(restored, metadata);
    await endEveryAccess(ctx, user.id);
    res.json({ message: m.emailRestored, email: code.email });
  });

  /** The link's account; an address without one gets it now (verified: the link proved the mailbox). */
  async function accountForLink(code: OobCodeDoc, metadata: EventMetadata): Promise<UserDoc> {
    const existing = await accountOf(code);
    if (existing) return existing;
    try {
      return await ctx.users.register(
        { email: code.email, passwordHash: null, firstName: '', lastName: '', displayName: '', provider: 'emailLink', emailVerified: true },
        metadata,
      );
    } catch (err) {
      // Someone registered the address meanwhile: the link still proves the mailbox, sign in to it.
      const raced = isDomainError(err) && err.kind === 'Conflict' ? await ctx.users.findByEmail(code.email) : null;
      if (!raced) throw err;
      return raced;
    }
  }

  return router;
}

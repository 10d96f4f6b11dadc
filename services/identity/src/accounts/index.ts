import { Router } from 'express';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import { bootstrapListedAdmins } from './admins';
import { passwordChecker } from './credentials';
import { linksRouter } from './links-http';
import { mailboxRouter } from './mailbox-http';
import { photosRouter } from './photos';
import { sessionsRouter } from './sessions-http';
import { settingsRouter } from './settings-http';
import { codeLimits, signInLimits } from './sign-in-limits';

export { accountMessages } from './messages';

/** Sign-up, sign-in, sessions, /auth/me, passwords, e-mail links, settings, photos, dev mailbox. */
export function accountsSlice(ctx: IdentityContext): IdentitySlice {
  const passwords = passwordChecker(ctx);
  const limits = signInLimits(ctx);
  const router = Router();
  router.use(sessionsRouter(ctx, passwords, limits));
  router.use(linksRouter(ctx, passwords, codeLimits(ctx), ctx.later));
  router.use(settingsRouter(ctx, passwords, limits, ctx.later));
  router.use(photosRouter(ctx));
  router.use(mailboxRouter(ctx));
  return {
    router,
    // Accounts ADMIN_EMAILS names get the claim even if they never sign in again.
    start: () => bootstrapListedAdmins(ctx),
  };
}

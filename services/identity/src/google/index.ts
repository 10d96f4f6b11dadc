import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { notFound } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import { cookieOf, secure } from '../sessions';
import { authTimeNow } from '../tokens';
import { isGoogleSignInError } from './errors';
import { createGoogleSignIn, type CallbackParams, type GoogleSignIn } from './flow';
import { GOOGLE_ROUTES, PENDING_COOKIE, PENDING_TTL_MS, googleLanding, googleMessages } from './messages';
import { createOidcClient } from './oidc';
import { createPendingLogins, googleLogins } from './pending';

const pendingCookie = (req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: secure(req), path: GOOGLE_ROUTES.start });

/** A query text; anything else (repeated, nested) reads as absent, and the flow refuses the sign-in. */
const queryText = z.string().optional().catch(undefined);

/** What Google sends back to the callback (RFC 6749 §4.1.2, RFC 9207 `iss`); never a validation error. */
export const googleCallbackQuery = z.object({ state: queryText, code: queryText, error: queryText, iss: queryText });

function callbackParams(req: Request): CallbackParams {
  const { state, code, error, iss } = googleCallbackQuery.parse(req.query ?? {});
  return { state, code, error, iss };
}

/** Logs why a sign-in failed (the reason only: never a code, token or state) and sends the browser back to login. */
function failed(req: Request, res: Response, error: unknown): void {
  if (isGoogleSignInError(error)) req.log?.warn({ reason: error.reason }, 'google sign-in failed');
  else req.log?.error({ err: error }, 'google sign-in failed');
  res.redirect(302, googleLanding.failed);
}

function googleRouter(ctx: IdentityContext, signIn: GoogleSignIn | undefined): Router {
  const router = Router();
  const configured = () => {
    if (!signIn) throw notFound(googleMessages.notConfigured);
    return signIn;
  };

  router.get(GOOGLE_ROUTES.providers, (_req, res) => {
    res.json({ google: signIn !== undefined });
  });

  router.get(GOOGLE_ROUTES.start, async (req, res) => {
    const flow = configured();
    try {
      const { state, url } = await flow.begin();
      res.cookie(PENDING_COOKIE, state, { ...pendingCookie(req), maxAge: PENDING_TTL_MS });
      res.redirect(302, url);
    } catch (error) {
      failed(req, res, error);
    }
  });

  router.get(GOOGLE_ROUTES.callback, async (req, res) => {
    const flow = configured();
    const params = callbackParams(req);
    res.clearCookie(PENDING_COOKIE, pendingCookie(req));
    try {
      const uid = await flow.complete(params, cookieOf(req, PENDING_COOKIE));
      await ctx.sessions.start(req, res, uid, authTimeNow());
      res.redirect(302, googleLanding.complete);
    } catch (error) {
      failed(req, res, error);
    }
  });

  return router;
}

/** Google sign-in through OpenID Connect (authorization code with PKCE). */
export function googleSlice(ctx: IdentityContext): IdentitySlice {
  const google = ctx.options.google;
  const signIn = google
    ? createGoogleSignIn({
        google,
        publicUrl: ctx.options.publicUrl,
        client: createOidcClient(google, ctx.deps.now),
        pending: createPendingLogins(ctx.deps),
        users: ctx.users,
        sessions: ctx.sessions,
        now: ctx.deps.now,
      })
    : undefined;
  return { router: googleRouter(ctx, signIn), collections: [googleLogins] };
}

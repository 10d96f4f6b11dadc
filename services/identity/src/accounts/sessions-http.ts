import { Router, type RequestHandler } from 'express';
import { decodeJwt } from 'jose';
import { metadataFrom, parseInput, requirePrincipal, unauthorized } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { PasswordChecker } from './credentials';
import { loginForm, signInForm, signUpForm } from './forms';
import { accountMessages as m } from './messages';
import type { SignInLimits } from './sign-in-limits';
import { signedIn } from './signed-in';

/** Sign-up, sign-in, the refresh session (login, refresh, logout), /auth/me and the JWKS. */
export function sessionsRouter(ctx: IdentityContext, passwords: PasswordChecker, limits: SignInLimits): Router {
  const router = Router();

  router.post('/v1/auth/sign-up', async (req, res) => {
    const form = parseInput(signUpForm, req.body ?? {});
    const user = await ctx.users.register(
      {
        email: form.email,
        passwordHash: await passwords.hash(form.password),
        firstName: form.firstName,
        lastName: form.lastName,
        // Spec 001 §7: 'update display name to first name'.
        displayName: form.firstName,
        provider: 'password',
        emailVerified: false,
      },
      metadataFrom(req),
    );
    res.status(201).json({ ...(await signedIn(ctx, user, metadataFrom(req, { actorId: user.id }))), message: m.registered });
  });

  router.post('/v1/auth/sign-in', async (req, res) => {
    const form = parseInput(signInForm, req.body ?? {});
    await limits.attempt(req, res, form.email);
    const user = await ctx.users.findByEmail(form.email);
    if (!(await passwords.matches(user, form.password)) || !user) {
      await limits.failed(req, form.email);
      throw unauthorized(m.invalidCredentials);
    }
    await limits.succeeded(req, form.email);
    res.json({ ...(await signedIn(ctx, user, metadataFrom(req, { actorId: user.id }))), message: m.authenticated });
  });

  router.post('/v1/auth/login', async (req, res) => {
    // A login without a usable token is the same 401 as one with a bad token. The verifier refuses a
    // token from before the account's last password or e-mail change (its generation).
    const login = loginForm.safeParse(req.body ?? {});
    if (!login.success) throw unauthorized(m.invalidToken, 'token_invalid');
    const principal = await ctx.tokens.verifier().verify(login.data.token);
    const user = principal.tenant ? null : await ctx.users.get(principal.uid);
    if (!user) throw unauthorized(m.invalidToken, 'token_invalid');
    // The session keeps when the person signed in (the token's auth_time), for every refresh to carry.
    const { auth_time: authTime } = decodeJwt(login.data.token);
    await ctx.sessions.start(req, res, user.id, typeof authTime === 'number' ? authTime : 0);
    res.json({ message: m.signedIn });
  });

  router.post('/v1/auth/refresh', async (req, res) => {
    // Every refresh replaces the cookie; an old one presented again ends its whole family.
    const session = await ctx.sessions.rotate(req, res);
    const user = session ? await ctx.users.get(session.uid) : null;
    if (!user) throw unauthorized(m.signInRequired, 'sign_in_required');
    // A refresh is not a sign-in: the token says when the session's sign-in was (0: not known).
    res.json({ token: await ctx.tokens.issue(ctx.users.subjectOf(user), { authTime: session?.authTime ?? 0 }) });
  });

  router.post('/v1/auth/logout', async (req, res) => {
    await ctx.sessions.end(req, res);
    res.json({ message: m.signedOut });
  });

  router.get('/v1/auth/me', async (req, res) => {
    const principal = requirePrincipal(req);
    const user = principal.tenant ? null : await ctx.users.get(principal.uid);
    if (!user) throw unauthorized(m.signInRequired, 'sign_in_required');
    const { claims } = ctx.users.subjectOf(user);
    res.json({
      uid: user.id,
      email: user.email,
      displayName: user.displayName,
      photoURL: user.photoURL,
      emailVerified: user.emailVerified,
      hasPassword: user.hasPassword,
      createdAt: user.createdAt,
      claims,
      userDetails: { firstName: user.firstName, lastName: user.lastName, phone: user.phone },
      ...(await ctx.tenancy.cardsOf(user.id)),
    });
  });

  const jwks: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(ctx.tokens.jwks());
  };
  router.get('/.well-known/jwks.json', jwks);
  router.get('/v1/auth/jwks.json', jwks);

  return router;
}

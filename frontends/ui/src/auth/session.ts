// The shared singletons (the session store every remote and the shell read, one API client), not
// this folder's relative copies: '@seatside/ui/src/auth' is bundled into each remote, the package
// root is shared once (frontends/ui/build/federation.mjs).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { api, useSession, type SessionUser } from '@seatside/ui';
import type { Me } from './me';
import { rememberMe } from './me-cache';

/**
 * The calls before a session, and the cookie calls, carry no bearer token: a stale one in the store
 * would get them refused (the gateway checks any token it is sent).
 */
const PUBLIC = { bearer: false } as const;

/** What sign-up, sign-in and e-mail-link sign-in answer (docs/identity-api.md). */
export interface TokenAnswer {
  id: string;
  token: string;
  message: string;
}

export interface SignUpForm {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
}

/** The session's user as the store keeps it: the platform admin claim becomes the 'admin' role. */
export function sessionUserOf(me: Me): SessionUser {
  return { id: me.uid, email: me.email, name: me.displayName, roles: me.claims?.admin ? ['admin'] : [] };
}

/** GET /v1/auth/me for a given token (not necessarily the session's yet). */
export function fetchMe(token: string, signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/auth/me', { headers: { authorization: `Bearer ${token}` }, signal });
}

/**
 * After any sign-in: POST /v1/auth/login {token} sets the httpOnly refresh cookie, then GET
 * /v1/auth/me, and the token and the user go into the session store.
 */
export async function establishSession(token: string): Promise<void> {
  await api.post('/auth/login', { token }, { bearer: false });
  const me = await fetchMe(token);
  rememberMe(token, me);
  useSession.getState().signIn(token, sessionUserOf(me));
}

/** POST /v1/auth/sign-in, then the session. Answers the server's message ('Successfully Authenticated'). */
export async function signInWithPassword(email: string, password: string): Promise<TokenAnswer> {
  const answer = await api.post<TokenAnswer>('/auth/sign-in', { email, password }, PUBLIC);
  await establishSession(answer.token);
  return answer;
}

/** POST /v1/auth/sign-up, then the session. Answers the server's message ('Successfully Registered'). */
export async function signUp(form: SignUpForm): Promise<TokenAnswer> {
  const answer = await api.post<TokenAnswer>('/auth/sign-up', {
    email: form.email,
    password: form.password,
    firstName: form.firstName,
    lastName: form.lastName ?? '',
  }, PUBLIC);
  await establishSession(answer.token);
  return answer;
}

/** POST /v1/auth/email-link/sign-in (the link's e-mail and code), then the session. */
export async function signInWithEmailLink(email: string, oobCode: string): Promise<TokenAnswer> {
  const answer = await api.post<TokenAnswer>('/auth/email-link/sign-in', { email, oobCode }, PUBLIC);
  await establishSession(answer.token);
  return answer;
}

/** POST /v1/auth/email-link: mails a sign-in link (the same answer whether or not the account exists). */
export function sendSignInLink(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/email-link', { email }, PUBLIC);
}

/** POST /v1/users/forget-password: mails a reset link. */
export function sendPasswordReset(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/users/forget-password', { email }, PUBLIC);
}

/** POST /v1/auth/reset/verify: the e-mail address a reset code belongs to. */
export function verifyResetCode(oobCode: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/auth/reset/verify', { oobCode }, PUBLIC);
}

/**
 * POST /v1/auth/reset/confirm: sets the new password, then the session (seed 001 §7: a reset signs
 * in). Every earlier session of the account has ended. Answers 'Password Changed' and whether the
 * new session started.
 */
export async function confirmPasswordReset(oobCode: string, password: string): Promise<{ message: string; signedIn: boolean }> {
  const answer = await api.post<TokenAnswer>('/auth/reset/confirm', { oobCode, password }, PUBLIC);
  // The password is changed either way: a session that cannot start leaves them to log in with it.
  const signedIn = await establishSession(answer.token).then(() => true, () => false);
  return { message: answer.message, signedIn };
}

/** GET /v1/auth/providers: which sign-in providers are offered besides e-mail and password. */
export function fetchProviders(signal?: AbortSignal): Promise<{ google: boolean }> {
  return api.get<{ google: boolean }>('/auth/providers', { signal, bearer: false });
}

/** Where the Google button goes (a full page navigation: the server redirects to the provider). */
export const GOOGLE_SIGN_IN_PATH = '/v1/auth/google';

/** POST /v1/auth/logout (revokes the refresh session, clears the cookie), then the store. */
export async function signOut(): Promise<void> {
  await api.post('/auth/logout', undefined, PUBLIC).catch(() => undefined);
  useSession.getState().signOut();
}

/**
 * POST /v1/auth/refresh with the session cookie: a fresh access token, kept in the store. A 401
 * (no or ended session, asked twice: see the API client's exchangeCookie) signs the store out and
 * answers null; other failures are thrown. Shared with the API client's own refreshes.
 */
export function refreshSession(): Promise<string | null> {
  return api.refresh();
}

/** What Google sign-in answers, in one place for the routes and their specs. */
export const googleMessages = {
  notConfigured: 'Google sign-in is not configured',
} as const;

/**
 * Where the browser lands after the callback. The web app shows the spec's alerts there:
 * 'Successfully Authenticated' on /auth/complete, 'Please check your email and password' on the
 * login page with `error=google`.
 */
export const googleLanding = {
  complete: '/auth/complete',
  failed: '/auth/login?error=google',
} as const;

export const GOOGLE_ROUTES = {
  start: '/v1/auth/google',
  callback: '/v1/auth/google/callback',
  providers: '/v1/auth/providers',
} as const;

/** Browser-bound half of a pending login (the state); the server-side half is in the read model. */
export const PENDING_COOKIE = 'seatside_google';

/** How long a user has at the provider before the pending login expires. */
export const PENDING_TTL_MS = 10 * 60_000;

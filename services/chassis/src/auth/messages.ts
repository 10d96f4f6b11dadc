/** What callers are told when authentication or authorization fails; reused by UI and tests. */
export const authMessages = {
  invalidToken: 'Invalid or expired token',
  signInRequired: 'Sign in required',
  noAccess: 'You do not have access to this page.',
  sandboxKeyCannotChangeStorefront: 'A sandbox API key cannot change what your storefront shows. Use a production API key.',
} as const;

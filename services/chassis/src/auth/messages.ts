/** What callers are told when authentication or authorization fails; reused by UI and tests. */
export const authMessages = {
  invalidToken: 'Invalid or expired token',
  signInRequired: 'Sign in required',
  noAccess: 'You do not have access to this page.',
  sandboxKeyCannotChangeStorefront: 'A sandbox API key cannot change what your storefront shows. Use a production API key.',
  apiKeyCannotManageAccess: 'An API key cannot manage the team or API keys. Sign in to the dashboard as an admin to do this.',
} as const;

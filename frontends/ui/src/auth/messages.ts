/**
 * The spec's user-facing texts for sign-in, sign-up, passwords and the guards (seed 000 §2 and §8,
 * 001 §5 and §8, 002 §5 and §6), in one place for the screens and the specs.
 */
export const authMessages = {
  // Sign-up (001 §5, 002 §5)
  required: 'Required*',
  invalidEmail: 'Invalid email',
  shortPassword: 'Please try a longer password',
  registered: 'Successfully Registered',
  // Login (002 §5)
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  authenticated: 'Successfully Authenticated',
  // Google sign-in failure (001 §8), also shown for /auth/login?error=google
  checkEmailAndPassword: 'Please check your email and password',
  // Forgot password (001 §8)
  resetSent: 'Check your email to confirm password reset',
  resetFailed: 'Could not reset password',
  // Set new password and e-mail links (001 §8)
  passwordChanged: 'Password Changed',
  tokenExpired: 'Token expired, Please send another link',
  noAccount: 'Error, perhaps no account exists',
  // Guards (000 §2, 002 §6)
  signInTitle: 'Sign in to your account',
  forgotPassword: 'Forgot your password?',
  unauthorized: 'Unauthorized',
  unauthorizedText: '401 Error: You do not have access to this page.',
  backToAccount: 'Back to Account',
} as const;

/** Password minimum (001 §9). */
export const PASSWORD_MIN_LENGTH = 6;

/** An ordinary e-mail address: something@something.tld, no spaces. */
export { EMAIL_PATTERN } from '@seatside/rules';

/**
 * The identity provider's message without its prefix (001 §8: "the identity service message with its
 * prefix removed"), e.g. 'Firebase: The email address is badly formatted. (auth/invalid-email).'
 * becomes 'The email address is badly formatted.'
 */
export function withoutProviderPrefix(message: string): string {
  return message
    .replace(/^[A-Z][\w-]*:\s+/, '')
    .replace(/\s*\(auth\/[\w-]+\)\.?$/, '')
    .trim();
}

/** A `?redirect=` target, if it is a path on this origin (never `//host` or a full URL). */
export function safeRedirect(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

import type { JWTPayload } from 'jose';
import type { Registration } from '../users/user';
import { GoogleSignInError } from './errors';

/** Who signed in, from a verified ID token: a verified e-mail is required. */
export type GoogleIdentity = {
  sub: string;
  email: string;
  givenName?: string;
  familyName?: string;
  name?: string;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Some providers send `email_verified` as the string "true"; Google sends a boolean. */
const isVerified = (value: unknown) => value === true || value === 'true';

export function googleIdentityOf(claims: JWTPayload): GoogleIdentity {
  const sub = text(claims.sub);
  const email = text(claims.email);
  if (!sub || !email || !email.includes('@')) throw new GoogleSignInError('badIdToken', 'The ID token has no subject or e-mail');
  if (!isVerified(claims.email_verified)) throw new GoogleSignInError('emailNotVerified', 'The Google account e-mail is not verified');
  const givenName = text(claims.given_name);
  const familyName = text(claims.family_name);
  const name = text(claims.name);
  return { sub, email, ...(givenName ? { givenName } : {}), ...(familyName ? { familyName } : {}), ...(name ? { name } : {}) };
}

/** A first Google sign-in's account: names from the profile, falling back to the e-mail's local part. */
export function registrationOf(identity: GoogleIdentity): Omit<Registration, 'uid' | 'at'> {
  const firstName = identity.givenName ?? identity.email.slice(0, identity.email.lastIndexOf('@'));
  return {
    email: identity.email,
    passwordHash: null,
    firstName,
    lastName: identity.familyName ?? '',
    displayName: identity.name ?? firstName,
    provider: 'google',
    emailVerified: true,
    googleSub: identity.sub,
  };
}

import { authMessages } from '@seatside/chassis';
import { userMessages } from '../users/user';

/** The spec's user-facing texts for accounts, sessions, passwords and settings (docs/identity-api.md). */
export const accountMessages = {
  required: 'Required*',
  invalidEmail: 'Invalid email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Please try a longer password',
  passwordsDiffer: 'Passwords do not match',
  displayNameRequired: 'Display name is required',
  registered: 'Successfully Registered',
  authenticated: 'Successfully Authenticated',
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many sign-in attempts. Try again later.',
  tooManyCodes: 'Too many requests for email links. Try again later.',
  signedIn: 'Signed in',
  signedOut: 'Signed out',
  resetMailed: 'Check your email to confirm password reset',
  signInLinkMailed: 'Check your email for a sign-in link',
  codeExpired: 'Token expired, Please send another link',
  passwordChanged: 'Password Changed',
  profileUpdated: 'Account Details Updated',
  displayNameUpdated: 'Display name updated',
  emailUpdated: 'Email updated',
  emailRestored: 'Email restored. Reset your password if someone else changed it.',
  currentPasswordRequired: 'Enter your current password',
  recentSignInRequired: 'Please sign in again to change your email',
  recentSignInRequiredForPassword: 'Please sign in again to set a password',
  passwordUpdated: 'Password updated successfully',
  currentPasswordWrong: 'The current password is incorrect',
  photoUpdated: 'Profile photo updated',
  photoNotAnImage: 'Please upload a PNG or JPEG image',
  photoTooLarge: 'The image is too large (at most 2 MB)',
  ...userMessages,
  ...authMessages,
} as const;

/** Password minimum length (spec 001 §9). */
export const PASSWORD_MIN = 6;

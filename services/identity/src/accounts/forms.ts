import { z } from 'zod';
import { requiredText, TEXT_MAX } from '@seatside/chassis';
import { accountMessages as m, PASSWORD_MIN } from './messages';

/** An e-mail field: trimmed, required (`requiredMessage`), and shaped like an address. */
const email = (requiredMessage: string) => requiredText(requiredMessage).max(TEXT_MAX.email).pipe(z.email({ error: m.invalidEmail }));

/** Passwords are taken as typed (never trimmed). */
const password = (requiredMessage: string) => z.string({ error: requiredMessage }).min(1, requiredMessage).max(TEXT_MAX.password);
const newPassword = (requiredMessage: string) => password(requiredMessage).min(PASSWORD_MIN, m.passwordTooShort);

/** A one-time code from a mailed link; anything unusable reads as an expired link. */
const oobCode = z.string({ error: m.codeExpired }).min(1, m.codeExpired).max(TEXT_MAX.id);

export const signUpForm = z.object({
  email: email(m.required),
  password: newPassword(m.required),
  firstName: requiredText(m.required).max(TEXT_MAX.name),
  lastName: z.string().trim().max(TEXT_MAX.name).optional().default(''),
});

export const signInForm = z.object({
  email: email(m.emailRequired),
  password: password(m.passwordRequired),
});

export const loginForm = z.object({ token: z.string().min(1).max(TEXT_MAX.url) });

export const emailForm = z.object({ email: email(m.emailRequired) });

/** An e-mail change: the current password proves the caller is the owner (accounts with a password). */
export const emailChangeForm = z.object({ email: email(m.emailRequired), currentPassword: z.string().max(TEXT_MAX.password).optional() });

export const recoverEmailForm = z.object({ oobCode });

export const resetVerifyForm = z.object({ oobCode });

export const resetConfirmForm = z.object({ oobCode, password: newPassword(m.passwordRequired) });

export const emailLinkSignInForm = z.object({ email: email(m.emailRequired), oobCode });

export const profileForm = z.object({
  firstName: requiredText(m.required).max(TEXT_MAX.name),
  lastName: requiredText(m.required).max(TEXT_MAX.name),
  phone: requiredText(m.required).max(TEXT_MAX.phone),
});

export const displayNameForm = z.object({ displayName: requiredText(m.displayNameRequired).max(TEXT_MAX.name) });

/**
 * A password change. An account with a password proves its owner with the current one ('Required*');
 * one without (invited, signed in by a mailed link or Google) sets its first and sends none.
 */
export const passwordChangeFormFor = (hasPassword: boolean) =>
  z
    .object({
      currentPassword: hasPassword ? password(m.required) : z.string().max(TEXT_MAX.password).optional(),
      newPassword: newPassword(m.required),
      confirmPassword: password(m.required),
    })
    .refine((form) => form.confirmPassword === form.newPassword, { message: m.passwordsDiffer, path: ['confirmPassword'] });

/** The change as documented: currentPassword is required when the account has a password. */
export const passwordChangeForm = passwordChangeFormFor(false);

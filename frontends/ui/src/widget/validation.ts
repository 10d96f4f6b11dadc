import { EMAIL_PATTERN } from '@seatside/rules';
import { contactMessages as m } from './content';

export interface ContactForm {
  fullname: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

/** Seed 000 §5, "Contact form in widget"; the server checks the same rules. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.fullname.trim()) errors.fullname = m.fullnameRequired;
  const email = form.email.trim();
  if (!email) errors.email = m.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = m.invalidEmail;
  if (!form.phone.trim()) errors.phone = m.phoneRequired;
  if (!form.message.trim()) errors.message = m.messageRequired;
  return errors;
}

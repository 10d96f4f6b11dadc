/**
 * An ordinary e-mail address (seed 000 §5 'Invalid email address'): something, '@', then a domain of
 * two or more dot-separated labels, none empty ('a@b', 'a@b..com' and 'a@.b.com' are not), no spaces.
 * The forms check it before sending; the services check addresses with their own validator.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

import { randomBytes } from 'node:crypto';

/** Crockford's base 32 in lower case: URL-safe, and no i, l, o or u to misread on a printed tag. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const CODE_LENGTH = 10;

/** A public tag code: 10 random characters (50 bits); uniqueness is the code claims' job, not luck's. */
export function newTagCode(): string {
  return [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * An activation serial becomes the tag's code, so it must be usable as one path segment of
 * `/tag/{code}`: 1 to 128 unreserved URL characters, plus ':' for NFC UIDs such as `04:a2:3b:…`.
 */
export const isValidSerial = (serial: string): boolean => /^[A-Za-z0-9._~:-]{1,128}$/.test(serial);

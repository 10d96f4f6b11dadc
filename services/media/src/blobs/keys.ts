/**
 * A safe key: `/`-separated segments of letters, digits, `.`, `_` and `-`, each starting with a
 * letter or digit (so no `.`, `..` or empty segment), at most 512 characters.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';
const SAFE_KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);
/** A list prefix: a safe key, possibly ending in `/`, or nothing. */
const SAFE_PREFIX = new RegExp(`^(${SEGMENT}(/${SEGMENT})*/?)?$`);
const MAX_KEY_LENGTH = 512;

export const isSafeKey = (key: string): boolean => key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);
export const isSafePrefix = (prefix: string): boolean => prefix.length <= MAX_KEY_LENGTH && SAFE_PREFIX.test(prefix);

export class UnsafeKey extends Error {
  constructor(key: string) {
    super(`unsafe object key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'UnsafeKey';
  }
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKey(key);
  return key;
}

export function assertSafePrefix(prefix: string): string {
  if (!isSafePrefix(prefix)) throw new UnsafeKey(prefix);
  return prefix;
}

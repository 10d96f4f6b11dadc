import { createHash, randomBytes } from 'node:crypto';

/** `sk_test_` for sandbox keys, `sk_live_` for production ones. */
export const modePrefix = (testMode: boolean) => (testMode ? 'sk_test_' : 'sk_live_');

/** The mode a key's prefix claims, or undefined when it is not an API key at all. */
export function testModeOfKey(apiKey: string): boolean | undefined {
  if (apiKey.startsWith(modePrefix(true))) return true;
  if (apiKey.startsWith(modePrefix(false))) return false;
  return undefined;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const DISPLAYED_CHARACTERS = 4;

/** A new secret (32 random bytes), what may be shown of it, and the hash that is stored. */
export function mintApiKey(testMode: boolean, random: Buffer = randomBytes(32)): { apiKey: string; keyPrefix: string; secretSha256: string } {
  const body = random.toString('base64url');
  const apiKey = `${modePrefix(testMode)}${body}`;
  return { apiKey, keyPrefix: `${modePrefix(testMode)}${body.slice(0, DISPLAYED_CHARACTERS)}`, secretSha256: sha256Hex(apiKey) };
}

import { createHash, createHmac, createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * The two signatures every delivery carries (docs/webhooks-api.md, "Verifying a delivery"):
 * - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "{msgId}.{timestamp}.{body}">`
 *   under the webhook's `whsec_` secret (and under the previous one while a rotation's 24 h run);
 * - the seed's `x-seatside-signature`: RSA-SHA256 over the webhook's id, base64, verifiable with the
 *   platform's public key (`GET /v1/webhooks/public-key`, `/v1/webhooks/jwks.json`).
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64 (the Standard Webhooks form). */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** A new bearer token the receiver compares with `Authorization: Bearer …`. */
export const newBearerToken = (): string => randomBytes(32).toString('base64url');

const secretBytes = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** A `whsec_` secret as an HMAC key, made once and reused (node prepares a key given as bytes on every use). */
export const hmacKeyOf = (secret: string): KeyObject => createSecretKey(secretBytes(secret));

/** The `webhook-signature` header: one `v1,<signature>` per valid secret (or its `hmacKeyOf`), space-separated. */
export function standardSignature(secrets: readonly (string | KeyObject)[], msgId: string, timestampSeconds: number, body: string): string {
  const content = `${msgId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', typeof secret === 'string' ? secretBytes(secret) : secret).update(content).digest('base64')}`)
    .join(' ');
}

/** The platform's RSA key pair that signs `x-seatside-signature`. */
export interface PlatformKey {
  /** RSA-SHA256 over `text` (the webhook's id), base64. */
  sign(text: string): string;
  publicKeyPem: string;
  jwks: { keys: Record<string, unknown>[] };
}

/** A fresh 2048-bit RSA private key, PEM (PKCS#8). */
export const generatePrivateKeyPem = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export function platformKey(privateKeyPem: string): PlatformKey {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('WEBHOOKS_SIGNING_KEY must be an RSA private key (PEM)');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
  // RFC 7638 thumbprint: the members in lexicographic order, SHA-256, base64url.
  const kid = createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).digest('base64url');
  return {
    sign: (text) => sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64'),
    publicKeyPem,
    jwks: { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid }] },
  };
}

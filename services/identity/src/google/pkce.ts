import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url (43 characters): state, nonce and PKCE verifiers alike. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

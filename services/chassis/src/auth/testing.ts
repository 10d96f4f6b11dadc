import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { createJwksVerifier } from './jwks';
import type { TokenVerifier } from './types';

export interface TestTokenSubject {
  uid: string;
  email?: string;
  claims?: Record<string, unknown>;
  /** An API key's tenant, as the identity service's API-key tokens carry it. */
  tenant?: { collection: string; id: string; testMode: boolean };
  /** The account's token generation the token was issued at (`gen`). */
  generation?: number;
}

export interface TestSignOptions {
  /** A jose time span: '5m' (the default), '-1m' for a token that has already expired. */
  expiresIn?: string;
  /** Override to mint a token another issuer or audience would have issued. */
  issuer?: string;
  audience?: string;
}

export interface TestIssuer {
  /** The public key set, as the identity service's JWKS endpoint would serve it. */
  jwks: JSONWebKeySet;
  sign(subject: TestTokenSubject, options?: TestSignOptions): Promise<string>;
  /** A verifier over this issuer's inline key set, issuer and audience. */
  verifier(): TokenVerifier;
}

const ALG = 'ES256';

/**
 * Stands in for the identity service in tests: a fresh key pair per issuer, tokens shaped like
 * the real ones (sub, email, claims).
 */
export async function createTestIssuer(options: { issuer: string; audience: string }): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(ALG);
  const kid = randomUUID();
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }] };
  return {
    jwks,
    async sign(subject, signOptions = {}) {
      const payload = {
        ...(subject.email !== undefined ? { email: subject.email } : {}),
        ...(subject.claims !== undefined ? { claims: subject.claims } : {}),
        ...(subject.tenant !== undefined ? { tenant: subject.tenant } : {}),
        ...(subject.generation !== undefined ? { gen: subject.generation } : {}),
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setSubject(subject.uid)
        .setIssuer(signOptions.issuer ?? options.issuer)
        .setAudience(signOptions.audience ?? options.audience)
        .setIssuedAt()
        .setExpirationTime(signOptions.expiresIn ?? '5m')
        .sign(privateKey);
    },
    verifier() {
      return createJwksVerifier({ jwks, issuer: options.issuer, audience: options.audience });
    },
  };
}

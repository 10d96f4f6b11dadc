import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';
import { sha256 } from '../sessions';
import { PENDING_TTL_MS } from './messages';
import { randomSecret, s256Challenge } from './pkce';

/**
 * Logins on their way through the provider, kept by the SHA-256 of their state so any replica can
 * finish them and a database read yields no usable state.
 */
export const googleLogins: CollectionSpec = { name: 'google_logins', sortable: ['expiresAt'] };

export type PendingLoginDoc = { id: string; nonce: string; codeVerifier: string; expiresAt: string };

/** What the authorization request carries; the verifier stays here until the callback. */
export type PendingLogin = { state: string; nonce: string; codeChallenge: string };

export interface PendingLogins {
  begin(): Promise<PendingLogin>;
  /** Uses the login up: exactly one caller gets it while it is live, later ones undefined. */
  take(state: string): Promise<{ nonce: string; codeVerifier: string } | undefined>;
}

/** Expired logins nobody came back for, removed a few at a time as new ones begin. */
const SWEEP_BATCH = 20;

export function createPendingLogins(deps: Pick<ServiceDeps, 'readModels' | 'now'>): PendingLogins {
  const store = () => deps.readModels.collection<PendingLoginDoc>(googleLogins);

  async function sweep(now: Date) {
    const oldest = await store().find({ sort: 'expiresAt', order: 'asc', limit: SWEEP_BATCH });
    for (const doc of oldest.data) if (new Date(doc.expiresAt) <= now) await store().delete(doc.id);
  }

  return {
    async begin() {
      const now = deps.now();
      await sweep(now);
      const state = randomSecret();
      const nonce = randomSecret();
      const codeVerifier = randomSecret();
      await store().put({ id: sha256(state), nonce, codeVerifier, expiresAt: new Date(now.getTime() + PENDING_TTL_MS).toISOString() });
      return { state, nonce, codeChallenge: s256Challenge(codeVerifier) };
    },
    async take(state) {
      const doc = await store().get(sha256(state));
      if (!doc || !(await store().delete(doc.id))) return undefined;
      if (new Date(doc.expiresAt) <= deps.now()) return undefined;
      return { nonce: doc.nonce, codeVerifier: doc.codeVerifier };
    },
  };
}

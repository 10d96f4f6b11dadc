import type { AccountGenerations, Principal, ServiceDeps, TokenVerifier } from '@seatside/chassis';
import type { OutOfBand } from './accounts/later';
import type { OneTimeCodes } from './codes';
import type { Mailer } from './mail/mailer';
import type { IdentityOptions } from './options';
import type { Sessions } from './sessions';
import type { TenantNeed } from '@seatside/chassis';
import type { AccessTokens } from './tokens';
import type { UserDirectory } from './users/directory';

/** A tenant card on /account and in GET /v1/auth/me. */
export type TenantCard = {
  id: string;
  name: string;
  description: string;
  handle: string;
  branding: { banner: string | null; icon: string | null };
  role: 'admin' | 'teamMember' | 'runner';
};

/** The tenants a user belongs to, by collection. */
export interface Tenancy {
  cardsOf(uid: string): Promise<{ apps: TenantCard[]; merchants: TenantCard[]; venues: TenantCard[] }>;
  /** Resolves when the caller may act on the tenant; 401 anonymous, 403 otherwise (tenants/authorize.ts). */
  authorize(principal: Principal | undefined, need: TenantNeed): Promise<void>;
}

/** What every slice of the identity service is built from; made once in index.ts. */
export interface IdentityContext {
  deps: ServiceDeps;
  options: IdentityOptions;
  tokens: AccessTokens;
  /** Per-account token generations (password and e-mail changes and the admin claim's revocation raise them; accounts/revoke.ts). */
  generations: AccountGenerations;
  users: UserDirectory;
  sessions: Sessions;
  codes: OneTimeCodes;
  mailer: Mailer;
  /** Work after the answer (mails); the service's stop waits for it. */
  later: OutOfBand;
  tenancy: Tenancy;
  /** Verifies `sk_…` API keys (the tenants slice); the edge puts it beside the JWT verifier. */
  apiKeyVerifier: TokenVerifier;
}

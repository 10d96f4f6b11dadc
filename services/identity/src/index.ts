import { Router } from 'express';
import { migrateUnderLock, type CollectionSpec, type ServiceModule } from '@seatside/chassis';
import { accountsSlice } from './accounts';
import { apiKeysSlice } from './apikeys';
import { oobCodes, createOneTimeCodes } from './codes';
import type { IdentityContext } from './context';
import { googleSlice } from './google';
import { createMailer } from './mail';
import { defaultIdentityOptions, type IdentityOptions } from './options';
import { createSessions, sessions } from './sessions';
import { tenantsSlice } from './tenants';
import { createAccessTokens } from './tokens';
import { createUserDirectory, usersMigrations } from './users/directory';
import { credentials, users } from './users/projections';

export { defaultIdentityOptions, identityConfigSchema, identityOptionsFrom, type IdentityOptions } from './options';

/**
 * One slice of the identity service: its routes, read models and start-up work. Slices share the
 * context (users, tokens, sessions, codes, mailer) and are composed below.
 */
export interface IdentitySlice {
  router: Router;
  collections?: CollectionSpec[];
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/** Identity and access: accounts, sessions, passwords, Google sign-in, roles, team users, API keys. */
export function createIdentityService(overrides: Partial<IdentityOptions> = {}): ServiceModule {
  const options = defaultIdentityOptions(overrides);
  return {
    name: 'identity',
    create(deps) {
      const tokens = createAccessTokens({ pool: deps.pool, schema: deps.schema, issuer: options.issuer, audience: options.audience, ttlSeconds: options.accessTokenTtlSeconds });
      const base = {
        deps,
        options,
        tokens,
        users: createUserDirectory(deps),
        sessions: createSessions(deps, { ttlDays: options.sessionTtlDays }),
        codes: createOneTimeCodes(deps),
        mailer: createMailer(options),
      };
      const tenants = tenantsSlice(base);
      const apiKeys = apiKeysSlice({ ...base, tenancy: tenants.tenancy });
      const ctx: IdentityContext = { ...base, tenancy: tenants.tenancy, apiKeyVerifier: apiKeys.verifier };
      const slices: IdentitySlice[] = [accountsSlice(ctx), googleSlice(ctx), tenants, apiKeys];
      const router = Router();
      for (const slice of slices) router.use(slice.router);
      return {
        name: 'identity',
        router,
        collections: [users, credentials, sessions, oobCodes, ...slices.flatMap((slice) => slice.collections ?? [])],
        verifiers: [tokens.verifier(), apiKeys.verifier],
        async start() {
          await migrateUnderLock(deps.pool, deps.schema, usersMigrations(deps.schema));
          await tokens.init();
          for (const slice of slices) await slice.start?.();
        },
        async stop() {
          for (const slice of slices) await slice.stop?.();
        },
      };
    },
  };
}

/** The identity service on its defaults (specs and the distributed main override them). */
export const identityService: ServiceModule = createIdentityService();

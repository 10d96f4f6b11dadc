import { Router } from 'express';
import { createAccountGenerations, loadDataKeys, type CollectionSpec, type ServiceModule } from '@seatside/chassis';
import { accountsSlice } from './accounts';
import { adminSlice } from './admin';
import { outOfBand, type OutOfBand } from './accounts/later';
import { apiKeysSlice } from './apikeys';
import { apiKeyGeneration } from './apikeys/verifier';
import { requestLogsSlice } from './request-logs';
import { latestOobCodes, oobCodes, createOneTimeCodes } from './codes';
import type { IdentityContext } from './context';
import { googleSlice } from './google';
import { createMailer } from './mail';
import { requestedMailsSlice } from './mail/requested';
import { defaultIdentityOptions, type IdentityOverrides } from './options';
import { createSessions, rotatedSessions, sessions } from './sessions';
import { tenantsSlice } from './tenants';
import { createAccessTokens } from './tokens';
import { createUserDirectory } from './users/directory';
import { identityMigrations } from './migrations';
import { credentials, generationOf, users } from './users/projections';
import { identityApi } from './openapi';
import { identityPublications } from './published';

export { defaultIdentityOptions, identityConfigSchema, identityOptionsFrom, type IdentityOptions, type IdentityOverrides } from './options';

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
export function createIdentityService(overrides: IdentityOverrides = {}, hooks: { later?: OutOfBand } = {}): ServiceModule {
  const options = defaultIdentityOptions(overrides);
  return {
    name: 'identity',
    publications: identityPublications,
    migrations: identityMigrations,
    api: identityApi,
    create(deps) {
      const directory = createUserDirectory(deps);
      // The read model is the authority here; the kv store tells the other processes (chassis auth/generations.ts).
      const generations = createAccountGenerations(deps.kv, { fallback: async (uid) => (await apiKeyGeneration(deps.readModels, uid)) ?? generationOf(await directory.get(uid)) });
      const tokens = createAccessTokens({
        pool: deps.pool, schema: deps.schema, issuer: options.issuer, audience: options.audience, ttlSeconds: options.accessTokenTtlSeconds, generations,
        dataKeys: () => loadDataKeys({ configured: options.dataEncryptionKey, dataDir: options.dataDir }),
      });
      const base = {
        deps,
        options,
        tokens,
        generations,
        users: directory,
        sessions: createSessions(deps, { ttlDays: options.sessionTtlDays, reuseGraceMs: options.refreshReuseGraceMs }),
        codes: createOneTimeCodes(deps),
        mailer: createMailer(options),
        later: hooks.later ?? outOfBand(deps.logger),
      };
      const tenants = tenantsSlice(base);
      const apiKeys = apiKeysSlice({ ...base, tenancy: tenants.tenancy });
      const ctx: IdentityContext = { ...base, tenancy: tenants.tenancy, apiKeyVerifier: apiKeys.verifier };
      const slices: IdentitySlice[] = [accountsSlice(ctx), googleSlice(ctx), tenants, apiKeys, requestLogsSlice(ctx), adminSlice(ctx), requestedMailsSlice(ctx)];
      const router = Router();
      for (const slice of slices) router.use(slice.router);
      return {
        name: 'identity',
        router,
        collections: [users, credentials, sessions, rotatedSessions, oobCodes, latestOobCodes, ...slices.flatMap((slice) => slice.collections ?? [])],
        verifiers: [tokens.verifier(), apiKeys.verifier],
        async start() {
          await tokens.init();
          for (const slice of slices) await slice.start?.();
        },
        async stop() {
          for (const slice of slices) await slice.stop?.();
          // Mails under way go out before the service stops.
          await base.later.settled();
          await generations.close();
        },
      };
    },
  };
}

/** The identity service on its defaults (specs and the distributed main override them). */
export const identityService: ServiceModule = createIdentityService();

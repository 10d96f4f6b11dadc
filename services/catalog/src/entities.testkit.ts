import { Router } from 'express';
import { migrateUnderLock, tenantAccess, tenantMemberships, type CollectionSpec, type ServiceDeps, type ServiceModule, type TenantAccess } from '@seatside/chassis';
import type { TestService } from '@seatside/chassis/src/testkit/service';
import { tenantsRouter } from './tenants/http';
import { storefrontVersions, venueLinks } from './storefront/versions';
import { handleHolds, tenants } from './tenants/projections';
import { catalogMigrations } from './migrations';
import { catalogPublications } from './published';
import { catalogUpcasters } from './upcasters';

// For each entity's http.int.spec.ts: the service under test and its callers.

/**
 * The catalog as far as one entity goes: registration (to make merchants) and the entity's router,
 * mounted as src/index.ts mounts them; `migrations` adds the entity's own tables.
 */
export function catalogWith(
  entityRouter: (deps: ServiceDeps, access: TenantAccess) => Router,
  collections: CollectionSpec[],
  migrations: (schema: string) => string[] = () => [],
): ServiceModule {
  return {
    name: 'catalog',
    // As src/index.ts declares them: the numbered migrations (registration claims a handle…), the
    // published stream written with each append, the upcasters.
    migrations: catalogMigrations,
    publications: catalogPublications,
    upcasters: catalogUpcasters,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'catalog-memberships' });
      access.follow();
      const router = Router();
      router.use(tenantsRouter(deps, access), entityRouter(deps, access));
      return {
        name: 'catalog',
        router,
        // The catalog's projections mark the storefront changed in the same transaction.
        collections: [tenants, handleHolds, storefrontVersions, venueLinks, tenantMemberships, ...collections],
        start: () => migrateUnderLock(deps.pool, deps.schema, migrations(deps.schema)),
      };
    },
  };
}

/** Each read of the clock is one second later, so createdAt and updatedAt sort by write order. */
export const ticking = () => {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 10, 22, 12, 0, tick++));
};

/** A user's bearer, or with `tenant` an API key's (one merchant, one mode). */
export const bearerOf = async (svc: TestService, uid: string, tenant?: { collection: string; id: string; testMode: boolean }) =>
  `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;

/** Registers a merchant as `auth` (who becomes its admin); answers its id. */
export const createMerchant = async (svc: TestService, auth: string, handle: string, name = handle) =>
  (await svc.http().post('/v1/merchants/create').set('authorization', auth).send({ name, handle })).body.id as string;

/** The spec's state, read when a call is made (it is set in beforeAll). */
type SpecState = { svc: TestService; alice: string; merchant: string };

/** Calls on one entity's collection routes, as alice on the spec's merchant unless told otherwise. */
export function entityCalls(entity: string, state: () => SpecState) {
  const path = (rest = '', merchantId = state().merchant) => `/v1/merchants/${merchantId}/${entity}${rest}`;
  const create = (body: object, auth = state().alice, merchantId = state().merchant) =>
    state().svc.http().post(path('', merchantId)).set('authorization', auth).send(body);
  const list = (query = '', auth = state().alice, merchantId = state().merchant) =>
    state().svc.http().get(`${path('', merchantId)}${query}`).set('authorization', auth);
  return { path, create, list };
}

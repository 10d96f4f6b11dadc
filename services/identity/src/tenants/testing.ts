import { setTimeout as sleep } from 'node:timers/promises';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createIdentityService } from '../index';
import { createUserDirectory, type UserDirectory } from '../users/directory';
import { TENANTS_SUBSCRIPTION } from './index';
import type { TenantCollection } from './membership';

/** A signed-in user in a spec: `auth` is the Authorization header. */
export type Person = { uid: string; email: string; auth: string };

export interface IdentityWorld {
  svc: TestService;
  users: UserDirectory;
  /** A registered user with a bearer token. */
  person(firstName: string, claims?: Record<string, unknown>): Promise<Person>;
  /** Appends a catalog event as the catalog service would, and waits until identity handled it. */
  catalog(streamId: string, type: string, data: Record<string, unknown>): Promise<void>;
  /** A tenant created in the catalog by `creator`, who is its admin once this resolves. */
  tenant(collection: TenantCollection, id: string, creator: Person, fields?: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

const kindOf: Record<TenantCollection, { stream: string; type: string }> = {
  merchants: { stream: 'merchant', type: 'Merchant' },
  venues: { stream: 'venue', type: 'Venue' },
  apps: { stream: 'app', type: 'App' },
};

export const catalogStream = (collection: TenantCollection, id: string) => `${kindOf[collection].stream}-${id}`;
export const catalogType = (collection: TenantCollection, change: 'Created' | 'Updated' | 'Deleted') => `${kindOf[collection].type}${change}`;

/**
 * The identity service over a fresh schema, with a catalog log to append tenants to. The clock
 * moves a second per reading, so "newest first" is never a tie.
 */
export async function startIdentityWorld(): Promise<IdentityWorld> {
  let tick = Date.parse('2026-11-22T12:00:00.000Z');
  const svc = await startTestService(createIdentityService({ passwordCost: 1 }), { sources: ['catalog'], now: () => new Date((tick += 1000)) });
  const users = createUserDirectory(svc.started.deps);
  let people = 0;

  async function caughtUp(position: number): Promise<void> {
    while ((await svc.started.deps.checkpoints.load(TENANTS_SUBSCRIPTION)) < position) await sleep(10);
  }

  const world: IdentityWorld = {
    svc,
    users,
    async person(firstName, claims = {}) {
      people += 1;
      const email = `${firstName.toLowerCase()}.${people}@example.com`;
      const user = await users.register({ email, passwordHash: null, firstName, lastName: 'Tester', displayName: firstName, provider: 'password', emailVerified: true });
      return { uid: user.id, email, auth: `Bearer ${await svc.tokenFor({ uid: user.id, email, claims })}` };
    },
    async catalog(streamId, type, data) {
      const { lastGlobalPosition } = await svc.sourceLog('catalog').appendToStream(streamId, [{ type, data }], { expectedVersion: 'any' });
      await caughtUp(lastGlobalPosition);
    },
    async tenant(collection, id, creator, fields = {}) {
      await world.catalog(catalogStream(collection, id), catalogType(collection, 'Created'), {
        id, name: `Tenant ${id}`, description: '', handle: id.toLowerCase(), googlePlaceId: '', timeZone: 'America/Los_Angeles',
        branding: { banner: null, icon: null }, createdBy: creator.uid, at: new Date(tick).toISOString(), ...fields,
      });
    },
    stop: () => svc.stop(),
  };
  return world;
}

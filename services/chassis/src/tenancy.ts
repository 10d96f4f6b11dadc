import type { Request } from 'express';
import { coalescedReads } from './coalesce';
import type { Tx } from './db';
import { authorizeTenant, modeOf, requestedMode, type TenantCollection, type TenantNeed, type TenantRole } from './auth/tenant';
import type { Principal } from './auth/types';
import type { StoredEvent } from './eventstore/types';
import type { CollectionSpec, ReadModelStore } from './readmodels/types';
import type { ServiceDeps } from './service';

/**
 * Tenant access in a service other than identity (DESIGN §6): each service keeps its own copy of the
 * memberships, from the identity service's TenantMembershipGranted/Revoked events, and the service
 * that creates a tenant records its creator as admin in the creating transaction.
 */
export const tenantMemberships: CollectionSpec = { name: 'tenant_memberships', filterable: ['uid'] };

export type TenantMembershipDoc = { id: string; collection: TenantCollection; tenantId: string; uid: string; role: TenantRole };

export const membershipId = (collection: string, tenantId: string, uid: string) => `${collection}:${tenantId}:${uid}`;

type MembershipEvent =
  | { type: 'TenantMembershipGranted'; data: { collection: TenantCollection; tenantId: string; uid: string; role: TenantRole } }
  | { type: 'TenantMembershipRevoked'; data: { collection: TenantCollection; tenantId: string; uid: string } };

/** Applies one identity event to the local copy; other events pass by. Idempotent (puts and deletes). */
export async function projectMembership(readModels: ReadModelStore, event: Pick<StoredEvent, 'type' | 'data'>, tx: Tx): Promise<void> {
  const copy = readModels.collection<TenantMembershipDoc>(tenantMemberships, tx);
  const { type, data } = event as MembershipEvent;
  if (type === 'TenantMembershipGranted') {
    await copy.put({ id: membershipId(data.collection, data.tenantId, data.uid), collection: data.collection, tenantId: data.tenantId, uid: data.uid, role: data.role });
  } else if (type === 'TenantMembershipRevoked') {
    await copy.delete(membershipId(data.collection, data.tenantId, data.uid));
  }
}

export interface TenantAccess {
  /** Subscribes to the identity service's memberships; call once in the service's create(). */
  follow(): void;
  /** In the creating transaction: the creator is the new tenant's admin at once. */
  grantCreator(tx: Tx, tenant: { collection: TenantCollection; tenantId: string; uid: string }): Promise<void>;
  /**
   * 401 for anonymous callers, 403 for anyone without the role (or an API key of another tenant or
   * mode, or a sandbox key where `need.changesStorefront`: the rule is authorizeTenant's, for every route).
   * Answers the caller's role in the tenant (an API key acts as its tenant's admin).
   */
  authorize(req: Request, need: TenantNeed): Promise<TenantRole>;
  /**
   * "Authorize with mode": the mode a request works in (requestedMode: `explicit`, else an API key's
   * own, else production), once the caller may work in it with `need`'s role. Answers its testMode.
   */
  authorizeMode(req: Request, need: Omit<TenantNeed, 'mode'>, explicit: boolean | null | undefined): Promise<boolean>;
  /** The same for a caller known otherwise (a GraphQL resolver's context). */
  authorizePrincipal(principal: Principal | undefined, need: TenantNeed): Promise<void>;
  /** The tenants of a collection the caller may read: a user's memberships, or an API key's own tenant. */
  tenantsOf(principal: Principal | undefined, collection: TenantCollection): Promise<string[]>;
}

export function tenantAccess(deps: ServiceDeps, options: { subscription: string }): TenantAccess {
  const copy = () => deps.readModels.collection<TenantMembershipDoc>(tenantMemberships);
  /**
   * A request's membership reads in this service's copy: a route often authorizes twice (its mode,
   * then its action), and within one request the answer cannot change, so the second is the first's.
   * Per service: in the embedded topology one process holds every service's own copy.
   */
  const requestMemberships = new WeakMap<Request, Map<string, Promise<TenantMembershipDoc | null>>>();
  /**
   * Requests of one member waiting at the same moment share one read of the membership, never one
   * sent before they arrived (coalescedReads): each is still authorized by a read of its own time.
   */
  const membershipById = coalescedReads(async (id) => copy().get(id));
  const membershipOf = (principal: Principal | undefined, need: TenantNeed) =>
    principal && !principal.tenant ? membershipById(membershipId(need.collection, need.id, principal.uid)) : Promise.resolve(null);
  return {
    follow() {
      deps.subscribe({ name: options.subscription, source: 'identity', types: ['TenantMembershipGranted', 'TenantMembershipRevoked'], handle: (event, tx) => projectMembership(deps.readModels, event, tx) });
    },
    async grantCreator(tx, { collection, tenantId, uid }) {
      await deps.readModels.collection<TenantMembershipDoc>(tenantMemberships, tx).put({ id: membershipId(collection, tenantId, uid), collection, tenantId, uid, role: 'admin' });
    },
    async authorize(req, need) {
      let reads = requestMemberships.get(req);
      if (!reads) requestMemberships.set(req, (reads = new Map()));
      const key = `${req.principal?.uid ?? ''}\n${membershipId(need.collection, need.id, '')}`;
      let membership = reads.get(key);
      if (!membership) reads.set(key, (membership = membershipOf(req.principal, need)));
      const found = await membership;
      authorizeTenant(req.principal, found, need);
      return found?.role ?? 'admin';
    },
    async authorizeMode(req, need, explicit) {
      const testMode = requestedMode(req, explicit);
      await this.authorize(req, { ...need, mode: modeOf(testMode) });
      return testMode;
    },
    async authorizePrincipal(principal, need) {
      authorizeTenant(principal, await membershipOf(principal, need), need);
    },
    async tenantsOf(principal, collection) {
      if (!principal) return [];
      if (principal.tenant) return principal.tenant.collection === collection ? [principal.tenant.id] : [];
      const page = await copy().find({ filter: { uid: principal.uid }, limit: 1000 });
      return page.data.filter((m) => m.collection === collection).map((m) => m.tenantId);
    },
  };
}

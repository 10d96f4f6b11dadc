import { handleCommand, type EventMetadata, type StoredEvent, type Tx } from '@seatside/chassis';
import type { IdentityContext, Tenancy } from '../context';
import type { IdentitySlice } from '../index';
import { projectTenant, TENANT_EVENT_TYPES, tenantEventOf, tenants } from './catalog';
import { teamUsersRouter, type RunMembership } from './http';
import { membershipDecider, membershipStream } from './membership';
import { memberships, projectMemberships } from './projections';
import { createTenancy } from './tenancy';

/** The catalog subscription's checkpoint name. */
export const TENANTS_SUBSCRIPTION = 'identity-tenants';

/** Tenant memberships (from the catalog's tenant events and team-user commands) and team users. */
export function tenantsSlice(ctx: Omit<IdentityContext, 'tenancy' | 'apiKeyVerifier'>): IdentitySlice & { tenancy: Tenancy } {
  const { deps } = ctx;
  const project = projectMemberships(deps.readModels);
  const run: RunMembership = (collection, tenantId, command, metadata) =>
    handleCommand(deps.eventStore, membershipStream(collection, tenantId), membershipDecider, command, { metadata, inline: [project] });

  /** A tenant's card, and its creator made admin; both idempotent, as redelivery requires. */
  async function onCatalogEvent(stored: StoredEvent, tx: Tx): Promise<void> {
    const event = tenantEventOf(stored);
    if (!event) return;
    await projectTenant(deps.readModels, event, tx);
    if (event.change !== 'Created' || !event.data.createdBy) return;
    const { collection } = event;
    const { id: tenantId, createdBy: uid } = event.data;
    const metadata: EventMetadata = { actorId: uid, causationId: stored.eventId, correlationId: stored.metadata.correlationId, tenantId, tenantCollection: collection };
    await run(collection, tenantId, { type: 'GrantCreatorAdmin', data: { collection, tenantId, uid, at: event.data.at } }, metadata);
  }
  deps.subscribe({ name: TENANTS_SUBSCRIPTION, source: 'catalog', types: TENANT_EVENT_TYPES, gatherMs: 25, handle: onCatalogEvent });

  const tenancy = createTenancy(deps.readModels);
  return {
    router: teamUsersRouter({ ...ctx, tenancy, run }),
    collections: [memberships, tenants],
    tenancy,
  };
}

import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { MembershipEvent, TenantCollection, TenantRole } from './membership';

/** `tenant` is `${collection}:${tenantId}`, one field to filter a tenant's members by. */
export const memberships: CollectionSpec = {
  name: 'memberships',
  sortable: ['createdAt'],
  filterable: ['uid', 'tenant'],
};

export type MembershipDoc = {
  id: string;
  collection: TenantCollection;
  tenantId: string;
  tenant: string;
  uid: string;
  role: TenantRole;
  grantedBy: string;
  createdAt: string;
  updatedAt: string;
};

export const tenantKey = (collection: TenantCollection, tenantId: string) => `${collection}:${tenantId}`;
export const membershipId = (collection: TenantCollection, tenantId: string, uid: string) => `${tenantKey(collection, tenantId)}:${uid}`;

/** Projected in the command's transaction, so an answer's next read sees the change. */
export const projectMemberships =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<MembershipDoc>(memberships, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as MembershipEvent;
      const { collection: tenantCollection, tenantId, uid, at } = event.data;
      const id = membershipId(tenantCollection, tenantId, uid);
      switch (event.type) {
        case 'TenantMembershipGranted': {
          const { role, grantedBy } = event.data;
          const createdAt = (await collection.get(id))?.createdAt ?? at;
          await collection.put({ id, collection: tenantCollection, tenantId, tenant: tenantKey(tenantCollection, tenantId), uid, role, grantedBy, createdAt, updatedAt: at });
          break;
        }
        case 'TenantMembershipRevoked':
          await collection.delete(id);
          break;
      }
    }
  };

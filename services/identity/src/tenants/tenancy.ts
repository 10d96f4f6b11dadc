import { authorizeTenant, type ReadModelStore } from '@seatside/chassis';
import type { TenantCard, Tenancy } from '../context';
import { tenants, type TenantDoc } from './catalog';
import { membershipId, memberships, tenantKey, type MembershipDoc } from './projections';

/** The tenants a user belongs to, and who may act on one: reads of the two read models. */
export function createTenancy(readModels: ReadModelStore): Tenancy {
  const membershipsOf = () => readModels.collection<MembershipDoc>(memberships);
  return {
    async cardsOf(uid) {
      const cards: Awaited<ReturnType<Tenancy['cardsOf']>> = { apps: [], merchants: [], venues: [] };
      const mine = await membershipsOf().find({ filter: { uid }, sort: 'createdAt', order: 'asc', limit: 1000 });
      for (const membership of mine.data) {
        const tenant = await readModels.collection<TenantDoc>(tenants).get(tenantKey(membership.collection, membership.tenantId));
        if (!tenant) continue;
        const card: TenantCard = { id: tenant.tenantId, name: tenant.name, description: tenant.description, handle: tenant.handle, branding: tenant.branding, role: membership.role };
        cards[membership.collection].push(card);
      }
      return cards;
    },
    async authorize(principal, need) {
      const membership = principal && !principal.tenant ? await membershipsOf().get(membershipId(need.collection, need.id, principal.uid)) : null;
      authorizeTenant(principal, membership, need);
    },
  };
}

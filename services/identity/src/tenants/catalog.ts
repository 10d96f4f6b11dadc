import type { CollectionSpec, ReadModelStore, StoredEvent, Tx } from '@seatside/chassis';
import type { TenantCollection } from './membership';
import { tenantKey } from './projections';

/**
 * The catalog service's tenant events, as far as identity reads them: streams `merchant-{id}`,
 * `venue-{id}`, `app-{id}`; types `MerchantCreated`, `VenueUpdated`, `AppDeleted` and so on.
 */
type Branding = { banner: string | null; icon: string | null };
type TenantFields = { name: string; description: string; handle: string; branding: Branding };
export type TenantCreated = TenantFields & { id: string; googlePlaceId?: string; timeZone?: string; createdBy: string; at: string };
export type TenantUpdated = Partial<Omit<TenantFields, 'branding'>> & { id: string; branding?: Partial<Branding>; at: string };
export type TenantDeleted = { id: string; at: string };

export type CatalogTenantEvent =
  | { change: 'Created'; collection: TenantCollection; data: TenantCreated }
  | { change: 'Updated'; collection: TenantCollection; data: TenantUpdated }
  | { change: 'Deleted'; collection: TenantCollection; data: TenantDeleted };

const collectionOfKind: Record<string, TenantCollection> = { Merchant: 'merchants', Venue: 'venues', App: 'apps' };

/** A catalog event about a tenant, or undefined for the catalog's other events. */
/** The catalog event types tenantEventOf reads. */
export const TENANT_EVENT_TYPES = ['Merchant', 'Venue', 'App'].flatMap((kind) => ['Created', 'Updated', 'Deleted'].map((change) => `${kind}${change}`));

export function tenantEventOf(event: Pick<StoredEvent, 'type' | 'data'>): CatalogTenantEvent | undefined {
  const [, kind = '', change] = /^(Merchant|Venue|App)(Created|Updated|Deleted)$/.exec(event.type) ?? [];
  const collection = collectionOfKind[kind];
  return collection ? ({ change, collection, data: event.data } as CatalogTenantEvent) : undefined;
}

/** What a tenant card shows (/account, GET /v1/auth/me), kept from the catalog's events. */
export const tenants: CollectionSpec = { name: 'tenants' };

export type TenantDoc = TenantFields & { id: string; collection: TenantCollection; tenantId: string; createdBy: string; createdAt: string; updatedAt: string };

const brandingOf = (branding: Partial<Branding> | undefined, base: Branding = { banner: null, icon: null }): Branding => ({
  banner: branding?.banner !== undefined ? branding.banner : base.banner,
  icon: branding?.icon !== undefined ? branding.icon : base.icon,
});

/** Applies one catalog event to the tenants read model; idempotent, so a redelivery changes nothing. */
export async function projectTenant(readModels: ReadModelStore, event: CatalogTenantEvent, tx: Tx): Promise<void> {
  const cards = readModels.collection<TenantDoc>(tenants, tx);
  const id = tenantKey(event.collection, event.data.id);
  switch (event.change) {
    case 'Created': {
      const { name, description, handle, branding, createdBy, at } = event.data;
      await cards.put({
        id, collection: event.collection, tenantId: event.data.id, name: name ?? '', description: description ?? '', handle: handle ?? '',
        branding: brandingOf(branding), createdBy: createdBy ?? '', createdAt: at, updatedAt: at,
      });
      break;
    }
    case 'Updated': {
      const current = await cards.get(id);
      if (!current) break;
      const { name, description, handle, branding, at } = event.data;
      await cards.patch(id, {
        ...(name !== undefined ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(handle !== undefined ? { handle } : {}),
        ...(branding !== undefined ? { branding: brandingOf(branding, current.branding) } : {}),
        updatedAt: at,
      });
      break;
    }
    case 'Deleted':
      await cards.delete(id);
      break;
  }
}

import { DomainError, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore } from '@seatside/chassis';
import { collectionOfEvent, tenantMessages, type TenantCollection, type TenantFields } from './tenant';

export const tenants: CollectionSpec = { name: 'tenants', filterable: ['collection', 'handle'], sortable: ['createdAt'] };

export type TenantDoc = Omit<TenantFields, 'at'> & { collection: TenantCollection; createdAt: string; updatedAt: string };

/** One row per handle, owned by `{collection}/{id}`: handles are unique across merchants, venues and apps. */
export const handleClaims = (schema: string) => uniqueClaims(schema, 'handle_claims');
export const handleOwner = (collection: TenantCollection, id: string) => `${collection}/${id}`;

export const projectTenants =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<TenantDoc>(tenants, tx);
    for (const stored of events) {
      const collection = collectionOfEvent(stored.type);
      if (!collection) continue;
      const { at, ...fields } = stored.data as TenantFields;
      if (!(await handleClaims(schema).claim(tx, fields.handle, handleOwner(collection, fields.id)))) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
      await docs.put({ ...fields, collection, createdAt: at, updatedAt: at });
    }
  };

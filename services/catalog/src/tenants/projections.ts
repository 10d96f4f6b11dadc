import { DomainError, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore } from '@seatside/chassis';
import { brandingOf, type Branding } from './branding';
import { checkoutOptionsView, defaultCheckoutOptions, type CheckoutOptions } from './checkout-options';
import { collectionOfEvent, collectionOfUpdate, tenantMessages, type CheckoutOptionsChanged, type TenantCollection, type TenantFields, type TenantUpdated } from './tenant';

export const tenants: CollectionSpec = { name: 'tenants', filterable: ['collection', 'handle'], sortable: ['createdAt'] };

export type TenantDoc = Omit<TenantFields, 'at'> & { collection: TenantCollection; createdAt: string; updatedAt: string; checkoutOptions?: CheckoutOptions };

/** What `GET /v1/{collection}/{id}` answers: the tenant document, every brand key present. */
export type Tenant = Pick<TenantDoc, 'id' | 'name' | 'description' | 'handle' | 'googlePlaceId' | 'timeZone' | 'createdAt' | 'updatedAt'> & {
  branding: Branding;
  /** Merchants only: how diners may order and pay, money in major units. */
  checkoutOptions?: ReturnType<typeof checkoutOptionsView>;
};

export const tenantOf = (doc: TenantDoc): Tenant => ({
  id: doc.id,
  name: doc.name,
  description: doc.description,
  handle: doc.handle,
  googlePlaceId: doc.googlePlaceId,
  timeZone: doc.timeZone,
  branding: brandingOf(doc.branding),
  ...(doc.collection === 'merchants' ? { checkoutOptions: checkoutOptionsView(doc.checkoutOptions ?? defaultCheckoutOptions()) } : {}),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** One row per handle, owned by `{collection}/{id}`: handles are unique across merchants, venues and apps. */
export const handleClaims = (schema: string) => uniqueClaims(schema, 'handle_claims');
export const handleOwner = (collection: TenantCollection, id: string) => `${collection}/${id}`;

export const projectTenants =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<TenantDoc>(tenants, tx);
    for (const stored of events) {
      if (stored.type === 'CheckoutOptionsChanged') {
        const { merchantId, checkoutOptions, at } = stored.data as CheckoutOptionsChanged;
        await docs.patch(merchantId, { checkoutOptions, updatedAt: at });
        continue;
      }
      if (collectionOfUpdate(stored.type)) {
        const { id, branding, at } = stored.data as TenantUpdated;
        const current = await docs.get(id);
        if (current) await docs.patch(id, { ...(branding ? { branding: brandingOf(current.branding, branding) } : {}), updatedAt: at });
        continue;
      }
      const collection = collectionOfEvent(stored.type);
      if (!collection) continue;
      const { at, ...fields } = stored.data as TenantFields;
      if (!(await handleClaims(schema).claim(tx, fields.handle, handleOwner(collection, fields.id)))) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
      await docs.put({ ...fields, collection, createdAt: at, updatedAt: at });
    }
  };

import { DomainError, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore } from '@seatside/chassis';
import { brandingOf, type Branding } from './branding';
import { checkoutOptionsView, defaultCheckoutOptions, type CheckoutOptions } from './checkout-options';
import { touchStorefront } from '../storefront/versions';
import { settingsView, type TenantSettings } from './settings';
import { collectionOfEvent, collectionOfUpdate, tenantMessages, type CheckoutOptionsChanged, type TenantCollection, type TenantFields, type TenantUpdated } from './tenant';

export const tenants: CollectionSpec = { name: 'tenants', filterable: ['collection', 'handle'], sortable: ['createdAt', 'name', 'handle'], searchable: ['name', 'handle'] };

export type TenantDoc = Omit<TenantFields, 'at'> &
  TenantSettings & { collection: TenantCollection; createdAt: string; updatedAt: string; checkoutOptions?: CheckoutOptions; plan?: 'free' | 'pro' };

/** What `GET /v1/{collection}/{id}` answers: the tenant document, every brand key and settings section present. */
export type Tenant = Pick<TenantDoc, 'id' | 'name' | 'description' | 'handle' | 'googlePlaceId' | 'timeZone' | 'createdAt' | 'updatedAt'> &
  ReturnType<typeof settingsView> & {
  branding: Branding;
  /** Set by platform admins (`POST /v1/admin/{collection}/{id}/plan`); absent means free. */
  plan?: 'free' | 'pro';
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
  ...settingsView(doc),
  branding: brandingOf(doc.branding),
  ...(doc.plan ? { plan: doc.plan } : {}),
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
        await touchStorefront(readModels, tx, stored, merchantId);
        continue;
      }
      if (collectionOfUpdate(stored.type)) {
        const { id, branding, source: _source, by: _by, at, ...settings } = stored.data as TenantUpdated;
        const current = await docs.get(id);
        if (!current) continue;
        await docs.patch(id, { ...settings, ...(branding ? { branding: brandingOf(current.branding, branding) } : {}), updatedAt: at });
        await touchStorefront(readModels, tx, stored, id);
        continue;
      }
      const collection = collectionOfEvent(stored.type);
      if (!collection) continue;
      const { at, ...fields } = stored.data as TenantFields;
      if (!(await handleClaims(schema).claim(tx, fields.handle, handleOwner(collection, fields.id)))) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
      await docs.put({ ...fields, collection, createdAt: at, updatedAt: at });
      await touchStorefront(readModels, tx, stored, fields.id);
    }
  };

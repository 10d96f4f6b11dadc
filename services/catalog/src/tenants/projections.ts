import { DomainError, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore, type Tx } from '@seatside/chassis';
import { brandingOf, type Branding } from './branding';
import { checkoutOptionsView, defaultCheckoutOptions, type CheckoutOptions } from './checkout-options';
import { touchLinkedVenues, touchStorefront } from '../storefront/versions';
import { settingsView, type TenantSettings } from './settings';
import {
  collectionOfDelete, collectionOfEvent, collectionOfUpdate, HANDLE_HOLD_DAYS, tenantMessages,
  type CheckoutOptionsChanged, type DomainVerification, type TenantCollection, type TenantDeleted, type TenantFields, type TenantUpdated,
} from './tenant';

export const tenants: CollectionSpec = { name: 'tenants', filterable: ['collection', 'handle'], sortable: ['createdAt', 'name', 'handle'], searchable: ['name', 'handle'] };

export type TenantDoc = Omit<TenantFields, 'at'> &
  TenantSettings & {
    collection: TenantCollection;
    createdAt: string;
    updatedAt: string;
    checkoutOptions?: CheckoutOptions;
    /** 'free' | 'pro', set by a platform admin; absent = free (fonts/catalogue.ts planOf). */
    plan?: 'free' | 'pro';
    domain?: string;
    domainVerification?: DomainVerification | null;
    /** The tenant stream's version (its ETag, If-Match); absent on a document not written since it was added. */
    version?: number;
  };

/**
 * A handle a tenant gave up (changed or deleted): still claimed by it until `until`, so its page
 * redirects to the new handle meanwhile and nobody else takes it; then it is free.
 */
export type HandleHold = { id: string; owner: string; tenantId: string; until: string };
export const handleHolds: CollectionSpec = { name: 'handle_holds' };

/** One row per custom domain, owned by `{collection}/{id}`. */
export const domainClaims = (schema: string) => uniqueClaims(schema, 'domain_claims');

const holdUntil = (at: string) => new Date(Date.parse(at) + HANDLE_HOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** Claims a handle for `owner`, taking it over from a tenant whose hold on it ended by `at`. */
async function claimHandle(readModels: ReadModelStore, tx: Tx, schema: string, handle: string, owner: string, at: string): Promise<boolean> {
  const claims = handleClaims(schema);
  const holds = readModels.collection<HandleHold>(handleHolds, tx);
  if (await claims.claim(tx, handle, owner)) {
    await holds.delete(handle);
    return true;
  }
  const hold = await holds.get(handle);
  if (!hold || hold.until > at) return false;
  await claims.release(tx, handle, hold.owner);
  await holds.delete(handle);
  return claims.claim(tx, handle, owner);
}

/** What `GET /v1/{collection}/{id}` answers: the tenant document, every brand key and settings section present. */
export type Tenant = Pick<TenantDoc, 'id' | 'name' | 'description' | 'handle' | 'googlePlaceId' | 'timeZone' | 'createdAt' | 'updatedAt'> &
  ReturnType<typeof settingsView> & {
  branding: Branding;
  /** 'free' or 'pro' (absent = free): which fonts the tenant may choose. */
  plan: 'free' | 'pro';
  /** A custom domain, '' when none. */
  domain: string;
  /** Merchants only: how diners may order and pay, money in major units. */
  checkoutOptions?: ReturnType<typeof checkoutOptionsView>;
  /** Venues only (seed 002 §3): the linked merchants' ids, in the venue's order. */
  merchants?: string[];
  /** The tenant stream's version, sent as the ETag: the settings screens send it back as If-Match. */
  version?: number;
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
  plan: doc.plan === 'pro' ? 'pro' : 'free',
  domain: doc.domain ?? '',
  ...(doc.collection === 'merchants' ? { checkoutOptions: checkoutOptionsView(doc.checkoutOptions ?? defaultCheckoutOptions()) } : {}),
  ...(doc.collection === 'venues' ? { merchants: ((doc as { merchants?: string[] }).merchants ?? []) } : {}),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  ...(doc.version !== undefined ? { version: doc.version } : {}),
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
        await docs.patch(merchantId, { checkoutOptions, updatedAt: at, version: stored.streamVersion });
        await touchStorefront(readModels, tx, stored, merchantId);
        continue;
      }
      const deleted = collectionOfDelete(stored.type);
      if (deleted) {
        const { id, handle, at } = stored.data as TenantDeleted;
        await readModels.collection<HandleHold>(handleHolds, tx).put({ id: handle, owner: handleOwner(deleted, id), tenantId: id, until: holdUntil(at) });
        const current = await docs.get(id);
        if (current?.domain) await domainClaims(schema).release(tx, current.domain, handleOwner(deleted, id));
        await docs.delete(id);
        await touchStorefront(readModels, tx, stored, id);
        if (deleted === 'merchants') await touchLinkedVenues(readModels, tx, stored, id);
        continue;
      }
      const updated = collectionOfUpdate(stored.type);
      if (updated) {
        const { id, branding, source: _source, by: _by, at, previousHandle, ...settings } = stored.data as TenantUpdated;
        const current = await docs.get(id);
        if (!current) continue;
        const owner = handleOwner(updated, id);
        if (settings.handle) {
          if (!(await claimHandle(readModels, tx, schema, settings.handle, owner, at))) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
          if (previousHandle) await readModels.collection<HandleHold>(handleHolds, tx).put({ id: previousHandle, owner, tenantId: id, until: holdUntil(at) });
        }
        if (settings.domain !== undefined && settings.domain !== current.domain) {
          if (current.domain) await domainClaims(schema).release(tx, current.domain, owner);
          if (settings.domain && !(await domainClaims(schema).claim(tx, settings.domain, owner))) throw new DomainError('Conflict', tenantMessages.domainTaken, { domain: tenantMessages.domainTaken });
        }
        await docs.patch(id, { ...settings, ...(branding ? { branding: brandingOf(current.branding, branding) } : {}), updatedAt: at, version: stored.streamVersion });
        await touchStorefront(readModels, tx, stored, id);
        if (updated === 'merchants') await touchLinkedVenues(readModels, tx, stored, id);
        continue;
      }
      const collection = collectionOfEvent(stored.type);
      if (!collection) continue;
      const { at, ...fields } = stored.data as TenantFields;
      if (!(await claimHandle(readModels, tx, schema, fields.handle, handleOwner(collection, fields.id), at))) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
      await docs.put({ ...fields, collection, createdAt: at, updatedAt: at, version: stored.streamVersion });
      await touchStorefront(readModels, tx, stored, fields.id);
    }
  };

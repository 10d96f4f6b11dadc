import type { CollectionSpec, InlineProjection, ReadModelStore, ServiceDeps } from '@seatside/chassis';
import { tenants, type TenantDoc } from '../tenants/projections';
import { touchStorefront, venueLinks, type VenueLinkDoc } from '../storefront/versions';
import type { LinkEvent } from './links';

/** A venue's pending link request to one merchant, for the merchant's admins to answer. */
export type LinkRequestDoc = { id: string; venueId: string; merchantId: string; requestedBy: string; requestedAt: string };
export const linkRequests: CollectionSpec = { name: 'venue_link_requests', filterable: ['merchantId', 'venueId'], sortable: ['requestedAt'] };
export const linkRequestId = (venueId: string, merchantId: string) => `${venueId}:${merchantId}`;

/** The venue's tenant document carries `merchants` (seed 002 §3 Venue: ids of the linked merchants, in order). */
export type VenueDoc = TenantDoc & { merchants?: string[] };

const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

/** The venue's linked merchants that still exist, in the venue's order. */
export async function linkedMerchants(deps: Pick<ServiceDeps, 'readModels'>, venue: VenueDoc): Promise<TenantDoc[]> {
  const ids = venue.merchants ?? [];
  if (ids.length === 0) return [];
  const found = new Map((await deps.readModels.collection<TenantDoc>(tenants).getMany(ids)).filter((d) => d.collection === 'merchants').map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const doc = found.get(id);
    return doc ? [doc] : [];
  });
}

/** Inline: the venue document's `merchants` and the pending requests, in the command's transaction. */
export const projectLinks =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const venues = readModels.collection<VenueDoc>(tenants, tx);
    const requests = readModels.collection<LinkRequestDoc>(linkRequests, tx);
    const links = readModels.collection<VenueLinkDoc>(venueLinks, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as LinkEvent;
      const { venueId } = event.data;
      const venue = await venues.get(venueId);
      const merchants = venue?.merchants ?? [];
      const at = event.data.at;
      switch (event.type) {
        case 'VenueMerchantLinked':
          await venues.patch(venueId, { merchants: [...without(merchants, event.data.merchantId), event.data.merchantId], updatedAt: at });
          await requests.delete(linkRequestId(venueId, event.data.merchantId));
          await links.put({ id: linkRequestId(venueId, event.data.merchantId), venueId, merchantId: event.data.merchantId });
          break;
        case 'VenueLinkRequested':
          await requests.put({ id: linkRequestId(venueId, event.data.merchantId), venueId, merchantId: event.data.merchantId, requestedBy: event.data.by, requestedAt: at });
          continue;
        case 'VenueLinkDeclined':
          await requests.delete(linkRequestId(venueId, event.data.merchantId));
          continue;
        case 'VenueMerchantUnlinked':
          await requests.delete(linkRequestId(venueId, event.data.merchantId));
          if (!merchants.includes(event.data.merchantId)) continue;
          await links.delete(linkRequestId(venueId, event.data.merchantId));
          await venues.patch(venueId, { merchants: without(merchants, event.data.merchantId), updatedAt: at });
          break;
        case 'VenueMerchantsReordered':
          await venues.patch(venueId, { merchants: event.data.merchantIds, updatedAt: at });
          break;
        default:
          continue;
      }
      // The public venue page lists the linked merchants: its cached document is stale now.
      await touchStorefront(readModels, tx, stored, venueId);
    }
  };

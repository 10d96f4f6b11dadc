import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';
import { catalogV1 } from '@seatside/proto';

/**
 * Which merchants a venue's tags order for: the orders service's copy of each venue's linked
 * merchants (services share events, never tables), from the catalog's published stream:
 * `VenueMerchantsChanged` carries the whole list after each link, unlink or reorder; `VenueDeleted`
 * leaves none. A checkpointed subscription, `orders-venue-links`.
 */
export const venueLinks: CollectionSpec = { name: 'venue_links' };

export const VENUE_LINKS_SUBSCRIPTION = 'orders-venue-links';

export type VenueLinks = {
  /** The venue's id. */
  id: string;
  merchantIds: string[];
  /** The catalog position that last set it: an older, redelivered message changes nothing. */
  position: number;
};

export function followVenueLinks(deps: Pick<ServiceDeps, 'readModels' | 'subscribePublished'>): void {
  deps.subscribePublished({
    name: VENUE_LINKS_SUBSCRIPTION,
    source: 'catalog',
    messages: [catalogV1.VenueMerchantsChangedSchema, catalogV1.VenueDeletedSchema],
    handle: async (message, tx, event) => {
      const links = deps.readModels.collection<VenueLinks>(venueLinks, tx);
      if (((await links.get(message.venueId))?.position ?? 0) >= event.globalPosition) return;
      const merchantIds = message.$typeName === 'seatside.catalog.v1.VenueMerchantsChanged' ? message.merchantIds : [];
      await links.put({ id: message.venueId, merchantIds, position: event.globalPosition });
    },
  });
}

import { publication, published } from '@seatside/chassis';
import { catalogV1, commonV1 } from '@seatside/proto';
import { linkDecider, type LinkEvent, type LinkState } from './links';

/**
 * A venue's links on the catalog's published stream: after every link, unlink or reorder, the whole
 * list of linked merchants in the venue's order (`VenueMerchantsChanged`). Other services learn from
 * it which merchants a venue's tags order for (the orders service's checkout). Requests and declines
 * change no link and publish nothing.
 */
const merchantsChanged = ({ data }: { data: { venueId: string } }, state: LinkState) =>
  published(catalogV1.VenueMerchantsChangedSchema, {
    envelope: { tenantId: data.venueId, testMode: false, tenantCollection: commonV1.TenantCollection.VENUES },
    venueId: data.venueId,
    merchantIds: state.linked,
  });

export const venueLinksPublication = publication<LinkEvent, LinkState>({
  streamPrefix: 'venuelinks-',
  decider: linkDecider,
  map: { VenueMerchantLinked: merchantsChanged, VenueMerchantUnlinked: merchantsChanged, VenueMerchantsReordered: merchantsChanged },
});

import { validationFailed, type ReadModelStore } from '@seatside/chassis';
import type { CheckoutOptions } from '../catalog/checkout-options';
import type { OrderLocation } from '../orders/order';
import { venueLinks, type VenueLinks } from '../tags/venue-links';
import { locationLabel, tagViews, visibleMetadata, type TagView } from '../tags/view';
import { checkoutMessages as m } from './messages';
import type { QuoteRequest } from './request';

/** The tag a request names: `fulfillment.tagId` of a TAG order, else the body's `tagId` (a pickup ordered from a tag). */
export const requestedTagId = (request: Pick<QuoteRequest, 'tagId' | 'fulfillment'>): string | undefined => request.fulfillment.tagId ?? request.tagId;

const refuse = (field: string, message: string) => validationFailed(message, { [field]: message });

/** A tag as checkout reads it: a venue's tag with the merchants that venue links (in its order). */
export type RequestedTag = TagView & { venueMerchantIds?: string[] };

/** The tag a request names, from this service's copies of the tags and of the venues' links; undefined when none is named or known. */
export async function requestedTagOf(readModels: ReadModelStore, request: Pick<QuoteRequest, 'tagId' | 'fulfillment'>): Promise<RequestedTag | undefined> {
  const tagId = requestedTagId(request);
  const tag = tagId ? await readModels.collection<TagView>(tagViews).get(tagId) : undefined;
  if (!tag || tag.collection !== 'venues') return tag ?? undefined;
  const links = await readModels.collection<VenueLinks>(venueLinks).get(tag.tenantId);
  return { ...tag, venueMerchantIds: links?.merchantIds ?? [] };
}

/** Whether a tag takes orders for the merchant: its own, or a tag of a venue that links the merchant. */
const ordersFor = (tag: RequestedTag, merchantId: string) =>
  tag.collection === 'merchants' ? tag.tenantId === merchantId : tag.collection === 'venues' && (tag.venueMerchantIds ?? []).includes(merchantId);

/**
 * Where a tag order goes (seed 002 §2–§3, issue 27): the tag's visible metadata as the merchant set
 * it, or, with `enableTagMetadataEdit`, with the values the diner corrected (a seat moved; only the
 * tag's own keys, the tag itself is not changed). A venue's tag orders for the merchants the venue
 * links (a stand at the arena delivers to the arena's seats). Refusals, each on the field that names
 * the tag: a TAG order without a tag; a tag unknown or deleted; another merchant's tag, a tag of a
 * venue that does not link the merchant, or the other mode's. An order without a tag has no location.
 */
export function tagLocationOf(
  options: CheckoutOptions,
  request: Pick<QuoteRequest, 'tagId' | 'fulfillment' | 'testMode'>,
  merchantId: string,
  tag: RequestedTag | undefined,
): OrderLocation | undefined {
  const tagId = requestedTagId(request);
  const field = request.fulfillment.tagId !== undefined || request.fulfillment.type === 'TAG' ? 'fulfillment.tagId' : 'tagId';
  if (!tagId) {
    if (request.fulfillment.type === 'TAG') throw refuse(field, m.tagRequired);
    return undefined;
  }
  if (!tag || tag.deleted) throw refuse(field, m.tagNotFound);
  if (!ordersFor(tag, merchantId) || tag.testMode !== (request.testMode ?? false)) throw refuse(field, m.tagOfAnotherStore);
  let metadata = visibleMetadata(tag);
  const edits = request.fulfillment.type === 'TAG' && options.enableTagMetadataEdit ? request.fulfillment.metadata : undefined;
  if (edits) {
    const sent = new Map(edits.map(({ key, value }) => [key.trim().toLowerCase(), value.trim()]));
    metadata = metadata.map(({ key, value }) => ({ key, value: sent.get(key.trim().toLowerCase()) || value }));
  }
  return { tagId: tag.id, tagCode: tag.code, name: locationLabel(metadata), metadata };
}

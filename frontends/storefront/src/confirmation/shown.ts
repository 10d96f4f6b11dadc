import type { OrderStatus } from '../domain/types';

/** What the diner's page shows of an order: the placement's answer, a status read or a live update. */
export type Shown = Pick<OrderStatus, 'orderCode' | 'status' | 'billingSummary'> &
  Partial<Pick<OrderStatus, 'lineItems' | 'fulfillment' | 'location' | 'estimatedReadyAt' | 'version' | 'updatedAt'>>;

/**
 * The view to show when `next` arrives while `known` is shown. A live update and a status read may
 * cross on the way (a read answered before the merchant accepted lands after the update that says
 * ACCEPTED): the order stream's `version` decides, so an older answer never replaces a newer one.
 * The same version again (a redelivery, or a read after an update) replaces it: a read brings the
 * estimate a live update does not carry. The known fulfillment and location are kept when the next view has none.
 */
export function newerShown(known: Shown | null, next: Shown): Shown {
  if (!known) return next;
  if ((next.version ?? 0) < (known.version ?? 0)) return known;
  return {
    ...next,
    ...(known.fulfillment && !next.fulfillment ? { fulfillment: known.fulfillment } : {}),
    ...(known.location && !next.location ? { location: known.location } : {}),
  };
}

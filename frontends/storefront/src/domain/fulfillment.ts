import type { CartTag } from '../cart/store';
import type { FulfillmentType, PickupMethod, PublicCheckoutOptions } from './types';

/**
 * What a store offers a diner: its fulfillment types and pickup methods. The menu page reads it on a
 * first visit (ordering ahead needs PICKUP), so it stays apart from the checkout's form (form.ts).
 */
export const FULFILLMENT_TYPES: FulfillmentType[] = ['TAG', 'DELIVERY', 'PICKUP', 'SELF_CHECKOUT'];
export const PICKUP_METHODS: PickupMethod[] = ['COUNTER', 'TABLE', 'CURBSIDE', 'DRIVE_THROUGH'];

/**
 * The fulfillment types a store offers, in a fixed order. A document without the flags gets the
 * orders service's default (docs/orders-api.md: PICKUP at the COUNTER). TAG ('Deliver to Section
 * 104 · Seat 2C') only for a diner who came through a tag.
 */
export function enabledTypes(options: PublicCheckoutOptions, tag: CartTag | null = null): FulfillmentType[] {
  const on = FULFILLMENT_TYPES.filter((t) => options.fulfillmentTypes?.[t] && (t !== 'TAG' || tag !== null));
  return on.length > 0 ? on : ['PICKUP'];
}

export function enabledPickupMethods(options: PublicCheckoutOptions): PickupMethod[] {
  const on = PICKUP_METHODS.filter((p) => options.pickupMethods?.[p]);
  return on.length > 0 ? on : ['COUNTER'];
}

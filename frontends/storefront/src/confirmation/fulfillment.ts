import { orderMessages as m } from '../checkout/messages';
import type { Shown } from './shown';

/** What the diner's page says of an order's fulfilment, in the diner's words. */
export interface FulfillmentWords {
  /** The status ('Ready for pickup'; a delivery's 'Ready for delivery'). */
  status: string;
  /** Where it goes: 'Deliver to Section 104 · Seat 2C' for a delivery only. */
  deliverTo?: string;
  /** How it is picked up: 'Pickup · Counter'. */
  pickup?: string;
  /** 'Pickup time: 4:00 AM' when the diner chose one. */
  pickupTime?: string;
  /** 'Ready between 3:29 AM and 3:37 AM', or 'Ready at 4:00 AM' for a chosen time the kitchen keeps. */
  eta?: string;
}

/** A delivery: the staff bring it (to the tag's seat, TAG; to an address, DELIVERY). */
const isDelivery = (type: string | undefined) => type === 'TAG' || type === 'DELIVERY';

/**
 * The one rule for what the status page says of where and when: 'Deliver to …' only for a delivery
 * (a pickup ordered from a tag carries the tag's location, yet nobody brings it: it says how it is
 * picked up), never 'Ready for pickup' for a delivery, and the pickup time the diner chose. `time`
 * formats an ISO instant on the merchant's clock ('4:00 AM').
 */
export function fulfillmentWords(order: Shown, time: (iso: string) => string): FulfillmentWords {
  const fulfillment = order.fulfillment;
  const delivery = isDelivery(fulfillment?.type);
  const status = (delivery ? m.deliveryStatuses[order.status] : undefined) ?? m.statuses[order.status] ?? order.status.charAt(0) + order.status.slice(1).toLowerCase();
  const deliverTo = !delivery
    ? undefined
    : fulfillment?.type === 'TAG'
      ? order.location && m.deliverTo(order.location.name)
      : fulfillment?.address && m.deliverTo([fulfillment.address.line1, fulfillment.address.city].filter(Boolean).join(', '));
  const pickup =
    fulfillment?.type === 'PICKUP' ? [m.fulfillmentTypes.PICKUP, ...(fulfillment.pickupMethod ? [m.pickupMethods[fulfillment.pickupMethod]] : [])].join(' · ') : undefined;
  const estimate = order.estimatedReadyAt;
  const [from, to] = estimate ? [time(estimate.from), time(estimate.to)] : [];
  return {
    status,
    ...(deliverTo ? { deliverTo } : {}),
    ...(pickup ? { pickup } : {}),
    ...(fulfillment?.pickupTime ? { pickupTime: m.pickupTimeIs(time(fulfillment.pickupTime)) } : {}),
    ...(from && to ? { eta: from === to ? m.readyAt(from) : m.readyBetween(from, to) } : {}),
  };
}

import type { Order } from '../orders/api';
import { orderTypeLabel } from '../orders/messages';
import { kitchenMessages as m } from './messages';

/** What a ticket says of where an order goes and when it is for. */
export interface TicketPlace {
  /** How it leaves the kitchen: 'Pickup · Counter', 'Tab · Tess Tab', 'Delivery'; none for a seat delivery (its seat says it). */
  label?: string;
  /** The table or seat it carries: 'Section 104 · Seat 2C'. */
  location?: string;
  /** The pickup time the diner chose (ISO): the order is for then, not now. */
  scheduledFor?: string;
}

const pickupMethodLabel: Record<string, string> = m.pickupMethods;

/**
 * The ticket's words for an order (issue 27): a seat delivery by its seat, a tab's round by its tab's
 * name, a pickup by its method, each with the table or seat it carries, and the chosen pickup time.
 */
export function ticketPlace(order: Pick<Order, 'type' | 'fulfillment' | 'location' | 'tab'>): TicketPlace {
  const type = order.fulfillment.type ?? order.type;
  const method = order.fulfillment.pickupMethod;
  const label =
    type === 'TAG'
      ? order.location
        ? undefined
        : orderTypeLabel.TAG
      : type === 'TAB'
        ? m.tab(order.tab?.name)
        : type === 'PICKUP'
          ? [m.pickup, ...(method ? [pickupMethodLabel[method] ?? method] : [])].join(' · ')
          : orderTypeLabel[type];
  return {
    ...(label ? { label } : {}),
    ...(order.location ? { location: order.location.name } : {}),
    ...(order.fulfillment.pickupTime ? { scheduledFor: order.fulfillment.pickupTime } : {}),
  };
}

/**
 * When the order is due out of the kitchen (ms): its chosen pickup time, else preparation time after
 * it came in. A ticket past it is late; an order for later is not late for having been placed early.
 */
export function dueAt(order: Pick<Order, 'receivedAt' | 'fulfillment'>, preparationTime: number): number {
  const scheduled = order.fulfillment.pickupTime ? Date.parse(order.fulfillment.pickupTime) : NaN;
  return Number.isFinite(scheduled) ? scheduled : Date.parse(order.receivedAt) + preparationTime * 60_000;
}

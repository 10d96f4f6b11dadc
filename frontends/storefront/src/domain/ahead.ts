/**
 * The slot grid every pickup time lies on (preparation, padding, interval on the merchant's clock) and
 * ordering ahead while closed: the menu page reads it on a first visit, so it stays apart from the
 * checkout's `pickupSlots` (slots.ts), which only the checkout loads.
 */
import { minutesTo12Hour, zonedClock } from './clock';
import { openState } from './hours';
import type { HoursEntry } from './types';
import { storefrontMessages as m } from '../messages';

export interface PickupSlot {
  /** The instant, ISO 8601 UTC: what `fulfillment.pickupTime` carries. */
  value: string;
  /** The time on the merchant's clock, '6:45 PM'. */
  label: string;
}

export interface SlotSettings {
  /** Minutes the kitchen needs (checkoutOptions.preparationTime). */
  preparationTime: number;
  /** Extra minutes before the first slot (checkoutOptions.pickUpPaddingTime). */
  pickUpPaddingTime: number;
  /** Minutes between slots (checkoutOptions.pickupTimeSlotsInterval). */
  pickupTimeSlotsInterval: number;
}

export const MINUTE = 60_000;
/** Slots offered at most: a phone's select stays short. */
export const MAX_SLOTS = 16;
/** How far ahead a pickup may be: the orders service refuses a pickup time more than 24 hours away (PICKUP_HORIZON_HOURS). */
const HORIZON_MINUTES = 24 * 60;

const wholeMinutes = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback);
export const intervalOf = (settings: SlotSettings) => wholeMinutes(settings.pickupTimeSlotsInterval, 15) || 15;
export const leadOf = (settings: SlotSettings) => wholeMinutes(settings.preparationTime, 15) + wholeMinutes(settings.pickUpPaddingTime, 0);

/**
 * Ordering ahead while the store is closed: the pickup times of its next opening within the orders
 * service's 24-hour horizon. The first is the preparation and padding after the opening (the kitchen
 * starts when the store opens) and after now, on the slot grid of the merchant's clock; then one every
 * interval while the store stays open (its closing minute included, as the orders service takes it),
 * at most MAX_SLOTS. A slot on a later day of the merchant's clock reads 'Tomorrow, 7:15 AM'. Empty
 * when the store is open now (pickupSlots' case) or does not open within the horizon.
 */
export function orderAheadSlots(settings: SlotSettings, hours: HoursEntry[] | null | undefined, timeZone: string, now: Date): PickupSlot[] {
  const isOpen = (ms: number) => openState(hours, timeZone, new Date(ms)).open;
  if (isOpen(now.getTime())) return [];
  const limit = now.getTime() + HORIZON_MINUTES * MINUTE;
  // The opening: the first minute the store is open, found a quarter of an hour at a time, then to the minute.
  let opens = Math.ceil(now.getTime() / MINUTE) * MINUTE;
  while (opens <= limit && !isOpen(opens)) opens += 15 * MINUTE;
  if (opens > limit) return [];
  while (isOpen(opens - MINUTE)) opens -= MINUTE;
  const interval = intervalOf(settings);
  let at = opens + leadOf(settings) * MINUTE;
  while (zonedClock(new Date(at), timeZone).minutes % interval !== 0) at += MINUTE;
  const today = zonedClock(now, timeZone).weekday;
  const slots: PickupSlot[] = [];
  // Open at the slot, or closing at it (open the minute before).
  for (; at <= limit && (isOpen(at) || isOpen(at - MINUTE)) && slots.length < MAX_SLOTS; at += interval * MINUTE) {
    const clock = zonedClock(new Date(at), timeZone);
    const label = minutesTo12Hour(clock.minutes);
    slots.push({ value: new Date(at).toISOString(), label: clock.weekday === today ? label : m.tomorrowAt(label) });
  }
  return slots;
}

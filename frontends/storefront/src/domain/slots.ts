import { minutesTo12Hour, zonedClock } from './clock';
import { openState, type OpenState } from './hours';
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

const MINUTE = 60_000;
/** Slots offered at most: a phone's select stays short. */
export const MAX_SLOTS = 16;
/** How far ahead a pickup may be: the orders service refuses a pickup time more than 24 hours away (PICKUP_HORIZON_HOURS). */
const HORIZON_MINUTES = 24 * 60;

const wholeMinutes = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback);
const intervalOf = (settings: SlotSettings) => wholeMinutes(settings.pickupTimeSlotsInterval, 15) || 15;
const leadOf = (settings: SlotSettings) => wholeMinutes(settings.preparationTime, 15) + wholeMinutes(settings.pickUpPaddingTime, 0);

/**
 * The pickup times a diner may choose at `now`: the first is at least preparation + padding minutes
 * away, on a multiple of the interval on the merchant's clock (an interval of 15 gives :00, :15, :30,
 * :45), then one every interval, while the store is still open today (until closing time, or local
 * midnight when open all day), at most MAX_SLOTS. Pure: the clock and the store's state come in.
 */
export function pickupSlots(settings: SlotSettings, timeZone: string, now: Date, state: OpenState): PickupSlot[] {
  if (!state.open) return [];
  const interval = intervalOf(settings);
  const lead = leadOf(settings);
  const start = new Date(Math.ceil((now.getTime() + lead * MINUTE) / MINUTE) * MINUTE);
  const nowMinutes = zonedClock(now, timeZone).minutes;
  const startMinutes = zonedClock(start, timeZone).minutes;
  // Minutes are counted from the local midnight of today (now's day): the lead may carry the first
  // slot past midnight, where today's hours no longer run (the orders service checks that day's).
  const dayShift = startMinutes < nowMinutes ? 1440 : 0;
  const startOfDay = startMinutes + dayShift;
  // On the grid of the first slot's day: a multiple of the interval from its midnight.
  const aligned = dayShift + Math.ceil(startMinutes / interval) * interval;
  // Until when the store stays open, in minutes of today: midnight when open all day (the last
  // slot before it), else the closing time, tomorrow's when today's hours run past midnight.
  const closes = state.allDay ? 1440 - 1 : state.closes > state.opens || nowMinutes < state.closes ? state.closes : state.closes + 1440;
  const slots: PickupSlot[] = [];
  for (let minutes = aligned; minutes <= closes && slots.length < MAX_SLOTS; minutes += interval) {
    const at = new Date(start.getTime() + (minutes - startOfDay) * MINUTE);
    slots.push({ value: at.toISOString(), label: minutesTo12Hour(minutes) });
  }
  return slots;
}

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

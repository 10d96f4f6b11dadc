import { minutesTo12Hour, zonedClock } from './clock';
import type { OpenState } from './hours';

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

const wholeMinutes = (value: number, fallback: number) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback);

/**
 * The pickup times a diner may choose at `now`: the first is at least preparation + padding minutes
 * away, on a multiple of the interval on the merchant's clock (an interval of 15 gives :00, :15, :30,
 * :45), then one every interval, while the store is still open today (until closing time, or local
 * midnight when open all day), at most MAX_SLOTS. Pure: the clock and the store's state come in.
 */
export function pickupSlots(settings: SlotSettings, timeZone: string, now: Date, state: OpenState): PickupSlot[] {
  if (!state.open) return [];
  const interval = wholeMinutes(settings.pickupTimeSlotsInterval, 15) || 15;
  const lead = wholeMinutes(settings.preparationTime, 15) + wholeMinutes(settings.pickUpPaddingTime, 0);
  const start = new Date(Math.ceil((now.getTime() + lead * MINUTE) / MINUTE) * MINUTE);
  const startMinutes = zonedClock(start, timeZone).minutes;
  const aligned = Math.ceil(startMinutes / interval) * interval;
  // How long the store stays open after the first slot's day began, in minutes of that day.
  const closes = state.allDay ? 1440 : state.closes > state.opens || startMinutes < state.closes ? state.closes : state.closes + 1440;
  const slots: PickupSlot[] = [];
  for (let minutes = aligned; minutes <= closes && slots.length < MAX_SLOTS; minutes += interval) {
    if (state.allDay && minutes >= 1440) break;
    const at = new Date(start.getTime() + (minutes - startMinutes) * MINUTE);
    slots.push({ value: at.toISOString(), label: minutesTo12Hour(minutes) });
  }
  return slots;
}

import { minutesTo12Hour, zonedClock } from './clock';
import { intervalOf, leadOf, MAX_SLOTS, MINUTE, type PickupSlot, type SlotSettings } from './ahead';
import type { OpenState } from './hours';

export { MAX_SLOTS, orderAheadSlots, type PickupSlot, type SlotSettings } from './ahead';

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

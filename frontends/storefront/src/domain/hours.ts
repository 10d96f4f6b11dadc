import { DAY_NAMES, hhmmToMinutes, minutesTo12Hour, withinWindow, zonedClock, type ZonedClock } from './clock';
import type { HoursEntry, MenuAvailability, StorefrontMenu } from './types';
import { storefrontMessages as m } from '../messages';

/** A day entry's weekday, 0 = Sunday; -1 when it names no day. */
export function weekdayOf(day: HoursEntry['day']): number {
  if (typeof day === 'number') return Number.isInteger(day) && day >= 0 && day <= 6 ? day : -1;
  const name = String(day).trim().toLowerCase();
  return DAY_NAMES.findIndex((d) => name.length >= 3 && d.toLowerCase().startsWith(name));
}

export type OpenState =
  | { open: true; allDay: true }
  | { open: true; allDay: false; opens: number; closes: number }
  | { open: false };

/** Which entry's window covers `clock`: today's, or yesterday's when it runs past midnight. */
function openWindow(hours: HoursEntry[], clock: ZonedClock): OpenState {
  const entriesOf = (weekday: number) => hours.filter((h) => h.isOpen && weekdayOf(h.day) === weekday);
  for (const entry of entriesOf(clock.weekday)) {
    if (entry.openAllDay) return { open: true, allDay: true };
    const opens = hhmmToMinutes(entry.open?.time);
    const closes = hhmmToMinutes(entry.close?.time);
    if (opens === null || closes === null) continue;
    if (opens === closes) return { open: true, allDay: true };
    if (opens < closes ? clock.minutes >= opens && clock.minutes < closes : clock.minutes >= opens) return { open: true, allDay: false, opens, closes };
  }
  const yesterday = (clock.weekday + 6) % 7;
  for (const entry of entriesOf(yesterday)) {
    const opens = hhmmToMinutes(entry.open?.time);
    const closes = hhmmToMinutes(entry.close?.time);
    if (!entry.openAllDay && opens !== null && closes !== null && closes < opens && clock.minutes < closes) return { open: true, allDay: false, opens, closes };
  }
  return { open: false };
}

/**
 * Whether the store is open at `now` in its time zone. A merchant that has set no hours at all is
 * treated as open all day: hours are optional in the settings, and a new store must be able to
 * take orders before anyone fills them in.
 */
export function openState(hours: HoursEntry[] | null | undefined, timeZone: string, now: Date): OpenState {
  if (!hours || hours.length === 0) return { open: true, allDay: true };
  return openWindow(hours, zonedClock(now, timeZone));
}

/** Seed 002 §9: 'Open all day.', 'Open Today: h:mm AM - h:mm PM' or 'Currently closed.'. */
export function hoursText(state: OpenState): string {
  if (!state.open) return m.closed;
  if (state.allDay) return m.openAllDay;
  return m.openToday(minutesTo12Hour(state.opens), minutesTo12Hour(state.closes));
}

/** Whether a menu is available at `now` in the merchant's time zone (all day, or begin–end HHMM). */
export function menuAvailableNow(availability: MenuAvailability | null | undefined, timeZone: string, now: Date): boolean {
  if (!availability || availability.allDayMenu) return true;
  const begin = hhmmToMinutes(availability.begin);
  const end = hhmmToMinutes(availability.end);
  // A window that cannot be read hides nothing: the merchant meant the menu to be seen.
  if (begin === null || end === null) return true;
  return withinWindow(zonedClock(now, timeZone).minutes, begin, end);
}

/**
 * With restrictUPCItemsToMenuTimes, the orders service takes a product only while one of its menus
 * is offered (at the pickup time, or now): the products of `productIds` on no menu offered at `at`.
 */
export function productsOffMenuAt(productIds: readonly string[], menus: readonly Pick<StorefrontMenu, 'availability' | 'products'>[], timeZone: string, at: Date): string[] {
  const offered = new Set(menus.filter((menu) => menuAvailableNow(menu.availability, timeZone, at)).flatMap((menu) => menu.products));
  return productIds.filter((id) => !offered.has(id));
}

/**
 * When the next of `menus` opens after `now` (none open now): today's first later begin, else the
 * earliest begin tomorrow (menu windows repeat daily). Null without any menu with a window.
 */
export function nextMenuOpening(menus: readonly Pick<StorefrontMenu, 'availability'>[], timeZone: string, now: Date): { begin: string; tomorrow: boolean } | null {
  const minutes = zonedClock(now, timeZone).minutes;
  const begins = menus
    .map((menu) => menu.availability)
    .filter((a): a is MenuAvailability => !!a && !a.allDayMenu && hhmmToMinutes(a.begin) !== null)
    .map((a) => ({ begin: a.begin as string, at: hhmmToMinutes(a.begin) as number }))
    .sort((a, b) => a.at - b.at);
  if (begins.length === 0) return null;
  const later = begins.find((b) => b.at > minutes);
  return later ? { begin: later.begin, tomorrow: false } : { begin: begins[0]!.begin, tomorrow: true };
}

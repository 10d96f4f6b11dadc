import { validationFailed, type ReadModelStore } from '@seatside/chassis';
import { DEFAULT_TIME_ZONE, hhmmToMinutes, withinWindow, zonedClock } from '@seatside/rules';
import type { CheckoutOptions } from '../catalog/checkout-options';
import { catalogMenus, type DayHoursView, type MenuView, type MerchantView } from '../catalog/view';
import { checkoutMessages as m } from './messages';
import type { CheckoutRequest } from './request';

/**
 * When a merchant takes orders: its opening hours and menu times, HHMM in its IANA time zone,
 * read on the merchant's clock (never the server's), by `@seatside/rules`' clock, which the
 * storefront reads too.
 */

/** What checkout reads of the merchant's clock. No hours at all is always open (a new store). */
export interface StoreTimes {
  timeZone: string;
  hours: readonly DayHoursView[];
  /** The live menus of the merchant and mode; read only when restrictUPCItemsToMenuTimes is on. */
  menus: readonly MenuView[];
}

export const alwaysOpen = (): StoreTimes => ({ timeZone: DEFAULT_TIME_ZONE, hours: [], menus: [] });

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A day entry's weekday, 0 = Sunday ('Sunday', 'sun' or 0); -1 when it names no day. */
export function weekdayOf(day: DayHoursView['day']): number {
  if (typeof day === 'number') return Number.isInteger(day) && day >= 0 && day <= 6 ? day : -1;
  const name = day.trim().toLowerCase();
  return DAY_NAMES.findIndex((d) => name.length >= 3 && d.startsWith(name));
}

/**
 * Whether the store is open at `at`: today's entry covers the minute (all day, or from open until
 * close; a close not after the open runs past midnight, open === close is all day), or yesterday's
 * runs past midnight into it. A pickup may be at the closing minute (`closingIncluded`: the
 * storefront's last slot is the closing time); an order for now may not (the store shows closed).
 */
export function isOpenAt(times: Pick<StoreTimes, 'timeZone' | 'hours'>, at: Date, closingIncluded = false): boolean {
  if (times.hours.length === 0) return true;
  const { weekday, minutes } = zonedClock(at, times.timeZone);
  const beforeClose = (closes: number) => minutes < closes || (closingIncluded && minutes === closes);
  for (const entry of times.hours) {
    if (!entry.isOpen) continue;
    const day = weekdayOf(entry.day);
    const opens = hhmmToMinutes(entry.open);
    const closes = hhmmToMinutes(entry.close);
    if (day === weekday) {
      if (entry.openAllDay || (opens !== null && opens === closes)) return true;
      if (opens === null || closes === null) continue;
      if (opens < closes ? minutes >= opens && beforeClose(closes) : minutes >= opens) return true;
    } else if (day === (weekday + 6) % 7) {
      if (!entry.openAllDay && opens !== null && closes !== null && closes < opens && beforeClose(closes)) return true;
    }
  }
  return false;
}

/** Minutes between pickup slots, as the storefront reads the setting: 0 or unreadable is 15. */
export const slotInterval = (options: Pick<CheckoutOptions, 'pickupTimeSlotsInterval'>): number =>
  (Number.isFinite(options.pickupTimeSlotsInterval) && options.pickupTimeSlotsInterval >= 0 ? Math.floor(options.pickupTimeSlotsInterval) : 15) || 15;

/**
 * Whether `at` is one of the storefront's pickup slots: a whole minute that is a multiple of the
 * interval on the merchant's clock, counted from the local midnight of the first slot's day (that
 * day, or the one before when slots run past midnight). How soon it may be is checkPickupTime's.
 */
export function isOnSlotGrid(options: Pick<CheckoutOptions, 'pickupTimeSlotsInterval'>, timeZone: string, at: Date): boolean {
  if (at.getTime() % 60_000 !== 0) return false;
  const interval = slotInterval(options);
  const { minutes } = zonedClock(at, timeZone);
  return minutes % interval === 0 || (minutes + 1440) % interval === 0;
}

/** Whether a menu is offered at `minutes` of the merchant's day: all day, or from begin until (not at) end, wrapping past midnight. */
export function menuAvailableAt(availability: MenuView['availability'], minutes: number): boolean {
  if (availability.allDayMenu) return true;
  const begin = hhmmToMinutes(availability.begin);
  const end = hhmmToMinutes(availability.end);
  // A window that cannot be read hides nothing (the storefront shows such a menu).
  if (begin === null || end === null) return true;
  return withinWindow(minutes, begin, end);
}

const refuse = (field: string, message: string) => validationFailed(message, { [field]: message });

/** The chosen pickup time, or undefined for an order as soon as it is ready (any fulfillment). */
export const pickupTimeOf = (fulfillment: CheckoutRequest['fulfillment']) => (fulfillment.type === 'PICKUP' ? fulfillment.pickupTime : undefined);

/**
 * A chosen pickup time lies on the slot grid and within the opening hours of its day; an order for
 * now (no pickup time, delivery, self checkout) needs the store open now.
 */
export function checkOpeningHours(options: CheckoutOptions, times: StoreTimes, fulfillment: CheckoutRequest['fulfillment'], now: Date): void {
  const pickupTime = pickupTimeOf(fulfillment);
  if (pickupTime) {
    const at = new Date(pickupTime);
    if (!isOnSlotGrid(options, times.timeZone, at)) throw refuse('fulfillment.pickupTime', m.pickupTimeNotOnSlot(slotInterval(options)));
    if (!isOpenAt(times, at, true)) throw refuse('fulfillment.pickupTime', m.pickupTimeOutsideHours);
    return;
  }
  if (isOpenAt(times, now)) return;
  throw fulfillment.type === 'PICKUP' ? refuse('fulfillment.pickupTime', m.storeClosedChooseTime) : refuse('fulfillment', m.storeClosed);
}

/**
 * restrictUPCItemsToMenuTimes: every line's product is on a menu offered at the order's time (the
 * pickup time, else now) on the merchant's clock. One error per line that is not.
 */
export function checkMenuTimes(options: CheckoutOptions, times: StoreTimes, request: Pick<CheckoutRequest, 'fulfillment'>, lines: readonly { productId: string }[], now: Date): void {
  if (!options.restrictUPCItemsToMenuTimes) return;
  const pickupTime = pickupTimeOf(request.fulfillment);
  const { minutes } = zonedClock(pickupTime ? new Date(pickupTime) : now, times.timeZone);
  const offered = new Set(times.menus.filter((menu) => menuAvailableAt(menu.availability, minutes)).flatMap((menu) => menu.products));
  const message = pickupTime ? m.productNotOnMenuAtPickup : m.productNotOnMenuNow;
  const errors: Record<string, string> = {};
  for (const [index, line] of lines.entries()) if (!offered.has(line.productId)) errors[`lineItems.${index}.productId`] = message;
  if (Object.keys(errors).length > 0) throw validationFailed(message, errors);
}

/**
 * The merchant's clock for checkout, from its view record; its menus of this mode are read (one
 * query a page) only when restrictUPCItemsToMenuTimes needs them.
 */
export async function storeTimesOf(readModels: ReadModelStore, merchant: MerchantView, testMode: boolean): Promise<StoreTimes> {
  const times = { timeZone: merchant.timeZone || DEFAULT_TIME_ZONE, hours: merchant.hours ?? [], menus: [] as MenuView[] };
  if (!merchant.checkoutOptions.restrictUPCItemsToMenuTimes) return times;
  const collection = readModels.collection<MenuView>(catalogMenus);
  let cursor: string | null = null;
  do {
    const page: { data: MenuView[]; nextCursor: string | null } = await collection.find({ filter: { merchantId: merchant.id, testMode }, limit: 100, ...(cursor ? { cursor } : {}) });
    times.menus.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return times;
}

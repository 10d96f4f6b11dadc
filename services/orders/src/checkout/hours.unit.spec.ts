import { defaultCheckoutOptions, type CheckoutOptions } from '../catalog/checkout-options';
import type { DayHoursView, MenuView } from '../catalog/view';
import { zonedClock } from '@seatside/rules';
import { checkMenuTimes, checkOpeningHours, isOnSlotGrid, isOpenAt, menuAvailableAt, type StoreTimes } from './hours';
import { checkoutMessages as m } from './messages';
import type { CheckoutRequest } from './request';
import { checkoutPricing } from './rules';
import { refusal } from '../testing/refusal';

// 2026-11-22 is a Sunday; New York is on EST (UTC-5) then.
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const noonSundayNY = at('2026-11-22T17:00:00Z');
const day = (d: DayHoursView['day'], open: string | null, close: string | null, extra: Partial<DayHoursView> = {}): DayHoursView => ({ day: d, isOpen: true, openAllDay: false, open, close, ...extra });
const times = (hours: DayHoursView[], menus: MenuView[] = []): StoreTimes => ({ timeZone: NY, hours, menus });
const options = (over: Partial<CheckoutOptions> = {}): CheckoutOptions => ({ ...defaultCheckoutOptions(), ...over });
const pickupAt = (pickupTime: string): CheckoutRequest['fulfillment'] => ({ type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime });
const asap: CheckoutRequest['fulfillment'] = { type: 'PICKUP', pickupMethod: 'COUNTER' };
const menu = (id: string, products: string[], availability: MenuView['availability'] = { allDayMenu: true, begin: null, end: null }): MenuView => ({ id, merchantId: 'm', testMode: false, availability, products });
const lunch = { allDayMenu: false, begin: '1100', end: '1430' } as const;
const accepted = ['none', undefined, undefined];
const onField = (field: string, message: string) => ['ValidationFailed', message, { [field]: message }];

describe("the merchant's clock", () => {
  it('given an instant, then the weekday and minute are read in the merchant time zone; an unknown zone reads as Los Angeles (seed 002 §9)', () => {
    expect(zonedClock(noonSundayNY, NY)).toEqual({ weekday: 0, minutes: 12 * 60 });
    expect(zonedClock(noonSundayNY, 'Asia/Tokyo')).toEqual({ weekday: 1, minutes: 2 * 60 });
    expect(zonedClock(noonSundayNY, 'Nowhere/Else')).toEqual({ weekday: 0, minutes: 9 * 60 });
  });
});

describe('opening hours', () => {
  it('given no hours set, then the store is always open (as the storefront shows it)', () => {
    expect(isOpenAt(times([]), noonSundayNY)).toBe(true);
  });

  it('given today open from 0900 to 1730, then open from the opening minute until (not at) closing; a pickup may be at the closing minute', () => {
    const week = times([day('Sunday', '0900', '1730')]);
    expect([at('2026-11-22T13:59:00Z'), at('2026-11-22T14:00:00Z'), noonSundayNY, at('2026-11-22T22:30:00Z')].map((t) => isOpenAt(week, t))).toEqual([false, true, true, false]);
    expect(isOpenAt(week, at('2026-11-22T22:30:00Z'), true)).toBe(true);
    expect(isOpenAt(week, at('2026-11-22T22:31:00Z'), true)).toBe(false);
  });

  it('given today closed, open all day, or open with equal times, then closed / open / open', () => {
    expect(isOpenAt(times([day('Sunday', '0900', '1730', { isOpen: false })]), noonSundayNY)).toBe(false);
    expect(isOpenAt(times([day('Sunday', null, null, { openAllDay: true })]), noonSundayNY)).toBe(true);
    expect(isOpenAt(times([day('Sunday', '0000', '0000')]), noonSundayNY)).toBe(true);
    expect(isOpenAt(times([day('Monday', '0000', '2359')]), noonSundayNY)).toBe(false);
  });

  it('given hours that run past midnight, then the night after still counts, until closing', () => {
    const late = times([day('Saturday', '1800', '0200')]);
    expect(isOpenAt(late, at('2026-11-22T06:30:00Z'))).toBe(true); // Sunday 1:30 AM
    expect(isOpenAt(late, at('2026-11-22T07:00:00Z'))).toBe(false); // Sunday 2:00 AM, for now
    expect(isOpenAt(late, at('2026-11-22T07:00:00Z'), true)).toBe(true); // … but the last pickup slot
    expect(isOpenAt(late, at('2026-11-22T04:00:00Z'))).toBe(true); // Saturday 11 PM
  });
});

describe('the pickup slot grid', () => {
  it('given an interval of 15, then whole quarter hours on the merchant clock; not a minute or a second off', () => {
    expect(isOnSlotGrid(options(), NY, at('2026-11-22T17:45:00Z'))).toBe(true);
    expect(isOnSlotGrid(options(), NY, at('2026-11-22T17:50:00Z'))).toBe(false);
    expect(isOnSlotGrid(options(), NY, at('2026-11-22T17:45:30Z'))).toBe(false);
  });

  it('given an interval of 30 in Kolkata (UTC+5:30), then the half hours of its clock, not of UTC', () => {
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 30 }), 'Asia/Kolkata', at('2026-11-22T07:30:00Z'))).toBe(true); // 1:00 PM
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 30 }), 'Asia/Kolkata', at('2026-11-22T07:15:00Z'))).toBe(false); // 12:45 PM
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 30 }), 'UTC', at('2026-11-22T07:15:00Z'))).toBe(false);
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 30 }), 'America/St_Johns', at('2026-11-22T07:15:00Z'))).toBe(false); // UTC-3:30: 3:45 AM
  });

  it('given an interval of 0, then 15 (as the storefront reads it); given 25, then the grid of the day before continues past midnight', () => {
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 0 }), NY, at('2026-11-22T17:15:00Z'))).toBe(true);
    // 25-minute slots from midnight: … 11:45 PM, then 12:10 AM, 12:35 AM the next day.
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 25 }), NY, at('2026-11-23T05:10:00Z'))).toBe(true);
    expect(isOnSlotGrid(options({ pickupTimeSlotsInterval: 25 }), NY, at('2026-11-23T05:05:00Z'))).toBe(false);
  });
});

describe('checkOpeningHours', () => {
  const week = times([day('Sunday', '0900', '1730'), day('Monday', '0900', '1730', { isOpen: false })]);

  it('given a pickup slot inside the hours, then accepted; given the closing time itself, then accepted', () => {
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-22T17:45:00Z'), noonSundayNY))).toEqual(accepted);
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-22T22:30:00Z'), noonSundayNY))).toEqual(accepted);
  });

  it('given a pickup time off the grid, then "one of the offered times" on fulfillment.pickupTime', () => {
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-22T17:50:00Z'), noonSundayNY))).toEqual(onField('fulfillment.pickupTime', m.pickupTimeNotOnSlot(15)));
  });

  it('given a slot after closing, or on a closed day, then "within the store\'s opening hours"', () => {
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-22T22:45:00Z'), noonSundayNY))).toEqual(onField('fulfillment.pickupTime', m.pickupTimeOutsideHours));
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-23T15:00:00Z'), noonSundayNY))).toEqual(onField('fulfillment.pickupTime', m.pickupTimeOutsideHours));
  });

  it('given an order for now while closed, then refused: pickup on its time, delivery and self checkout on fulfillment', () => {
    const evening = at('2026-11-23T00:00:00Z'); // Sunday 7 PM
    expect(refusal(() => checkOpeningHours(options(), week, asap, evening))).toEqual(onField('fulfillment.pickupTime', m.storeClosedChooseTime));
    expect(refusal(() => checkOpeningHours(options(), week, { type: 'SELF_CHECKOUT' }, evening))).toEqual(onField('fulfillment', m.storeClosed));
    expect(refusal(() => checkOpeningHours(options(), week, asap, noonSundayNY))).toEqual(accepted);
  });

  it('given a store closed now, when a slot later in its hours is chosen, then accepted; given no hours, then any slot', () => {
    const early = at('2026-11-22T13:00:00Z'); // Sunday 8 AM
    expect(refusal(() => checkOpeningHours(options(), week, pickupAt('2026-11-22T14:15:00Z'), early))).toEqual(accepted);
    expect(refusal(() => checkOpeningHours(options(), times([]), pickupAt('2026-11-23T08:00:00Z'), noonSundayNY))).toEqual(accepted);
  });
});

describe('checkMenuTimes (restrictUPCItemsToMenuTimes)', () => {
  const restricted = options({ restrictUPCItemsToMenuTimes: true });
  const menus = times([], [menu('lunch', ['soup'], lunch), menu('drinks', ['tea'])]);
  const lines = [{ productId: 'soup' }, { productId: 'tea' }, { productId: 'stray' }];

  it('given the setting off (the default), then nothing is checked', () => {
    expect(refusal(() => checkMenuTimes(options(), times([]), { fulfillment: asap }, lines, noonSundayNY))).toEqual(accepted);
  });

  it('given it on, when ordering at noon, then products on a menu offered now pass and the one on none is refused on its line', () => {
    expect(refusal(() => checkMenuTimes(restricted, menus, { fulfillment: asap }, lines, noonSundayNY))).toEqual(onField('lineItems.2.productId', m.productNotOnMenuNow));
  });

  it('given it on, when the pickup time is after lunch, then the lunch product is refused for that time', () => {
    const three = pickupAt('2026-11-22T20:00:00Z'); // 3 PM
    expect(refusal(() => checkMenuTimes(restricted, menus, { fulfillment: three }, lines.slice(0, 2), noonSundayNY))).toEqual(onField('lineItems.0.productId', m.productNotOnMenuAtPickup));
    expect(refusal(() => checkMenuTimes(restricted, menus, { fulfillment: pickupAt('2026-11-22T17:30:00Z') }, lines.slice(0, 2), at('2026-11-22T15:00:00Z')))).toEqual(accepted);
  });

  it('given menu windows, then from begin until (not at) end, wrapping past midnight; unreadable windows hide nothing', () => {
    expect([659, 660, 869, 870].map((minutes) => menuAvailableAt(lunch, minutes))).toEqual([false, true, true, false]);
    expect([1320, 60, 120, 720].map((minutes) => menuAvailableAt({ allDayMenu: false, begin: '2200', end: '0200' }, minutes))).toEqual([true, true, false, false]);
    expect(menuAvailableAt({ allDayMenu: false, begin: null, end: '2400' }, 0)).toBe(true);
  });
});

describe('checkoutPricing with the clock', () => {
  it('given a store closed now, when a pickup order for now comes, then the hours refusal comes after fulfillment and before payment', () => {
    const closed = times([day('Sunday', '1300', '2200')]);
    const request: CheckoutRequest = { lineItems: [{ productId: 'p', quantity: 1, modifiers: [] }], fulfillment: asap, paymentProcessor: 'TBD' };
    expect(refusal(() => checkoutPricing(options(), request, [], undefined, noonSundayNY, closed))).toEqual(onField('fulfillment.pickupTime', m.storeClosedChooseTime));
    expect(refusal(() => checkoutPricing(options(), request, [], undefined, noonSundayNY))[1]).toBe(m.payLaterNotAvailable);
  });
});

import { describe, expect, it } from '@jest/globals';
import { hhmmTo12Hour, zonedClock } from './clock';
import { hoursText, menuAvailableNow, nextMenuOpening, openState, productsOffMenuAt, weekdayOf } from './hours';
import type { HoursEntry } from './types';

// 2026-11-22 is a Sunday; New York is on EST (UTC-5) then.
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const noonSundayNY = at('2026-11-22T17:00:00Z');
const day = (d: HoursEntry['day'], open: string, close: string, extra: Partial<HoursEntry> = {}): HoursEntry => ({
  day: d, isOpen: true, openAllDay: false, open: { time: open }, close: { time: close }, ...extra,
});

describe('the merchant clock', () => {
  it('given an instant, then the weekday and minute are read in the merchant time zone, not the phone one', () => {
    expect(zonedClock(noonSundayNY, NY)).toEqual({ weekday: 0, minutes: 12 * 60 });
    expect(zonedClock(noonSundayNY, 'Asia/Tokyo')).toEqual({ weekday: 1, minutes: 2 * 60 });
    expect(zonedClock(at('2026-07-04T03:30:00Z'), 'America/Los_Angeles')).toEqual({ weekday: 5, minutes: 20 * 60 + 30 });
  });

  it('given HHMM, then it is shown in 12-hour form with AM/PM (seed 001 §3)', () => {
    expect(['0000', '0905', '1200', '1430', '2359', '2400', ''].map(hhmmTo12Hour)).toEqual(['12:00 AM', '9:05 AM', '12:00 PM', '2:30 PM', '11:59 PM', '', '']);
  });

  it('given a day written as a name, a short name or a number, then it is that weekday', () => {
    expect(['Sunday', 'monday', 'Tue', 'SATURDAY', 3, 7, 'Someday', 'Su'].map(weekdayOf)).toEqual([0, 1, 2, 6, 3, -1, -1, -1]);
  });
});

describe('the opening hours text (seed 002 §9)', () => {
  it('given no hours set, then the store is open all day', () => {
    expect(hoursText(openState([], NY, noonSundayNY))).toBe('Open all day.');
    expect(hoursText(openState(undefined, NY, noonSundayNY))).toBe('Open all day.');
  });

  it('given today open 24 hours, then it reads Open all day.', () => {
    expect(hoursText(openState([day('Sunday', '', '', { openAllDay: true })], NY, noonSundayNY))).toBe('Open all day.');
  });

  it('given today open now, then it reads Open Today with the hours in 12-hour form', () => {
    expect(hoursText(openState([day('Sunday', '0900', '1730'), day('Monday', '1000', '1400')], NY, noonSundayNY))).toBe('Open Today: 9:00 AM - 5:30 PM');
  });

  it('given today closed, outside its hours or not listed, then it reads Currently closed.', () => {
    expect(hoursText(openState([day('Sunday', '0900', '1730', { isOpen: false })], NY, noonSundayNY))).toBe('Currently closed.');
    expect(hoursText(openState([day('Sunday', '1300', '2200')], NY, noonSundayNY))).toBe('Currently closed.');
    expect(hoursText(openState([day('Sunday', '0600', '1200')], NY, noonSundayNY))).toBe('Currently closed.');
    expect(hoursText(openState([day('Monday', '0000', '2359')], NY, noonSundayNY))).toBe('Currently closed.');
  });

  it('given hours that run past midnight, then the night after still counts as open', () => {
    const late = [day('Saturday', '1800', '0200')];
    expect(hoursText(openState(late, NY, at('2026-11-22T06:30:00Z')))).toBe('Open Today: 6:00 PM - 2:00 AM'); // Sunday 1:30 AM
    expect(hoursText(openState(late, NY, at('2026-11-22T07:30:00Z')))).toBe('Currently closed.'); // Sunday 2:30 AM
  });
});

describe('which menus are available now', () => {
  it('given an all-day menu, then it is always available', () => {
    expect(menuAvailableNow({ allDayMenu: true }, NY, noonSundayNY)).toBe(true);
  });

  it('given a begin–end window, then it is available from begin until (not at) end on the merchant clock', () => {
    const lunch = { allDayMenu: false, begin: '1100', end: '1430' };
    expect(menuAvailableNow(lunch, NY, noonSundayNY)).toBe(true);
    expect(menuAvailableNow(lunch, NY, at('2026-11-22T15:59:00Z'))).toBe(false); // 10:59 AM
    expect(menuAvailableNow(lunch, NY, at('2026-11-22T19:30:00Z'))).toBe(false); // 2:30 PM
    expect(menuAvailableNow(lunch, 'UTC', noonSundayNY)).toBe(false); // 5 PM in UTC
  });

  it('given a window past midnight, then it wraps', () => {
    const lateNight = { allDayMenu: false, begin: '2200', end: '0200' };
    expect(menuAvailableNow(lateNight, NY, at('2026-11-23T04:00:00Z'))).toBe(true); // 11 PM
    expect(menuAvailableNow(lateNight, NY, at('2026-11-23T06:30:00Z'))).toBe(true); // 1:30 AM
    expect(menuAvailableNow(lateNight, NY, noonSundayNY)).toBe(false);
  });
});

describe('products restricted to menu times (restrictUPCItemsToMenuTimes)', () => {
  const menus = [
    { availability: { allDayMenu: false, begin: '1100', end: '1430' }, products: ['soup'] },
    { availability: { allDayMenu: true }, products: ['tea'] },
  ];

  it('given lunch and drinks at noon, then only a product on no menu is off', () => {
    expect(productsOffMenuAt(['soup', 'tea', 'stray'], menus, NY, noonSundayNY)).toEqual(['stray']);
  });

  it('given 3 PM, then the lunch product is off too (a pickup slot then would be refused)', () => {
    expect(productsOffMenuAt(['soup', 'tea'], menus, NY, at('2026-11-22T20:00:00Z'))).toEqual(['soup']);
  });
});

describe('when no menu is open now', () => {
  const menu = (begin: string, end: string) => ({ availability: { allDayMenu: false, begin, end } });
  it('given a dinner menu from 5 PM at noon, then the menus open today at 1700', () => {
    expect(nextMenuOpening([menu('1700', '2200'), menu('0700', '1100')], NY, noonSundayNY)).toEqual({ begin: '1700', tomorrow: false });
  });
  it('given every menu opened earlier today, then the earliest tomorrow', () => {
    expect(nextMenuOpening([menu('0900', '1100'), menu('0700', '1000')], NY, noonSundayNY)).toEqual({ begin: '0700', tomorrow: true });
  });
  it('given no menu with a window, then nothing to say but that there are none', () => {
    expect(nextMenuOpening([], NY, noonSundayNY)).toBeNull();
    expect(nextMenuOpening([{ availability: { allDayMenu: true, begin: null, end: null } }], NY, noonSundayNY)).toBeNull();
  });
});

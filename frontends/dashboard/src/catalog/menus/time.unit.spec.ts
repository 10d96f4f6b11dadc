import { describe, expect, it } from '@jest/globals';
import { availabilityText, hhmmTo12Hour, isHHMM, parseTime } from './time';

describe('menu availability times (seed 001 §3, §9)', () => {
  it('given a four-digit HHMM, then it reads in 12-hour form with AM/PM', () => {
    expect(['0000', '0005', '0930', '1159', '1200', '1230', '1430', '2359'].map(hhmmTo12Hour)).toEqual([
      '12:00 AM', '12:05 AM', '9:30 AM', '11:59 AM', '12:00 PM', '12:30 PM', '2:30 PM', '11:59 PM',
    ]);
  });

  it('given something that is not HHMM, then there is nothing to show', () => {
    expect(['2400', '0960', '930', '12:00', '', null, undefined].map(hhmmTo12Hour)).toEqual(['', '', '', '', '', '', '']);
    expect(['0000', '2359', '2400', '930', 930].map(isHHMM)).toEqual([true, true, false, false, false]);
  });

  it('given a time typed in 12-hour form (or 24-hour), then it is sent as HHMM', () => {
    expect(['11:00 AM', '2:30 pm', '2pm', '2 P.M.', '230pm', '12:15 am', '12 PM', ' 9:05 am '].map(parseTime)).toEqual([
      '1100', '1430', '1400', '1400', '1430', '0015', '1200', '0905',
    ]);
    expect(['14:30', '0930', '9:05', '0000'].map(parseTime)).toEqual(['1430', '0930', '0905', '0000']);
  });

  it('given text that is no time, then it is refused', () => {
    expect(['13:00 PM', '0:30 AM', '11:60 AM', '2460', '24:00', 'noon', '', null].map(parseTime)).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('given any HHMM, when shown and typed back, then it is the same HHMM', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
      expect(parseTime(hhmmTo12Hour(hhmm))).toBe(hhmm);
    }
  });

  it('given an availability, then the card says All day or the window', () => {
    expect(availabilityText({ allDayMenu: true })).toBe('All day');
    expect(availabilityText(undefined)).toBe('All day');
    expect(availabilityText({ allDayMenu: false, begin: '1100', end: '1430' })).toBe('11:00 AM - 2:30 PM');
  });
});

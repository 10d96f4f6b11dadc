import { hhmmTo12Hour, hhmmToMinutes, isHHMM, isTimeZone, withinWindow, zonedClock } from './clock';

describe('shop time (the one clock)', () => {
  it('given an instant, when read in two zones, then each gives its own weekday and minute', () => {
    const at = new Date('2026-11-27T02:30:00Z'); // Thursday 18:30 in Los Angeles, Friday 11:30 in Tokyo
    expect(zonedClock(at, 'America/Los_Angeles')).toEqual({ weekday: 4, minutes: 18 * 60 + 30 });
    expect(zonedClock(at, 'Asia/Tokyo')).toEqual({ weekday: 5, minutes: 11 * 60 + 30 });
    expect(zonedClock(at, 'Not/AZone')).toEqual(zonedClock(at, 'America/Los_Angeles'));
  });

  it('given a zone under any of its IANA names, then it is one; a name no zone has, a bare offset or a near miss is not', () => {
    // ICU lists only its canonical names (Intl.supportedValuesOf: 'Asia/Calcutta', 'Europe/Kiev'): the
    // current IANA ones that a merchant, a places lookup or another system gives were refused.
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires', 'America/New_York', 'UTC', 'Etc/GMT+5']) {
      expect([zone, isTimeZone(zone)]).toEqual([zone, true]);
    }
    for (const zone of ['Mars/Olympus', '+05:30', '-0800', '', ' America/New_York', 'America/New York', 'America/New_York/']) {
      expect([zone, isTimeZone(zone)]).toEqual([zone, false]);
    }
    expect(zonedClock(new Date('2026-12-01T06:54:00Z'), 'Asia/Kolkata')).toEqual(zonedClock(new Date('2026-12-01T06:54:00Z'), 'Asia/Calcutta'));
  });

  it('given HHMM texts, then only 0000–2359 read, in 12-hour form', () => {
    expect(isHHMM('2359')).toBe(true);
    expect(isHHMM('2400')).toBe(false);
    expect(hhmmToMinutes('1430')).toBe(870);
    expect(hhmmToMinutes('930')).toBeNull();
    expect(hhmmTo12Hour('0000')).toBe('12:00 AM');
    expect(hhmmTo12Hour('1205')).toBe('12:05 PM');
  });

  it('given a window, then its end is excluded and one past midnight wraps', () => {
    expect(withinWindow(600, 540, 600)).toBe(false);
    expect(withinWindow(30, 1320, 120)).toBe(true);
    expect(withinWindow(700, 1320, 120)).toBe(false);
    expect(withinWindow(700, 300, 300)).toBe(true);
  });
});

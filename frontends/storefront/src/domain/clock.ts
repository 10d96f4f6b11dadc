/**
 * Wall-clock time in the merchant's IANA time zone. Shop hours and menu windows are HHMM strings in
 * that zone (STYLE: times are UTC instants; shop hours are HHMM in the merchant's zone), so every
 * "is it open now" question is asked of this clock, never of the phone's own zone.
 */

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface ZonedClock {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      // An unknown zone name: the platform's default (seed 002 §9) rather than a broken page.
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and minute of the day at `now` in `timeZone`. */
export function zonedClock(now: Date, timeZone: string): ZonedClock {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(part('hour')) % 24;
  return { weekday: Math.max(0, SHORT_DAYS.indexOf(part('weekday'))), minutes: hour * 60 + Number(part('minute')) };
}

export { hhmmTo12Hour, hhmmToMinutes, isHHMM, minutesTo12Hour } from '@seatside/ui/src/time';

/** Whether `minutes` lies in [begin, end); a window whose end is not after its begin runs past midnight. */
export function withinWindow(minutes: number, begin: number, end: number): boolean {
  if (begin === end) return true;
  return begin < end ? minutes >= begin && minutes < end : minutes >= begin || minutes < end;
}

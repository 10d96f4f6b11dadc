/**
 * Shop time, the one algorithm services and frontends share (docs/ARCHITECTURE.md, "One rule, one
 * place"). Instants are UTC; shop hours and menu windows are four-digit HHMM strings in the
 * merchant's IANA time zone (seed 001 §3), so every "is it open now" question is asked of the
 * merchant's clock, never of the server's or the phone's own zone.
 */

/** The zone of a merchant that has not chosen one, and of a zone name that cannot be read (seed 002 §9). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

export interface ZonedClock {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
}

const formatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...formatOptions });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIME_ZONE, ...formatOptions });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Whether `zone` names a time zone: an IANA name this runtime knows, under any of its names
 * ('Asia/Kolkata', and ICU's canonical 'Asia/Calcutta', which is all `Intl.supportedValuesOf` lists),
 * or 'UTC'. Not a bare offset ('+05:30'): a merchant's clock follows its zone's daylight saving.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and minute of the day at `at` in `timeZone` (an unknown zone reads as the default). */
export function zonedClock(at: Date, timeZone: string): ZonedClock {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: Math.max(0, SHORT_DAYS.indexOf(part('weekday'))), minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
}

/** Four-digit HHMM, 0000–2359. */
export const isHHMM = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3])[0-5]\d$/.test(value);

/** '1430' → 870; null when not HHMM. */
export function hhmmToMinutes(hhmm: string | null | undefined): number | null {
  if (!isHHMM(hhmm)) return null;
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2));
}

/** Minutes of the day in 12-hour form: 870 → '2:30 PM', 0 → '12:00 AM'. */
export function minutesTo12Hour(total: number): string {
  const minutes = ((total % 1440) + 1440) % 1440;
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '1430' → '2:30 PM', '0000' → '12:00 AM'; '' for anything else. */
export function hhmmTo12Hour(hhmm: string | null | undefined): string {
  const minutes = hhmmToMinutes(hhmm);
  return minutes === null ? '' : minutesTo12Hour(minutes);
}

/** Whether `minutes` lies in [begin, end); a window whose end is not after its begin runs past midnight, begin === end is all day. */
export function withinWindow(minutes: number, begin: number, end: number): boolean {
  if (begin === end) return true;
  return begin < end ? minutes >= begin && minutes < end : minutes >= begin || minutes < end;
}

/**
 * Menu availability times (seed 001 §3, §9): stored as four-digit HHMM in the merchant's time zone,
 * shown and typed in 12-hour form with AM/PM. Pure, so the card, the form and the specs agree.
 */

import { hhmmTo12Hour, isHHMM } from '@seatside/ui/src/time';

export { hhmmTo12Hour, isHHMM };

const TWELVE_HOUR = /^(\d{1,2})(?::?([0-5]\d))?\s*([ap])\.?\s*m?\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):?([0-5]\d)$/;

/**
 * What a person typed as a time, as HHMM: '2:30 PM', '2:30pm', '2pm', '12:15 am', or 24-hour
 * '14:30' / '1430'. null when it is not a time.
 */
export function parseTime(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const twelve = TWELVE_HOUR.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return null;
    const pm = (twelve[3] ?? '').toLowerCase() === 'p';
    return `${pad((hour % 12) + (pm ? 12 : 0))}${twelve[2] ?? '00'}`;
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(value);
  if (twentyFour) {
    const hhmm = `${pad(Number(twentyFour[1]))}${twentyFour[2]}`;
    return isHHMM(hhmm) ? hhmm : null;
  }
  return null;
}

export interface Availability {
  allDayMenu: boolean;
  begin?: string | null;
  end?: string | null;
}

/** 'All day', or '11:00 AM - 2:30 PM'. */
export function availabilityText(availability: Availability | null | undefined, allDay = 'All day'): string {
  if (!availability || availability.allDayMenu) return allDay;
  return `${hhmmTo12Hour(availability.begin)} - ${hhmmTo12Hour(availability.end)}`;
}

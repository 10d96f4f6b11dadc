/**
 * Shop times (seed 001 §3): four-digit HHMM strings in the merchant's time zone, shown in 12-hour
 * form with AM/PM. Pure; the dashboard and the storefront share them (deep import, no antd).
 */

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

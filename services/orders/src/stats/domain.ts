import { weekdayOf } from '../checkout/hours';
import type { DayHoursView } from '../catalog/view';

/**
 * The sales widgets' rules (seed 002 §2, §4, §9), as pure functions over buckets: one bucket per
 * merchant, mode, local day and local hour (the merchant's time zone) with counts and sums in minor
 * units. The projection (projection.ts) fills the buckets from the orders log; the router reads them.
 */

export const widgets = [
  'all-time-sales', 'customers', 'out-of-stock', 'users', 'predicted-revenue', 'refunds', 'tax', 'tips', 'sales', 'last-month-sales', 'year-over-year', 'sales-this-week',
] as const;
export type Widget = (typeof widgets)[number];

export const ranges = ['today', 'week', 'month', 'quarter', 'year', 'all'] as const;
export type Range = (typeof ranges)[number];
/** Seed 002 §4: a widget's range starts at week. */
export const DEFAULT_RANGE: Range = 'week';
/** The widgets with a range selector; Quarterly is Tax's alone (seed 002 §9). */
export const rangedWidgets: readonly Widget[] = ['refunds', 'tax', 'tips', 'sales'];
export const rangesOf = (widget: Widget): readonly Range[] => (widget === 'tax' ? ranges : ranges.filter((r) => r !== 'quarter'));

/** What one order adds to its bucket. Money in minor units. */
export interface Contribution {
  /** Orders placed and not cancelled. */
  orders: number;
  /** Orders counted as sales: paid, not cancelled, not fully refunded (status PAID, seed 002 §4). */
  paidOrders: number;
  subtotal: number;
  realizedTotal: number;
  amountDue: number;
  amountRefunded: number;
  tax: number;
  tip: number;
}

export const contributionFields = ['orders', 'paidOrders', 'subtotal', 'realizedTotal', 'amountDue', 'amountRefunded', 'tax', 'tip'] as const satisfies readonly (keyof Contribution)[];

export const zero: Contribution = { orders: 0, paidOrders: 0, subtotal: 0, realizedTotal: 0, amountDue: 0, amountRefunded: 0, tax: 0, tip: 0 };

/** An order's facts as the stats read them (its log folded). */
export interface OrderFacts {
  totals: { subtotal: number; amountDue: number; tax: number; tip: number };
  paidMinor: number;
  refundedMinor: number;
  refundedTaxMinor: number;
  cancelled: boolean;
}

/**
 * An order's share of its day's bucket. A cancelled order leaves the orders and the sales; a
 * refund lowers the realized total and, once everything paid is refunded, takes the order out of
 * the sales (it is REFUNDED, no longer PAID). Refunds and cancels change the bucket of the order's
 * own day and hour, never the day they happen.
 */
export function contributionOf(facts: OrderFacts): Contribution {
  const { totals, paidMinor, refundedMinor, cancelled } = facts;
  const paid = paidMinor > 0;
  const counted = paid && !cancelled && refundedMinor < paidMinor;
  return {
    orders: cancelled ? 0 : 1,
    paidOrders: counted ? 1 : 0,
    subtotal: counted ? totals.subtotal : 0,
    realizedTotal: paid ? Math.max(0, paidMinor - refundedMinor) : 0,
    amountDue: cancelled ? 0 : totals.amountDue,
    amountRefunded: refundedMinor,
    tax: counted ? Math.max(0, totals.tax - facts.refundedTaxMinor) : 0,
    tip: counted ? totals.tip : 0,
  };
}

export function minus(a: Contribution, b: Contribution): Contribution {
  const difference = { ...zero };
  for (const f of contributionFields) difference[f] = a[f] - b[f];
  return difference;
}
export const isZero = (c: Contribution) => contributionFields.every((f) => c[f] === 0);

// ---- local days ----------------------------------------------------------------------------

/** A local calendar day, 'YYYY-MM-DD'. */
export type LocalDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' } as const;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Since 1972 every zone's offset from UTC has been a whole number of minutes (Monrovia's -0:44:30
 * was the last that was not), and its changes fall on whole minutes, so within one minute of UTC
 * the local day and hour do not change: the orders of a busy minute share one formatting (4–7 µs).
 */
const MINUTE_MS = 60_000;
const WHOLE_MINUTES_SINCE_MS = Date.UTC(1973, 0, 1);
const lastMinutes = new Map<string, { minute: number; day: LocalDay; hour: number }>();

/** The local day and hour of an instant in a time zone (an unknown zone reads as UTC). */
export function localDayHour(at: Date, timeZone: string): { day: LocalDay; hour: number } {
  const ms = at.getTime();
  const minute = ms >= WHOLE_MINUTES_SINCE_MS ? Math.floor(ms / MINUTE_MS) : undefined;
  const last = lastMinutes.get(timeZone);
  if (minute !== undefined && last?.minute === minute) return { day: last.day, hour: last.hour };
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const local = { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24 };
  if (minute !== undefined) lastMinutes.set(timeZone, { minute, ...local });
  return local;
}

const utcOf = (day: LocalDay) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOfUtc = (ms: number): LocalDay => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: LocalDay, n: number): LocalDay => dayOfUtc(utcOf(day) + n * 86_400_000);
/** 0 = Sunday. */
export const weekdayOfDay = (day: LocalDay) => new Date(utcOf(day)).getUTCDay();
export const monthOf = (day: LocalDay) => day.slice(0, 7);
/** The first day of the month `n` months from `day`'s. */
export function addMonths(day: LocalDay, n: number): LocalDay {
  const d = new Date(utcOf(day));
  return dayOfUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}
/** Seed 002 §9: the week starts on Sunday. */
export const weekStart = (day: LocalDay) => addDays(day, -weekdayOfDay(day));

/** The local days a range covers, ending today (inclusive); `from` null is since the beginning. */
export function rangeDays(range: Range, today: LocalDay): { from: LocalDay | null; to: LocalDay } {
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: weekStart(today), to: today };
    case 'month':
      return { from: `${monthOf(today)}-01`, to: today };
    case 'quarter': {
      const month = Number(today.slice(5, 7));
      const first = month - ((month - 1) % 3);
      return { from: `${today.slice(0, 4)}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'all':
      return { from: null, to: today };
  }
}

/** How a range's series is grouped: hours for today, days up to a quarter, months beyond. */
export const seriesUnitOf = (range: Range): 'hour' | 'day' | 'month' => (range === 'today' ? 'hour' : range === 'year' || range === 'all' ? 'month' : 'day');

// ---- the rules -----------------------------------------------------------------------------

/**
 * Seed 002 §9: the percent change of the last month against the month before: when the month
 * before is 0, 100 if the last month is above 0, else 0; otherwise the change, one decimal.
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** One decimal, with a plus sign when positive ('+12.5', '0.0', '-3.2'). */
export function changeText(change: number): string {
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}`;
}

/**
 * The hours predicted revenue shows (seed 002 §9): today's opening hours, read from the first two
 * digits of the open and close times (0900–1700: 9 … 16, 8 hours; a close at or before the open
 * runs past midnight), or all 24 when the day is open all day or no hours are set. A day marked
 * closed shows no hours.
 */
export function predictionHours(hours: readonly DayHoursView[] | undefined, weekday: number): number[] {
  const all = Array.from({ length: 24 }, (_, h) => h);
  if (!hours || hours.length === 0) return all;
  const entry = hours.find((e) => weekdayOf(e.day) === weekday);
  if (!entry) return all;
  if (!entry.isOpen) return [];
  if (entry.openAllDay) return all;
  const open = firstTwoDigits(entry.open);
  const close = firstTwoDigits(entry.close);
  if (open === null || close === null) return all;
  if (close > open) return all.slice(open, close);
  if (close === open) return all;
  return [...all.slice(open), ...all.slice(0, close)];
}

function firstTwoDigits(time: string | null | undefined): number | null {
  if (typeof time !== 'string') return null;
  const hour = Number(time.replace(':', '').slice(0, 2));
  return Number.isInteger(hour) && hour >= 0 && hour <= 24 && /^\d\d/.test(time) ? hour % 24 : null;
}

/** The days predicted revenue averages: the same weekday 7, 14, 21 and 28 days back. */
export const predictionDays = (today: LocalDay): LocalDay[] => [7, 14, 21, 28].map((n) => addDays(today, -n));

/**
 * Predicted revenue by hour (seed 002 §9): for each of `hourList`, the amountDue of that hour on the
 * four `predictionDays`, summed and divided by 4 (a day without orders counts as 0).
 */
export function predictRevenue(amountDueByDayHour: ReadonlyMap<string, number>, today: LocalDay, hourList: readonly number[]): { x: number; y: number }[] {
  const days = predictionDays(today);
  return hourList.map((hour) => ({ x: hour, y: Math.round(days.reduce((sum, day) => sum + (amountDueByDayHour.get(`${day} ${hour}`) ?? 0), 0) / 4) }));
}

/** Months from `from` to `to` ('YYYY-MM'), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from}-01`; monthOf(day) <= to; day = addMonths(day, 1)) months.push(monthOf(day));
  return months;
}

/** Minor units as the API's major units (19.5 is 19.50). */
export const major = (minor: number) => Math.round(minor) / 100;

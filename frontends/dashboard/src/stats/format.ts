import type { Range, Widget } from './api';

/** Seed 002 §9: counters run for 0.5 s and show 2 decimals. */
export const COUNTER_MS = 500;
export const COUNTER_DECIMALS = 2;

/** Seed 002 §2: the range choices; Quarterly is Tax's alone. Default week, remembered per widget (§4). */
export const rangeLabels: Record<Range, string> = { today: 'Today', week: 'Week', month: 'Month', quarter: 'Quarterly', year: 'Year', all: 'All Time' };
export const rangesOf = (widget: Widget): Range[] => (widget === 'tax' ? ['today', 'week', 'month', 'quarter', 'year', 'all'] : ['today', 'week', 'month', 'year', 'all']);
export const DEFAULT_RANGE: Range = 'week';
export const rangeKey = (widget: Widget) => `seatside.stats.range.${widget}`;

export function storedRange(widget: Widget, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Range {
  try {
    const kept = storage?.getItem(rangeKey(widget));
    return kept && (rangesOf(widget) as string[]).includes(kept) ? (kept as Range) : DEFAULT_RANGE;
  } catch {
    return DEFAULT_RANGE;
  }
}

export function storeRange(widget: Widget, range: Range, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(rangeKey(widget), range);
  } catch {
    // Storage may be unavailable (private mode); the choice holds for this page.
  }
}

/** An amount in the merchant's currency with 2 decimals ($1,234.50, €12.00). */
export function money(value: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: COUNTER_DECIMALS, maximumFractionDigits: COUNTER_DECIMALS }).format(value);
}

/** A count with 2 decimals, as the counters show every figure. */
export function decimals(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: COUNTER_DECIMALS, maximumFractionDigits: COUNTER_DECIMALS }).format(value);
}

/** Where a counter stands `elapsed` ms into its run from `from` to `to` (ease-out; exactly `to` at the end). */
export function counterAt(from: number, to: number, elapsed: number, duration = COUNTER_MS): number {
  if (elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  return from + (to - from) * (1 - (1 - t) ** 3);
}

/** Seed 002 §9: one decimal and a plus sign when positive. */
export const changeLabel = (change: number) => `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;

/** A goal's progress in percent (0–100), or null when the goal is not set (0 or empty passes as unset). */
export function goalProgress(done: number, goal: number | null | undefined): number | null {
  if (!goal || goal <= 0) return null;
  return Math.min(100, Math.round((done / goal) * 100));
}

const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A series point's x as the axis and the hover show it: an hour (`13:00`), a weekday, a day (`Mon 30`
 * in a week, `Nov 30` otherwise), or a month with its year written as one (`Nov ’26`: `Nov 26` would
 * read as a day).
 */
export function pointLabel(x: string | number, widget: Widget, range?: Range): string {
  if (typeof x === 'number') return `${String(x).padStart(2, '0')}:00`;
  if (widget === 'sales-this-week') return x;
  if (widget === 'year-over-year') return MONTHS[Number(x) - 1] ?? x;
  if (/^\d{4}-\d{2}$/.test(x)) return `${MONTHS[Number(x.slice(5)) - 1]} ’${x.slice(2, 4)}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(x)) {
    const day = new Date(`${x}T12:00:00Z`);
    return range === 'week' ? `${WEEK_DAYS[day.getUTCDay()]} ${day.getUTCDate()}` : `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
  }
  return x;
}

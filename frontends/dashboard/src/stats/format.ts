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

/** The earnings calculator's defaults and rate (seed 001 §9 "Earnings estimate"). */
export const EARNINGS_DEFAULTS = { merchants: 20, dailyOrders: 10 } as const;
/** What a partner earns per order, in dollars. */
export const EARNINGS_PER_ORDER = 0.5;
/** The month the estimate covers, in days. */
export const EARNINGS_DAYS = 30;

/** An input's value: a non-negative number, or blank (seed 001 §5: clamped, blank allowed). */
export type CalculatorInput = number | '';

/**
 * What a typed value becomes: '' stays blank; anything else is read as a number and clamped to
 * non-negative (a minus sign, or text that is not a number, becomes 0).
 */
export function clampInput(raw: string): CalculatorInput {
  const text = raw.trim();
  if (text === '') return '';
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return 0;
  return value;
}

/** merchants × daily orders × 0.5 × 30 dollars; a blank input counts as 0. */
export function monthlyEarnings(merchants: CalculatorInput, dailyOrders: CalculatorInput): number {
  return (merchants || 0) * (dailyOrders || 0) * EARNINGS_PER_ORDER * EARNINGS_DAYS;
}

/** Dollars with 2 decimals and thousands separators: `$3,000.00`. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Display of list and summary values. */
import { formatMajor } from '@seatside/rules';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as 'Nov 22, 2026, 3:20 PM' (12-hour, seed 001 §9); '' when there is none. */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** A major-unit amount in a currency (the merchant's or the order's): 4.5, 'EUR' → '€4.50'; USD when none is known. */
export function formatMoney(amount: number | string | undefined | null, currency: string | undefined | null = 'USD'): string {
  return formatMajor(Number(amount ?? 0), currency || 'USD');
}

/** A major-unit amount in dollars: 4.5 → '$4.50' (prefer formatMoney with the merchant's currency). */
export function formatDollars(amount: number | string | undefined | null): string {
  return formatMoney(amount, 'USD');
}

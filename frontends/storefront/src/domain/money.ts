/** Money: integer minor units inside, major units on the wire (docs/orders-api.md), formatted at the edge. */

const symbols: Record<string, string> = { USD: '$', EUR: '€' };

/** 19.5 → 1950, rounding a stray float (0.1 + 0.2) to the cent. */
export const toMinor = (major: number): number => Math.round((Number.isFinite(major) ? major : 0) * 100);

/** 1950, 'USD' → '$19.50' (seed 002 §9: USD prefix $, EUR prefix €). */
export function formatMinor(minor: number, currency = 'USD'): string {
  const sign = minor < 0 ? '-' : '';
  return `${sign}${symbols[currency] ?? `${currency} `}${(Math.abs(minor) / 100).toFixed(2)}`;
}

/** 19.5, 'USD' → '$19.50'. */
export const formatMajor = (major: number, currency = 'USD'): string => formatMinor(toMinor(major), currency);

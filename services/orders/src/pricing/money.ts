/**
 * Money inside the orders service is integer minor units (cents). The API speaks major units as
 * decimal numbers (19.5 means 19.50); these convert at the edge.
 *
 * The rounding rule (one rule, used everywhere): a computed amount that falls between two cents is
 * rounded to the nearest cent, halves away from zero, once, where it arises (a tax, a percentage
 * discount, a percentage fee). Sums of rounded amounts are exact, so totals always add up.
 */

/** Major units (a decimal number with at most a few fraction digits) to integer minor units. */
export function toMinor(major: number): number {
  // Through the decimal text, so 0.29 is 29 and not 28.999999999999996.
  return Math.round(Number(`${major}e2`));
}

/** Integer minor units to major units. */
export const toMajor = (minor: number): number => minor / 100;

/** A percentage (up to 2 decimals, 8.875 rounds to 8.88) as integer basis points: 8.25 % is 825. */
export function toBasisPoints(percent: number): number {
  return Math.round(Number(`${percent}e2`));
}

/** `amountMinor × basisPoints / 10 000`, rounded half away from zero, in integers only. */
export function percentOf(amountMinor: number, basisPoints: number): number {
  const product = amountMinor * basisPoints;
  const sign = Math.sign(product);
  const magnitude = Math.abs(product);
  const whole = Math.floor(magnitude / 10_000);
  const rest = magnitude - whole * 10_000;
  return sign * (rest * 2 >= 10_000 ? whole + 1 : whole);
}

import { roundToMinor, toMajor as majorOf } from '@seatside/chassis';

/**
 * Money inside the orders service is integer minor units (cents). The API speaks major units as
 * decimal numbers (19.5 means 19.50). Inputs are parsed at the edge by the chassis' `moneyInput`
 * (exact, or refused: docs/orders-api.md "Amounts"); `toMinor` is only for major amounts another
 * service already stored (a legacy catalog event), rounded, never NaN.
 *
 * The rounding rule (one rule, used everywhere): a computed amount that falls between two cents is
 * rounded to the nearest cent, halves away from zero, once, where it arises (a tax, a percentage
 * discount, a percentage fee). Sums of rounded amounts are exact, so totals always add up.
 */

/** Major units to integer minor units, through the decimal text (0.29 is 29, not 28.999999999999996; 1e-7 is 0, not NaN). */
export const toMinor = roundToMinor;

/** Integer minor units to major units. */
export const toMajor = majorOf;

/** A percentage (up to 2 decimals, 8.875 rounds to 8.88) as integer basis points: 8.25 % is 825. */
export const toBasisPoints = (percent: number): number => roundToMinor(percent);

/** `amountMinor × basisPoints / 10 000`, rounded half away from zero, in integers only. */
export function percentOf(amountMinor: number, basisPoints: number): number {
  const product = amountMinor * basisPoints;
  if (!Number.isSafeInteger(product)) return bigPercentOf(amountMinor, basisPoints);
  const sign = Math.sign(product);
  const magnitude = Math.abs(product);
  const whole = Math.floor(magnitude / 10_000);
  const rest = magnitude - whole * 10_000;
  return sign * (rest * 2 >= 10_000 ? whole + 1 : whole);
}

/** percentOf for a product beyond 2^53 (a very large cart), exactly, in bigints. */
function bigPercentOf(amountMinor: number, basisPoints: number): number {
  const product = BigInt(amountMinor) * BigInt(basisPoints);
  const magnitude = product < 0n ? -product : product;
  const whole = magnitude / 10_000n;
  const rounded = (magnitude % 10_000n) * 2n >= 10_000n ? whole + 1n : whole;
  return Number(product < 0n ? -rounded : rounded);
}

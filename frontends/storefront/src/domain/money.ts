/**
 * Money: integer minor units inside, major units on the wire (docs/orders-api.md), formatted at the
 * edge, by the same algorithm as the services (`@seatside/rules`): 1.005 is 101 cents here too.
 */
import { formatMajor, formatMinor, roundToMinor } from '@seatside/rules';

export { formatMajor, formatMinor };

/** 19.5 → 1950, rounding a stray float (0.1 + 0.2) to the cent; 0 for what is no finite number. */
export const toMinor = (major: number): number => (Number.isFinite(major) ? roundToMinor(major) : 0);

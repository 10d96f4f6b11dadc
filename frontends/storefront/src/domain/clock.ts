/**
 * Wall-clock time in the merchant's IANA time zone, by the same rules as the orders service's
 * checkout (`@seatside/rules`): shop hours and menu windows are HHMM in that zone, so every "is it
 * open now" question is asked of this clock, never of the phone's own zone.
 */
export { hhmmTo12Hour, hhmmToMinutes, isHHMM, minutesTo12Hour, withinWindow, zonedClock, type ZonedClock } from '@seatside/rules';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

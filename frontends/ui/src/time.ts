/**
 * Shop times (seed 001 §3): four-digit HHMM strings in the merchant's time zone, shown in 12-hour
 * form with AM/PM. The rules are `@seatside/rules`' (the services read the same clock).
 */
export { hhmmTo12Hour, hhmmToMinutes, isHHMM, minutesTo12Hour } from '@seatside/rules';

// One list for registration and the Details settings section.
export { browserTimeZone, timeZoneOptions } from '@seatside/ui/src/tenant-settings/timeZones';

/** The IANA time zones the browser knows, and the browser's own as the default (seed 000 §7: timeZone). */
export const timeZoneOptions: { value: string; label: string }[] = (() => {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
})();

/** Seed 002 §9's default when the browser does not say. */
const FALLBACK_TIME_ZONE = 'America/Los_Angeles';

export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZoneOptions.some((option) => option.value === zone) ? zone : FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

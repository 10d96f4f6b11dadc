/**
 * What registration takes from a chosen place (issue 24): its postal address in the settings'
 * shape and its time zone, read from a US formatted address ('7 Carmine St, New York, NY 10014,
 * USA'). A state split between zones gets the zone of most of its people.
 */
export interface PlaceAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}

const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles', CO: 'America/Denver',
  CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York',
  LA: 'America/Chicago', ME: 'America/New_York', MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago',
  TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver', PR: 'America/Puerto_Rico',
};

/** The address parts and time zone of a formatted US address; what cannot be read is left out. */
export function placeDetailsOf(formatted: string): { address: PlaceAddress; timeZone: string } | Record<string, never> {
  const parts = formatted.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 0 && /^(USA|United States)$/i.test(parts[parts.length - 1]!)) parts.pop();
  const stateZip = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(parts[parts.length - 1] ?? '');
  if (!stateZip || parts.length < 3) return {};
  const [, state = '', zip = ''] = stateZip;
  const timeZone = STATE_ZONES[state];
  if (!timeZone) return {};
  const city = parts[parts.length - 2] ?? '';
  const lines = parts.slice(0, -2);
  const address = { line1: lines[0] ?? '', line2: lines.slice(1).join(', '), city, state, postal_code: zip };
  return { address, timeZone };
}

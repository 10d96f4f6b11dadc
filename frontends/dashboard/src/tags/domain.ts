/** The tags' pure rules (seed 001 §2, §3, §5): the increment rule, the derived name, the list's order. */

export interface MetadataPair {
  key: string;
  value: string;
  visible: boolean;
}

const DIGITS = /^(.*?)(\d+)$/;

/** One letter up with carry: 'A' → 'B', 'Z' → 'A' and a carry; null for anything else. */
function nextLetter(letter: string): { letter: string; carry: boolean } | null {
  if (letter >= 'a' && letter <= 'z') return letter === 'z' ? { letter: 'a', carry: true } : { letter: String.fromCharCode(letter.charCodeAt(0) + 1), carry: false };
  if (letter >= 'A' && letter <= 'Z') return letter === 'Z' ? { letter: 'A', carry: true } : { letter: String.fromCharCode(letter.charCodeAt(0) + 1), carry: false };
  return null;
}

/**
 * Seed 001 §5's increment rule for the next tag's metadata value: a trailing number goes up by one,
 * keeping its zero padding ('27' → '28', '009' → '010', 'B7' → 'B8'); otherwise the last letter goes up with
 * carry through the letters before it ('A' → 'B', 'AZ' → 'BA', 'z' → 'a' carried, 'Z' → 'AA', a leading
 * letter of the same case added on overflow). A value that ends in neither stays as it is.
 */
export function incrementValue(value: string): string {
  const number = DIGITS.exec(value);
  if (number) {
    const [, head = '', digits = '0'] = number;
    return head + (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const chars = [...value];
  let i = chars.length - 1;
  if (nextLetter(chars[i] ?? '') === null) return value;
  for (; i >= 0; i--) {
    const step = nextLetter(chars[i] ?? '');
    if (step === null) break;
    chars[i] = step.letter;
    if (!step.carry) return chars.join('');
  }
  // Every letter of the trailing run wrapped: a leading letter of the first one's case goes in front.
  const first = chars[i + 1] ?? 'A';
  chars.splice(i + 1, 0, first === first.toLowerCase() ? 'a' : 'A');
  return chars.join('');
}

/** Every pair's value incremented for the next tag; keys and visibility unchanged. */
export function incrementMetadata<T extends MetadataPair>(metadata: readonly T[]): T[] {
  return metadata.map((pair) => ({ ...pair, value: incrementValue(pair.value) }));
}

/** The name a tag gets from its metadata when none is given: 'Table 12 · Seat 2C'. */
export function nameFromMetadata(metadata: readonly Pick<MetadataPair, 'key' | 'value'>[]): string {
  return metadata
    .map(({ key, value }) => [key.trim(), value.trim()].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(' · ');
}

/**
 * An open tag's name after its metadata changes (seed 001 §3: a name derived from the metadata):
 * while the name is the one the metadata gave (or blank) it follows the metadata, so 'Table 5'
 * becomes 'Table 6' with its value; a name the person typed is theirs and stays.
 */
export function followingName(name: string, before: readonly Pick<MetadataPair, 'key' | 'value'>[], after: readonly Pick<MetadataPair, 'key' | 'value'>[]): string {
  const current = name.trim();
  return current === '' || current === nameFromMetadata(before) ? nameFromMetadata(after) : name;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Natural numeric order, case-insensitive: 'Table 2' before 'Table 10'. */
export const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);

/** The tags whose name contains `query` (case-insensitive), in natural order. */
export function filterAndSort<T extends { name: string }>(tags: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return tags.filter((tag) => q === '' || tag.name.toLowerCase().includes(q)).sort(byName);
}

/** A scanned QR code's serial: the last path segment of a URL, else the text itself. */
export function serialFromScan(text: string): string {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : trimmed;
  } catch {
    return trimmed;
  }
}

/** The QR card's settings (seed 001 §2, §9), remembered in the browser. */
export interface QrSettings {
  color: string;
  background: string;
  margin: number;
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H';
}

export const defaultQrSettings: QrSettings = { color: '#000000', background: '#ffffff', margin: 1, errorCorrectionLevel: 'L' };

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Stored settings made safe: anything missing or malformed falls back to the default. */
export function parseQrSettings(stored: string | null): QrSettings {
  let raw: Partial<Record<keyof QrSettings, unknown>> = {};
  try {
    raw = (stored ? JSON.parse(stored) : {}) ?? {};
  } catch {
    raw = {};
  }
  const margin = Number(raw.margin);
  return {
    color: typeof raw.color === 'string' && HEX.test(raw.color) ? raw.color : defaultQrSettings.color,
    background: typeof raw.background === 'string' && HEX.test(raw.background) ? raw.background : defaultQrSettings.background,
    margin: Number.isInteger(margin) && margin >= 0 && margin <= 10 ? margin : defaultQrSettings.margin,
    errorCorrectionLevel: raw.errorCorrectionLevel === 'M' || raw.errorCorrectionLevel === 'Q' || raw.errorCorrectionLevel === 'H' || raw.errorCorrectionLevel === 'L' ? raw.errorCorrectionLevel : 'L',
  };
}

/** The QR routes' query (docs: colours as hex without '#'). */
export function qrQuery(settings: QrSettings, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    color: settings.color.slice(1),
    background: settings.background.slice(1),
    errorCorrectionLevel: settings.errorCorrectionLevel,
    margin: String(settings.margin),
    ...extra,
  }).toString();
}

/** Seed 001 §9: the submit button stays busy this long after a tag save in the drawer form. */
export const SAVE_BUSY_MS = 1000;

/**
 * Ends a save's busy state: after a save that went through, `release` runs SAVE_BUSY_MS later (so a
 * second tap cannot send the same form again at once); after a failure, at once. Returns a cancel for
 * an unmount.
 */
export function releaseBusy(saved: boolean, release: () => void, schedule: (run: () => void, ms: number) => unknown = setTimeout, cancel: (handle: unknown) => void = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)): () => void {
  if (!saved) {
    release();
    return () => undefined;
  }
  const handle = schedule(release, SAVE_BUSY_MS);
  return () => cancel(handle);
}

/** Characters no common file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
/** Names Windows reserves, with any extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_BASE = 100;

/** A tag's name made safe as a file's base name: no path separators or reserved characters, never empty. */
export function safeFileBase(name: string): string {
  let base = name.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  base = Array.from(base).slice(0, MAX_BASE).join('');
  base = base.replace(/[. ]+$/, '').replace(/^[. ]+/, '');
  if (!base) return 'tag';
  return RESERVED.test(base) ? `_${base}` : base;
}

/**
 * Unique file names within one archive: the second `Table 2` is `Table 2 (2).png`. Names are
 * compared case-insensitively, as a file system on Windows or macOS would.
 */
export function uniqueFileNames(extension: string) {
  const taken = new Set<string>();
  return (name: string): string => {
    const base = safeFileBase(name);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${base}.${extension}` : `${base} (${n}).${extension}`;
      const key = candidate.toLowerCase();
      if (!taken.has(key)) {
        taken.add(key);
        return candidate;
      }
    }
  };
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

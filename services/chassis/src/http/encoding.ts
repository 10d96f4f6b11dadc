/** The content codings the platform sends, best first: Brotli, then gzip. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The best of `available` (in the server's order of preference) that an `Accept-Encoding` header
 * takes, or undefined for identity. A coding with `q=0` is refused, `*` stands for any coding not
 * named, and among acceptable codings the higher q wins (ties go to the server's order).
 */
export function preferredEncoding(header: string | string[] | undefined, available: readonly ContentCoding[] = ['br', 'gzip']): ContentCoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), Number.isFinite(weight) ? Math.min(weight, 1) : 0);
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

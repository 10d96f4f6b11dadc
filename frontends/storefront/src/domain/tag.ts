import type { PublicTag } from './types';

/** A tag's visible metadata as one line: 'Table 12 · Seat 2C'. */
export const tagLabel = (metadata: PublicTag['metadata']): string =>
  metadata
    .map(({ key, value }) => [key.trim(), String(value ?? '').trim()].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(' · ');

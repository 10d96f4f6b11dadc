/** The shortest handle a tenant may take (seed 000 §9). */
export const HANDLE_MIN_LENGTH = 4;

/**
 * Seed 000 §5: lowercase; spaces become hyphens; characters other than letters, digits and hyphens
 * removed; double hyphens collapse.
 */
export function normalizeHandle(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

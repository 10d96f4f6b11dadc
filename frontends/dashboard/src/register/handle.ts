/**
 * Seed 000 §5: lowercase; spaces become hyphens; characters other than letters, digits and hyphens
 * removed; double hyphens collapse. The catalog's services/catalog/src/tenants/handle.ts does the
 * same on the server (frontends cannot import services); the e2e spec holds the two together.
 */
export function normalizeHandle(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

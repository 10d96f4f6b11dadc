import type { TenantCard } from '../auth/me';
import type { TenantRecord } from './api';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');

/**
 * Whether the account's card of a tenant (/auth/me: identity's copy, which the top bar, the tenant
 * switcher and the account list show) says what the tenant's own record (the catalog's) says, for
 * the fields the card carries.
 */
export function cardAgrees(card: TenantCard | undefined, record: TenantRecord): boolean {
  return (
    !!card &&
    same(card.name, record.name) &&
    same(card.description, record.description) &&
    same(card.handle, record.handle) &&
    same(card.branding?.icon, record.branding?.icon) &&
    same(card.branding?.banner, record.branding?.banner)
  );
}

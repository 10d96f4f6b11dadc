import { DomainError } from '../errors';
import { authMessages } from './messages';
import { authorizeTenant, type TenantNeed, type TenantRole } from './tenant';
import type { Principal } from './types';

const alice: Principal = { uid: 'alice', claims: {} };
const staff: Principal = { uid: 'staff', claims: { admin: true } };
const keyOf = (id: string, testMode: boolean, collection = 'merchants'): Principal => ({ uid: `apikey:${id}`, claims: {}, tenant: { collection, id, testMode } });
const need = (role: 'admin' | 'member', mode?: TenantNeed['mode'], id = 'A'): TenantNeed => ({ collection: 'merchants', id, role, ...(mode ? { mode } : {}) });

/** The answer as `allowed`, or `status message`. */
function answer(principal: Principal | undefined, membership: TenantRole | null, wanted: TenantNeed): string {
  try {
    authorizeTenant(principal, membership ? { role: membership } : null, wanted);
    return 'allowed';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return `${err.kind} ${err.message}`;
  }
}

const denied = 'Forbidden You do not have access to this page.';
const sandboxRefused = `Forbidden ${authMessages.sandboxKeyCannotChangeStorefront}`;
const accessRefused = `Forbidden ${authMessages.apiKeyCannotManageAccess}`;
const access = (mode: TenantNeed['mode']): TenantNeed => ({ ...need('admin', mode), managesAccess: true });
const storefront = (role: 'admin' | 'member'): TenantNeed => ({ ...need(role), changesStorefront: true });

describe('authorizeTenant', () => {
  it.each<[string, Principal | undefined, TenantRole | null, TenantNeed, string]>([
    ['an anonymous caller', undefined, null, need('member'), 'Unauthorized Sign in required'],
    ['an admin, for an admin route', alice, 'admin', need('admin'), 'allowed'],
    ['an admin, for a members route (admin covers member)', alice, 'admin', need('member'), 'allowed'],
    ['a team member, for a members route', alice, 'teamMember', need('member'), 'allowed'],
    ['a team member, for an admin route', alice, 'teamMember', need('admin'), denied],
    ['a signed-in user who is no member', alice, null, need('member'), denied],
    ['a platform admin who is no member (support staff is not a tenant admin)', staff, null, need('admin'), denied],
    ['a production key of the tenant, for production data', keyOf('A', false), null, need('admin', 'production'), 'allowed'],
    ['a production key of the tenant, for sandbox data', keyOf('A', false), null, need('admin', 'sandbox'), denied],
    ['a sandbox key of the tenant, for sandbox data', keyOf('A', true), null, need('admin', 'sandbox'), 'allowed'],
    ['a sandbox key of the tenant, for production data', keyOf('A', true), null, need('admin', 'production'), denied],
    ['a key of the tenant, for either mode', keyOf('A', true), null, need('admin', 'any'), 'allowed'],
    ['a key of the tenant, when no mode is named', keyOf('A', false), null, need('admin'), 'allowed'],
    ['a key of another tenant', keyOf('B', false), null, need('member', 'production'), denied],
    ['a key of a venue with the same id as the merchant', keyOf('A', false, 'venues'), null, need('member', 'production'), denied],
    ['a key that also carries a membership (ignored: a key is not a user)', keyOf('B', false), 'admin', need('admin'), denied],
    ['a sandbox key of the tenant, for a storefront change', keyOf('A', true), null, storefront('member'), sandboxRefused],
    ['a sandbox key of the tenant, for a storefront change that names any mode', keyOf('A', true), null, { ...storefront('admin'), mode: 'any' }, sandboxRefused],
    ['a production key of the tenant, for a storefront change', keyOf('A', false), null, storefront('admin'), 'allowed'],
    ['a member, for a storefront change by members', alice, 'teamMember', storefront('member'), 'allowed'],
    ['a team member, for a storefront change by admins', alice, 'teamMember', storefront('admin'), denied],
    ['a runner, for a members route (catalog, tags, settings)', alice, 'runner', need('member'), denied],
    ['a runner, for a route that admits runners (the orders)', alice, 'runner', { ...need('member'), runners: true }, 'allowed'],
    ['a runner, for an admin route that admits runners', alice, 'runner', { ...need('admin'), runners: true }, denied],
    ['a production key of the tenant, for managing the team or keys', keyOf('A', false), null, access('production'), accessRefused],
    ['a sandbox key of the tenant, for managing its sandbox keys', keyOf('A', true), null, access('sandbox'), accessRefused],
    ['a sandbox key of the tenant, for managing the team (production data: refused as any production route)', keyOf('A', true), null, access('production'), denied],
    ['a key of another tenant, for managing the team (a stranger is told no more)', keyOf('B', false), null, access('production'), denied],
    ['a signed-in admin, for managing the team or keys', alice, 'admin', access('production'), 'allowed'],
    ['a team member, for managing the team or keys', alice, 'teamMember', access('production'), denied],
  ])('given %s, then %s', (_name, principal, membership, wanted, expected) => {
    expect(answer(principal, membership, wanted)).toBe(expected);
  });
});

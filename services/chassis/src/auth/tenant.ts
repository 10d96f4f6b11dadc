import { forbidden, unauthorized } from '../errors';
import { authMessages } from './messages';
import type { Principal } from './types';

/** `{collection}` in the product's paths. */
export type TenantCollection = 'merchants' | 'venues' | 'apps';
export const tenantCollections: readonly TenantCollection[] = ['merchants', 'venues', 'apps'];
export const isTenantCollection = (value: unknown): value is TenantCollection => (tenantCollections as readonly unknown[]).includes(value);
/**
 * A user's role within one tenant. A `runner` (issue 27) carries ready orders to seats: it passes
 * only routes that admit runners (`TenantNeed.runners`: the orders and the runner view).
 */
export type TenantRole = 'admin' | 'teamMember' | 'runner';

/**
 * What a route needs: a role in one tenant and, for API keys, a mode. `production` is live data
 * (team users, production keys); `sandbox` test data; `any` either (a user sees both).
 */
export type TenantNeed = {
  collection: TenantCollection;
  id: string;
  role: 'admin' | 'member';
  mode?: 'production' | 'sandbox' | 'any';
  /**
   * The route changes what the production storefront (or anyone) sees: the tenant's settings,
   * branding, handle, hours, colors, checkoutOptions. A sandbox API key never may, whatever `mode`
   * says; the production key and signed-in members with the role may.
   */
  changesStorefront?: boolean;
  /** Runners may use this route too (the merchant's orders: docs/orders-api.md); elsewhere a runner is refused. */
  runners?: boolean;
  /**
   * The route decides who may act for the tenant: its team (add, change a role, remove) and its API
   * keys (create, rename, delete). Only a signed-in admin may; an API key never, whatever its mode,
   * so a leaked key cannot add its holder to the team or mint keys that outlive its own revocation.
   */
  managesAccess?: boolean;
};

/** The mode of data with this testMode flag. */
export const modeOf = (testMode: boolean): 'production' | 'sandbox' => (testMode ? 'sandbox' : 'production');

/** The one mode rule: without an explicit testMode, an API key works in its own mode and a signed-in user in production. */
export const requestedMode = (req: { principal?: Principal }, explicit: boolean | null | undefined): boolean => explicit ?? req.principal?.tenant?.testMode ?? false;

/**
 * The mode of a route anyone may call (a diner's checkout and its quote): the same rule for an API
 * key, which works in its own mode only, so a sandbox key's order is a sandbox order unless told
 * otherwise, and an explicit other mode is refused (403) rather than served from the other mode's data.
 * Anyone else gets the mode asked for, else production.
 */
export function publicRouteMode(principal: Principal | undefined, explicit: boolean | null | undefined): boolean {
  const key = principal?.tenant;
  if (key && explicit != null && explicit !== key.testMode) throw forbidden(authMessages.noAccess);
  return explicit ?? key?.testMode ?? false;
}

/** A need's mode for a record of this testMode, or `any` before one is known (membership is checked first). */
export const modeNeed = (testMode?: boolean): NonNullable<TenantNeed['mode']> => (testMode === undefined ? 'any' : modeOf(testMode));

/**
 * Whether a caller may act on a tenant. A user needs a membership with the role (admin covers
 * member); the platform admin claim is support staff, not a tenant admin. An API key acts as its
 * own tenant's admin, in its own mode only, but never manages the team or the API keys, and a
 * sandbox key never changes the storefront. Throws
 * 401 for anonymous callers, 403 otherwise.
 */
export function authorizeTenant(principal: Principal | undefined, membership: { role: TenantRole } | null, need: TenantNeed): void {
  if (!principal) throw unauthorized(authMessages.signInRequired, 'sign_in_required');
  // Made only when refusing: an error captures a stack, which is not free on every request.
  const refuse = () => forbidden(authMessages.noAccess);
  if (principal.tenant) {
    const { collection, id, testMode } = principal.tenant;
    if (collection !== need.collection || id !== need.id) throw refuse();
    const mode = need.mode ?? 'any';
    if (mode !== 'any' && mode !== modeOf(testMode)) throw refuse();
    if (need.managesAccess) throw forbidden(authMessages.apiKeyCannotManageAccess, 'api_key_not_allowed');
    if (need.changesStorefront && testMode) throw forbidden(authMessages.sandboxKeyCannotChangeStorefront);
    return;
  }
  if (!membership) throw refuse();
  if (need.role === 'admin' && membership.role !== 'admin') throw refuse();
  if (membership.role === 'runner' && !need.runners) throw refuse();
}

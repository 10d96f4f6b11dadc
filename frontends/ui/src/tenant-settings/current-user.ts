import { hasTenantRole, useMe } from '../auth';
import type { Tenant } from './api';

/** The signed-in user's uid (their own row in the team list reads 'You'). */
export function useCurrentUid(): string | undefined {
  return useMe().me?.uid;
}

/** Whether the signed-in user is an admin of the tenant (or has the platform's admin claim): team members only look. Undefined until known. */
export function useIsTenantAdmin(tenant: Tenant): boolean | undefined {
  const { me } = useMe();
  return me ? hasTenantRole(me, tenant.collection, tenant.id, 'admin') : undefined;
}

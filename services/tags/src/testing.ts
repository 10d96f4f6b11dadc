import { tenantMemberships, type TenantCollection, type TenantRole } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createTagsService, type TagsOptions } from './index';

export type TestTenant = { collection: TenantCollection; id: string };

export interface TagsTestService extends TestService {
  /** Grants a membership as the identity service would, and waits until the tags copy has it. */
  grant(uid: string, tenant: TestTenant, role?: TenantRole): Promise<void>;
  /** `Bearer …` for a user, a platform admin (`claims`) or an API key (`key`: its tenant and mode). */
  bearer(uid: string, extra?: { key?: TestTenant & { testMode: boolean }; claims?: Record<string, unknown> }): Promise<string>;
}

/** The tags service over a fresh schema, with the identity log to grant memberships on. */
export async function startTagsTestService(options: TagsOptions = {}): Promise<TagsTestService> {
  const svc = await startTestService(createTagsService(options), { sources: ['identity'] });
  const memberships = () => svc.started.deps.readModels.collection(tenantMemberships);
  return Object.assign(svc, {
    async grant(uid: string, { collection, id }: TestTenant, role: TenantRole = 'admin') {
      await svc.sourceLog('identity').appendToStream(`members-${collection}-${id}`, [
        { type: 'TenantMembershipGranted', data: { collection, tenantId: id, uid, role, grantedBy: uid, at: new Date().toISOString() } },
      ], { expectedVersion: 'any' });
      while (!(await memberships().get(`${collection}:${id}:${uid}`))) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    bearer: async (uid: string, extra: { key?: TestTenant & { testMode: boolean }; claims?: Record<string, unknown> } = {}) =>
      `Bearer ${await svc.tokenFor({ uid, claims: extra.claims ?? {}, ...(extra.key ? { tenant: extra.key } : {}) })}`,
  });
}

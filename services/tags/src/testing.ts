import type { TenantCollection, TenantRole } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createTagsService, type TagsOptions } from './index';

export type TestTenant = { collection: TenantCollection; id: string };

export interface TagsTestService extends Omit<TestService, 'grant'> {
  /** Grants a membership as the identity service would, and waits until the tags copy has it. */
  grant(uid: string, tenant: TestTenant, role?: TenantRole): Promise<void>;
  /** `Bearer …` for a user, a platform admin (`claims`) or an API key (`key`: its tenant and mode). */
  bearer(uid: string, extra?: { key?: TestTenant & { testMode: boolean }; claims?: Record<string, unknown> }): Promise<string>;
}

/** The tags service over a fresh schema, with the identity log to grant memberships on, the orders log to place orders on and the catalog's to publish on. */
export async function startTagsTestService(options: TagsOptions & { now?: () => Date } = {}): Promise<TagsTestService> {
  const { now, ...tagsOptions } = options;
  const svc = await startTestService(createTagsService(tagsOptions), { sources: ['identity', 'orders', 'catalog'], ...(now ? { now } : {}) });
  // Object.assign below replaces svc.grant with this service's own signature.
  const grantMembership = svc.grant;
  return Object.assign(svc, {
    async grant(uid: string, { collection, id }: TestTenant, role: TenantRole = 'admin') {
      await grantMembership({ uid, tenantId: id, collection, role });
    },
    bearer: async (uid: string, extra: { key?: TestTenant & { testMode: boolean }; claims?: Record<string, unknown> } = {}) =>
      `Bearer ${await svc.tokenFor({ uid, claims: extra.claims ?? {}, ...(extra.key ? { tenant: extra.key } : {}) })}`,
  });
}

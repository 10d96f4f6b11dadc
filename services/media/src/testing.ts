import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TenantCollection } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createMediaService } from './index';
import { defaultMediaOptions, type MediaOptions } from './options';

export const PUBLIC_URL = 'http://media.test';

export interface MediaTestService extends Omit<TestService, 'grant'> {
  options: MediaOptions;
  /** Grants a membership as the identity service would, and waits until the media copy has it. */
  grant(uid: string, collection: TenantCollection, tenantId: string): Promise<void>;
  bearer(uid: string, tenant?: { collection: TenantCollection; id: string; testMode: boolean }, claims?: Record<string, unknown>): Promise<string>;
  /** The path of a URL this service answered (its origin is PUBLIC_URL, not the test server). */
  pathOf(url: string): string;
}

/** The media service over a fresh schema and a fresh data folder, with identity's log to grant memberships. */
export async function startMediaTestService(clock: { now?: () => Date } = {}): Promise<MediaTestService> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-spec-'));
  const options = defaultMediaOptions({ dataDir, publicUrl: PUBLIC_URL });
  const svc = await startTestService(createMediaService(options), { sources: ['identity'], now: clock.now });
  const stopService = svc.stop;
  // Object.assign below replaces svc.grant with this service's own signature.
  const grantMembership = svc.grant;
  return Object.assign(svc, {
    options,
    async grant(uid: string, collection: TenantCollection, tenantId: string) {
      await grantMembership({ uid, tenantId, collection, role: 'admin' });
    },
    bearer: async (uid: string, tenant?: { collection: TenantCollection; id: string; testMode: boolean }, claims: Record<string, unknown> = {}) =>
      `Bearer ${await svc.tokenFor({ uid, claims, ...(tenant ? { tenant } : {}) })}`,
    pathOf: (url: string) => new URL(url).pathname,
    stop: async () => {
      await stopService();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  });
}

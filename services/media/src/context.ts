import type { ServiceDeps, TenantAccess, TenantCollection } from '@seatside/chassis';
import type { Request } from 'express';
import type { BlobStore } from './blobs';
import type { MediaOptions } from './options';
import type { UploadSecret } from './uploads/secret';

/** What the media slices share: the chassis deps, tenant access, the blob store and the settings. */
export interface MediaContext {
  deps: ServiceDeps;
  access: TenantAccess;
  blobs: BlobStore;
  options: MediaOptions;
  secret: UploadSecret;
}

/**
 * Every media tenant route: any member of the tenant, users and API keys of either mode; a route
 * that changes what the production storefront shows (brand images) refuses a sandbox key.
 */
export const authorizeMember = (ctx: MediaContext, req: Request, collection: TenantCollection, tenantId: string, changesStorefront = false) =>
  ctx.access.authorize(req, { collection, id: tenantId, role: 'member', mode: 'any', changesStorefront });

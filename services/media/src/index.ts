import { Router } from 'express';
import { tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { blobStoreFor, type BlobStore } from './blobs';
import type { MediaContext } from './context';
import { tooLargeProblem } from './multipart';
import { objectsRouter } from './objects/http';
import { objects } from './objects/projections';
import { objectCommands } from './objects/store';
import { defaultMediaOptions, type MediaOptions } from './options';
import { createSubgraph } from './subgraph';
import { uploadsRouter } from './uploads/http';
import { mockupRouter } from './mockup/http';
import { uploadSecret } from './uploads/secret';
import { mediaApi } from './openapi';
import { mediaMigrations } from './migrations';

export { defaultMediaOptions, mediaConfigFields, mediaConfigSchema, mediaOptionsFrom, type MediaOptions, type S3Options } from './options';
export type { BrandKey, ObjectStored, UploadAuthorized } from './objects/events';
export type { BlobStore } from './blobs';

/**
 * Media: brand images, gallery uploads and two-step uploads of a tenant, the public mockup tool, re-encoded and stored in a
 * blob store (local disk or S3), with the `objects` gallery and a subgraph over it.
 * `blobs` replaces the configured store (specs).
 */
export function createMediaService(options: MediaOptions, blobs: BlobStore = blobStoreFor(options)): ServiceModule {
  return {
    name: 'media',
    api: mediaApi,
    migrations: mediaMigrations,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'media-memberships' });
      access.follow();
      const secret = uploadSecret(deps.pool, deps.schema);
      const ctx: MediaContext = { deps, access, blobs, options, secret };
      const commands = objectCommands(ctx);
      const router = Router();
      router.use(objectsRouter(ctx, commands), uploadsRouter(ctx, commands), mockupRouter(), tooLargeProblem);
      return {
        name: 'media',
        router,
        subgraph: createSubgraph(deps, access),
        collections: [tenantMemberships, objects],
        async stop() {
          await blobs.close?.();
        },
      };
    },
  };
}

/** The media service on its defaults: local disk under ./.data/media, URLs on http://127.0.0.1:8080. */
export const mediaService: ServiceModule = createMediaService(defaultMediaOptions());

import { Router } from 'express';
import { migrateUnderLock, tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { newTagCode } from './tags/codes';
import { tagsRouter } from './tags/http';
import { publicTags, tagCodeClaims, tags } from './tags/projections';
import { publicTagsRouter } from './tags/public';

export interface TagsOptions {
  /** Draws a public tag code; specs pass a predictable one to force collisions. */
  newCode?: () => string;
}

/**
 * Tags: NFC tags and QR codes carrying a location (table 12, seat 2C) for a merchant, venue or app,
 * and the public resolution of `/tag/{code}` (docs/tags-api.md).
 */
export function createTagsService(options: TagsOptions = {}): ServiceModule {
  return {
    name: 'tags',
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'tags-memberships' });
      access.follow();
      const router = Router();
      router.use(tagsRouter(deps, access, options.newCode ?? newTagCode), publicTagsRouter(deps));
      return {
        name: 'tags',
        router,
        collections: [tenantMemberships, tags, publicTags],
        start: () => migrateUnderLock(deps.pool, deps.schema, [tagCodeClaims(deps.schema).migration]),
      };
    },
  };
}

/** The tags service on its defaults: random ten-character codes. */
export const tagsService: ServiceModule = createTagsService();

import type { TenantCollection } from '@seatside/chassis';

/** Where an object sits under its tenant (docs/media-api.md): brand images, gallery uploads, two-step files. */
export const folders = ['brand', 'uploads', 'files'] as const;
export type Folder = (typeof folders)[number];

/**
 * Who an object belongs to: a tenant's collection, or `platform` for the platform's own images (the
 * admin area's articles, under `platform/articles/uploads/`), which no tenant owns.
 */
export type ObjectOwner = TenantCollection | 'platform';

/** The tenant images the catalog keeps in its `branding`. */
export const brandKeys = ['icon', 'logo', 'logoDark', 'banner'] as const;
export type BrandKey = (typeof brandKeys)[number];

/**
 * An object was stored: its bytes are at `objectKey` and served at `url`. With a `brandKey` it is
 * also the integration event the catalog consumes to update the tenant's `branding` (not yet in
 * proto/: proto/seatside/media/v1 has ObjectUploaded without a brand key).
 */
export type ObjectStored = {
  objectKey: string;
  collection: ObjectOwner;
  tenantId: string;
  folder: Folder;
  brandKey?: BrandKey;
  url: string;
  size: number;
  contentType: string;
  at: string;
  /** The uid that uploaded it (for a two-step upload, the caller of step one). */
  by: string;
};

/** Step one of a two-step upload: one key may be posted once, with this content type, until expiresAt. */
export type UploadAuthorized = {
  objectKey: string;
  collection: ObjectOwner;
  tenantId: string;
  contentType: string;
  expiresAt: string;
  by: string;
};

export type ObjectEvent = { type: 'ObjectStored'; data: ObjectStored } | { type: 'UploadAuthorized'; data: UploadAuthorized };

export const objectStream = (objectId: string) => `object-${objectId}`;

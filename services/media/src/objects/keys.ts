import type { ImageFormat } from '../images';
import type { BrandKey, Folder, ObjectOwner } from './events';

/** A tenant id we put in a key: what the catalog mints, nothing that could climb out of a folder. */
export const isSafeTenantId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

export interface ObjectPlace {
  collection: ObjectOwner;
  tenantId: string;
  folder: Folder;
  objectId: string;
  format: ImageFormat;
  brandKey?: BrandKey;
}

/** `{collection}/{id}/{folder}/{brandKey-}{uuid}.{png|jpg}` (docs/media-api.md). */
export const objectKeyOf = ({ collection, tenantId, folder, objectId, format, brandKey }: ObjectPlace): string =>
  `${collection}/${tenantId}/${folder}/${brandKey ? `${brandKey}-` : ''}${objectId}.${format}`;

/** The object id (the stream's) in a key this service made, or undefined. */
export function objectIdOf(key: string): string | undefined {
  const match = /^[a-z]+\/[A-Za-z0-9_-]+\/[a-z]+\/(?:[A-Za-z]+-)?([0-9a-f-]{36})\.(?:png|jpg)$/.exec(key);
  return match?.[1];
}

export const objectUrlOf = (mediaPublicUrl: string, key: string) => `${mediaPublicUrl}/${key}`;

import type { Request } from 'express';
import { conflict, forbidden, handleCommand, isDomainError, metadataFrom, type InlineProjection } from '@seatside/chassis';
import type { MediaContext } from '../context';
import type { EncodedImage, ImageFormat } from '../images';
import { mediaMessages as m } from '../messages';
import { objectStream, type BrandKey, type Folder, type ObjectOwner, type ObjectStored, type UploadAuthorized } from './events';
import { objectIdOf, objectKeyOf, objectUrlOf } from './keys';
import { objectDecider, type ObjectCommand } from './object';
import { projectObjects } from './projections';

export interface NewObject {
  collection: ObjectOwner;
  tenantId: string;
  folder: Folder;
  brandKey?: BrandKey;
}

/**
 * The object commands. The bytes are written inside the append's transaction (as an inline step),
 * so an object is in the log and the gallery exactly when its bytes are stored, and a second use of
 * an upload policy, which loses the append, never overwrites the first one's bytes.
 */
export function objectCommands(ctx: MediaContext) {
  const { deps, blobs, options } = ctx;
  const project = projectObjects(deps.readModels);
  const storeBytes = (key: string, image: EncodedImage): InlineProjection => () => blobs.put(key, image.bytes, image.contentType);
  const run = (req: Request, objectId: string, tenantId: string, command: ObjectCommand, inline: InlineProjection[]) =>
    handleCommand(deps.eventStore, objectStream(objectId), objectDecider, command, { metadata: metadataFrom(req, { tenantId }), inline });
  const uid = (req: Request) => req.principal?.uid ?? 'anonymous';

  return {
    async storeImage(req: Request, place: NewObject, image: EncodedImage): Promise<ObjectStored> {
      const objectId = deps.newId();
      const objectKey = objectKeyOf({ ...place, objectId, format: image.format });
      const data: ObjectStored = {
        ...place, objectKey, url: objectUrlOf(options.mediaPublicUrl, objectKey), size: image.bytes.length,
        contentType: image.contentType, at: deps.now().toISOString(), by: uid(req),
      };
      await run(req, objectId, place.tenantId, { type: 'StoreObject', data }, [storeBytes(objectKey, image), project]);
      return data;
    },

    async authorizeUpload(req: Request, place: Omit<NewObject, 'folder' | 'brandKey'>, format: ImageFormat, contentType: string, expiresAt: string): Promise<UploadAuthorized> {
      const objectId = deps.newId();
      const objectKey = objectKeyOf({ ...place, folder: 'files', objectId, format });
      const data: UploadAuthorized = { ...place, objectKey, contentType, expiresAt, by: uid(req) };
      await run(req, objectId, place.tenantId, { type: 'AuthorizeUpload', data }, []);
      return data;
    },

    /** Step two: appends at the version step one left, so of two posts of one policy only one stores. */
    async storeUpload(req: Request, objectKey: string, image: EncodedImage): Promise<void> {
      const objectId = objectIdOf(objectKey);
      if (!objectId) throw forbidden(m.uploadLinkInvalid);
      const data = { objectKey, url: objectUrlOf(options.mediaPublicUrl, objectKey), size: image.bytes.length, contentType: image.contentType, at: deps.now().toISOString() };
      const tenantId = objectKey.split('/')[1]!;
      try {
        await run(req, objectId, tenantId, { type: 'StoreUpload', data }, [storeBytes(objectKey, image), project]);
      } catch (err) {
        // The append lost to a concurrent post of the same policy.
        if (isDomainError(err) && err.kind === 'Conflict') throw conflict(m.uploadLinkUsed);
        throw err;
      }
    },
  };
}

export type ObjectCommands = ReturnType<typeof objectCommands>;

import { Router, type Request } from 'express';
import { z } from 'zod';
import { notFound, parseInput, parseListQuery, requirePlatformAdmin, sendImage, soundImageFormatOf, tenantCollections, type TenantCollection } from '@seatside/chassis';
import { isSafeKey } from '../blobs';
import { authorizeMember, type MediaContext } from '../context';
import { reencodeImage } from '../images';
import { mediaMessages as m } from '../messages';
import { fileForm, readUploadForm, uploadedFile, type MultipartForm } from '../multipart';
import { brandKeys } from './events';
import { isSafeTenantId } from './keys';
import { objects, objectView, type ObjectDoc } from './projections';
import type { ObjectCommands } from './store';

/** Where the admin area's uploads go: `platform/articles/uploads/{uuid}.{png|jpg}`. */
export const platformArticles = { collection: 'platform', tenantId: 'articles', folder: 'uploads' } as const;

/** A brand form: a file and which brand image it is; both messages when both are missing. */
export const brandForm = z.object({ file: uploadedFile, key: z.enum(brandKeys, { error: m.brandKeyRequired }) });

export function brandFormOf({ fields, file }: MultipartForm) {
  const form = parseInput(brandForm, { ...fields, file });
  return { file: form.file, brandKey: form.key };
}

/** Brand images and gallery uploads of a tenant, its gallery, and every object's bytes (public). */
export function objectsRouter(ctx: MediaContext, commands: ObjectCommands): Router {
  const router = Router();
  /** Authorizes before the body is read: a refused caller's upload is never parsed. */
  const tenantOf = async (req: Request, collection: TenantCollection, changesStorefront = false) => {
    const tenantId = String(req.params.tenantId);
    await authorizeMember(ctx, req, collection, tenantId, changesStorefront);
    if (!isSafeTenantId(tenantId)) throw notFound();
    return tenantId;
  };

  for (const collection of tenantCollections) {
    // A brand image becomes the tenant's branding (the catalog follows ObjectStored): a storefront change.
    router.post(`/v1/${collection}/:tenantId/brand`, async (req, res) => {
      const tenantId = await tenantOf(req, collection, true);
      const { file, brandKey } = brandFormOf(await readUploadForm(req));
      const stored = await commands.storeImage(req, { collection, tenantId, folder: 'brand', brandKey }, await reencodeImage(file.bytes));
      res.type('text/plain').send(stored.url);
    });

    router.post(`/v1/${collection}/:tenantId/uploads`, async (req, res) => {
      const tenantId = await tenantOf(req, collection);
      const { file } = parseInput(fileForm, await readUploadForm(req));
      const stored = await commands.storeImage(req, { collection, tenantId, folder: 'uploads' }, await reencodeImage(file.bytes));
      res.type('text/plain').send(stored.url);
    });
  }

  // The platform's own images (an article's image in the admin area): platform admins only, checked before the body is read.
  router.post('/v1/admin/media/uploads', async (req, res) => {
    requirePlatformAdmin(req);
    const { file } = parseInput(fileForm, await readUploadForm(req));
    const stored = await commands.storeImage(req, platformArticles, await reencodeImage(file.bytes));
    res.type('text/plain').send(stored.url);
  });

  router.get('/v1/merchants/:tenantId/objects', async (req, res) => {
    const tenantId = await tenantOf(req, 'merchants');
    const { limit, cursor } = parseListQuery(req.query);
    const page = await ctx.deps.readModels
      .collection<ObjectDoc>(objects)
      .find({ filter: { collection: 'merchants', tenantId }, sort: 'lastModified', order: 'desc', limit, cursor });
    res.json({ data: page.data.map(objectView), nextCursor: page.nextCursor, total: page.total });
  });

  router.get('/v1/media/*key', async (req, res) => {
    const key = ([] as string[]).concat(req.params.key as string | string[]).join('/');
    const blob = isSafeKey(key) ? await ctx.blobs.get(key) : undefined;
    // Bytes that reached the store without the image pipeline (an S3 presigned POST of old) are served only if they are an image and nothing else.
    if (!blob || !soundImageFormatOf(blob.bytes)) throw notFound(m.objectNotFound);
    // A new upload gets a new key, so a key's bytes never change.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    sendImage(res, blob, key.slice(key.lastIndexOf('/') + 1));
  });

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseInput, tenantCollections, validationFailed } from '@seatside/chassis';
import { authorizeMember, type MediaContext } from '../context';
import { formatOfContentType, IMAGE_MAX_BYTES, imageFormatOf, ImageTooLarge, reencodeImage, type ImageFormat } from '../images';
import { mediaMessages as m } from '../messages';
import { fileForm, readUploadForm } from '../multipart';
import { isSafeTenantId } from '../objects/keys';
import type { ObjectCommands } from '../objects/store';
import { policyFields, POLICY_TTL_MS, signPolicy, verifyPolicy } from './policy';

const imageType = z.unknown().transform((value, ctx): { contentType: string; format: ImageFormat } => {
  const format = typeof value === 'string' ? formatOfContentType(value.trim().toLowerCase()) : undefined;
  if (!format) {
    ctx.addIssue({ code: 'custom', message: m.notAnImage });
    return z.NEVER;
  }
  return { contentType: (value as string).trim().toLowerCase(), format };
});

/** Step one's body; the file name is the browser's, informative only (the key is ours). */
export const uploadRequest = z.object({ filename: z.string().max(255).optional(), contentType: imageType });

/** Step two's form: the signed fields of step one's answer, then the file (the fields are checked first). */
export const uploadForm = policyFields.extend(fileForm.shape);

/** The two-step upload (seed 002 §7): a policy for one key, then a form post of it with the file. */
export function uploadsRouter(ctx: MediaContext, commands: ObjectCommands): Router {
  const router = Router();

  for (const collection of tenantCollections) {
    router.post(`/v1/${collection}/:tenantId/upload`, async (req, res) => {
      const { tenantId } = req.params;
      await authorizeMember(ctx, req, collection, tenantId);
      if (!isSafeTenantId(tenantId)) throw notFound();
      const { contentType: { contentType, format } } = parseInput(uploadRequest, req.body ?? {});
      const expiresAt = new Date(ctx.deps.now().getTime() + POLICY_TTL_MS);
      const { objectKey: key } = await commands.authorizeUpload(req, { collection, tenantId }, format, contentType, expiresAt.toISOString());
      // Always this service's own form-upload, even over S3: a presigned POST would put the bytes in
      // the bucket without the image pipeline (magic bytes, polyglots, re-encoding without metadata).
      const fields = signPolicy(await ctx.secret.get(), { key, contentType, maxBytes: IMAGE_MAX_BYTES, expiresAt: expiresAt.toISOString() });
      res.json({ url: `${ctx.options.publicUrl}/v1/media/form-upload`, fields, key });
    });
  }

  // Public: the signed policy is the caller's authority; it is checked before the file is looked at.
  router.post('/v1/media/form-upload', async (req, res) => {
    const form = await readUploadForm(req);
    const policy = verifyPolicy(await ctx.secret.get(), form.fields, ctx.deps.now());
    const { file } = parseInput(fileForm, form);
    if (file.bytes.length > policy.maxBytes) throw new ImageTooLarge();
    if (imageFormatOf(file.bytes) !== formatOfContentType(policy.contentType)) throw validationFailed(m.notAnImage, { file: m.notAnImage });
    await commands.storeUpload(req, policy.key, await reencodeImage(file.bytes));
    res.status(204).end();
  });

  return router;
}

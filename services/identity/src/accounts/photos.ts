import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { contentTypeOf, ImageRejected, metadataFrom, notFound, problemOf, reencodeImage, requirePrincipal, sendImage, sendProblem, soundImageFormatOf, validationFailed } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { accountMessages as m } from './messages';
import { signedInUser } from './settings-http';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** A profile photo is decoded only within 40 megapixels (as media's images) and stored inside 1024 px. */
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MAX_SIDE = 1024;

/** The shared image pipeline (chassis images.ts): only its re-encoded bytes are ever written or served. */
async function photoOf(bytes: unknown) {
  if (!Buffer.isBuffer(bytes)) throw validationFailed(m.photoNotAnImage);
  try {
    return await reencodeImage(bytes, { maxBytes: PHOTO_MAX_BYTES, maxPixels: PHOTO_MAX_PIXELS, maxSide: PHOTO_MAX_SIDE });
  } catch (err) {
    if (!(err instanceof ImageRejected)) throw err;
    if (err.reason === 'tooLarge') throw Object.assign(new Error(m.photoTooLarge), { type: 'entity.too.large' });
    throw validationFailed(m.photoNotAnImage);
  }
}

/** Names this slice writes: a uid of safe characters and a random hex file name; nothing else is served. */
const SAFE_UID = /^[A-Za-z0-9_-]{1,128}$/;
const PHOTO_FILE = /^[0-9a-f]{32}\.(png|jpg)$/;


/** Profile photos: uploaded raw, kept under DATA_DIR/uploads/users/{uid}, served by a URL nobody can guess. */
export function photosRouter(ctx: IdentityContext): Router {
  const router = Router();
  const userDir = (uid: string) => path.resolve(ctx.options.dataDir, 'uploads', 'users', uid);

  // Anonymous uploads are refused before their bytes are read.
  const signInFirst: RequestHandler = (req, _res, next) => {
    requirePrincipal(req);
    next();
  };
  const tooLarge: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
    if (err?.type === 'entity.too.large') return sendProblem(res, problemOf(413, m.photoTooLarge));
    next(err);
  };

  const upload: RequestHandler = async (req, res) => {
    const user = await signedInUser(ctx, req);
    if (!SAFE_UID.test(user.id)) throw validationFailed(m.photoNotAnImage);
    const photo = await photoOf(req.body);
    const file = `${randomBytes(16).toString('hex')}.${photo.format}`;
    await fs.mkdir(userDir(user.id), { recursive: true });
    await fs.writeFile(path.join(userDir(user.id), file), photo.bytes);
    const photoURL = `/v1/users/${user.id}/photo/${file}`;
    await ctx.users.run(user.id, { type: 'ChangePhoto', data: { uid: user.id, photoURL, at: ctx.deps.now().toISOString() } }, metadataFrom(req));
    res.json({ message: m.photoUpdated, photoURL });
  };

  router.post('/v1/users/me/photo', signInFirst, express.raw({ type: Object.values(contentTypeOf), limit: PHOTO_MAX_BYTES }), tooLarge, upload, tooLarge);

  router.get('/v1/users/:uid/photo/:file', async (req, res) => {
    const { uid, file } = req.params;
    if (!SAFE_UID.test(uid) || !PHOTO_FILE.test(file)) throw notFound();
    const bytes = await fs.readFile(path.join(userDir(uid), file)).catch(() => undefined);
    // A file stored before the image pipeline (raw upload) is served only if it is an image and nothing else.
    if (!bytes || !soundImageFormatOf(bytes)) throw notFound();
    // A new photo gets a new name, so a name's bytes never change.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    sendImage(res, { bytes, contentType: contentTypeOf[file.endsWith('.png') ? 'png' : 'jpg'] }, file);
  });

  return router;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { contentTypeOf, imageFormatOf, metadataFrom, notFound, problemOf, requirePrincipal, sendProblem, validationFailed } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { accountMessages as m } from './messages';
import { signedInUser } from './settings-http';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;


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
    const bytes: unknown = req.body;
    const type = Buffer.isBuffer(bytes) ? imageFormatOf(bytes) : undefined;
    if (!type || !SAFE_UID.test(user.id)) throw validationFailed(m.photoNotAnImage);
    const file = `${randomBytes(16).toString('hex')}.${type}`;
    await fs.mkdir(userDir(user.id), { recursive: true });
    await fs.writeFile(path.join(userDir(user.id), file), bytes as Buffer);
    const photoURL = `/v1/users/${user.id}/photo/${file}`;
    await ctx.users.run(user.id, { type: 'ChangePhoto', data: { uid: user.id, photoURL, at: ctx.deps.now().toISOString() } }, metadataFrom(req));
    res.json({ message: m.photoUpdated, photoURL });
  };

  router.post('/v1/users/me/photo', signInFirst, express.raw({ type: Object.values(contentTypeOf), limit: PHOTO_MAX_BYTES }), tooLarge, upload);

  router.get('/v1/users/:uid/photo/:file', async (req, res) => {
    const { uid, file } = req.params;
    if (!SAFE_UID.test(uid) || !PHOTO_FILE.test(file)) throw notFound();
    const bytes = await fs.readFile(path.join(userDir(uid), file)).catch(() => undefined);
    if (!bytes) throw notFound();
    res.setHeader('Content-Type', contentTypeOf[file.endsWith('.png') ? 'png' : 'jpg']);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A new photo gets a new name, so a name's bytes never change.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(bytes);
  });

  return router;
}

import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { preferredEncoding, type ContentCoding } from '@seatside/chassis';

/** The files a frontend build precompresses (frontends/ui/build/compress.mjs), by extension. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json)$/;
const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Sends `file` as the best precompressed variant beside it the client accepts (`file.br`, then
 * `file.gz`), with `Content-Encoding`, the original's Content-Type, and `Vary: Accept-Encoding`;
 * the variant's own ETag (so each encoding has its own, and a matching If-None-Match answers 304),
 * and no Last-Modified nor Accept-Ranges. Answers false (nothing sent) when no variant fits: the caller then
 * sends the identity file, and `Vary` is set already. The variant is read as is, never compressed again.
 */
export function sendPrecompressed(
  req: Parameters<RequestHandler>[0], res: Response, file: string, setHeaders: (res: Response, file: string) => void, next: (error?: unknown) => void,
): boolean {
  if (!COMPRESSIBLE.test(file)) return false;
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  // The browser's other choice when the best is missing (say a .br not written because it was not smaller).
  const candidates: ContentCoding[] = encoding === 'br' && preferredEncoding(req.headers['accept-encoding'], ['gzip']) ? ['br', 'gzip'] : [encoding];
  const found = candidates.map((coding) => ({ coding, variant: file + SUFFIX[coding] })).find(({ variant }) => fs.statSync(variant, { throwIfNoEntry: false })?.isFile());
  if (!found) return false;
  setHeaders(res, file);
  res.setHeader('Content-Encoding', found.coding);
  res.type(path.extname(file));
  // The ETag is the validator; Last-Modified and Accept-Ranges (a byte range of a compressed body
  // helps no browser) are left out: headers are bytes on every response of a first visit.
  res.sendFile(found.variant, { dotfiles: 'deny', cacheControl: false, etag: true, lastModified: false, acceptRanges: false }, (error) => {
    if (error && !res.headersSent) next(error);
  });
  return true;
}

/**
 * Serves the precompressed variants of the files under `dir` (a frontend's dist) for GET and HEAD,
 * before express.static serves the identity files.
 */
export function precompressed(dir: string, setHeaders: (res: Response, file: string) => void): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (relative.includes('\0')) return next();
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep) || relative.split('/').some((segment) => segment.startsWith('.'))) return next();
    if (!sendPrecompressed(req, res, file, setHeaders, next)) next();
  };
}

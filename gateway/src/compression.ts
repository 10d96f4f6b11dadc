import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import { preferredEncoding, type ContentCoding } from '@seatside/chassis';

/** Answers smaller than this are sent as they are: the coding's overhead outweighs the saving. */
export const COMPRESS_FROM_BYTES = 1024;

/** Bodies worth compressing: JSON and text, never an event stream (its events must flush one by one). */
export function compressibleType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return /^text\//.test(type) || /^application\/([a-z0-9.+-]*\+)?(json|xml|javascript|graphql-response\+json)$/.test(type);
}

function encoder(coding: ContentCoding, size: number | undefined): zlib.BrotliCompress | zlib.Gzip {
  if (coding === 'gzip') return zlib.createGzip({ level: 6 });
  // Quality 5: near gzip -9's size at a fraction of Brotli 11's CPU; API answers are compressed per request.
  return zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, ...(size ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}) },
  });
}

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

const byteLength = (chunk: Chunk | undefined, encoding?: BufferEncoding) =>
  chunk === undefined ? 0 : typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;

/**
 * Compresses answers over 1 KB with Brotli or gzip, as the client's `Accept-Encoding` prefers, by
 * streaming them through node:zlib. Left alone: an answer that already has a `Content-Encoding` (a
 * prebuilt gzip, or a proxied service's own), a HEAD, 1xx/204/304, a body that is not JSON or text
 * (so never text/event-stream), and `Cache-Control: no-transform`. For a client that takes Brotli
 * or gzip, adds `Vary: Accept-Encoding` to every compressible answer, and weakens a strong ETag of an
 * answer it encodes (the bytes differ, the content does not); a client that takes neither costs
 * nothing (its answers are the same for everyone). For /v1 and /graphql; socket.io never reaches it.
 */
export function compression(options: { threshold?: number } = {}): RequestHandler {
  const threshold = options.threshold ?? COMPRESS_FROM_BYTES;
  return (req, res, next) => {
    const accepted = preferredEncoding(req.headers['accept-encoding']);
    if (!accepted || req.method === 'HEAD') return next();
    const response = res as ServerResponse<IncomingMessage>;
    const write = response.write.bind(response) as (chunk: Chunk, encoding?: BufferEncoding, cb?: Callback) => boolean;
    const end = response.end.bind(response) as (chunk?: Chunk, encoding?: BufferEncoding, cb?: () => void) => ServerResponse;
    const writeHead = response.writeHead.bind(response) as (status: number, message?: string) => ServerResponse;
    let decided = false;
    /** The body's size when the first thing the handler does is end() with it; unknown when it streams. */
    let knownLength: number | undefined;
    let stream: zlib.BrotliCompress | zlib.Gzip | undefined;

    const decide = () => {
      decided = true;
      if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304) return;
      if (res.getHeader('Content-Encoding')) return;
      if (!compressibleType(String(res.getHeader('Content-Type') ?? ''))) return;
      res.vary('Accept-Encoding');
      if (/(^|,)\s*no-transform\s*(,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return;
      const declared = res.getHeader('Content-Length');
      const length = declared !== undefined ? Number(declared) : knownLength;
      if (length !== undefined && length < threshold) return;
      res.setHeader('Content-Encoding', accepted);
      res.removeHeader('Content-Length');
      const etag = res.getHeader('ETag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
      const encoding = encoder(accepted, length);
      stream = encoding;
      encoding.on('data', (data: Buffer) => {
        if (!write(data)) encoding.pause();
      });
      encoding.on('end', () => end());
      // The handler waits for the response's drain; the socket's drain resumes the encoder.
      res.on('drain', () => encoding.resume());
      encoding.on('drain', () => res.emit('drain'));
      // A client gone before the end: stop compressing for it.
      res.once('close', () => {
        if (!res.writableFinished) encoding.destroy();
      });
    };

    response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      // Headers given here (a proxy's) are set first, so the decision sees them.
      const message = typeof rest[0] === 'string' ? rest[0] : undefined;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | string[] | undefined;
      if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), String(headers[i + 1]));
      else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      res.statusCode = status;
      if (!decided) decide();
      return writeHead(status, message);
    } as typeof response.writeHead;

    response.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, cb?: Callback) {
      const [enc, callback] = typeof encoding === 'function' ? [undefined, encoding] : [encoding, cb];
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (!stream) return write(chunk, enc, callback);
      return stream.write(typeof chunk === 'string' ? Buffer.from(chunk, enc) : chunk, callback);
    } as typeof response.write;

    response.end = function (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void) {
      const [body, enc, callback] = typeof chunk === 'function' ? [undefined, undefined, chunk] : typeof encoding === 'function' ? [chunk, undefined, encoding] : [chunk, encoding, cb];
      if (!res.headersSent) {
        knownLength = byteLength(body, enc);
        res.writeHead(res.statusCode);
      }
      if (!stream) return end(body, enc, callback);
      if (callback) res.once('finish', callback);
      if (body !== undefined) stream.end(typeof body === 'string' ? Buffer.from(body, enc) : body);
      else stream.end();
      return res;
    } as typeof response.end;

    next();
  };
}

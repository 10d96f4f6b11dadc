import busboy from 'busboy';
import { z } from 'zod';
import type { ErrorRequestHandler, Request } from 'express';
import { problemOf, sendProblem, validationFailed } from '@seatside/chassis';
import { IMAGE_MAX_BYTES, ImageTooLarge } from './images';
import { mediaMessages as m } from './messages';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The `file` part; undefined when none was sent (or it was empty, as a form without a chosen file sends). */
  file?: UploadedFile;
}

/** Room for the form's boundaries and text fields beyond the file itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
const limits = (fileBytes: number) => ({ fileSize: fileBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24, headerPairs: 50 });

/** Thrown for a body that is not a readable multipart form: the routes answer it as a missing file. */
export class NotAForm extends Error {
  constructor(cause?: unknown) {
    super('not a multipart form', { cause });
    this.name = 'NotAForm';
  }
}

/**
 * Reads a multipart form with at most one `file` of at most `fileBytes`: the file is kept in memory
 * only up to the limit; beyond it the rest of the body is drained unread and this rejects with
 * ImageTooLarge, as soon as the limit is crossed (or at once when Content-Length announces too much).
 */
export function readMultipart(req: Request, fileBytes = IMAGE_MAX_BYTES): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const refuse = (err: Error) =>
      settle(() => {
        req.unpipe();
        req.resume();
        reject(err);
      });
    if (Number(req.headers['content-length'] ?? 0) > fileBytes + FORM_OVERHEAD_BYTES) return refuse(new ImageTooLarge());
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: limits(fileBytes) });
    } catch (err) {
      return refuse(new NotAForm(err));
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | undefined;
    // busboy may close before a file stream's 'end' has run: the answer waits for both.
    let fileRead = Promise.resolve();
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        chunks.length = 0;
        refuse(new ImageTooLarge());
      });
      fileRead = new Promise((done) =>
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (bytes.length > 0) file = { bytes, filename: info.filename ?? '', mimeType: info.mimeType };
          done();
        }),
      );
    });
    parser.on('error', (err) => refuse(new NotAForm(err)));
    parser.on('close', () => void fileRead.then(() => settle(() => resolve({ fields, file }))));
    req.on('error', (err) => refuse(new NotAForm(err)));
    req.pipe(parser);
  });
}

/** The chassis maps DomainErrors; a 413 with the spec's message is this service's own. */
export const tooLargeProblem: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof ImageTooLarge) || res.headersSent) return next(err);
  sendProblem(res, { ...problemOf(413, err.message), instance: req.originalUrl });
};

export const fileRequired = () => validationFailed(m.fileRequired, { file: m.fileRequired });

/** A form's `file` part, required (the spec's message); documented as the image's bytes. */
export const uploadedFile = z
  .custom<UploadedFile>((value) => typeof value === 'object' && value !== null, { error: m.fileRequired })
  .meta({ type: 'string', contentMediaType: 'image/*', description: 'A PNG or JPEG image, at most 10 MB (re-encoded without its metadata).' });

/** An upload form: its `file`. */
export const fileForm = z.object({ file: uploadedFile });

/** A route's upload form: a body that is not a multipart form is a form without a file. */
export const readUploadForm = (req: Request): Promise<MultipartForm> =>
  readMultipart(req).catch((err: unknown) => {
    throw err instanceof NotAForm ? fileRequired() : err;
  });

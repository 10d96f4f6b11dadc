import busboy from 'busboy';
import type { Request } from 'express';
import { validationFailed } from '@seatside/chassis';
import { voiceMessages as m } from './messages';

/** A turn's recording: at most 10 MB of WAV (about a minute at 24 kHz 16-bit mono is 2.9 MB). */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024;

export interface TurnForm {
  fields: Record<string, string>;
  /** `input` sent as a file (the recording); a text `input` is in `fields`. */
  audio?: Buffer;
}

/** Reads the turn's multipart form; a body that is not one, or a recording over the limit, is a 400. */
export function readTurnForm(req: Request): Promise<TurnForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 20, fieldSize: 256 * 1024, parts: 24 } });
    } catch {
      req.resume();
      return reject(validationFailed(m.inputRequired, { input: m.inputRequired }));
    }
    const fields: Record<string, string> = {};
    let audio: Buffer | undefined;
    let failed = false;
    let fileRead = Promise.resolve();
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe();
      req.resume();
      reject(err);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'input' || audio) return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(validationFailed(m.audioTooLarge, { input: m.audioTooLarge })));
      fileRead = new Promise((done) =>
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (bytes.length > 0) audio = bytes;
          done();
        }),
      );
    });
    parser.on('error', () => fail(validationFailed(m.inputRequired, { input: m.inputRequired })));
    parser.on('close', () => void fileRead.then(() => !failed && resolve({ fields, audio })));
    req.on('error', () => fail(validationFailed(m.inputRequired, { input: m.inputRequired })));
    req.pipe(parser);
  });
}

import type { Request, Response } from 'express';
import { validationFailed } from '../errors';

/**
 * The stream version a client last saw, from `If-Match: "3"` (weak tags and bare numbers too).
 * Absent or `*` means "no precondition".
 */
export function ifMatchVersion(req: Request): number | undefined {
  const header = req.get('if-match')?.trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match) throw validationFailed('If-Match must be a record version such as "3"', { 'If-Match': 'Invalid version' });
  return Number(match[1]);
}

/** Tells the client the version to send back as If-Match. */
export function setVersionTag(res: Response, version: number): void {
  res.setHeader('ETag', `"${version}"`);
}

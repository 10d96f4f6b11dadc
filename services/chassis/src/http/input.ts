import type { Request, RequestHandler } from 'express';
import { DomainError, notFound, validationFailed } from '../errors';
import { fieldLabel, tooLongMessage } from './validate';

/**
 * What every route takes, whatever its own schema says (docs/ARCHITECTURE.md, "Input limits"): no
 * string (body, query or path) holds NUL, another control character (tab, line feeds excepted
 * outside the path) or half of a surrogate pair; a body string or query value is at most 10,000
 * characters, a path segment at most 256; a JSON body nests at most 32 levels. A route's schema
 * bounds its own fields tighter (`.max()`); these catch what no schema names.
 */
export const inputLimits = {
  maxString: 10_000,
  maxPathSegment: 256,
  maxDepth: 32,
} as const;

export const inputMessages = {
  notAllowed: 'The request contains characters that are not allowed',
  tooDeep: `The request body is nested too deeply (at most ${inputLimits.maxDepth} levels)`,
  invalidJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_WHITESPACE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text is one PostgreSQL and every client can hold: no NUL, no stray control character, no lone surrogate. */
export const isCleanText = (text: string, allowLineBreaks = true): boolean =>
  !(allowLineBreaks ? CONTROL : CONTROL_OR_WHITESPACE_CONTROL).test(text) && !LONE_SURROGATE.test(text);

class InputRefused extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(problem);
  }
}

/** Checks one string at `path`; throws the first problem. */
function checkString(text: string, path: string[], max: number) {
  if (!isCleanText(text)) throw new InputRefused(path.join('.') || '_', inputMessages.notAllowed);
  if (text.length > max) throw new InputRefused(path.join('.') || '_', tooLongMessage(fieldLabel(path), max));
}

/** Walks parsed input (JSON body or query) without recursion deeper than maxDepth; keys are strings too. */
function checkValue(value: unknown, path: string[], depth: number) {
  if (typeof value === 'string') return checkString(value, path, inputLimits.maxString);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth >= inputLimits.maxDepth) throw new InputRefused(path.join('.') || '_', inputMessages.tooDeep);
  for (const [key, child] of Object.entries(value)) {
    checkString(key, [...path, key], inputLimits.maxString);
    checkValue(child, [...path, key], depth + 1);
  }
}

/** A path names nothing when a segment is malformed, holds a control character or is too long for any id. */
function pathIsSound(rawPath: string): boolean {
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded.length > inputLimits.maxPathSegment || !isCleanText(decoded, false)) return false;
  }
  return true;
}

/** Express 5 parses the query on every read of `req.query`; a malformed one may throw. */
const queryOf = (req: Request): unknown => {
  try {
    return req.query;
  } catch {
    throw validationFailed(inputMessages.notAllowed);
  }
};

/**
 * The chassis's one input check, before any route (mounted by `jsonBodies`, so every service gets
 * it in both topologies): a bad path is 404 (no resource has such an id), a bad query or body 400.
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  if (!pathIsSound(req.path)) return next(notFound());
  try {
    checkValue(queryOf(req), [], 0);
    if (req.body !== undefined && !Buffer.isBuffer(req.body)) checkValue(req.body, [], 0);
  } catch (err) {
    if (err instanceof InputRefused) return next(validationFailed(err.problem, { [err.field]: err.problem }));
    if (err instanceof DomainError) return next(err);
    throw err;
  }
  next();
};

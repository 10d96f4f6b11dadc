import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { defaultCodeOf, type ErrorCode } from '@seatside/rules';
import { DomainError, isDomainError, statusOf } from '../errors';
import { fieldErrors } from './validate';

/**
 * RFC 9457 problem details, plus `message` (what the spec's screens show), per-field `errors` and the
 * stable `code` clients branch on (@seatside/rules errorCodes).
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  message: string;
  errors?: Record<string, string>;
  instance?: string;
  [extra: string]: unknown;
}

const titles: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  412: 'Precondition Failed', 413: 'Content Too Large', 415: 'Unsupported Media Type',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/**
 * The one place an answer's problem is made: every service's errors, the edge's, the payment
 * provider's 502. `code` defaults to the status's own (`defaultCodeOf`).
 */
export function problemOf(status: number, message: string, errors?: Record<string, string>, extra?: Record<string, unknown>, code?: ErrorCode): Problem {
  const title = titles[status] ?? 'Error';
  return {
    type: status === 500 ? 'about:blank' : `https://seatside.dev/problems/${title.toLowerCase().replace(/ /g, '-')}`,
    title,
    status,
    code: code ?? defaultCodeOf(status),
    detail: message,
    message,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    ...extra,
  };
}

export function sendProblem(res: Response, problem: Problem): void {
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
}

/** Maps anything thrown by a handler to a problem; the only place errors become HTTP. */
export function toProblem(err: unknown): Problem {
  if (isDomainError(err)) return problemOf(statusOf[err.kind], err.message, err.errors, err.extra, err.code);
  if (err instanceof ZodError) {
    const errors = fieldErrors(err);
    return problemOf(400, Object.values(errors)[0] ?? 'Invalid request', errors);
  }
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e?.type === 'entity.parse.failed') return problemOf(400, 'The request body is not valid JSON', undefined, undefined, 'invalid_json');
  if (e?.type === 'entity.too.large') return problemOf(413, 'The request body is too large');
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return problemOf(status, titles[status] ?? 'Bad request');
  return problemOf(500, 'Something went wrong, please try again');
}

export const problemHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const problem = toProblem(err);
  if (problem.status >= 500) req.log?.error({ err }, 'unhandled error');
  sendProblem(res, { ...problem, instance: req.originalUrl });
};

export const notFoundHandler: RequestHandler = (req, _res, next) =>
  next(new DomainError('NotFound', `No route for ${req.method} ${req.path}`));

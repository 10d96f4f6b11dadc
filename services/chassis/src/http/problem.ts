import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { defaultCodeOf, type ErrorCode } from '@seatside/rules';
import { DomainError, isDomainError, statusOf } from '../errors';
import { fieldErrors, notAnObjectMessage } from './validate';

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
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict',
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

/** What a caller is told while a store it needs cannot be reached (503, with Retry-After). */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable, please try again shortly';
/** Seconds a caller is asked to wait before trying again after a 503 of ours. */
export const RETRY_AFTER_SECONDS = 2;

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE']);
// PostgreSQL: connection exceptions (class 08), shut down or starting up (57P01–57P03), out of
// resources (class 53: disk full, out of memory, too many connections).
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53...)$/;
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|The client is offline$|The client is closed$|Socket closed unexpectedly$|Connection timeout$)/;

/**
 * Whether the error is a store (PostgreSQL, Redis) that could not be reached or is restarting, not a
 * fault of the request or of our code: a refused or broken connection, the pg driver's lost or
 * timed-out connection, PostgreSQL shutting down or recovering, a Redis client offline (it fails
 * fast rather than queueing: kv/redis.ts). An ENOENT is one only when connecting
 * (the embedded PostgreSQL's Unix socket gone), never a missing file.
 */
export function isUnreachable(err: unknown): boolean {
  const e = err as { code?: unknown; syscall?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string') {
    if (CONNECT_ERRORS.has(e.code) && e.syscall === 'connect') return true;
    if (SOCKET_ERRORS.has(e.code)) return true;
    if (UNAVAILABLE_SQLSTATES.test(e.code)) return true;
  }
  // The pg driver's lost or timed-out connections; node-redis's offline, closed and dropped clients.
  return typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message);
}

const isJson = (text: unknown) => {
  if (typeof text !== 'string' || text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Maps anything thrown by a handler to a problem; the only place errors become HTTP. */
export function toProblem(err: unknown): Problem {
  if (isDomainError(err)) return problemOf(statusOf[err.kind], err.message, err.errors, err.extra, err.code);
  if (err instanceof ZodError) {
    const errors = fieldErrors(err);
    return problemOf(400, Object.values(errors)[0] ?? 'Invalid request', errors);
  }
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e?.type === 'entity.parse.failed') {
    // The parser takes objects and arrays only: a bare string or number is JSON, but not a body.
    if (isJson((err as { body?: unknown }).body)) return problemOf(400, notAnObjectMessage, { _: notAnObjectMessage });
    return problemOf(400, 'The request body is not valid JSON', undefined, undefined, 'invalid_json');
  }
  if (e?.type === 'entity.too.large') return problemOf(413, 'The request body is too large');
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return problemOf(status, titles[status] ?? 'Bad request');
  if (isUnreachable(err)) return problemOf(503, UNAVAILABLE_MESSAGE);
  return problemOf(500, 'Something went wrong, please try again');
}

export const problemHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const problem = toProblem(err);
  // A store that cannot be reached is passing (try again shortly); a 503 of the domain's own (a feature
  // not configured) is not, so it gets no Retry-After and is not logged as an outage.
  if (isUnreachable(err)) {
    if (!res.getHeader('Retry-After')) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    req.log?.warn({ err }, 'a store is unreachable');
  } else if (problem.status >= 500) req.log?.error({ err }, 'unhandled error');
  sendProblem(res, { ...problem, instance: req.originalUrl });
};

export const notFoundHandler: RequestHandler = (req, _res, next) =>
  next(new DomainError('NotFound', `No route for ${req.method} ${req.path}`));

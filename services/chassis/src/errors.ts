import type { ErrorCode } from '@seatside/rules';

export type { ErrorCode } from '@seatside/rules';
export { errorCodes, isErrorCode } from '@seatside/rules';

/**
 * One error type with a small set of kinds, mapped to HTTP in one place (http/problem.ts).
 * `message` is what the spec's screens show; `errors` carries per-field messages for forms; `code`
 * is the stable machine-readable code clients branch on (@seatside/rules errorCodes), by default
 * the kind's own (`codeOfKind`).
 */
export type ErrorKind =
  | 'ValidationFailed'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'MethodNotAllowed'
  | 'Conflict'
  | 'PreconditionFailed'
  | 'TooManyRequests'
  | 'ProviderFailed'
  | 'Unavailable';

export const statusOf: Record<ErrorKind, number> = {
  ValidationFailed: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  PreconditionFailed: 412,
  TooManyRequests: 429,
  ProviderFailed: 502,
  Unavailable: 503,
};

export const codeOfKind: Record<ErrorKind, ErrorCode> = {
  ValidationFailed: 'validation_failed',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  PreconditionFailed: 'version_conflict',
  TooManyRequests: 'rate_limited',
  ProviderFailed: 'payment_provider_failed',
  Unavailable: 'unavailable',
};

export class DomainError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = kind;
    this.code = code ?? codeOfKind[kind];
  }
}

export const validationFailed = (message: string, errors?: Record<string, string>, code?: ErrorCode) =>
  new DomainError('ValidationFailed', message, errors, undefined, code);
export const unauthorized = (message = 'Unauthorized', code?: ErrorCode) => new DomainError('Unauthorized', message, undefined, undefined, code);
export const forbidden = (message = 'Forbidden', code?: ErrorCode) => new DomainError('Forbidden', message, undefined, undefined, code);
export const notFound = (message = 'Not found', code?: ErrorCode) => new DomainError('NotFound', message, undefined, undefined, code);
export const conflict = (message: string, extra?: Record<string, unknown>, code?: ErrorCode) =>
  new DomainError('Conflict', message, undefined, extra, code);
export const preconditionFailed = (message: string) => new DomainError('PreconditionFailed', message);
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new DomainError('TooManyRequests', message);
export const unavailable = (message: string, code?: ErrorCode) => new DomainError('Unavailable', message, undefined, undefined, code);

/**
 * A payment provider (Stripe, Square) did not do what was asked: a 502 `payment_provider_failed`,
 * mapped like every other error (log the provider's cause; the answer never carries it).
 */
export const providerFailed = (message: string) => new DomainError('ProviderFailed', message);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/**
 * One error type with a small set of kinds, mapped to HTTP in one place (http/problem.ts).
 * `message` is what the spec's screens show; `errors` carries per-field messages for forms.
 */
export type ErrorKind =
  | 'ValidationFailed'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'PreconditionFailed'
  | 'TooManyRequests'
  | 'Unavailable';

export const statusOf: Record<ErrorKind, number> = {
  ValidationFailed: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PreconditionFailed: 412,
  TooManyRequests: 429,
  Unavailable: 503,
};

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = kind;
  }
}

export const validationFailed = (message: string, errors?: Record<string, string>) =>
  new DomainError('ValidationFailed', message, errors);
export const unauthorized = (message = 'Unauthorized') => new DomainError('Unauthorized', message);
export const forbidden = (message = 'Forbidden') => new DomainError('Forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('NotFound', message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new DomainError('Conflict', message, undefined, extra);
export const preconditionFailed = (message: string) => new DomainError('PreconditionFailed', message);
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new DomainError('TooManyRequests', message);
export const unavailable = (message: string) => new DomainError('Unavailable', message);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

import type { Request, RequestHandler } from 'express';
import { forbidden, isDomainError, unauthorized } from '../errors';
import { authMessages } from './messages';
import type { Principal, TokenVerifier } from './types';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The verified caller; absent for an anonymous request. */
      principal?: Principal;
    }
  }
}

export type AuthorizationHeader = { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'malformed' };

/** A missing or empty header is anonymous; anything present must be `Bearer <token>`. */
export function parseAuthorization(header: string | undefined): AuthorizationHeader {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  const match = /^Bearer +(\S+) *$/i.exec(header.trim());
  return match?.[1] ? { kind: 'bearer', token: match[1] } : { kind: 'malformed' };
}

/**
 * Tries each verifier that accepts the token's shape, in order. An Unauthorized answer lets the next
 * one try; any other error (say, a key store that is down) is not a bad token and goes up as it is.
 */
export async function verifyToken(verifiers: readonly TokenVerifier[], token: string): Promise<Principal> {
  let refusal: unknown;
  for (const verifier of verifiers) {
    if (verifier.accepts && !verifier.accepts(token)) continue;
    try {
      return await verifier.verify(token);
    } catch (err) {
      if (!isDomainError(err) || err.kind !== 'Unauthorized') throw err;
      refusal = err;
    }
  }
  // Made only when needed: an error captures a stack, which is not free on every request.
  throw refusal ?? unauthorized(authMessages.invalidToken, 'token_invalid');
}

/**
 * Sets `req.principal` from a Bearer token, or leaves the request anonymous when there is none.
 * Refusals go to next(err) so the chassis error handler answers in one format.
 */
export function authenticate(verifiers: TokenVerifier | readonly TokenVerifier[]): RequestHandler {
  const list = ([] as readonly TokenVerifier[]).concat(verifiers);
  return (req, _res, next) => {
    const authorization = parseAuthorization(req.get('authorization'));
    if (authorization.kind === 'none') return next();
    if (authorization.kind === 'malformed') return next(unauthorized(authMessages.invalidToken, 'token_invalid'));
    verifyToken(list, authorization.token).then((principal) => {
      req.principal = principal;
      next();
    }, next);
  };
}

export function requirePrincipal(req: Request): Principal {
  // A voice order token (ai-voice) opens its ordering endpoint only; it is no sign-in.
  if (!req.principal || req.principal.claims.orderToken !== undefined) throw unauthorized(authMessages.signInRequired, 'sign_in_required');
  return req.principal;
}

/** Support staff only: the identity service sets `claims.admin` on their tokens. */
export function requirePlatformAdmin(req: Request): Principal {
  const principal = requirePrincipal(req);
  if (principal.claims.admin !== true) throw forbidden(authMessages.noAccess);
  return principal;
}

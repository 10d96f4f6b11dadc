import type { RequestHandler } from 'express';
import { parseAuthorization, unauthorized, unavailable } from '@seatside/chassis';

const INVALID = 'Invalid or expired token';

/**
 * The distributed edge: a `Bearer sk_…` API key is exchanged at the identity service for a short
 * JWT naming the key's tenant and mode, and the request goes on with that JWT, so the services
 * behind the proxy verify one kind of token. Exchanged on every request, so a deleted key stops at once.
 */
export function apiKeyExchange(identityUrl: string): RequestHandler {
  const endpoint = `${identityUrl.replace(/\/$/, '')}/v1/auth/api-key-token`;
  return (req, _res, next) => {
    const authorization = parseAuthorization(req.get('authorization'));
    if (authorization.kind !== 'bearer' || !authorization.token.startsWith('sk_')) return next();
    fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: authorization.token }) })
      .then(async (res) => {
        if (res.status === 401) return next(unauthorized(INVALID, 'token_invalid'));
        if (!res.ok) return next(unavailable('The identity service is unavailable'));
        const { token } = (await res.json()) as { token: string };
        req.headers.authorization = `Bearer ${token}`;
        next();
      })
      .catch(() => next(unavailable('The identity service is unavailable')));
  };
}

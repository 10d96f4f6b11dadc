import { Router, type RequestHandler } from 'express';
import { DomainError } from '../errors';

type Stack = Array<{
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: Stack };
  match(path: string): false | { path: string };
}>;

/** `GET` routes answer `HEAD` too (express does); `*` stands for a route that takes any method. */
function methodsOf(route: { methods: Record<string, boolean> }): string[] {
  const methods = Object.keys(route.methods).map((m) => (m === '_all' ? '*' : m.toUpperCase()));
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
}

/** Whether a layer matches the path; a path express cannot decode matches nothing. */
function matchOf(layer: Stack[number], path: string) {
  try {
    return layer.match(path);
  } catch {
    return false;
  }
}

/** The methods the routes of an express router (its nested routers' too) answer at `path`. */
export function allowedMethods(router: unknown, path: string): Set<string> {
  const allowed = new Set<string>();
  const walk = (stack: Stack, rest: string) => {
    for (const layer of stack) {
      const match = matchOf(layer, rest);
      if (!match) continue;
      if (layer.route) for (const method of methodsOf(layer.route)) allowed.add(method);
      else if (layer.handle?.stack) walk(layer.handle.stack, rest.slice(match.path.length) || '/');
    }
  };
  walk((router as { stack?: Stack }).stack ?? [], path);
  return allowed;
}

export const methodNotAllowedMessage = (method: string, allow: string) => `${method} is not allowed here. This route takes ${allow}`;

/**
 * After a router that answered nothing: a path one of its routes takes, asked with another method,
 * is 405 with `Allow` (RFC 9110 §15.5.6), not 404. A path none of its routes takes goes on (404);
 * OPTIONS is express's own (200 with Allow).
 */
export function methodNotAllowed(router: unknown): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const allowed = allowedMethods(router, req.path);
    if (allowed.size === 0 || allowed.has('*') || allowed.has(req.method)) return next();
    const allow = [...allowed].sort().join(', ');
    res.setHeader('Allow', allow);
    next(new DomainError('MethodNotAllowed', methodNotAllowedMessage(req.method, allow)));
  };
}

/** A service's router that answers a known path asked with an unknown method with 405 (`methodNotAllowed`). */
export const withMethodNotAllowed = (router: Router): Router => Router().use(router, methodNotAllowed(router));

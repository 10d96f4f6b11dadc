import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** From `x-request-id` when a caller (the gateway) set one, else new. */
      requestId: string;
      /** Follows a chain of requests and events; defaults to the request id. */
      correlationId: string;
      log: Logger;
    }
  }
}

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const incomingId = (value: string | undefined) => (value && ID.test(value) ? value : undefined);

/** Binds request and correlation ids to the request, its logger and the response headers. */
export function requestContext(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    req.requestId = incomingId(req.get('x-request-id')) ?? randomUUID();
    req.correlationId = incomingId(req.get('x-correlation-id')) ?? req.requestId;
    req.log = logger.child({ requestId: req.requestId, correlationId: req.correlationId });
    res.setHeader('x-request-id', req.requestId);
    next();
  };
}

/** The route pattern a request matched, for metric labels that do not explode with ids. */
export function routeLabel(req: Request): string {
  const path = req.route?.path;
  if (typeof path !== 'string') return 'unmatched';
  return `${req.baseUrl}${path}` || '/';
}

/** Query parameters whose values are credentials (OIDC code/state, mailed oobCodes, tokens, keys). */
const SECRET_PARAM = /code|token|key|secret|state|password|signature/i;

/** The URL as a log line may show it: the values of credential-like query parameters are hidden. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const [name] of params) if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** Records the HTTP duration histogram and logs one line per request. */
export function observeRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req);
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      const level = res.statusCode >= 500 ? 'error' : 'info';
      req.log?.[level]({ method: req.method, url: loggableUrl(req.originalUrl), status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
    });
    next();
  };
}

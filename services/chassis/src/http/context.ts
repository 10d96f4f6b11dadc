import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
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

/** The process logger behind `req.log`, and the child once made. */
const BASE_LOGGER = Symbol('baseLogger');
const CHILD_LOGGER = Symbol('childLogger');
type WithLoggers = Request & { [BASE_LOGGER]?: Logger; [CHILD_LOGGER]?: Logger };

/**
 * `req.log` as a getter on express's request prototype, which every app's requests inherit (defined
 * once, not per request): the child logger (bindings and redaction cost microseconds) is made when
 * a handler first logs.
 */
const lazyLog: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: WithLoggers) {
    return (this[CHILD_LOGGER] ??= this[BASE_LOGGER]?.child({ requestId: this.requestId, correlationId: this.correlationId }));
  },
  set(this: WithLoggers, value: Logger) {
    this[CHILD_LOGGER] = value;
  },
};

/** Binds request and correlation ids to the request, its logger and the response headers. */
export function requestContext(logger: Logger): RequestHandler {
  Object.defineProperty(express.request, 'log', lazyLog);
  return (req: Request, res: Response, next: NextFunction) => {
    req.requestId = incomingId(req.headers['x-request-id'] as string | undefined) ?? randomUUID();
    req.correlationId = incomingId(req.headers['x-correlation-id'] as string | undefined) ?? req.requestId;
    (req as WithLoggers)[BASE_LOGGER] = logger;
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
      metrics.httpDuration.observe({ method: req.method, route: routeLabel(req), status: String(res.statusCode) }, seconds);
      const level = res.statusCode >= 500 ? 'error' : 'info';
      // The same line `req.log` would write (its ids first), without making a child logger for it.
      const base = (req as WithLoggers)[BASE_LOGGER];
      const log = base ?? req.log;
      if (!log?.isLevelEnabled(level)) return;
      const ids = base ? { requestId: req.requestId, correlationId: req.correlationId } : {};
      log[level]({ ...ids, method: req.method, url: loggableUrl(req.originalUrl), status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
    });
    next();
  };
}

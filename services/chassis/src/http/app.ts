import express, { type Express, type Request, type RequestHandler } from 'express';
import type { TrustProxy } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { observeRequests, requestContext } from './context';
import { healthEndpoints, type MetricsAccess, type ReadinessChecks } from './health';
import { inputGuard } from './input';
import { notFoundHandler, problemHandler } from './problem';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** A JSON body's bytes as received: a webhook's signature covers the bytes, not the parsed object. */
      rawBody?: Buffer;
    }
  }
}

/**
 * JSON bodies, keeping their bytes on `req.rawBody` (signed webhooks, e.g. Stripe's), then the
 * chassis's input check of path, query and body (input.ts): every service router is mounted behind
 * this, in the embedded gateway and in its own process, so every route, new ones too, inherits it.
 */
export const jsonBodies = (limit = '1mb'): RequestHandler =>
  express.Router().use(
    express.json({
      limit,
      verify: (req, _res, buf) => {
        (req as Request).rawBody = buf;
      },
    }),
    inputGuard,
  );

export interface HttpAppOptions {
  logger: Logger;
  metrics: Metrics;
  readiness: ReadinessChecks;
  /** Runs after ids and metrics, before routes (e.g. authentication). */
  before?: RequestHandler[];
  /** JSON body limit; uploads use their own parsers. */
  jsonLimit?: string;
  /** The gateway leaves bodies unparsed so proxied requests stream through untouched. */
  parseJson?: boolean;
  /** Who may read /metrics here (metricsAccessOf(config)); open by default. */
  metricsAccess?: MetricsAccess;
  /** Peers whose X-Forwarded-* headers are believed (config TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
}

/**
 * The express app every process starts from: ids, metrics, health, JSON bodies. Mount routes on it,
 * then call `finishHttpApp` so unknown routes and errors answer problem+json.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(requestContext(options.logger));
  app.use(observeRequests(options.metrics));
  app.use(healthEndpoints({ checks: options.readiness, metrics: options.metrics, metricsAccess: options.metricsAccess }));
  if (options.parseJson !== false) app.use(jsonBodies(options.jsonLimit));
  for (const handler of options.before ?? []) app.use(handler);
  return app;
}

export function finishHttpApp(app: Express): Express {
  app.use(notFoundHandler);
  app.use(problemHandler);
  return app;
}

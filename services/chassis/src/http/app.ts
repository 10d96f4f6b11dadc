import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { observeRequests, requestContext } from './context';
import { healthRouter, type ReadinessChecks } from './health';
import { notFoundHandler, problemHandler } from './problem';

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
}

/**
 * The express app every process starts from: ids, metrics, health, JSON bodies. Mount routes on it,
 * then call `finishHttpApp` so unknown routes and errors answer problem+json.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestContext(options.logger));
  app.use(observeRequests(options.metrics));
  app.use(healthRouter({ checks: options.readiness, metrics: options.metrics }));
  if (options.parseJson !== false) app.use(express.json({ limit: options.jsonLimit ?? '1mb' }));
  for (const handler of options.before ?? []) app.use(handler);
  return app;
}

export function finishHttpApp(app: Express): Express {
  app.use(notFoundHandler);
  app.use(problemHandler);
  return app;
}

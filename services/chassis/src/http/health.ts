import { timingSafeEqual } from 'node:crypto';
import express, { Router, type Express, type Request, type RequestHandler } from 'express';
import { DomainError } from '../errors';
import type { Metrics } from '../metrics';

/** A named dependency check for /readyz, e.g. { postgres: () => pool.query('select 1') }: down when it throws or resolves false. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/**
 * Who may read /metrics on the app's own port. `open`: anyone (development, specs); `token`: a caller
 * with `Authorization: Bearer <token>`; `closed`: nobody, it answers 404 (production without
 * METRICS_TOKEN, or metrics served on METRICS_PORT instead).
 */
export type MetricsAccess = { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'closed' };

/**
 * From config: METRICS_PORT moves /metrics to a port of its own (closed here); METRICS_TOKEN requires
 * it as a Bearer token; in production with neither, /metrics is not served; otherwise it is open.
 */
export function metricsAccessOf(config: { NODE_ENV: string; METRICS_TOKEN?: string; METRICS_PORT?: number }): MetricsAccess {
  if (config.METRICS_PORT) return { kind: 'closed' };
  if (config.METRICS_TOKEN) return { kind: 'token', token: config.METRICS_TOKEN };
  return config.NODE_ENV === 'production' ? { kind: 'closed' } : { kind: 'open' };
}

const bearerMatches = (req: Request, token: string) => {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** Prometheus text, served only as `access` allows (404 otherwise, so its existence is not told). */
export function metricsHandler(metrics: Metrics, access: MetricsAccess = { kind: 'open' }): RequestHandler {
  return async (req, res, next) => {
    if (access.kind === 'closed' || (access.kind === 'token' && !bearerMatches(req, access.token))) {
      return next(new DomainError('NotFound', `No route for ${req.method} ${req.path}`));
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}

/**
 * /healthz: the process is alive. /readyz: every dependency answers (503 naming the failing ones).
 * /metrics: Prometheus text, as `metricsAccess` allows (default open).
 */
export function healthRouter(options: { checks: ReadinessChecks; metrics: Metrics; metricsAccess?: MetricsAccess }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          // A check answers by throwing or, as a key-value store's ping does, by resolving false.
          return [name, (await check()) === false ? 'down' : 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([, state]) => state === 'up');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  router.get('/metrics', metricsHandler(options.metrics, options.metricsAccess));
  return router;
}

const healthPaths = new Set(['/healthz', '/readyz', '/metrics']);

/** The health router, entered only for its own paths: every other request skips its route matching. */
export function healthEndpoints(options: { checks: ReadinessChecks; metrics: Metrics; metricsAccess?: MetricsAccess }): RequestHandler {
  const router = healthRouter(options);
  // As the router matches: case-insensitive, a trailing slash allowed.
  const isHealthPath = (path: string) => path.length <= 9 && healthPaths.has(path.toLowerCase().replace(/\/$/, ''));
  return (req, res, next) => (isHealthPath(req.path) ? router(req, res, next) : next());
}

/** An app answering only /metrics (open): the METRICS_PORT listener, which only the scraper reaches. */
export function metricsOnlyApp(metrics: Metrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler(metrics));
  app.use((_req, res) => {
    res.status(404).end();
  });
  return app;
}

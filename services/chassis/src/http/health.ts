import { Router, type RequestHandler } from 'express';
import type { Metrics } from '../metrics';

/** A named dependency check for /readyz, e.g. { postgres: () => pool.query('select 1') }. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/**
 * /healthz: the process is alive. /readyz: every dependency answers (503 naming the failing ones).
 * /metrics: Prometheus text.
 */
export function healthRouter(options: { checks: ReadinessChecks; metrics: Metrics }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await check();
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([, state]) => state === 'up');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  router.get('/metrics', async (_req, res) => {
    res.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
  });
  return router;
}

const healthPaths = new Set(['/healthz', '/readyz', '/metrics']);

/** The health router, entered only for its own paths: every other request skips its route matching. */
export function healthEndpoints(options: { checks: ReadinessChecks; metrics: Metrics }): RequestHandler {
  const router = healthRouter(options);
  // As the router matches: case-insensitive, a trailing slash allowed.
  const isHealthPath = (path: string) => path.length <= 9 && healthPaths.has(path.toLowerCase().replace(/\/$/, ''));
  return (req, res, next) => (isHealthPath(req.path) ? router(req, res, next) : next());
}

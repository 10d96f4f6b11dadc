import request from 'supertest';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { createHttpApp, finishHttpApp } from './app';
import { metricsAccessOf, metricsOnlyApp, type MetricsAccess } from './health';

const metrics = createMetrics({ defaultMetrics: false });
const appWith = (metricsAccess?: MetricsAccess) =>
  finishHttpApp(createHttpApp({ logger: createLogger({ service: 'test', level: 'silent' }), metrics, readiness: {}, metricsAccess }));

describe('/metrics access', () => {
  it('given production with neither METRICS_TOKEN nor METRICS_PORT, then /metrics answers 404 while /healthz still answers', async () => {
    const app = appWith(metricsAccessOf({ NODE_ENV: 'production' }));
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('# HELP');
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('given METRICS_TOKEN, then /metrics answers only a caller with that Bearer token', async () => {
    const app = appWith(metricsAccessOf({ NODE_ENV: 'production', METRICS_TOKEN: 's3cret-scrape' }));
    expect((await request(app).get('/metrics')).status).toBe(404);
    expect((await request(app).get('/metrics').set('authorization', 'Bearer wrong-token')).status).toBe(404);
    expect((await request(app).get('/metrics').set('authorization', 'Bearer s3cret-scrape-and-more')).status).toBe(404);
    const scraped = await request(app).get('/metrics').set('authorization', 'Bearer s3cret-scrape');
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
  });

  it('given METRICS_PORT, then the app port does not serve /metrics and the metrics-only app does', async () => {
    const access = metricsAccessOf({ NODE_ENV: 'development', METRICS_PORT: 9464 });
    expect((await request(appWith(access)).get('/metrics')).status).toBe(404);
    const own = metricsOnlyApp(metrics);
    expect((await request(own).get('/metrics')).status).toBe(200);
    expect((await request(own).get('/healthz')).status).toBe(404);
  });

  it('given development without settings, then /metrics is open', async () => {
    expect(metricsAccessOf({ NODE_ENV: 'development' })).toEqual({ kind: 'open' });
    expect((await request(appWith(metricsAccessOf({ NODE_ENV: 'development' }))).get('/metrics')).status).toBe(200);
  });
});

describe('/readyz', () => {
  const readyApp = (readiness: Record<string, () => Promise<unknown>>) =>
    finishHttpApp(createHttpApp({ logger: createLogger({ service: 'test', level: 'silent' }), metrics, readiness }));

  it('given a store whose ping resolves false (Redis offline) and one that throws, then 503 naming both down; all answering, then 200', async () => {
    const down = await request(readyApp({ postgres: async () => ({ rows: [] }), redis: async () => false, search: async () => Promise.reject(new Error('gone')) })).get('/readyz');
    expect([down.status, down.body]).toEqual([503, { status: 'not ready', checks: { postgres: 'up', redis: 'down', search: 'down' } }]);
    const up = await request(readyApp({ postgres: async () => ({ rows: [] }), redis: async () => true })).get('/readyz');
    expect([up.status, up.body.status]).toEqual([200, 'ready']);
  });
});

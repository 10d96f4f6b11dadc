import type { Express, RequestHandler } from 'express';
import {
  authenticate, createHttpApp, REQUEST_LOGS_CHANNEL, finishHttpApp, jsonBodies, metricsAccessOf, verifiersFromConfig, type KeyValueAdapters, type Logger, type Metrics,
  type MetricsAccess, type RateLimiter, type ReadinessChecks, type TokenVerifier, type TrustProxy,
} from '@seatside/chassis';
import type { ServiceApiDoc } from '@seatside/chassis';
import type { GatewayConfig } from './config';
import { admissionControl, placeOrder, type AdmissionClass } from './admission';
import { compression } from './compression';
import { frontendsRouter, shellInlineScripts } from './static';
import { publicPages, type PublicPageLookup } from './public-pages';
import { prerenderedPages, type StorefrontDocuments } from './prerender';
import { createRequestLogRecorder, type RequestLogRecorder } from './request-logs';
import { securityHeaders } from './security-headers';
import { rateLimit } from './rate-limit';
import { apiReference } from './api-reference';
import { openApiHandler } from './openapi';
import { resolveService, routeTable, type RouteEntry } from './routes';

export interface GatewayOptions {
  logger: Logger;
  metrics: Metrics;
  readiness: ReadinessChecks;
  verifiers: TokenVerifier[];
  /** Runs before token verification (the distributed edge's API-key exchange). */
  beforeAuth?: RequestHandler[];
  limiter: RateLimiter;
  rateLimit: { limit: number; windowMs: number };
  routes: RouteEntry[];
  /** Per service: its router (embedded) or a proxy to its URL (distributed). */
  targets: Record<string, RequestHandler>;
  graphql: RequestHandler;
  frontendsDir: string;
  /** Peers whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Who may read /metrics on this port (metricsAccessOf(config)); open by default. */
  metricsAccess?: MetricsAccess;
  /** Request classes with a concurrency limit and a short queue (admission control); none by default. */
  admission?: AdmissionClass[];
  /** The services' operations, served as /v1/openapi.json (gateway/src/openapi.ts). */
  apiDocs?: ServiceApiDoc[];
  /** Teleport, former handles and custom domains before the web app answers a page; none when omitted. */
  publicPages?: PublicPageLookup;
  /** The merchants' storefront documents, for `/{handle}`'s prerendered first view (prerender.ts); `/` only when omitted. */
  storefrontDocuments?: StorefrontDocuments;
  /** The platform's own host names (never looked up as custom domains). */
  ownHosts?: readonly string[];
  /** Records API-key requests (request-logs.ts); none when omitted. */
  requestLogs?: RequestHandler;
}

/** What both topologies' edges share: token verification, rate limits, the route table, the web app. */
export function edgeSettings(config: GatewayConfig, kv: KeyValueAdapters) {
  return {
    verifiers: verifiersFromConfig(config, kv),
    trustProxy: config.TRUST_PROXY,
    limiter: kv.rateLimiter,
    rateLimit: { limit: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
    routes: routeTable,
    frontendsDir: config.FRONTENDS_DIR,
    metricsAccess: metricsAccessOf(config),
    ownHosts: config.APP_HOSTS,
    admission: [
      placeOrder({
        concurrency: config.ORDER_CONCURRENCY, queue: config.ORDER_QUEUE, maxWaitMs: config.ORDER_QUEUE_WAIT_MS,
        adaptive: { targetMs: config.ORDER_LATENCY_TARGET_MS, min: 2 },
      }),
    ],
  };
}

/** The request logs' recorder, publishing on the kv pub/sub for the identity service; undefined when REQUEST_LOGS=false. */
export function requestLogRecorderOf(config: GatewayConfig, kv: KeyValueAdapters, logger: Logger): RequestLogRecorder | undefined {
  if (!config.REQUEST_LOGS) return undefined;
  return createRequestLogRecorder({ publish: (entries) => kv.pubsub.publish(REQUEST_LOGS_CHANNEL, entries), logger });
}

/** The URL to print: a wildcard bind is reached through localhost. */
export const publicUrl = (host: string, port: number) => `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

/** Dispatches a path to the service that owns it, without rewriting the path. */
function dispatch(routes: RouteEntry[], targets: Record<string, RequestHandler>): RequestHandler {
  return (req, res, next) => {
    const service = resolveService(req.path, routes);
    const target = service && targets[service];
    if (!target) return next();
    target(req, res, next);
  };
}

/**
 * The edge: ids, metrics and health first, then authentication and per-client rate limits,
 * then /v1 to the owning service, /graphql to the federated gateway, and the web app.
 * Bodies are not parsed here, so a proxied request reaches its service byte for byte.
 */
export function createGatewayApp(options: GatewayOptions): Express {
  const app = createHttpApp({
    logger: options.logger,
    metrics: options.metrics,
    readiness: options.readiness,
    parseJson: false,
    metricsAccess: options.metricsAccess,
    trustProxy: options.trustProxy ?? false,
    before: [securityHeaders({ inlineScripts: shellInlineScripts({ dir: options.frontendsDir }) }), ...(options.beforeAuth ?? []), authenticate(options.verifiers)],
  });
  // API answers over 1 KB go out compressed (compression.ts); the web app's files are precompressed (static.ts).
  app.use(['/v1', '/graphql'], compression());
  // After compression, so it taps the plain answer; before the rate limit, so a 429 is recorded too.
  if (options.requestLogs) app.use(['/v1', '/graphql'], options.requestLogs);
  const limited = rateLimit({ limiter: options.limiter, ...options.rateLimit });
  app.use(['/v1', '/qr', '/api/template', '/appclip', '/api/mockup', '/api/ai'], limited);
  if (options.admission?.length) app.use(admissionControl(options.admission));
  if (options.apiDocs) {
    app.use('/v1/openapi.json', openApiHandler(options.apiDocs));
    app.use(apiReference());
  }
  app.use(dispatch(options.routes, options.targets));
  app.use('/graphql', limited, jsonBodies('1mb'), options.graphql);
  if (options.publicPages) app.use(publicPages(options.publicPages, { ownHosts: options.ownHosts }));
  const prerender = prerenderedPages({
    dir: options.frontendsDir,
    storefront: options.storefrontDocuments ?? (async () => undefined),
    onError: (error) => options.logger.warn({ err: error }, 'a page could not be prerendered; the plain page was served'),
  });
  app.use(frontendsRouter({ dir: options.frontendsDir, prerender }));
  return finishHttpApp(app);
}

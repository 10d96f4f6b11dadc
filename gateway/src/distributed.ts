import type { RequestHandler } from 'express';
import { closeServer, createKeyValueAdapters, createLogger, createMetrics, listen, metricsOnlyApp, portOf } from '@seatside/chassis';
import { orderTokenPassThrough } from '@seatside/ai-voice';
import { createGatewayApp, edgeSettings, publicUrl, requestLogRecorderOf } from './app';
import { apiDocsOf } from './openapi';
import { serviceModules } from './services';
import type { GatewayConfig } from './config';
import type { RunningPlatform } from './embedded';
import { createGraphQLGateway } from './graphql';
import { apiKeyExchange } from './api-keys';
import { proxyTo } from './proxy';
import { httpPublicPageLookup } from './public-pages';
import { httpStorefrontDocuments } from './prerender';
import { proxyRealtimeUpgrades, realtimePolling, realtimeRoute, REALTIME_TARGET } from './realtime';
import { routeTable } from './routes';
import { readSupergraph } from './supergraph';

/** The distributed topology's gateway: the same route table, proxied to each service's URL. */
export async function startDistributedGateway(config: GatewayConfig): Promise<RunningPlatform> {
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics();
  const urls = config.SERVICE_URLS;
  const missing = routeTable.map((r) => r.service).filter((name) => !urls[name]);
  if (missing.length > 0) throw new Error(`SERVICE_URLS has no URL for: ${missing.join(', ')}`);
  const kv = await createKeyValueAdapters({ redisUrl: config.REDIS_URL, prefix: 'seatside:' });
  const targets: Record<string, RequestHandler> = Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, proxyTo(url)]));
  targets[REALTIME_TARGET] = realtimePolling({ ...targets });
  const subgraphs = Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, { url: `${url.replace(/\/$/, '')}/graphql` }]));
  const graphql = await createGraphQLGateway({ supergraphSdl: readSupergraph(), subgraphs, introspection: config.GRAPHQL_INTROSPECTION });
  const serviceChecks = Object.fromEntries(
    Object.entries(urls).map(([name, url]) => [
      name,
      async () => {
        const res = await fetch(`${url.replace(/\/$/, '')}/readyz`);
        if (!res.ok) throw new Error(`${name} not ready`);
      },
    ]),
  );
  // Tokens are the identity service's: its JWKS unless JWKS_URL names another.
  const identityUrl = urls.identity!.replace(/\/$/, '');
  const edge = edgeSettings({ ...config, JWKS_URL: config.JWKS_URL ?? `${identityUrl}/.well-known/jwks.json` }, kv);
  const recorder = requestLogRecorderOf(config, kv, logger);
  const app = createGatewayApp({
    ...edge,
    requestLogs: recorder?.middleware,
    // A voice order token is the ai-voice service's to verify (it holds the key): let it through.
    verifiers: [orderTokenPassThrough, ...edge.verifiers],
    routes: [...edge.routes, realtimeRoute],
    beforeAuth: [apiKeyExchange(identityUrl)],
    logger,
    metrics,
    readiness: { [kv.kind]: () => kv.ping(), ...serviceChecks },
    targets,
    graphql: graphql.handler,
    apiDocs: apiDocsOf(serviceModules(config)),
    publicPages: httpPublicPageLookup(() => urls.catalog!),
    storefrontDocuments: httpStorefrontDocuments(() => urls.catalog!),
  });
  const server = await listen(app, config.PORT, config.HOST, config.ACCEPT_SOCKETS);
  const sockets = proxyRealtimeUpgrades(server, urls, logger);
  const metricsServer = config.METRICS_PORT ? await listen(metricsOnlyApp(metrics), config.METRICS_PORT, config.HOST) : undefined;
  const port = portOf(server);
  return {
    url: publicUrl(config.HOST, port),
    port,
    async stop() {
      sockets.close();
      if (metricsServer) await closeServer(metricsServer);
      await closeServer(server);
      await recorder?.close();
      await graphql.stop();
      await kv.close();
    },
  };
}

import { Router, type RequestHandler } from 'express';
import {
  assertPortFree, attachRealtime, createKeyValueAdapters, createPool, createLogger, createMetrics, jsonBodies, listen, closeServer, metricsOnlyApp, portOf,
  defaultSchemaOf, startService, type StartedService, type SubgraphDefinition,
} from '@seatside/chassis';
import { createGatewayApp, edgeSettings, publicUrl, requestLogRecorderOf } from './app';
import { httpPublicPageLookup } from './public-pages';
import { httpStorefrontDocuments } from './prerender';
import type { GatewayConfig } from './config';
import { createGraphQLGateway } from './graphql';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './postgres';
import { apiDocsOf } from './openapi';
import { serviceModules } from './services';
import { readSupergraph } from './supergraph';

export interface RunningPlatform {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Runs cleanups in reverse order of acquisition, so a failed start releases what it took. */
class Cleanup {
  private steps: Array<() => Promise<unknown>> = [];
  add(step: () => Promise<unknown>) {
    this.steps.push(step);
  }
  async run() {
    for (const step of this.steps.reverse()) await step().catch(() => undefined);
    this.steps = [];
  }
}

/**
 * The embedded topology: PostgreSQL (embedded unless DATABASE_URL), every service and the gateway
 * in this one process, on one port.
 */
export async function startEmbedded(config: GatewayConfig): Promise<RunningPlatform> {
  const logger = createLogger({ service: 'seatside', level: config.LOG_LEVEL });
  const metrics = createMetrics();
  const cleanup = new Cleanup();
  await assertPortFree(config.PORT, config.HOST);
  try {
    let database: EmbeddedPostgresHandle | undefined;
    if (!config.DATABASE_URL) {
      database = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.PG_PORT, avoidPorts: [config.PORT], logger });
      cleanup.add(() => database!.stop());
    }
    const pool = createPool(config.DATABASE_URL ?? database!.url, 20, logger);
    cleanup.add(() => pool.end());
    const kv = await createKeyValueAdapters({ redisUrl: config.REDIS_URL, prefix: 'seatside:' });
    cleanup.add(() => kv.close());

    const started: StartedService[] = [];
    const modules = serviceModules(config);
    for (const module of modules) {
      const service = await startService(module, { pool, schema: defaultSchemaOf(module.name), kv, logger, metrics });
      started.push(service);
      cleanup.add(() => service.stop());
    }

    const targets: Record<string, RequestHandler> = {};
    const subgraphs: Record<string, { local: SubgraphDefinition }> = {};
    for (const { service } of started) {
      targets[service.name] = Router().use(jsonBodies('1mb'), service.router);
      if (service.subgraph) subgraphs[service.name] = { local: service.subgraph };
    }
    const graphql = await createGraphQLGateway({ supergraphSdl: readSupergraph(), subgraphs, introspection: config.GRAPHQL_INTROSPECTION });
    cleanup.add(() => graphql.stop());

    const edge = edgeSettings(config, kv);
    // Flushed on stop before the services stop (cleanups run in reverse), so the identity service stores the last batch.
    const recorder = requestLogRecorderOf(config, kv, logger);
    if (recorder) cleanup.add(() => recorder.close());
    // The catalog answers the public-page lookup through this very server once it listens.
    let self = '';
    // The identity service's own verifiers (its JWTs, API keys) first, then any configured JWKS.
    const verifiers = [...started.flatMap(({ service }) => service.verifiers ?? []), ...edge.verifiers];
    const app = createGatewayApp({
      ...edge,
      verifiers,
      logger,
      metrics,
      readiness: { postgres: () => pool.query('SELECT 1'), [kv.kind]: () => kv.ping() },
      targets,
      graphql: graphql.handler,
      apiDocs: apiDocsOf(modules),
      publicPages: httpPublicPageLookup(() => self),
      storefrontDocuments: httpStorefrontDocuments(() => self),
      requestLogs: recorder?.middleware,
    });
    const server = await listen(app, config.PORT, config.HOST, config.ACCEPT_SOCKETS);
    const loopback = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    self = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${portOf(server)}`;
    cleanup.add(() => closeServer(server));
    if (config.METRICS_PORT) {
      const metricsServer = await listen(metricsOnlyApp(metrics), config.METRICS_PORT, config.HOST);
      cleanup.add(() => closeServer(metricsServer));
    }
    // Every service's namespaces on this one server; emits come over the kv pub/sub (DESIGN §2).
    const realtime = await attachRealtime(server, { verifiers, pubsub: kv.pubsub, logger, services: started.map(({ service }) => service) });
    cleanup.add(() => realtime.close());
    const port = portOf(server);
    return { url: publicUrl(config.HOST, port), port, stop: () => cleanup.run() };
  } catch (err) {
    await cleanup.run();
    throw err;
  }
}

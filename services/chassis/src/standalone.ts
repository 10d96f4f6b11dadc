import { createPool } from './db';
import { authenticate } from './auth/express';
import { verifiersFromConfig } from './auth/jwks';
import type { ServiceConfig } from './config';
import { onShutdown } from './shutdown';
import { subgraphMiddleware } from './graphql/subgraph';
import { closeServer, listen, portOf } from './http/listen';
import { createHttpApp, finishHttpApp } from './http/app';
import { metricsAccessOf, metricsOnlyApp } from './http/health';
import { createKeyValueAdapters } from './kv';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { attachRealtime } from './realtime/server';
import { defaultSchemaOf, startService, type ServiceModule } from './service';

/**
 * A service alone in its process (the distributed topology): its own port and schema, the shared
 * PostgreSQL and Redis, tokens verified against the identity service's JWKS.
 */
export async function runStandalone(
  module: ServiceModule,
  options: { config: ServiceConfig; telemetry: { shutdown(): Promise<void> } },
): Promise<void> {
  const { config, telemetry } = options;
  const logger = createLogger({ service: module.name, level: config.LOG_LEVEL });
  try {
    if (!config.DATABASE_URL) throw new Error(`DATABASE_URL is required to run the ${module.name} service alone`);
    const metrics = createMetrics();
    const pool = createPool(config.DATABASE_URL, 10, logger);
    const kv = await createKeyValueAdapters({ redisUrl: config.REDIS_URL, prefix: 'seatside:' });
    const schemaOf = (service: string) => `${config.DB_SCHEMA_PREFIX}${defaultSchemaOf(service)}`;
    const started = await startService(module, { pool, schema: schemaOf(module.name), schemaOf, kv, logger, metrics });
    const verifiers = [...(started.service.verifiers ?? []), ...verifiersFromConfig(config, kv)];
    const app = createHttpApp({
      logger,
      metrics,
      readiness: { postgres: () => pool.query('SELECT 1'), [kv.kind]: () => kv.ping() },
      metricsAccess: metricsAccessOf(config),
      trustProxy: config.TRUST_PROXY,
      before: [authenticate(verifiers)],
    });
    app.use(started.service.router);
    if (started.service.subgraph) app.use('/graphql', await subgraphMiddleware(started.service.subgraph));
    finishHttpApp(app);
    const server = await listen(app, config.PORT, config.HOST);
    const metricsServer = config.METRICS_PORT ? await listen(metricsOnlyApp(metrics), config.METRICS_PORT, config.HOST) : undefined;
    // Only a service with namespaces serves sockets (the distributed gateway proxies /socket.io to it).
    const realtime = started.service.realtime ? await attachRealtime(server, { verifiers, pubsub: kv.pubsub, logger, services: [started.service] }) : undefined;
    logger.info({ port: portOf(server) }, `${module.name} listening on http://${config.HOST}:${portOf(server)}`);
    onShutdown(async () => {
      await realtime?.close();
      if (metricsServer) await closeServer(metricsServer);
      await closeServer(server);
      await started.stop();
      await kv.close();
      await pool.end();
      await telemetry.shutdown();
    }, logger);
  } catch (err) {
    logger.error({ err }, `${module.name} failed to start: ${(err as Error).message}`);
    await telemetry.shutdown();
    process.exit(1);
  }
}

import { Pool } from 'pg';
import { authenticate } from './auth/express';
import { createJwksVerifier } from './auth/jwks';
import type { TokenVerifier } from './auth/types';
import { parseConfig, serviceConfigSchema } from './config';
import { subgraphMiddleware } from './graphql/subgraph';
import { closeServer, listen, portOf } from './http/listen';
import { createHttpApp, finishHttpApp } from './http/app';
import { createKeyValueAdapters } from './kv';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { startService, type ServiceModule } from './service';
import { startTelemetry } from './telemetry';

/** Stops on SIGINT/SIGTERM once, then exits; a second signal exits at once. */
export function onShutdown(stop: () => Promise<void>, logger: { info(msg: string): void; error(o: object, msg: string): void }): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

/**
 * A service alone in its process (the distributed topology): its own port and schema, the shared
 * PostgreSQL and Redis, tokens verified against the identity service's JWKS.
 */
export async function runStandalone(module: ServiceModule, options: { defaultPort: number }): Promise<void> {
  const config = parseConfig(serviceConfigSchema(module.name, options.defaultPort));
  const telemetry = await startTelemetry({ serviceName: config.OTEL_SERVICE_NAME ?? module.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = createLogger({ service: module.name, level: config.LOG_LEVEL });
  try {
    if (!config.DATABASE_URL) throw new Error(`DATABASE_URL is required to run the ${module.name} service alone`);
    const metrics = createMetrics();
    const pool = new Pool({ connectionString: config.DATABASE_URL, max: 10 });
    pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection failed'));
    const kv = await createKeyValueAdapters({ redisUrl: config.REDIS_URL, prefix: 'seatside:' });
    const started = await startService(module, { pool, schema: config.DB_SCHEMA, kv, logger, metrics });
    const verifiers: TokenVerifier[] = config.JWKS_URL
      ? [createJwksVerifier({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE })]
      : [];
    const app = createHttpApp({
      logger,
      metrics,
      readiness: { postgres: () => pool.query('SELECT 1'), [kv.kind]: () => kv.ping() },
      before: [authenticate(verifiers)],
    });
    app.use(started.service.router);
    if (started.service.subgraph) app.use('/graphql', await subgraphMiddleware(started.service.subgraph));
    finishHttpApp(app);
    const server = await listen(app, config.PORT, config.HOST);
    logger.info({ port: portOf(server) }, `${module.name} listening on http://${config.HOST}:${portOf(server)}`);
    onShutdown(async () => {
      await closeServer(server);
      await started.stop();
      await kv.close();
      await pool.end();
      await telemetry.shutdown();
    }, logger);
  } catch (err) {
    logger.error({ err }, `${module.name} failed to start: ${(err as Error).message}`);
    process.exitCode = 1;
    await telemetry.shutdown();
    process.exit(1);
  }
}

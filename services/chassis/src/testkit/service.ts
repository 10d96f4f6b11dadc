import type { Express } from 'express';
import request from 'supertest';
import { authenticate } from '../auth/express';
import { createTestIssuer } from '../auth/testing';
import type { Principal } from '../auth/types';
import { createHttpApp, finishHttpApp } from '../http/app';
import { createKeyValueAdapters } from '../kv';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { startService, type ServiceModule, type StartedService } from '../service';
import { freshSchema } from './pg';

export interface TestService {
  app: Express;
  started: StartedService;
  /** A supertest agent over the service's real router. */
  http(): ReturnType<typeof request>;
  /** A bearer token for a caller (e.g. `{ uid: 'u1', claims: { admin: true } }`). */
  tokenFor(principal: Partial<Principal> & { uid: string }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts a service over a fresh PostgreSQL schema with its real router, chassis middleware and
 * token verification, as the embedded runtime would; for API specs.
 */
export async function startTestService(module: ServiceModule, options: { now?: () => Date; newId?: () => string } = {}): Promise<TestService> {
  const fresh = await freshSchema(module.name.replace(/-/g, '_'));
  const logger = createLogger({ service: module.name, level: 'silent' });
  const metrics = createMetrics({ defaultMetrics: false });
  const kv = await createKeyValueAdapters({});
  const issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
  const started = await startService(module, { pool: fresh.pool, schema: fresh.schema, kv, logger, metrics, ...options });
  const app = createHttpApp({
    logger,
    metrics,
    readiness: { postgres: () => fresh.pool.query('SELECT 1') },
    before: [authenticate(issuer.verifier())],
  });
  app.use(started.service.router);
  finishHttpApp(app);
  return {
    app,
    started,
    http: () => request(app),
    tokenFor: (principal) => issuer.sign({ uid: principal.uid, email: principal.email, claims: principal.claims ?? {} }),
    async stop() {
      await started.stop();
      await kv.close();
      await fresh.drop();
    },
  };
}

import os from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { createLogger, createMemoryAdapters, createMetrics } from '@seatside/chassis';
import { createGatewayApp, type GatewayOptions } from './app';

/**
 * The gateway app as specs build it: silent, in-memory limits, one `echo` service on /v1/echo
 * (its router given, JSON bodies parsed), a stub /graphql and no built frontends unless named.
 */
export function testGateway(echo: RequestHandler, overrides: Partial<GatewayOptions> = {}) {
  return createGatewayApp({
    logger: createLogger({ service: 'test', level: 'silent' }),
    metrics: createMetrics({ defaultMetrics: false }),
    readiness: {},
    verifiers: [],
    limiter: createMemoryAdapters().rateLimiter,
    rateLimit: { limit: 100, windowMs: 60_000 },
    routes: [{ service: 'echo', prefixes: ['/v1/echo'] }],
    targets: { echo: express.Router().use(express.json(), echo) },
    graphql: (_req, res) => {
      res.json({ data: { __typename: 'Query' } });
    },
    frontendsDir: path.join(os.tmpdir(), 'no-such-build'),
    ...overrides,
  });
}

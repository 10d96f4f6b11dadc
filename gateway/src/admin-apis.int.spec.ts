import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { Router, type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { createLogger, createMemoryAdapters, createMetrics, defaultSchemaOf, jsonBodies, startService, type StartedService } from '@seatside/chassis';
import { quoteSchema } from '@seatside/chassis/src/db';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { routeTable } from './routes';
import { serviceModules } from './services';

/**
 * Seed 000 §6: the whole admin area needs the admin claim. Every admin API - each route of every
 * service under `/v1/admin/`, found by walking the routers as the embedded platform mounts them,
 * and the admin-only calls elsewhere (FAQ writes, web push, the older submissions path) - answers an
 * anonymous caller 401 and a signed-in account without the claim 403, through the gateway; an admin
 * is let through.
 */

type Stack = Array<{ route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Stack }; rawPath?: unknown }>;
type RouteOf = { method: string; path: string };

function routesOf(stack: Stack, prefix = ''): RouteOf[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return ([] as string[]).concat(layer.route.path).flatMap((p) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((method) => ({ method, path: prefix + p })));
    }
    if (layer.handle?.stack) return routesOf(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
    return [];
  });
}

/** Admin-only calls outside /v1/admin/. */
const OTHER_ADMIN_CALLS: RouteOf[] = [
  { method: 'post', path: '/v1/faqs' },
  { method: 'post', path: '/v1/faqs/:faqId' },
  { method: 'delete', path: '/v1/faqs/:faqId' },
  { method: 'get', path: '/v1/contact-submissions' },
  { method: 'post', path: '/v1/webpush/admin/subscribe' },
  { method: 'get', path: '/v1/webpush/admin/vapid-public-key' },
  { method: 'post', path: '/v1/chat/respond' },
];

describe('every admin API refuses a non-admin (403) and an anonymous caller (401)', () => {
  let db: FreshSchema;
  let dataDir: string;
  const started: StartedService[] = [];
  let gateway: Express;
  let adminRoutes: RouteOf[];
  let user: string;
  let admin: string;

  beforeAll(async () => {
    db = await freshSchema('adminapis');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-admin-apis-'));
    const schemaOf = (service: string) => `${db.schema}__${defaultSchemaOf(service)}`;
    const config = gatewayConfigSchema.parse({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent', ADMIN_EMAILS: 'staff@example.com' });
    const logger = createLogger({ service: 'admin-apis', level: 'silent' });
    const metrics = createMetrics({ defaultMetrics: false });
    const kv = createMemoryAdapters();
    for (const module of serviceModules(config)) {
      await db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schemaOf(module.name))}`);
      started.push(await startService(module, { pool: db.pool, schema: schemaOf(module.name), schemaOf, kv, logger, metrics }));
    }
    const verifiers = started.flatMap(({ service }) => service.verifiers ?? []);
    const targets: Record<string, RequestHandler> = {};
    for (const { service } of started) targets[service.name] = Router().use(jsonBodies('1mb'), service.router);
    gateway = createGatewayApp({
      logger, metrics, readiness: {}, verifiers, limiter: kv.rateLimiter, rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
      routes: routeTable, targets, graphql: express.Router(), frontendsDir: path.join(dataDir, 'no-frontends'),
    });
    const all = started.flatMap(({ service }) => routesOf((service.router as unknown as { stack: Stack }).stack));
    adminRoutes = [...all.filter((r) => r.path.startsWith('/v1/admin/')), ...OTHER_ADMIN_CALLS];
    const signUp = async (email: string) => {
      const res = await request(gateway).post('/v1/auth/sign-up').send({ email, password: 'secret-1', firstName: 'A', lastName: 'B' });
      expect(res.status).toBe(201);
      return `Bearer ${res.body.token as string}`;
    };
    user = await signUp('someone@example.com');
    admin = await signUp('staff@example.com');
  });

  afterAll(async () => {
    for (const service of started.reverse()) await service.stop();
    const { rows } = await db.pool.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${db.schema}__%`]);
    for (const { nspname } of rows) await db.pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(nspname)} CASCADE`);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const concrete = (route: RouteOf) => route.path.replace(/[:*](\w+)/g, (_whole, name: string) => (name === 'collection' ? 'merchants' : 'nope-1'));
  const call = (route: RouteOf, auth?: string) => {
    let req = request(gateway)[route.method as 'get' | 'post' | 'delete'](concrete(route));
    if (auth) req = req.set('authorization', auth);
    return ['post', 'put', 'patch', 'delete'].includes(route.method) ? req.send({}) : req;
  };

  it('given the routes, then the walk covers users, tenants, plans, contact submissions, subscribers, articles and their images, FAQs, web push and the support inbox', () => {
    const walked = adminRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    for (const expected of [
      'GET /v1/admin/users', 'POST /v1/admin/users/:uid/claims', 'GET /v1/admin/subscribers', 'GET /v1/admin/subscribers/export.csv', 'GET /v1/admin/:collection',
      'POST /v1/admin/:collection/:id/plan', 'GET /v1/admin/contact-submissions/:id', 'POST /v1/admin/articles', 'DELETE /v1/admin/articles/:articleId', 'POST /v1/faqs',
      'POST /v1/webpush/admin/subscribe', 'POST /v1/admin/media/uploads',
      'GET /v1/admin/chats', 'GET /v1/admin/chats/:chatId', 'POST /v1/admin/chats/:chatId/messages/:messageId', 'DELETE /v1/admin/chats/:chatId/messages/:messageId',
      'POST /v1/admin/chats/:chatId/faq', 'DELETE /v1/admin/chats/:chatId', 'POST /v1/admin/online-staff', 'POST /v1/chat/respond',
    ]) expect(walked).toContain(expected);
  });

  it('given no token, then every admin API answers 401; given an account without the admin claim, 403; given an admin, neither', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      const anonymous = await call(route);
      if (anonymous.status !== 401) wrong.push(`${label} anonymous: ${anonymous.status}`);
      const someone = await call(route, user);
      if (someone.status !== 403) wrong.push(`${label} non-admin: ${someone.status}`);
      else if (someone.body.message !== 'You do not have access to this page.') wrong.push(`${label} non-admin message: ${someone.body.message}`);
      const staff = await call(route, admin);
      if (staff.status === 401 || staff.status === 403 || staff.status >= 500) wrong.push(`${label} admin: ${staff.status}`);
    }
    console.info(`admin APIs walked: ${adminRoutes.length}`);
    expect(wrong).toEqual([]);
  });
});

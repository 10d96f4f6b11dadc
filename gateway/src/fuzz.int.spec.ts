import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express, { Router, type Express, type RequestHandler } from 'express';
import request from 'supertest';
import {
  createHttpApp, createLogger, createMemoryAdapters, createMetrics, defaultSchemaOf, finishHttpApp, jsonBodies, startService,
  authenticate, type StartedService,
} from '@seatside/chassis';
import { quoteSchema } from '@seatside/chassis/src/db';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { resolveService, routeTable } from './routes';
import { serviceModules } from './services';

/**
 * Hardening (issue 13, item 4): no input makes any route answer 500. Every route of every service
 * router, found by walking the express stacks as the embedded platform mounts them, gets NUL, lone
 * surrogates, control characters and %00 in each path parameter, over-long strings, deep JSON, a huge
 * body and wrong types, for each of its methods, as a member of a tenant and anonymously.
 */

interface RouteOf {
  service: string;
  method: string;
  path: string;
}

type Stack = Array<{ route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Stack }; rawPath?: unknown }>;

/** Every (method, path) of an express router, nested routers included. */
function routesOf(service: string, stack: Stack, prefix = ''): RouteOf[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = ([] as string[]).concat(layer.route.path);
      return paths.flatMap((p) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((method) => ({ service, method, path: prefix + p })));
    }
    if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      return routesOf(service, layer.handle.stack, prefix + mount);
    }
    return [];
  });
}

const PARAM = /[:*](\w+)/g;
/** NUL, a line feed, a C1 control, an encoded lone surrogate and an id longer than any (the member gets all, the anonymous caller NUL). */
const BAD_PATH_VALUES = ['%00', '%0A', '%C2%85', '%ED%A0%80', 'x'.repeat(300)];

const FIELDS = [
  'name', 'title', 'description', 'email', 'password', 'currentPassword', 'newPassword', 'confirmPassword', 'firstName', 'lastName',
  'displayName', 'phone', 'handle', 'message', 'text', 'code', 'key', 'contentType', 'filename', 'label', 'instructions', 'question',
  'answer', 'fullname', 'subject', 'serial', 'role', 'uid', 'token', 'type', 'url', 'scope', 'notes', 'comment', 'timeZone', 'productId',
];
const withFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { name: nested(depth - 1) });

/** The bodies every route with a body gets: [label, raw JSON]. */
const BODIES: Array<[string, string]> = [
  ['NUL in every field', JSON.stringify(withFields('a\u0000b'))],
  ['a lone surrogate in every field', '{' + FIELDS.map((f) => `"${f}":"x\\ud800y"`).join(',') + '}'],
  ['control characters in every field', JSON.stringify(withFields('\u001b[31m\u0007'))],
  ['20,000 characters in every field', JSON.stringify(withFields('x'.repeat(20_000)))],
  ['5,000 characters in every field', JSON.stringify(withFields('é'.repeat(5_000)))],
  ['JSON 100 levels deep', JSON.stringify(nested(100))],
  ['numbers for strings', JSON.stringify(withFields(12345))],
  ['nulls', JSON.stringify(withFields(null))],
  ['arrays for strings', JSON.stringify(withFields(['a', { b: 1 }]))],
  ['objects for strings', JSON.stringify(withFields({ $gt: '' }))],
  ['a top-level array', '[1,2,3]'],
  ['malformed JSON', '{"name":'],
  ['an empty object', '{}'],
];
const HUGE_BODY = JSON.stringify({ name: 'x'.repeat(1_100_000) });

const QUERIES = [
  'q=%00&limit=%00&cursor=%00&search=%00',
  `q=${'x'.repeat(12_000)}`,
  'limit=-1&cursor=not-a-cursor&sort=__proto__&order=sideways&page=abc',
  'limit=1&limit=2&q[a]=b&testMode[]=x',
  'q=%ED%A0%80&search=%E0%A4%A',
];

/**
 * The app served on a port of its own, once: handed an app, supertest would start and stop a server
 * for every one of the thousands of requests below.
 */
async function listening(app: Express): Promise<http.Server> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('fuzz: no route answers 500, whatever it is sent', () => {
  let db: FreshSchema;
  let dataDir: string;
  const started: StartedService[] = [];
  let gateway: http.Server;
  /** Services the gateway's route table does not send to, each in its own app (the distributed topology). */
  const ownApps = new Map<string, http.Server>();
  let routes: RouteOf[];
  let member: string;
  let merchantId: string;

  beforeAll(async () => {
    db = await freshSchema('fuzz');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-fuzz-'));
    const schemaOf = (service: string) => `${db.schema}__${defaultSchemaOf(service)}`;
    const config = gatewayConfigSchema.parse({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' });
    const logger = createLogger({ service: 'fuzz', level: 'silent' });
    const metrics = createMetrics({ defaultMetrics: false });
    const kv = createMemoryAdapters();
    for (const module of serviceModules(config)) {
      await db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schemaOf(module.name))}`);
      started.push(await startService(module, { pool: db.pool, schema: schemaOf(module.name), schemaOf, kv, logger, metrics }));
    }
    const verifiers = started.flatMap(({ service }) => service.verifiers ?? []);
    const targets: Record<string, RequestHandler> = {};
    for (const { service } of started) {
      targets[service.name] = Router().use(jsonBodies('1mb'), service.router);
      const own = createHttpApp({ logger, metrics, readiness: {}, before: [authenticate(verifiers)] });
      own.use(service.router);
      ownApps.set(service.name, await listening(finishHttpApp(own)));
    }
    gateway = await listening(
      createGatewayApp({
        logger, metrics, readiness: {}, verifiers, limiter: kv.rateLimiter, rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
        routes: routeTable, targets, graphql: express.Router(), frontendsDir: path.join(dataDir, 'no-frontends'),
      }),
    );
    routes = started.flatMap(({ service }) => routesOf(service.name, (service.router as unknown as { stack: Stack }).stack));

    const signUp = await request(gateway).post('/v1/auth/sign-up').send({ email: 'fuzz@example.com', password: 'secret-1', firstName: 'Fuzz', lastName: 'Er' });
    expect(signUp.status).toBe(201);
    member = `Bearer ${signUp.body.token}`;
    const created = await request(gateway).post('/v1/merchants/create').set('authorization', member).send({ name: 'Fuzz Shop', handle: 'fuzz-shop' });
    expect(created.status).toBe(201);
    merchantId = created.body.id;
    // The membership reaches every service through identity's events: wait until the last of them has it.
    for (const probe of [`/v1/merchants/${merchantId}/tags`, `/v1/merchants/${merchantId}/objects`, `/v1/merchants/${merchantId}/orders`]) {
      while ((await request(gateway).get(probe).set('authorization', member)).status === 403) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    for (const server of [gateway, ...ownApps.values()]) await new Promise((resolve) => server?.close(resolve));
    for (const service of started.reverse()) await service.stop();
    await db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${db.schema}__%`]).then(async ({ rows }) => {
      for (const { nspname } of rows) await db.pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(nspname)} CASCADE`);
    });
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A route's path with each parameter given a plausible value (the member's merchant where it names a tenant). */
  const concrete = (route: RouteOf, override?: { name: string; value: string }) =>
    route.path.replace(PARAM, (whole, name: string) => {
      if (override?.name === name) return override.value;
      if (whole.startsWith('*')) return `merchants/${merchantId}/brand/x.png`;
      if (name === 'collection') return 'merchants';
      if (['id', 'tenantId', 'merchantId'].includes(name)) return merchantId;
      return 'nope-1';
    });

  const appFor = (route: RouteOf, url: string) => (resolveService(url.split('?')[0]!) === route.service ? gateway : ownApps.get(route.service)!);

  /**
   * A route that reads no input and whose feature is not configured here (the AI: no OPENAI_API_KEY)
   * says so plainly with 503 `ai_not_configured`: an answer, not a crash. A route that does read
   * input checks it first, so bad input still gets its 400 there.
   */
  const deliberatelyUnavailable = (res: request.Response): boolean => res.status === 503 && (res.body as { code?: string }).code === 'ai_not_configured';

  it('given NUL, lone surrogates, control characters, over-long strings, deep JSON, huge bodies and wrong types on every route, then no 500', async () => {
    const failures: string[] = [];
    let tried = 0;
    const attempt = async (route: RouteOf, label: string, url: string, body?: string, auth?: string) => {
      tried += 1;
      const method = route.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
      let req = request(appFor(route, url))[method](url);
      if (auth) req = req.set('authorization', auth);
      if (body !== undefined) req = req.set('content-type', 'application/json').send(body);
      const res = await req;
      if (res.status >= 500 && !deliberatelyUnavailable(res)) failures.push(`${route.method.toUpperCase()} ${route.path} ${label}${auth ? ' (member)' : ' (anonymous)'}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    };

    // The member gets every input; an anonymous caller, refused early by most routes, one of each kind.
    for (const route of routes) {
      const withBody = ['post', 'put', 'patch', 'delete'].includes(route.method);
      for (const auth of [member, undefined]) {
        const some = <T>(inputs: T[]) => (auth ? inputs : inputs.slice(0, 1));
        const params = [...route.path.matchAll(PARAM)].map((m) => m[1]!);
        for (const name of params) {
          for (const value of some(BAD_PATH_VALUES)) await attempt(route, `path ${name}=${value.slice(0, 12)}`, concrete(route, { name, value }), withBody ? '{}' : undefined, auth);
        }
        for (const query of some(QUERIES)) await attempt(route, `query ${query.slice(0, 30)}`, `${concrete(route)}?${query}`, withBody ? '{}' : undefined, auth);
        if (!withBody) continue;
        for (const [label, body] of auth ? BODIES : BODIES.slice(0, 2)) await attempt(route, `body: ${label}`, concrete(route), body, auth);
        if (auth) await attempt(route, 'body: over 1 MB', concrete(route), HUGE_BODY, auth);
      }
    }

    console.info(`fuzz: ${routes.length} routes (${new Set(routes.map((r) => r.service)).size} of ${started.length} services have HTTP routes), ${tried} requests, ${failures.length} answered 500`);
    expect(failures).toEqual([]);
  });

  it('given each form valid but for one string field of 1,000 to 9,999 random characters (past an index row), then 2xx or 400, never 500', async () => {
    const M = merchantId;
    let n = 0;
    const unique = () => `${++n}-${Date.now()}`;
    /** A valid body per form, and the string fields (dot paths) to stretch. */
    const forms: Array<{ path: string; body: () => Record<string, unknown>; fields: string[]; anonymous?: boolean }> = [
      { path: `/v1/merchants/${M}/products`, body: () => ({ title: 'Tea', price: 1, description: 'Hot', code: `T${unique()}`, images: ['https://img.test/a.png'] }), fields: ['title', 'description', 'code', 'images.0'] },
      { path: `/v1/merchants/${M}/menus`, body: () => ({ title: 'Lunch', description: 'Noon' }), fields: ['title', 'description'] },
      { path: `/v1/merchants/${M}/services`, body: () => ({ title: 'Cut', description: 'Short', price: 10, duration: 30, visible: true, taxable: false, taxRate: 0, useCustomTaxRate: false }), fields: ['title', 'description'] },
      { path: `/v1/merchants/${M}/customers`, body: () => ({ firstName: 'Ada', lastName: 'L', email: `ada${unique()}@example.com`, phone: '555', metadata: [{ key: 'k', value: 'v' }] }), fields: ['firstName', 'lastName', 'email', 'phone', 'metadata.0.key', 'metadata.0.value'] },
      { path: `/v1/merchants/${M}/modifiers`, body: () => ({ title: 'Size', instructions: 'Pick one', description: 'Sizes', options: [{ label: 'Large' }] }), fields: ['title', 'instructions', 'description', 'options.0.label'] },
      { path: `/v1/merchants/${M}/coupons`, body: () => ({ title: 'Ten', code: `TEN${n++}`, type: 'PERCENTAGE', value: 10, minimumOrderAmount: 0, description: 'Off' }), fields: ['title', 'code', 'description'] },
      { path: `/v1/merchants/${M}/tags`, body: () => ({ name: 'Table 1', metadata: [{ key: 'k', value: 'v' }] }), fields: ['name', 'metadata.0.key', 'metadata.0.value'] },
      { path: '/v1/merchants/create', body: () => ({ name: 'Shop', handle: `shop-${unique()}`, description: 'A shop' }), fields: ['name', 'handle', 'description'] },
      { path: `/v1/merchants/${M}/api-keys`, body: () => ({ title: 'Key' }), fields: ['title'] },
      { path: `/v1/merchants/${M}/users/add`, body: () => ({ firstName: 'Bo', lastName: 'B', email: `bo${unique()}@example.com`, role: 'teamMember' }), fields: ['firstName', 'lastName', 'email'] },
      { path: `/v1/merchants/${M}/upload`, body: () => ({ filename: 'me.png', contentType: 'image/png' }), fields: ['filename'] },
      { path: '/v1/users/me/profile', body: () => ({ firstName: 'Fuzz', lastName: 'Er', phone: '555' }), fields: ['firstName', 'lastName', 'phone'] },
      { path: '/v1/users/me/display-name', body: () => ({ displayName: 'Fuzzy' }), fields: ['displayName'] },
      { path: '/v1/contact', body: () => ({ fullname: 'Ada', email: 'ada@example.com', phone: '555', message: 'Hello' }), fields: ['fullname', 'email', 'phone', 'message'], anonymous: true },
      { path: '/v1/chat', body: () => ({ message: 'Hello support', type: 'text' }), fields: ['message'], anonymous: true },
      { path: '/v1/auth/sign-up', body: () => ({ email: `new${unique()}@example.com`, password: 'secret-1', firstName: 'New', lastName: 'One' }), fields: ['email', 'password', 'firstName', 'lastName'], anonymous: true },
    ];
    let seed = 7;
    /** Random CJK text: PostgreSQL cannot compress it below an index row's 2,704 bytes. */
    const noise = (length: number) => Array.from({ length }, () => String.fromCharCode(0x4e00 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 20_000))).join('');
    const stretch = (body: Record<string, unknown>, field: string, length: number) => {
      const keys = field.split('.');
      let at = body as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
      const last = keys.at(-1)!;
      const ascii = () => noise(length).replace(/./g, (c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26)));
      // An image is an http(s) URL (docs/catalog-api.md): its path is what grows.
      const image = keys[0] === 'images';
      at[last] = /email/i.test(last) ? `${ascii().slice(12)}@example.com` : last === 'handle' ? ascii() : image ? `https://img.test/${noise(length - 17)}` : noise(length);
      return body;
    };
    const failures: string[] = [];
    let tried = 0;
    for (const form of forms) {
      const send = (body: object) => {
        tried += 1;
        const req = request(gateway).post(form.path);
        return (form.anonymous ? req : req.set('authorization', member)).send(body);
      };
      const base = await send(form.body());
      if (base.status >= 300) failures.push(`POST ${form.path} valid: ${base.status} ${JSON.stringify(base.body).slice(0, 200)}`);
      for (const field of form.fields) {
        for (const length of [9_999, 3_000, 1_000]) {
          const res = await send(stretch(form.body(), field, length));
          if (res.status >= 500) failures.push(`POST ${form.path} ${field} of ${length}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (res.status === 400 && !/must be at most \d+ characters|Invalid email/.test(res.body.message)) failures.push(`POST ${form.path} ${field} of ${length}: 400 ${res.body.message}`);
        }
      }
    }
    console.info(`fuzz: ${forms.length} forms, ${tried} requests with one over-long field, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('given the examples of the attack report, then the expected problems', async () => {
    const problem = (res: request.Response, status: number) => {
      expect([res.status, res.type]).toEqual([status, 'application/problem+json']);
      return res.body as { message: string };
    };
    problem(await request(gateway).get('/v1/tags/%00'), 404);
    const products = `/v1/merchants/${merchantId}/products`;
    problem(await request(gateway).post(products).set('authorization', member).send({ title: 'Tea\u0000', price: 1 }), 400);
    problem(await request(gateway).post(products).set('authorization', member).set('content-type', 'application/json').send('{"title":"Tea\\ud800"}'), 400);
    problem(await request(gateway).post(products).set('authorization', member).send(nested(100) as object), 400);
    problem(await request(gateway).post(products).set('authorization', member).set('content-type', 'application/json').send(HUGE_BODY), 413);
    const overLong = problem(await request(gateway).post(`/v1/merchants/${merchantId}/tags`).set('authorization', member).send({ name: 'x'.repeat(201) }), 400);
    expect(overLong).toMatchObject({ message: 'Name must be at most 200 characters', errors: { name: 'Name must be at most 200 characters' } });
    expect(problem(await request(gateway).post(products).set('authorization', member).send({ title: 'T'.repeat(301), price: 1 }), 400).message).toBe('Title must be at most 300 characters');
    // /graphql's variables pass the same input check as every /v1 body
    problem(await request(gateway).post('/graphql').send({ query: 'query($q: String) { faqs(search: $q) { id } }', variables: { q: 'a\u0000' } }), 400);
    problem(await request(gateway).post('/graphql').send(nested(100) as object), 400);
  });
});

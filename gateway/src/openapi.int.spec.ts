import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { Router, type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import {
  createLogger, createMemoryAdapters, createMetrics, defaultSchemaOf, jsonBodies, startService, splitRoute, undocumentedRoutes, routesOfRouter,
  type StartedService,
} from '@seatside/chassis';
import { quoteSchema } from '@seatside/chassis/src/db';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { apiDocsOf } from './openapi';
import { routeTable } from './routes';
import { serviceModules } from './services';

type Answer = { content?: Record<string, { schema: { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> } }> };
type Operation = { tags: string[]; security?: Array<Record<string, unknown>>; parameters: Array<{ name: string; in: string; example?: string }>; requestBody?: { content: { 'application/json'?: { example?: unknown } } }; responses: Record<string, Answer | { $ref: string }> };
type Document = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }>; components: { securitySchemes: Record<string, unknown>; responses: Record<string, Answer> } };

/** An operation's answer for a status, following a `#/components/responses/…` reference. */
const answerOf = (doc: Document, operation: Operation, status: number | string): Answer | undefined => {
  const answer = operation.responses[String(status)];
  if (!answer || !('$ref' in answer)) return answer;
  return doc.components.responses[answer.$ref.replace('#/components/responses/', '')];
};

/**
 * The OpenAPI 3.1 document (DESIGN §7): generated from the routers' zod schemas, covering every /v1
 * route of every service, valid for a maintained validator, and true to what the routes answer.
 */
describe('GET /v1/openapi.json', () => {
  let db: FreshSchema;
  let dataDir: string;
  const started: StartedService[] = [];
  let gateway: Express;
  let doc: Document;
  let member: string;
  let merchantId: string;

  beforeAll(async () => {
    db = await freshSchema('openapi');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-openapi-'));
    const schemaOf = (service: string) => `${db.schema}__${defaultSchemaOf(service)}`;
    const config = gatewayConfigSchema.parse({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' });
    const logger = createLogger({ service: 'openapi', level: 'silent' });
    const metrics = createMetrics({ defaultMetrics: false });
    const kv = createMemoryAdapters();
    const modules = serviceModules(config);
    for (const module of modules) {
      await db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schemaOf(module.name))}`);
      started.push(await startService(module, { pool: db.pool, schema: schemaOf(module.name), schemaOf, kv, logger, metrics }));
    }
    const verifiers = started.flatMap(({ service }) => service.verifiers ?? []);
    const targets: Record<string, RequestHandler> = {};
    for (const { service } of started) targets[service.name] = Router().use(jsonBodies('1mb'), service.router);
    gateway = createGatewayApp({
      logger, metrics, readiness: {}, verifiers, limiter: kv.rateLimiter, rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
      routes: routeTable, targets, graphql: express.Router(), frontendsDir: path.join(dataDir, 'no-frontends'), apiDocs: apiDocsOf(modules),
    });
    const res = await request(gateway).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as Document;

    const signUp = await request(gateway).post('/v1/auth/sign-up').send({ email: 'openapi@example.com', password: 'secret-1', firstName: 'Open', lastName: 'Api' });
    member = `Bearer ${signUp.body.token}`;
    merchantId = (await request(gateway).post('/v1/merchants/create').set('authorization', member).send({ name: 'Open Shop', handle: 'open-shop' })).body.id;
    for (const probe of [`/v1/merchants/${merchantId}/tags`, `/v1/merchants/${merchantId}/objects`, `/v1/merchants/${merchantId}/orders`]) {
      while ((await request(gateway).get(probe).set('authorization', member)).status === 403) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  afterAll(async () => {
    for (const service of started.reverse()) await service.stop();
    await db.pool.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${db.schema}__%`]).then(async ({ rows }) => {
      for (const { nspname } of rows) await db.pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(nspname)} CASCADE`);
    });
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('given every service router, when its /v1 routes are walked, then each is documented and each documented operation exists', () => {
    const docs = apiDocsOf(started.map(({ service }) => ({ name: service.name, create: () => service, api: serviceModules(gatewayConfigSchema.parse({ DATA_DIR: dataDir })).find((m) => m.name === service.name)?.api })));
    const undocumented: string[] = [];
    const stale: string[] = [];
    for (const { service } of started) {
      undocumented.push(...undocumentedRoutes(service.router, docs).map((route) => `${service.name}: ${route}`));
      const declared = new Set(routesOfRouter(service.router));
      for (const { route } of docs.find((d) => d.tag === service.name)?.operations ?? []) {
        const { method, path: p } = splitRoute(route);
        if (!declared.has(`${method.toUpperCase()} ${p}`)) stale.push(`${service.name}: ${route}`);
      }
    }
    // A new route is documented by its line in its service's src/openapi.ts (docs/ARCHITECTURE.md, "OpenAPI").
    expect({ undocumented, stale }).toEqual({ undocumented: [], stale: [] });
  });

  it('given the document, then a maintained validator (@readme/openapi-parser) finds it valid OpenAPI 3.1, with both security schemes and a tag per service', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect((doc as unknown as { openapi: string }).openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerJwt']);
    expect(doc.tags.map((t) => t.name).sort()).toEqual(started.map(({ service }) => service.name).filter((n) => apiDocsOf(serviceModules(gatewayConfigSchema.parse({ DATA_DIR: dataDir }))).some((d) => d.tag === n)).sort());
    const checkout = doc.paths['/v1/merchants/{merchantId}/orders']!.post!;
    expect(checkout.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:merchantId', 'header:Idempotency-Key']);
    expect(answerOf(doc, checkout, 409)!.content!['application/problem+json']!.schema.allOf![1]!.properties!.code!.enum).toEqual(expect.arrayContaining(['idempotency_key_reused', 'out_of_stock']));
    expect(answerOf(doc, checkout, 502)!.content!['application/problem+json']!.schema.allOf![1]!.properties!.code!.enum).toEqual(['payment_provider_failed']);
    // Each distinct problem answer is written once and referenced: the document stays small enough for /docs.
    expect(JSON.stringify(doc).length).toBeLessThan(400_000);
  });

  it("given every documented operation on a merchant's own paths that needs credentials, when a member of another merchant or its API key calls it with its example for the first merchant, then it is refused (4xx), never answered", async () => {
    const signUp = await request(gateway).post('/v1/auth/sign-up').send({ email: 'intruder@example.com', password: 'secret-1', firstName: 'In', lastName: 'Truder' });
    const intruder = `Bearer ${signUp.body.token}`;
    const own = (await request(gateway).post('/v1/merchants/create').set('authorization', intruder).send({ name: 'Intruder Shop', handle: 'intruder-shop' })).body.id as string;
    // The intruder is a member of a merchant of their own, known to every service (as the member above).
    for (const probe of [`/v1/merchants/${own}/tags`, `/v1/merchants/${own}/objects`, `/v1/merchants/${own}/orders`]) {
      while ((await request(gateway).get(probe).set('authorization', intruder)).status === 403) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // And the intruder's merchant's API key (a tenant's credential, not a member's).
    const key = await request(gateway).post(`/v1/merchants/${own}/api-keys`).set('authorization', intruder).send({ title: 'Intruder key', testMode: false });
    expect(key.status).toBe(201);
    const credentials = { member: intruder, 'API key': `Bearer ${key.body.apiKey as string}` };
    const answered: string[] = [];
    let walked = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      // The tenant named by its own parameter, or as `/{collection}/{id}` (settings, team, keys, deletion) or `/merchants/{id}`.
      const tenantId = /\{(collection\}\/\{id|merchantId|tenantId|venueId)\}|\/merchants\/\{id\}/;
      if (!tenantId.test(route)) continue;
      for (const [method, operation] of Object.entries(methods)) {
        // A public operation (the storefront's checkout, a tab, a group) answers anyone by design.
        if (operation.security?.some((requirement) => Object.keys(requirement).length === 0)) continue;
        walked += 1;
        const url = route.replace(/\{(\w+)\}/g, (_whole, name: string) => {
          if (['merchantId', 'tenantId', 'venueId', 'id'].includes(name)) return merchantId;
          if (name === 'collection') return 'merchants';
          const example = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.example;
          return encodeURIComponent(example ?? 'nope-1');
        });
        const body = operation.requestBody?.content['application/json']?.example ?? (method === 'get' || method === 'delete' ? undefined : {});
        for (const [as, authorization] of Object.entries(credentials)) {
          let call = request(gateway)[method as 'get'](url).set('authorization', authorization);
          if (body !== undefined) call = call.send(body as object);
          const res = await call;
          if (res.status < 400 || res.status >= 500) answered.push(`${method.toUpperCase()} ${route} (${as}): ${res.status} (${JSON.stringify(res.body).slice(0, 160)})`);
        }
      }
    }
    // 143 operations when written; called by the merchant's own member instead, 48 of them answered 2xx.
    expect(walked).toBeGreaterThan(130);
    expect(answered).toEqual([]);
  });

  it('given every documented operation, when it is called with its example as a member of a tenant, then it answers a status the document lists, a success answer is valid for the documented schema, and a problem carries a code listed for that status', async () => {
    const failures: string[] = [];
    let walked = 0;
    let checked = 0;
    // The answers are validated against the document with a maintained JSON Schema (2020-12) validator.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validators: Record<string, ValidateFunction> = {};
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        walked += 1;
        const url = route.replace(/\{(\w+)\}/g, (_whole, name: string) => {
          const example = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.example;
          if (example) return encodeURIComponent(example === 'm_demo' ? merchantId : example);
          if (name === 'collection') return 'merchants';
          if (['id', 'tenantId', 'merchantId'].includes(name)) return merchantId;
          return 'nope-1';
        });
        const body = operation.requestBody?.content['application/json']?.example ?? (method === 'get' || method === 'delete' ? undefined : {});
        let call = request(gateway)[method as 'get'](url).set('authorization', member);
        if (body !== undefined) call = call.send(body as object);
        const res = await call;
        const listed = answerOf(doc, operation, res.status);
        if (!listed) {
          failures.push(`${method.toUpperCase()} ${route}: ${res.status} is not documented (${JSON.stringify(res.body).slice(0, 200)})`);
          continue;
        }
        if (res.status < 300 && /json/.test(res.headers['content-type'] ?? '')) {
          const schema = listed.content?.['application/json']?.schema;
          if (!schema || Object.keys(schema).length === 0) failures.push(`${method.toUpperCase()} ${route}: the ${res.status} answer has no schema in the document (name the route's \`response\` in its src/openapi.ts)`);
          else {
            checked += 1;
            const check = (validators[`${method} ${route} ${res.status}`] ??= ajv.compile(schema));
            if (!check(res.body)) failures.push(`${method.toUpperCase()} ${route}: the ${res.status} answer is not as documented: ${ajv.errorsText(check.errors)} (${JSON.stringify(res.body).slice(0, 200)})`);
          }
        }
        if (res.status >= 400 && /json/.test(res.headers['content-type'] ?? '')) {
          const codes = listed.content?.['application/problem+json']?.schema.allOf?.[1]?.properties?.code?.enum ?? [];
          if (!res.headers['content-type']!.startsWith('application/problem+json') || !codes.includes(res.body.code)) {
            failures.push(`${method.toUpperCase()} ${route}: ${res.status} ${res.body.code} is not a listed code (${codes.join(', ')})`);
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(150);
    expect(checked).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });
});

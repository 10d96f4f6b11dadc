import { z, type ZodType } from 'zod';
import { errorCodes, type ErrorCode } from '@seatside/rules';

/**
 * The API's OpenAPI 3.1 document, from the routers' own zod schemas (DESIGN §7): a route is
 * documented by an `OperationDoc` next to its router (`<service>/src/openapi.ts`), which names the
 * schemas the route validates with, so what is documented is what validates. `undocumentedRoutes`
 * lists every /v1 route of a router that has none; the gateway's spec fails on any.
 */
export interface OperationDoc {
  /** `GET /v1/merchants/:merchantId/orders`, as the router declares it. */
  route: string;
  summary: string;
  description?: string;
  /** The body schema the route parses (its input side is documented). */
  body?: ZodType;
  /**
   * The body's media types when it is not JSON: bytes of those types (an uploaded image), or with a
   * `body`, that schema for each (`multipart/form-data`: the form's fields and its file).
   */
  consumes?: string[];
  /** The query schema the route parses (an object; each key is a parameter). */
  query?: ZodType;
  /** The answer's schema, when the route's answer has one. */
  response?: ZodType;
  /** The success status (200 by default; 201 for creates; 204 answers nothing; a 3xx redirects with `Location`). */
  status?: number;
  /**
   * The success answer's media types when it is not (only) JSON: `text/csv`, `text/html`, an image's.
   * A text is documented as a string, anything else as bytes of that type; `application/json` among
   * them keeps `response` as its schema (a link answering a page to a browser and JSON to a client).
   */
  produces?: string[];
  /** The route needs no credentials (public storefront, sign-in, webhooks). */
  public?: boolean;
  /** The route takes an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** Codes this route answers besides the ones every route may (validation_failed, the auth codes, not_found, rate_limited, internal_error). */
  errors?: ErrorCode[];
  /** Example values for path parameters, the body and the query, used by the contract test and shown by the reference. */
  example?: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> };
}

export interface ServiceApiDoc {
  /** The service (the document's tag). */
  tag: string;
  description: string;
  /** Codes any of its operations may answer (its own not-found codes). */
  errors?: ErrorCode[];
  operations: OperationDoc[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

export function splitRoute(route: string): { method: Method; path: string } {
  const [method = '', path = ''] = route.trim().split(/\s+/);
  const lower = method.toLowerCase() as Method;
  if (!METHODS.includes(lower) || !path.startsWith('/')) throw new Error(`Not a route: ${route}`);
  return { method: lower, path };
}

/** `/v1/orders/:orderId` → `/v1/orders/{orderId}`; a wildcard `*key` (the rest of the path, slashes and all) → `{key}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

/** The JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) of what a schema takes or gives. */
function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // An integer's bounds when it has none but JavaScript's safe range say nothing a client needs (and were 10% of the document).
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details; `message` is what a person reads, `code` what a client branches on.',
  required: ['type', 'title', 'status', 'code', 'detail', 'message'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(errorCodes) },
    detail: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'One message per field.' },
    instance: { type: 'string' },
  },
};

/** Codes every route may answer. */
const COMMON_CODES: ErrorCode[] = ['validation_failed', 'invalid_json', 'not_found'];
/**
 * Codes any route may answer for no reason of its own (a body over the limit, the edge's rate limit,
 * a failure): every operation's `default` answer, rather than a status each (they were a third of the
 * document's references). A route that answers one on purpose (a sign-in's own limit) lists it in
 * `errors` and gets its status.
 */
const OTHER_CODES: ErrorCode[] = ['payload_too_large', 'rate_limited', 'internal_error', 'unavailable'];
const AUTH_CODES: ErrorCode[] = ['unauthorized', 'token_invalid', 'sign_in_required', 'forbidden'];

/**
 * The problem answers of a set of codes, one per status, and the `default` one of the other codes
 * (OTHER_CODES) the operation does not list. Each distinct answer is written once under
 * `components.responses` and referenced (`responses` collects them): an operation answers 5 to 8 of
 * them, and inlined they were most of a 660 KB document that a reference page could not digest.
 */
function errorResponses(codes: ErrorCode[], responses: Map<string, { name: string; response: unknown }>) {
  const listed = new Set(codes);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of listed) {
    const { status } = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const refs: Record<string, { $ref: string }> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) refs[String(status)] = sharedProblem(`Problem${status}`, list, responses);
  const others = OTHER_CODES.filter((code) => !listed.has(code));
  if (others.length > 0) refs.default = sharedProblem('ProblemOther', others, responses);
  return refs;
}

/** The reference to the one problem answer of these codes, written under `components.responses` the first time. */
function sharedProblem(base: string, list: ErrorCode[], responses: Map<string, { name: string; response: unknown }>): { $ref: string } {
  const key = `${base}:${list.join(',')}`;
  let shared = responses.get(key);
  if (!shared) {
    const sameBase = [...responses.values()].filter(({ name }) => name === base || name.startsWith(`${base}_`)).length;
    shared = {
      name: sameBase === 0 ? base : `${base}_${sameBase + 1}`,
      response: {
        description: list.map((code) => `\`${code}\` (${errorCodes[code].status}): ${errorCodes[code].description}`).join('\n\n'),
        content: {
          'application/problem+json': {
            schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { code: { enum: list } } }] },
          },
        },
      },
    };
    responses.set(key, shared);
  }
  return { $ref: `#/components/responses/${shared.name}` };
}

function queryParameters(schema: ZodType | undefined, example?: Record<string, string>) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(example?.[name] !== undefined ? { example: example[name] } : {}),
  }));
}

function operationOf(tag: string, doc: OperationDoc, serviceErrors: ErrorCode[] | undefined, problems: Map<string, { name: string; response: unknown }>) {
  const { method, path } = splitRoute(doc.route);
  const params = [...path.matchAll(/([:*])(\w+)/g)].map(([, kind, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(kind === '*' ? { description: 'The rest of the path: it may hold slashes.' } : {}),
    ...(doc.example?.params?.[name!] !== undefined ? { example: doc.example.params[name!] } : {}),
  }));
  const headers = doc.idempotent
    ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'The same key and body answer as the first request did; the same key with another body is 409 `idempotency_key_reused`.' }]
    : [];
  // A POST without a declared status answers 201 when it creates a record, else 200.
  const statuses = doc.status ? [doc.status] : method === 'post' ? [200, 201] : [200];
  const success = (status: number) => {
    if (status === 204) return { description: 'No content' };
    if (status >= 300 && status < 400) return { description: 'Redirect', headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } };
    const types = doc.produces ?? ['application/json'];
    const content = Object.fromEntries(
      types.map((type) => [
        type,
        type === 'application/json'
          ? { schema: doc.response ? jsonSchemaOf(doc.response, 'output') : {} }
          : { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: type } },
      ]),
    );
    return { description: status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'OK', content };
  };
  // A bad bearer token is refused at the edge even on a public route.
  const codes = [...COMMON_CODES, ...AUTH_CODES, ...(doc.idempotent ? (['idempotency_key_reused'] as ErrorCode[]) : []), ...(serviceErrors ?? []), ...(doc.errors ?? [])];
  return {
    method,
    path: openApiPath(path),
    operation: {
      tags: [tag],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      operationId: `${tag}.${method}.${path.replace(/^\/v1\//, '').replace(/[:/{}.-]+/g, '_')}`,
      parameters: [...params, ...queryParameters(doc.query, doc.example?.query), ...headers],
      ...(doc.consumes
        ? { requestBody: { required: true, content: Object.fromEntries(doc.consumes.map((type) => [type, { schema: doc.body ? jsonSchemaOf(doc.body, 'input') : { type: 'string', contentMediaType: type } }])) } }
        : {}),
      ...(doc.body && !doc.consumes
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(doc.body, 'input'), ...(doc.example?.body !== undefined ? { example: doc.example.body } : {}) } },
            },
          }
        : {}),
      responses: {
        ...Object.fromEntries(statuses.map((status) => [String(status), success(status)])),
        ...errorResponses(codes, problems),
      },
      // The document's security (a bearer token or an API key) applies unless the route is public.
      ...(doc.public ? { security: [{}] } : {}),
    },
  };
}

type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: unknown }> } };

type Schema = Record<string, unknown>;

/** The schemas a schema holds, with the name each is known by (a property's, `item`, `option1`…). */
function subschemas(schema: Schema): Array<{ name: string; get: () => unknown; set: (value: unknown) => void }> {
  const out: Array<{ name: string; get: () => unknown; set: (value: unknown) => void }> = [];
  const slot = (holder: Record<string, unknown> | unknown[], key: string | number, name: string) =>
    out.push({ name, get: () => (holder as Record<string, unknown>)[key], set: (value) => ((holder as Record<string, unknown>)[key] = value) });
  for (const [name, value] of Object.entries((schema.properties ?? {}) as Schema)) if (value && typeof value === 'object') slot(schema.properties as Schema, name, name);
  if (schema.items && typeof schema.items === 'object') slot(schema, 'items', 'item');
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') slot(schema, 'additionalProperties', 'value');
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((_, i) => slot(list, i, `option${i + 1}`));
  }
  return out;
}

/** Below this size a schema is not worth a reference. */
const SHARED_MIN_BYTES = 300;

/**
 * A request body schema, or a part of one, that several bodies hold alike (the apps, merchants and
 * venues variants of one route; the checkout's lines in an order, a quote, a group's place and a
 * tab's round) is written once under `components.schemas`, named where it was first seen, and
 * referenced. Answers stay inline: a client (and the contract test) reads one alone.
 */
function shareBodySchemas(paths: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const operations = Object.values(paths).flatMap((methods) => Object.values(methods) as Operation[]);
  const bodies = operations.flatMap((operation) => Object.values(operation.requestBody?.content ?? {}).map((media) => ({ operation, media })));
  const seen = new Map<string, { name: string; uses: number }>();
  const count = (schema: unknown, name: string) => {
    if (!schema || typeof schema !== 'object') return;
    const key = JSON.stringify(schema);
    if (key.length < SHARED_MIN_BYTES) return;
    const entry = seen.get(key);
    if (entry) entry.uses += 1;
    else seen.set(key, { name: name.replace(/[^\w.-]/g, '_'), uses: 1 });
    for (const sub of subschemas(schema as Schema)) count(sub.get(), `${name}.${sub.name}`);
  };
  for (const { operation, media } of bodies) count(media.schema, `${operation.operationId}.body`);
  const schemas: Record<string, unknown> = {};
  const share = (schema: unknown): unknown => {
    if (!schema || typeof schema !== 'object') return schema;
    const entry = seen.get(JSON.stringify(schema));
    for (const sub of subschemas(schema as Schema)) sub.set(share(sub.get()));
    if (!entry || entry.uses < 2) return schema;
    schemas[entry.name] ??= schema;
    return { $ref: `#/components/schemas/${entry.name}` };
  };
  for (const { media } of bodies) media.schema = share(media.schema);
  return schemas;
}

/** The whole document for these services' operations. */
export function openApiDocument(services: readonly ServiceApiDoc[], info: { version?: string; serverUrl?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  const problems = new Map<string, { name: string; response: unknown }>();
  for (const service of services) {
    for (const doc of service.operations) {
      const { method, path, operation } = operationOf(service.tag, doc, service.errors, problems);
      paths[path] ??= {};
      if (paths[path]![method]) throw new Error(`Documented twice: ${doc.route}`);
      paths[path]![method] = operation;
    }
  }
  const sharedBodies = shareBodySchemas(paths);
  return {
    openapi: '3.1.1',
    info: {
      title: 'Seatside API',
      version: info.version ?? '1',
      description:
        'The product API under /v1. Errors are problem+json with a stable `code` (listed per answer). Lists answer `{ data, nextCursor, total }` and take `limit` and `cursor`, and, where a list names them, `sort`, `order`, `q` and `testMode`.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    security: [{ bearerJwt: [] }, { apiKey: [] }],
    tags: services.map((s) => ({ name: s.tag, description: s.description })),
    paths,
    components: {
      schemas: { Problem: problemSchema, ...sharedBodies },
      responses: Object.fromEntries([...problems.values()].map(({ name, response }) => [name, response])),
      securitySchemes: {
        bearerJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A 15-minute access token from POST /v1/auth/sign-in (or the refresh cookie).' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A tenant API key as the bearer token: `sk_test_…` sees only the sandbox, `sk_live_…` only production (a checkout made with one is in its mode). It acts as the tenant’s admin except on access: it never adds, changes or removes team users, nor creates, renames or deletes API keys other than deleting itself (403 `api_key_not_allowed`).',
        },
      },
    },
  };
}

type Stack = Array<{ route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Stack } }>;

/** Every `METHOD /v1/…` route an express router declares (nested routers included). */
export function routesOfRouter(router: unknown): string[] {
  const walk = (stack: Stack): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        return ([] as string[])
          .concat(layer.route.path)
          .flatMap((path) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((m) => `${m.toUpperCase()} ${path}`));
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as { stack?: Stack }).stack ?? []).filter((route) => / \/v1\//.test(route));
}

/** The /v1 routes of a router that no operation documents. */
export function undocumentedRoutes(router: unknown, docs: readonly ServiceApiDoc[]): string[] {
  const documented = new Set(docs.flatMap((d) => d.operations.map((o) => { const { method, path } = splitRoute(o.route); return `${method.toUpperCase()} ${path}`; })));
  return [...new Set(routesOfRouter(router))].filter((route) => !documented.has(route));
}

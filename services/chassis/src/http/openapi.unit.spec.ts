import { z } from 'zod';
import { moneyInput } from '../money';
import { openApiDocument, openApiPath, type ServiceApiDoc } from './openapi';

describe('OpenAPI paths', () => {
  it('given a route with parameters and a wildcard, then each becomes a templated path parameter', () => {
    expect(openApiPath('/v1/merchants/:merchantId/orders/:orderId')).toBe('/v1/merchants/{merchantId}/orders/{orderId}');
    expect(openApiPath('/v1/media/*key')).toBe('/v1/media/{key}');
  });

  it('given a wildcard route, when documented, then its parameter is a required path parameter that may hold slashes', () => {
    const doc = openApiDocument([{ tag: 'media', description: 'Media', operations: [{ route: 'GET /v1/media/*key', summary: 'The bytes of an image', public: true, example: { params: { key: 'a/b.png' } } }] }]);
    const [parameter] = (doc.paths['/v1/media/{key}']!.get as { parameters: Array<Record<string, unknown>> }).parameters;
    expect(parameter).toEqual({ name: 'key', in: 'path', required: true, schema: { type: 'string' }, description: 'The rest of the path: it may hold slashes.', example: 'a/b.png' });
  });

  it('given a multipart form with its schema, when documented, then the form is that schema and no JSON body is offered', () => {
    const form = z.object({ key: z.enum(['icon', 'logo']), file: z.custom<Buffer>().meta({ type: 'string', contentMediaType: 'image/*' }) });
    const doc = openApiDocument([{ tag: 'media', description: 'Media', operations: [{ route: 'POST /v1/merchants/:tenantId/brand', summary: 'Upload a brand image', body: form, consumes: ['multipart/form-data'], produces: ['text/plain'], status: 200 }] }]);
    const operation = doc.paths['/v1/merchants/{tenantId}/brand']!.post as { requestBody: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> };
    expect(operation.requestBody.content).toEqual({
      'multipart/form-data': {
        schema: { type: 'object', properties: { key: { type: 'string', enum: ['icon', 'logo'] }, file: { type: 'string', contentMediaType: 'image/*' } }, required: ['key', 'file'] },
      },
    });
    expect(operation.responses['200']).toEqual({ description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } });
  });

  it('given money fields in a body, when documented, then each says what it takes (a number or a decimal text in major units, with its bounds), never an untyped {}', () => {
    const messages = { invalid: 'x', tooPrecise: 'x', tooLarge: 'x' };
    const body = z.object({ price: moneyInput(messages), amount: moneyInput(messages, { positive: true }), fee: moneyInput(messages, { blank: 'zero', maxMinor: 10_000 }).optional() });
    const doc = openApiDocument([{ tag: 'demo', description: 'Money', operations: [{ route: 'POST /v1/prices', summary: 'A price', body, public: true, status: 200, produces: ['text/plain'] }] }]);
    const schema = (doc.paths['/v1/prices']!.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, { anyOf: unknown[]; description: string }>; required: string[] } }> } }).requestBody.content['application/json']!.schema;
    expect(schema.required).toEqual(['price', 'amount']);
    const { price, amount, fee } = schema.properties;
    expect(price!.anyOf).toEqual([{ type: 'number', minimum: 0, maximum: 999_999.99 }, { type: 'string', description: expect.any(String) }]);
    expect(price!.description).toBe('An amount in major units (19.5 is 19.50), 0 or more, at most 2 decimal places, at most 999,999.99; nothing is rounded.');
    expect(amount!.anyOf[0]).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 999_999.99 });
    expect(fee!.anyOf).toEqual([{ type: 'number', minimum: 0, maximum: 100 }, { type: 'string', description: expect.any(String) }, { type: 'null', description: expect.any(String) }]);
    expect(fee!.description).toContain('at most 100.00');
  });
});

type Doc = {
  security: unknown;
  paths: Record<string, Record<string, { security?: unknown; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

/** A line big enough to be worth a reference (SHARED_MIN_BYTES). */
const line = z.object({
  productId: z.string().min(1).max(200).describe('The product, as the catalog names it'),
  quantity: z.number().int().min(1).max(10_000).describe('How many of it'),
  modifiers: z.array(z.object({ modifierId: z.string().max(200), optionIds: z.array(z.string().max(200)).max(200) })).max(100),
});
const newTag = z.object({ name: z.string().min(1).max(200).describe('What the merchant calls it'), metadata: z.array(z.object({ key: z.string(), value: z.string(), visible: z.boolean() })).max(50).describe('Pairs shown to the diner') });
const answer = z.object({ id: z.string(), name: z.string() });

const api: ServiceApiDoc = {
  tag: 'demo',
  description: 'Two variants of one route and two bodies holding the same lines.',
  operations: [
    { route: 'POST /v1/merchants/:tenantId/tags', summary: 'A merchant’s tag', body: newTag, response: answer, status: 201 },
    { route: 'POST /v1/venues/:tenantId/tags', summary: 'A venue’s tag', body: newTag, response: answer, status: 201 },
    { route: 'POST /v1/orders', summary: 'An order', body: z.object({ lineItems: z.array(line), note: z.string().optional() }), public: true, status: 201, response: answer },
    { route: 'POST /v1/quotes', summary: 'A quote', body: z.object({ lineItems: z.array(line) }), public: true, status: 200, response: answer },
  ],
};

describe('the OpenAPI document', () => {
  const doc = openApiDocument([api]) as unknown as Doc;
  const bodyOf = (path: string) => doc.paths[path]!.post!.requestBody!.content['application/json']!.schema;

  it('given the same body on two routes, when the document is built, then it is written once under components.schemas and both reference it', () => {
    expect(bodyOf('/v1/merchants/{tenantId}/tags')).toEqual({ $ref: '#/components/schemas/demo.post.merchants_tenantId_tags.body' });
    expect(bodyOf('/v1/venues/{tenantId}/tags')).toEqual(bodyOf('/v1/merchants/{tenantId}/tags'));
    expect(doc.components.schemas['demo.post.merchants_tenantId_tags.body']).toMatchObject({ type: 'object', required: ['name', 'metadata'] });
  });

  it('given two different bodies holding the same part, then the part is shared and each body keeps its own fields', () => {
    const order = bodyOf('/v1/orders') as { properties: Record<string, unknown> };
    const quote = bodyOf('/v1/quotes') as { properties: Record<string, unknown> };
    expect(order.properties.lineItems).toEqual({ $ref: '#/components/schemas/demo.post.orders.body.lineItems' });
    expect(quote.properties.lineItems).toEqual(order.properties.lineItems);
    expect(order.properties.note).toEqual({ type: 'string' });
    expect(doc.components.schemas['demo.post.orders.body.lineItems']).toMatchObject({ type: 'array' });
  });

  it('given an answer, then its schema stays whole in the operation (a client reads it alone), with no safe-integer bounds', () => {
    expect(doc.paths['/v1/orders']!.post!.responses['201']!.content!['application/json']!.schema).toMatchObject({ type: 'object', required: ['id', 'name'] });
    expect(JSON.stringify(doc)).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it('given public and member routes, then the bearer or API-key requirement is the document’s and a public route overrides it', () => {
    expect(doc.security).toEqual([{ bearerJwt: [] }, { apiKey: [] }]);
    expect(doc.paths['/v1/orders']!.post!.security).toEqual([{}]);
    expect(doc.paths['/v1/merchants/{tenantId}/tags']!.post!.security).toBeUndefined();
  });
});

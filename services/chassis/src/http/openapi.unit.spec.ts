import { z } from 'zod';
import { openApiDocument, openApiPath } from './openapi';

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
});

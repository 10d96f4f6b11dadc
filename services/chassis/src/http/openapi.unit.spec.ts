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
});

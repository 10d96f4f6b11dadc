import { listQuerySchema, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';

/**
 * The media service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const mediaApi: ServiceApiDoc = {
  tag: 'media',
  description: 'Brand images, uploads and the gallery (docs/media-api.md).',
  operations: [
    { route: 'POST /v1/admin/media/uploads', summary: "An image of the platform's own (an article's), platform admins only" },
    { route: 'POST /v1/apps/:tenantId/brand', summary: 'Brand (POST)' },
    { route: 'POST /v1/apps/:tenantId/upload', summary: 'Upload (POST)' },
    { route: 'POST /v1/apps/:tenantId/uploads', summary: 'Uploads (POST)' },
    { route: 'GET /v1/media/*key', summary: 'List or read *key', public: true },
    { route: 'POST /v1/media/form-upload', summary: 'Form upload (POST)' },
    { route: 'POST /v1/merchants/:tenantId/brand', summary: 'Brand (POST)' },
    { route: 'GET /v1/merchants/:tenantId/objects', summary: 'The merchant’s gallery: uploaded objects, newest first', query: listQuerySchema, response: pageSchema(recordAnswer({})) },
    { route: 'POST /v1/merchants/:tenantId/upload', summary: 'Upload (POST)' },
    { route: 'POST /v1/merchants/:tenantId/uploads', summary: 'Uploads (POST)' },
    { route: 'POST /v1/venues/:tenantId/brand', summary: 'Brand (POST)' },
    { route: 'POST /v1/venues/:tenantId/upload', summary: 'Upload (POST)' },
    { route: 'POST /v1/venues/:tenantId/uploads', summary: 'Uploads (POST)' },
  ],
};

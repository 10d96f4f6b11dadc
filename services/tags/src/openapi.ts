import { listQuerySchema, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';

const tag = recordAnswer({});
const template = recordAnswer({});

/**
 * The tags service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const tagsApi: ServiceApiDoc = {
  tag: 'tags',
  description: 'Tags, public tag resolution, QR images, tags.zip and per-tag stats (docs/tags-api.md).',
  errors: ['tag_not_found'],
  operations: [
    { route: 'GET /v1/apps/:tenantId/qr-download', summary: 'List or read qr download' },
    { route: 'GET /v1/apps/:tenantId/tags', summary: 'List the tenant’s tags', query: listQuerySchema, response: pageSchema(tag) },
    { route: 'POST /v1/apps/:tenantId/tags', summary: 'Tags (POST)' },
    { route: 'DELETE /v1/apps/:tenantId/tags/:tagId', summary: 'Delete one of tags' },
    { route: 'GET /v1/apps/:tenantId/tags/:tagId', summary: 'Read one of the tenant’s tags', response: tag },
    { route: 'POST /v1/apps/:tenantId/tags/:tagId', summary: 'Update one of tags' },
    { route: 'GET /v1/apps/:tenantId/tags/:tagId/stats', summary: 'List or read stats' },
    { route: 'POST /v1/apps/:tenantId/tags/activate/:serial', summary: 'Update one of activate' },
    { route: 'GET /v1/apps/:tenantId/templates', summary: 'List the tenant’s templates', query: listQuerySchema, response: pageSchema(template) },
    { route: 'POST /v1/apps/:tenantId/templates', summary: 'Templates (POST)' },
    { route: 'DELETE /v1/apps/:tenantId/templates/:templateId', summary: 'Delete one of templates' },
    { route: 'GET /v1/apps/:tenantId/templates/:templateId', summary: 'Read one of the tenant’s templates', response: template },
    { route: 'POST /v1/apps/:tenantId/templates/:templateId', summary: 'Update one of templates' },
    { route: 'POST /v1/apps/:tenantId/templates/:templateId/print', summary: 'Print (POST)' },
    { route: 'GET /v1/merchants/:tenantId/qr-download', summary: 'List or read qr download' },
    { route: 'GET /v1/merchants/:tenantId/tags', summary: 'List the tenant’s tags', query: listQuerySchema, response: pageSchema(tag) },
    { route: 'POST /v1/merchants/:tenantId/tags', summary: 'Tags (POST)' },
    { route: 'DELETE /v1/merchants/:tenantId/tags/:tagId', summary: 'Delete one of tags' },
    { route: 'GET /v1/merchants/:tenantId/tags/:tagId', summary: 'Read one of the tenant’s tags', response: tag },
    { route: 'POST /v1/merchants/:tenantId/tags/:tagId', summary: 'Update one of tags' },
    { route: 'GET /v1/merchants/:tenantId/tags/:tagId/stats', summary: 'List or read stats' },
    { route: 'POST /v1/merchants/:tenantId/tags/activate/:serial', summary: 'Update one of activate' },
    { route: 'GET /v1/merchants/:tenantId/templates', summary: 'List the tenant’s templates', query: listQuerySchema, response: pageSchema(template) },
    { route: 'POST /v1/merchants/:tenantId/templates', summary: 'Templates (POST)' },
    { route: 'DELETE /v1/merchants/:tenantId/templates/:templateId', summary: 'Delete one of templates' },
    { route: 'GET /v1/merchants/:tenantId/templates/:templateId', summary: 'Read one of the tenant’s templates', response: template },
    { route: 'POST /v1/merchants/:tenantId/templates/:templateId', summary: 'Update one of templates' },
    { route: 'POST /v1/merchants/:tenantId/templates/:templateId/print', summary: 'Print (POST)' },
    { route: 'GET /v1/tags/:code', summary: 'Read one of tags', public: true },
    { route: 'GET /v1/venues/:tenantId/qr-download', summary: 'List or read qr download' },
    { route: 'GET /v1/venues/:tenantId/tags', summary: 'List the tenant’s tags', query: listQuerySchema, response: pageSchema(tag) },
    { route: 'POST /v1/venues/:tenantId/tags', summary: 'Tags (POST)' },
    { route: 'DELETE /v1/venues/:tenantId/tags/:tagId', summary: 'Delete one of tags' },
    { route: 'GET /v1/venues/:tenantId/tags/:tagId', summary: 'Read one of the tenant’s tags', response: tag },
    { route: 'POST /v1/venues/:tenantId/tags/:tagId', summary: 'Update one of tags' },
    { route: 'GET /v1/venues/:tenantId/tags/:tagId/stats', summary: 'List or read stats' },
    { route: 'POST /v1/venues/:tenantId/tags/activate/:serial', summary: 'Update one of activate' },
    { route: 'GET /v1/venues/:tenantId/templates', summary: 'List the tenant’s templates', query: listQuerySchema, response: pageSchema(template) },
    { route: 'POST /v1/venues/:tenantId/templates', summary: 'Templates (POST)' },
    { route: 'DELETE /v1/venues/:tenantId/templates/:templateId', summary: 'Delete one of templates' },
    { route: 'GET /v1/venues/:tenantId/templates/:templateId', summary: 'Read one of the tenant’s templates', response: template },
    { route: 'POST /v1/venues/:tenantId/templates/:templateId', summary: 'Update one of templates' },
    { route: 'POST /v1/venues/:tenantId/templates/:templateId/print', summary: 'Print (POST)' },
  ],
};

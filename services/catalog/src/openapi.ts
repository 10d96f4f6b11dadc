import { z } from 'zod';
import { itemsAnswer, listQuerySchema, messageAnswer, pageSchema as pageOf, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { pageSchema } from './page/blocks';
import { assistBody } from './page/http';

/**
 * The catalog service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
const record = recordAnswer({});
const tenant = recordAnswer({ name: z.string(), handle: z.string() });
const pageDocument = z.object({}).loose();
const builderPage = z.object({ draft: pageDocument.nullable(), published: pageDocument.nullable(), version: z.number().int(), updatedAt: z.string().nullable(), publishedAt: z.string().nullable() });

export const catalogApi: ServiceApiDoc = {
  tag: 'catalog',
  description: 'Merchants, venues, handles, products, menus, modifiers, coupons, customers, services and the storefront document (docs/catalog-api.md, docs/storefront-api.md).',
  errors: ['handle_not_found'],
  operations: [
    { route: 'GET /v1/admin/:collection', summary: 'List merchants or venues with owner, handle and plan (platform admins)' },
    { route: 'POST /v1/admin/:collection/:id/plan', summary: "Set a merchant's or venue's plan, free or pro (platform admins)" },
    { route: 'GET /v1/:collection/:id', summary: 'Read a merchant, venue or app (its settings)', response: tenant },
    { route: 'POST /v1/:collection/:id', summary: 'Update one of resource' },
    { route: 'POST /v1/:collection/:id/delete-test-data', summary: 'Delete test data (POST)' },
    { route: 'POST /v1/:collection/:id/handle', summary: 'Change the handle (the old one redirects for 30 days)' },
    { route: 'POST /v1/:collection/:id/delete', summary: 'Delete the tenant', response: messageAnswer },
    { route: 'GET /v1/:collection/:id/domains', summary: 'The custom domain and its DNS records' },
    { route: 'POST /v1/:collection/:id/domains', summary: 'Set the custom domain' },
    { route: 'POST /v1/:collection/:id/domains/verify', summary: 'Verify the custom domain through DNS' },
    { route: 'DELETE /v1/:collection/:id/domains/delete', summary: 'Remove the custom domain' },
    { route: 'GET /v1/venues/:venueId/merchants', summary: "A venue's linked merchants in its order, and its pending link requests (venue members)" },
    { route: 'GET /v1/venues/:venueId/merchants/search', summary: 'Merchants whose name starts with q (more than 2 characters), to link (venue admins)' },
    { route: 'POST /v1/venues/:venueId/merchants/order', summary: "Save the venue's new order of linked merchants (venue admins)" },
    { route: 'GET /v1/venues/:venueId/link/:merchantId', summary: "Link (at once when the caller also administers the merchant, else a request) or unlink a merchant: ?action=link|unlink (venue admins)" },
    { route: 'GET /v1/merchants/:merchantId/venue-requests', summary: "Venues asking to list this merchant (the merchant's admins)" },
    { route: 'POST /v1/merchants/:merchantId/venue-requests/:venueId', summary: "Accept or decline a venue's link request (the merchant's admins)" },
    { route: 'GET /v1/fonts', summary: 'The font catalogue (free and pro families)', response: itemsAnswer(z.object({ family: z.string(), pro: z.boolean() })), public: true },
    { route: 'GET /v1/public-pages/:handle', summary: 'What the public page of a handle does (teleport, former handle)', public: true },
    { route: 'GET /v1/public-pages', summary: 'The tenant a verified custom domain serves', public: true },
    { route: 'GET /v1/storefront/:handle/manifest.webmanifest', summary: 'The merchant web app manifest', public: true },
    { route: 'POST /v1/:collection/:id/import', summary: 'Import (POST)' },
    { route: 'POST /v1/:collection/create', summary: 'Create a create' },
    { route: 'GET /v1/demo/merchants', summary: 'The demo merchants a visitor can try', response: itemsAnswer(z.object({ name: z.string(), handle: z.string() })) },
    { route: 'GET /v1/handles/:handle', summary: 'Read one of handles', public: true },
    { route: 'GET /v1/merchants/:merchantId/coupons', summary: 'List the merchant’s coupons', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/coupons', summary: 'Coupons (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/coupons/:couponId', summary: 'Delete one of coupons' },
    { route: 'GET /v1/merchants/:merchantId/coupons/:couponId', summary: 'Read one of coupons' },
    { route: 'POST /v1/merchants/:merchantId/coupons/:couponId', summary: 'Update one of coupons' },
    { route: 'GET /v1/merchants/:merchantId/customers', summary: 'List the merchant’s customers', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/customers', summary: 'Customers (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/customers/:customerId', summary: 'Delete one of customers' },
    { route: 'GET /v1/merchants/:merchantId/customers/:customerId', summary: 'Read one of customers' },
    { route: 'POST /v1/merchants/:merchantId/customers/:customerId', summary: 'Update one of customers' },
    { route: 'GET /v1/merchants/:merchantId/menus', summary: 'List the merchant’s menus', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/menus', summary: 'Menus (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/menus/:menuId', summary: 'Delete one of menus' },
    { route: 'GET /v1/merchants/:merchantId/menus/:menuId', summary: 'Read one of menus' },
    { route: 'POST /v1/merchants/:merchantId/menus/:menuId', summary: 'Update one of menus' },
    { route: 'GET /v1/merchants/:merchantId/modifiers', summary: 'List the merchant’s modifiers', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/modifiers', summary: 'Modifiers (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/modifiers/:modifierId', summary: 'Delete one of modifiers' },
    { route: 'GET /v1/merchants/:merchantId/modifiers/:modifierId', summary: 'Read one of modifiers' },
    { route: 'POST /v1/merchants/:merchantId/modifiers/:modifierId', summary: 'Update one of modifiers' },
    { route: 'GET /v1/merchants/:merchantId/products', summary: 'List the merchant’s products', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/products', summary: 'Products (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/products/:productId', summary: 'Delete one of products' },
    { route: 'GET /v1/merchants/:merchantId/products/:productId', summary: 'Read one of products' },
    { route: 'POST /v1/merchants/:merchantId/products/:productId', summary: 'Update one of products' },
    { route: 'GET /v1/merchants/:merchantId/services', summary: 'List the merchant’s services', query: listQuerySchema, response: pageOf(record) },
    { route: 'POST /v1/merchants/:merchantId/services', summary: 'Services (POST)' },
    { route: 'DELETE /v1/merchants/:merchantId/services/:serviceId', summary: 'Delete one of services' },
    { route: 'GET /v1/merchants/:merchantId/services/:serviceId', summary: 'Read one of services' },
    { route: 'POST /v1/merchants/:merchantId/services/:serviceId', summary: 'Update one of services' },
    { route: 'POST /v1/merchants/:merchantId/services/order', summary: 'Order (POST)' },
    { route: 'GET /v1/merchants/:merchantId/page', summary: 'The page builder page: draft, published and version (ETag)', response: builderPage },
    { route: 'POST /v1/merchants/:merchantId/page', summary: 'Save the page draft (blocks, views, drawers; validated against each block and action JSON Schema)', body: pageSchema, response: z.object({ id: z.string(), message: z.string(), version: z.number().int(), draft: pageDocument }) },
    { route: 'POST /v1/merchants/:merchantId/page/publish', summary: 'Publish the draft: the storefront shows it', response: z.object({ id: z.string(), message: z.string(), version: z.number().int() }), errors: ['conflict'] },
    { route: 'POST /v1/merchants/:merchantId/page/ai', summary: "The page builder's AI assistant: a new element for a path (structured output against its schema)", body: assistBody, errors: ['ai_not_configured', 'unavailable'] },
    { route: 'GET /v1/page-builder/schema', summary: 'JSON Schemas of the page, every block type and every action type, with editor defaults', response: z.object({ page: z.object({}).loose() }).loose(), public: true },
    { route: 'GET /v1/places', summary: 'Google places matching q, to fill an address', response: itemsAnswer(z.object({}).loose()), public: true },
    { route: 'GET /v1/storefront/:handle', summary: 'Read one of storefront', public: true },
  ],
};

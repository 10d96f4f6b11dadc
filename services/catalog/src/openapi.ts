import { z } from 'zod';
import { itemsAnswer, listQuerySchema, messageAnswer, pageSchema as pageOf, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { couponChanges, newCoupon } from './coupons/http';
import { customerChanges, newCustomer } from './customers/http';
import { createMenu, updateMenu } from './menus/http';
import { modifierChanges, newModifier } from './modifiers/http';
import { pageSchema } from './page/blocks';
import { assistBody } from './page/http';
import { placesQuery } from './places/http';
import { createProduct, updateProduct } from './products/http';
import { createService, saveOrder, updateService } from './services/http';
import { storefrontQuery } from './storefront/http';
import { planBody } from './tenants/admin';
import { createTenant, merchantChanges } from './tenants/http';
import { domainBody, handleChange, publicPageQuery } from './tenants/manage';
import { deleteConfirmation, importInput } from './testdata/testdata';
import { answerBody, linkQuery, orderBody, searchQuery } from './venues/http';

/**
 * The catalog service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 * Examples are what `gateway/src/openapi.int.spec.ts` sends as a member of a fresh merchant
 * (`m_demo` stands for its id, `open-shop` is its handle).
 */

// Answers: the fields clients rely on (records are `loose`: a read model may carry more).
const collection = z.enum(['merchants', 'venues', 'apps']);
const plan = z.enum(['free', 'pro']);
const image = z.string().nullable().describe('An image URL, or null when none.');
const branding = z.object({ icon: image, logo: image, logoDark: image, banner: image });
const owned = { merchantId: z.string(), testMode: z.boolean(), createdAt: z.string(), updatedAt: z.string(), version: z.number().int().describe('The stream version (ETag, If-Match).') };
/** What a record's create, update and delete answer. */
const written = z.object({ id: z.string(), message: z.string().describe('The spec’s confirmation text.') });

const dayHours = z.object({ day: z.string(), isOpen: z.boolean(), openAllDay: z.boolean(), open: z.object({ time: z.string().nullable() }), close: z.object({ time: z.string().nullable() }) });
const tenant = recordAnswer({
  name: z.string(),
  description: z.string(),
  handle: z.string(),
  timeZone: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  hours: z.array(dayHours),
  colors: z.object({ primary: z.string() }).loose().nullable(),
  fonts: z.object({ headlines: z.string(), base: z.string() }).nullable(),
  branding,
  plan,
  domain: z.string().describe("The custom domain, '' when none."),
  checkoutOptions: z.object({ currency: z.string() }).loose().optional().describe('Merchants only.'),
  merchants: z.array(z.string()).optional().describe('Venues only: the linked merchants in order.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().optional().describe('The stream version (ETag, If-Match on the settings saves).'),
});
const adminRow = recordAnswer({ name: z.string(), handle: z.string(), owner: z.string(), createdAt: z.string(), plan, publicUrl: z.string() });
const verificationRecord = z.object({ type: z.enum(['A', 'CNAME', 'TXT']), domain: z.string(), value: z.string(), reason: z.string() });
const domainState = z.object({ domain: z.string(), verified: z.boolean(), verification: z.array(verificationRecord) });
const domainAnswer = domainState.extend({ message: z.string() });
const merchantCard = z.object({ id: z.string(), name: z.string(), handle: z.string(), description: z.string(), icon: z.string() });
const publicPage = z.object({ type: collection, id: z.string(), handle: z.string(), redirect: z.string().nullable().describe('Where the page sends visitors (teleport, or the new handle of a former one); null shows the tenant.') });

const coupon = recordAnswer({
  ...owned, title: z.string(), description: z.string(), code: z.string(), active: z.boolean(), type: z.enum(['PERCENTAGE', 'FIXED']),
  value: z.number().describe('A percent, or major units by type.'), minimumOrderAmount: z.number(), individualUse: z.boolean(), timesRedeemed: z.number().int(),
  applyToAllProducts: z.boolean(), products: z.array(z.string()),
});
const customer = recordAnswer({ ...owned, firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), metadata: z.array(z.object({ key: z.string(), value: z.string() })) });
const menu = recordAnswer({
  ...owned, title: z.string(), description: z.string(), branding: z.object({ banner: image, icon: image }),
  availability: z.object({ allDayMenu: z.boolean(), begin: z.string().nullable(), end: z.string().nullable() }), products: z.array(z.string()).describe('Product ids in display order.'),
});
const modifierOption = z.object({ id: z.string(), label: z.string(), additionalCost: z.number(), additionalCalories: z.number(), preSelected: z.boolean() });
const modifierRules = z.object({ required: z.boolean(), allowedMultiple: z.boolean(), selectRestriction: z.number().int(), requireSelectRestriction: z.boolean(), enableOptionQuantity: z.boolean() });
const modifier = recordAnswer({
  ...owned, title: z.string(), instructions: z.string(), description: z.string(), options: z.array(modifierOption), rules: modifierRules,
  minSelections: z.number().int(), maxSelections: z.number().int(),
});
const product = recordAnswer({
  ...owned, title: z.string(), description: z.string(), price: z.number().describe('Major units.'), manageStock: z.boolean(), stockQuantity: z.number().int(),
  images: z.array(z.string()), code: z.string(), modifiers: z.array(z.string()).describe('Modifier ids.'),
});
const service = recordAnswer({
  ...owned, title: z.string(), description: z.string(), price: z.number().describe('Major units.'), duration: z.number().describe('Minutes.'), images: z.array(z.string()),
  visible: z.boolean(), taxable: z.boolean(), taxRate: z.number(), useCustomTaxRate: z.boolean(),
});
const listedService = service.extend({ order: z.number().int().nullable().describe("The service's place in the caller's saved order; null when not in it.") });

const pageDocument = z.object({}).loose();
const builderPage = z.object({ draft: pageDocument.nullable(), published: pageDocument.nullable(), version: z.number().int(), updatedAt: z.string().nullable(), publishedAt: z.string().nullable() });
const assistAnswer = z.union([
  z.object({ path: z.string(), applied: z.literal(true), value: z.unknown().describe('The new element for `path`.'), message: z.string() }),
  z.object({ path: z.string(), applied: z.literal(false), note: z.string() }),
]);
const place = z.object({
  placeId: z.string(), name: z.string(), address: z.string(), handle: z.string().describe('The handle registration proposes.'),
  timeZone: z.string().optional(), addressParts: z.object({}).loose().optional().describe('The address in the settings’ shape.'),
}).loose();
const manifest = z.object({
  name: z.string(), short_name: z.string(), start_url: z.string(), scope: z.string(), display: z.string(), background_color: z.string(), theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), purpose: z.string() })),
});
const storefrontMerchant = z.object({
  id: z.string(), name: z.string(), description: z.string(), handle: z.string(), timeZone: z.string(), branding, hours: z.array(dayHours),
  links: z.array(z.object({ title: z.string(), url: z.string() }).loose()), teleport: z.string().nullable(), checkoutOptions: z.object({}).loose(),
}).loose();
const storefront = z.union([
  z.object({
    merchant: storefrontMerchant,
    menus: z.array(z.object({ id: z.string(), title: z.string(), products: z.array(z.string()) }).loose()),
    products: z.record(z.string(), z.object({ id: z.string(), title: z.string(), price: z.number(), soldOut: z.boolean() }).loose()).describe('By id.'),
    modifiers: z.record(z.string(), z.object({ id: z.string(), title: z.string(), options: z.array(modifierOption) }).loose()).describe('By id.'),
    page: pageDocument.nullable().describe("The page builder's published page; null shows the menus alone."),
  }),
  z.object({
    type: z.literal('venue'),
    venue: z.object({ id: z.string(), name: z.string(), handle: z.string(), branding }).loose(),
    merchants: z.array(z.object({ id: z.string(), name: z.string(), handle: z.string(), description: z.string() }).loose()),
  }),
]);

/** The five operations every merchant record has (coupons, customers, menus, modifiers, products). */
function recordOperations(plural: string, singular: string, schemas: { create: z.ZodType; update: z.ZodType; record: z.ZodType; list?: z.ZodType }, example: unknown, errors: ServiceApiDoc['errors'] = []): ServiceApiDoc['operations'] {
  const base = `/v1/merchants/:merchantId/${plural}`;
  const one = `${base}/:${singular}Id`;
  const ifMatch = ['version_conflict', ...errors] as NonNullable<ServiceApiDoc['errors']>;
  // The create first: the walk then lists (and validates) the record it made.
  return [
    { route: `POST ${base}`, summary: `Create a ${singular} (in the caller’s mode, or testMode)`, body: schemas.create, response: written, status: 201, errors, example: { body: example } },
    { route: `GET ${base}`, summary: `List the merchant’s ${plural} (one mode; a page, or a search with q)`, query: listQuerySchema, response: pageOf(schemas.list ?? schemas.record) },
    { route: `GET ${one}`, summary: `Read a ${singular} (its version is the ETag)`, response: schemas.record },
    { route: `POST ${one}`, summary: `Update a ${singular}: only the fields sent change (If-Match honoured)`, body: schemas.update, response: written, status: 200, errors: ifMatch, example: { body: example } },
    { route: `DELETE ${one}`, summary: `Delete a ${singular} (If-Match honoured)`, response: written, errors: ['version_conflict'] },
  ];
}

export const catalogApi: ServiceApiDoc = {
  tag: 'catalog',
  description: 'Merchants, venues, handles, products, menus, modifiers, coupons, customers, services and the storefront document (docs/catalog-api.md, docs/storefront-api.md).',
  errors: ['handle_not_found'],
  operations: [
    { route: 'GET /v1/admin/:collection', summary: 'List merchants or venues with owner, handle and plan (platform admins)', query: listQuerySchema, response: pageOf(adminRow) },
    { route: 'POST /v1/admin/:collection/:id/plan', summary: "Set a merchant's or venue's plan, free or pro (platform admins)", body: planBody, response: recordAnswer({ plan, message: z.string() }), status: 200, example: { body: { plan: 'pro' } } },
    {
      route: 'POST /v1/:collection/:id', summary: "Save settings sections (hours, colors, fonts, details, address, goals, links, teleport, text translations; a merchant's checkout options), admins (If-Match honoured)",
      body: merchantChanges, response: messageAnswer, status: 200, errors: ['version_conflict'], example: {
        body: {
          details: { description: 'Tacos and cold drinks by the water' },
          colors: { primary: '#1f5eff' },
          fonts: { headlines: 'Poppins', base: 'Roboto' },
          hours: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({ day, isOpen: day !== 'Monday', open: { time: '1100' }, close: { time: '2200' } })),
        },
      },
    },
    { route: 'GET /v1/:collection/:id', summary: 'Read a merchant, venue or app (its settings)', response: tenant },
    { route: 'POST /v1/:collection/:id/delete-test-data', summary: "Delete the merchant's sandbox records (confirm with the word DELETE)", body: deleteConfirmation, response: messageAnswer, status: 200, example: { body: { teleport: { delete: 'DELETE' } } } },
    { route: 'POST /v1/:collection/:id/handle', summary: 'Change the handle (the old one redirects for 30 days; If-Match honoured)', body: handleChange, response: z.object({ message: z.string(), handle: z.string() }), status: 200, errors: ['conflict', 'version_conflict'], example: { body: { handle: 'open-shop' } } },
    { route: 'POST /v1/:collection/:id/delete', summary: 'Delete a merchant, venue or app (its admins; its custom domain is released)', response: messageAnswer, status: 200, example: { params: { collection: 'merchants', id: 'gone-merchant' } } },
    { route: 'GET /v1/:collection/:id/domains', summary: 'The custom domain and its DNS records', response: domainState },
    { route: 'POST /v1/:collection/:id/domains', summary: 'Set the custom domain (answers the DNS records to create; If-Match honoured)', body: domainBody, response: domainAnswer, status: 200, errors: ['conflict', 'version_conflict'], example: { body: { domain: 'order.open-shop.example' } } },
    { route: 'POST /v1/:collection/:id/domains/verify', summary: 'Verify the custom domain through DNS', response: domainAnswer, status: 200 },
    { route: 'DELETE /v1/:collection/:id/domains/delete', summary: 'Remove the custom domain', response: domainAnswer },
    { route: 'GET /v1/venues/:venueId/merchants', summary: "A venue's linked merchants in its order, and its pending link requests (venue members)", response: z.object({ data: z.array(merchantCard), pending: z.array(merchantCard) }) },
    { route: 'GET /v1/venues/:venueId/merchants/search', summary: 'Merchants whose name starts with q (more than 2 characters), to link (venue admins)', query: searchQuery, response: itemsAnswer(merchantCard.extend({ linked: z.boolean(), pending: z.boolean() })), example: { query: { q: 'Open' } } },
    { route: 'POST /v1/venues/:venueId/merchants/order', summary: "Save the venue's new order of linked merchants (venue admins)", body: orderBody, response: messageAnswer, status: 200, example: { body: [] } },
    { route: 'GET /v1/venues/:venueId/link/:merchantId', summary: 'Link (at once when the caller also administers the merchant, else a request) or unlink a merchant: ?action=link|unlink (venue admins)', query: linkQuery, response: messageAnswer, example: { query: { action: 'link' } } },
    { route: 'GET /v1/merchants/:merchantId/venue-requests', summary: "Venues asking to list this merchant (the merchant's admins)", response: itemsAnswer(z.object({ venueId: z.string(), name: z.string(), handle: z.string(), requestedAt: z.string() })) },
    { route: 'POST /v1/merchants/:merchantId/venue-requests/:venueId', summary: "Accept or decline a venue's link request (the merchant's admins)", body: answerBody, response: messageAnswer, status: 200, example: { body: { action: 'accept' } } },
    { route: 'GET /v1/fonts', summary: 'The font catalogue (free and pro families)', response: itemsAnswer(z.object({ family: z.string(), pro: z.boolean() })), public: true },
    { route: 'GET /v1/public-pages/:handle', summary: 'What the public page of a handle does (teleport, former handle)', response: publicPage, public: true, example: { params: { handle: 'open-shop' } } },
    { route: 'GET /v1/public-pages', summary: 'The tenant a verified custom domain serves (?host=)', query: publicPageQuery, response: publicPage, public: true, example: { query: { host: 'order.open-shop.example' } } },
    {
      route: 'GET /v1/storefront/:handle/manifest.webmanifest', summary: "The merchant's web app manifest (served as application/manifest+json)",
      response: manifest, public: true, example: { params: { handle: 'open-shop' } },
    },
    { route: 'POST /v1/:collection/:id/import', summary: "Import a sample merchant's products and menus into the sandbox", body: importInput, response: messageAnswer, status: 200, example: { body: { merchant: 'Stadium Grill' } } },
    {
      route: 'POST /v1/:collection/create', summary: 'Register a merchant, venue or app (the caller becomes its admin)', body: createTenant, response: written, status: 201, errors: ['conflict'],
      example: { params: { collection: 'venues' }, body: { name: 'Open Venue', handle: 'open-venue' } },
    },
    { route: 'GET /v1/demo/merchants', summary: 'The demo merchants a visitor can try', response: itemsAnswer(z.object({ name: z.string(), handle: z.string() })) },
    { route: 'GET /v1/handles/:handle', summary: 'Who holds a handle (merchant, venue or app, and its id)', response: z.object({ type: collection, id: z.string() }), public: true, example: { params: { handle: 'open-shop' } } },
    ...recordOperations('coupons', 'coupon', { create: newCoupon, update: couponChanges, record: coupon }, { title: 'Summer', code: 'SUMMER10', type: 'PERCENTAGE', value: 10 }, ['conflict']),
    ...recordOperations('customers', 'customer', { create: newCustomer, update: customerChanges, record: customer }, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }),
    ...recordOperations('menus', 'menu', { create: createMenu, update: updateMenu, record: menu }, { title: 'Lunch' }),
    ...recordOperations('modifiers', 'modifier', { create: newModifier, update: modifierChanges, record: modifier }, { title: 'Size', instructions: 'Choose a size', options: [{ label: 'Large', additionalCost: 1.5 }] }),
    ...recordOperations('products', 'product', { create: createProduct, update: updateProduct, record: product }, { title: 'Fish tacos', price: 12.5 }),
    ...recordOperations('services', 'service', { create: createService, update: updateService, record: service, list: listedService }, { title: 'Table booking', price: 5, duration: 30 }),
    { route: 'POST /v1/merchants/:merchantId/services/order', summary: "Save the caller's own order of the services", body: saveOrder, response: messageAnswer, status: 200, example: { body: { ids: [] } } },
    { route: 'POST /v1/merchants/:merchantId/page', summary: 'Save the page draft (blocks, views, drawers; validated against each block and action JSON Schema)', body: pageSchema, status: 200, errors: ['version_conflict'],
      example: { body: { blocks: [{ id: 'welcome', type: 'richText', props: { html: '<p>Tacos and cold drinks by the water</p>' } }] } }, response: z.object({ id: z.string(), message: z.string(), version: z.number().int(), draft: pageDocument }) },
    { route: 'POST /v1/merchants/:merchantId/page/publish', summary: 'Publish the draft: the storefront shows it', status: 200, response: z.object({ id: z.string(), message: z.string(), version: z.number().int() }), errors: ['conflict', 'version_conflict'] },
    { route: 'GET /v1/merchants/:merchantId/page', summary: 'The page builder page: draft, published and version (ETag)', response: builderPage },
    {
      route: 'POST /v1/merchants/:merchantId/page/ai', summary: "The page builder's AI assistant: a new element for a path (structured output against its schema)", body: assistBody, response: assistAnswer, status: 200,
      errors: ['ai_not_configured', 'unavailable'], example: { body: { prompt: 'Add a banner with our opening hours' } },
    },
    { route: 'GET /v1/page-builder/schema', summary: 'JSON Schemas of the page, every block type and every action type, with editor defaults', response: z.object({ page: z.object({}).loose(), blocks: z.record(z.string(), z.unknown()), actions: z.record(z.string(), z.unknown()) }).loose(), public: true },
    { route: 'GET /v1/places', summary: 'Places matching q (2 characters or more), to fill a registration (signed-in callers)', query: placesQuery, response: itemsAnswer(place), example: { query: { q: 'Pizza' } } },
    { route: 'GET /v1/storefront/:handle', summary: "A merchant's storefront (menus, products, modifiers, published page) or a venue's page, by handle or id", query: storefrontQuery, response: storefront, public: true, example: { params: { handle: 'open-shop' } } },
  ],
};

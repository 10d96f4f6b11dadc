import { z } from 'zod';
import { listQuerySchema, pageSchema, recordAnswer, tenantCollections, type OperationDoc, type ServiceApiDoc, type TenantCollection } from '@seatside/chassis';
import { tagSchemas } from './tags/http';
import { qrSettingsQuery } from './qr/params';
import { printBody } from './templates/http';
import { newTemplate, templateChanges } from './templates/schema';

const collectionName = z.enum(tenantCollections as readonly TenantCollection[] as [TenantCollection, ...TenantCollection[]]);

/** A tag as the API answers it (tags/projections.ts `TagView`): the fields clients rely on; `version` is its ETag. */
const tagFields = {
  code: z.string(),
  name: z.string(),
  collection: collectionName,
  tenantId: z.string(),
  metadata: z.array(z.object({ key: z.string(), value: z.string(), visible: z.boolean() })),
  testMode: z.boolean(),
  version: z.number(),
};
const tag = recordAnswer(tagFields);
/** The list adds each tag's scans and orders of the last 7 days. */
const listedTag = recordAnswer({ ...tagFields, stats: z.object({ scans: z.number(), orders: z.number() }) });
const tagDays = z.object({ days: z.array(z.object({ date: z.string(), scans: z.number(), orders: z.number() })) });
/** What the storefront's `/tag/{code}` reads: only the visible pairs; `id` is the tag's id. */
const publicTag = recordAnswer({ code: z.string(), name: z.string(), tenantId: z.string(), metadata: z.array(z.object({ key: z.string(), value: z.string() })) });

/** A template as the API answers it (templates/projections.ts `TemplateView`): the fields clients rely on. */
const template = recordAnswer({
  documentId: z.string(),
  title: z.string(),
  width: z.number(),
  height: z.number(),
  layers: z.array(z.object({ type: z.string() }).loose()),
  testMode: z.boolean(),
  version: z.number(),
});
/** A write's answer: the record's id and the spec's confirmation ('Tag Created', 'Template Deleted', …). */
const written = recordAnswer({ message: z.string() });

const tagExample = { name: 'Table 12', metadata: [{ key: 'Table', value: '12', visible: true }] };

/** One tenant collection's tag and template routes (the apps, merchants and venues variants are one route each). */
const tenantOperations = (collection: TenantCollection): OperationDoc[] => {
  const base = `/v1/${collection}/:tenantId`;
  const who = { apps: 'app', merchants: 'merchant', venues: 'venue' }[collection];
  return [
    { route: `GET ${base}/tags`, summary: `List the ${who}’s tags (one mode), with each tag’s scans and orders of the last 7 days`, query: listQuerySchema, response: pageSchema(listedTag) },
    { route: `POST ${base}/tags`, summary: `Create a ${who}’s tag with a generated code`, body: tagSchemas.newTag, status: 201, response: written, example: { body: tagExample } },
    {
      route: `POST ${base}/tags/activate/:serial`,
      summary: `Activate an NFC tag or printed QR code for the ${who}: its serial becomes the tag’s code`,
      body: tagSchemas.activation,
      status: 201,
      response: written,
      errors: ['conflict'],
      example: { params: { serial: `OPENAPI-${collection}` }, body: { name: 'Seat 2C', nfc: true } },
    },
    { route: `GET ${base}/tags/:tagId`, summary: `Read one of the ${who}’s tags (ETag: its version)`, response: tag },
    { route: `POST ${base}/tags/:tagId`, summary: `Change a tag’s name or metadata (only what is sent; If-Match: a version)`, body: tagSchemas.tagChanges, status: 200, response: written, errors: ['version_conflict'], example: { body: tagExample } },
    { route: `GET ${base}/tags/:tagId/stats`, summary: `A tag’s scans and orders per day, the last 30 days`, response: tagDays },
    { route: `DELETE ${base}/tags/:tagId`, summary: `Delete a tag (its code stops resolving)`, response: written },
    {
      route: `GET ${base}/qr-download`,
      summary: `Download a PNG QR code of every tag of the ${who} (one mode) as tags.zip, drawn with the QR settings of the query`,
      query: qrSettingsQuery,
      produces: ['application/zip'],
    },
    { route: `GET ${base}/templates`, summary: `List the ${who}’s print templates (one mode), latest change first`, query: listQuerySchema, response: pageSchema(template) },
    { route: `POST ${base}/templates`, summary: `Create a print template (a 4 × 6 inch card unless sized)`, body: newTemplate, status: 201, response: written, example: { body: { title: 'Table card' } } },
    { route: `GET ${base}/templates/:templateId`, summary: `Read one of the ${who}’s print templates (ETag: its version)`, response: template },
    { route: `POST ${base}/templates/:templateId`, summary: `Change a template (only what is sent; layers replace the list; If-Match: a version)`, body: templateChanges, status: 200, response: written, errors: ['version_conflict'], example: { body: { title: 'Table card' } } },
    {
      route: `POST ${base}/templates/:templateId/print`,
      summary: `Print a template for chosen tags (or all of its mode) as a PDF`,
      body: printBody,
      produces: ['application/pdf'],
      status: 200,
      example: { body: { all: true, paper: 'A4', perPage: 1, bleed: 0 } },
    },
    { route: `DELETE ${base}/templates/:templateId`, summary: `Delete a print template`, response: written },
  ];
};

/**
 * The tags service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const tagsApi: ServiceApiDoc = {
  tag: 'tags',
  description: 'Tags, public tag resolution, QR images, tags.zip, print templates and per-tag stats (docs/tags-api.md).',
  errors: ['tag_not_found'],
  operations: [
    ...tenantCollections.flatMap(tenantOperations),
    // After the activations above: the merchant's activated serial resolves here.
    {
      route: 'GET /v1/tags/:code',
      summary: 'Resolve a tag’s code (the storefront’s /tag/{code}): its name and visible metadata; counts a scan',
      public: true,
      response: publicTag,
      example: { params: { code: 'OPENAPI-merchants' } },
    },
  ],
};

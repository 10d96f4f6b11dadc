import { z } from 'zod';
import { listQuerySchema, pageSchema, tenantCollections, type OperationDoc, type ServiceApiDoc } from '@seatside/chassis';
import { fileForm } from './multipart';
import { brandForm } from './objects/http';
import { policyFields } from './uploads/policy';
import { uploadForm, uploadRequest } from './uploads/http';

/**
 * The media service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 * Uploads are multipart forms (`consumes`); an upload answers the stored image's URL as text.
 */
const form = ['multipart/form-data'];
const urlAsText = ['text/plain'];
const object = z.object({ key: z.string(), url: z.string(), size: z.number().int().describe('Bytes.'), lastModified: z.string() });
const uploadPolicy = z.object({ url: z.string().describe('Where to post the form (this service’s form-upload).'), fields: policyFields, key: z.string() });

const tenantOperations = (collection: (typeof tenantCollections)[number]): OperationDoc[] => [
  {
    route: `POST /v1/${collection}/:tenantId/brand`, summary: 'Upload a brand image (icon, logo, logoDark or banner): it becomes the tenant’s branding; answers its URL',
    body: brandForm, consumes: form, produces: urlAsText, status: 200,
  },
  {
    route: `POST /v1/${collection}/:tenantId/upload`, summary: 'Step one of a two-step upload: a signed form (10 minutes) for one image of this type',
    body: uploadRequest, response: uploadPolicy, status: 200, example: { body: { filename: 'banner.png', contentType: 'image/png' } },
  },
  {
    route: `POST /v1/${collection}/:tenantId/uploads`, summary: 'Upload an image to the gallery; answers its URL',
    body: fileForm, consumes: form, produces: urlAsText, status: 200,
  },
];

export const mediaApi: ServiceApiDoc = {
  tag: 'media',
  description: 'Brand images, uploads and the gallery (docs/media-api.md).',
  operations: [
    {
      route: 'POST /v1/admin/media/uploads', summary: "Upload an image of the platform's own (an article's), platform admins only; answers its URL",
      body: fileForm, consumes: form, produces: urlAsText, status: 200,
    },
    ...tenantCollections.flatMap(tenantOperations),
    {
      route: 'GET /v1/media/*key', summary: 'The bytes of a stored image (immutable: a new upload gets a new key)',
      produces: ['image/png', 'image/jpeg'], public: true, example: { params: { key: 'merchants/none/uploads/none.png' } },
    },
    {
      route: 'POST /v1/media/form-upload', summary: 'Step two of a two-step upload: the signed fields, then the file (no sign-in: the signature is the authority)',
      body: uploadForm, consumes: form, status: 204, public: true,
    },
    { route: 'GET /v1/merchants/:tenantId/objects', summary: 'The merchant’s gallery: uploaded objects, newest first', query: listQuerySchema, response: pageSchema(object) },
  ],
};

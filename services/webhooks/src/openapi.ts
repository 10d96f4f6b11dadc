import { z } from 'zod';
import { jwksAnswer, listQuerySchema, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { webhookSchemas as hooks } from './webhooks/http';

const webhook = recordAnswer({ title: z.string(), url: z.string(), active: z.boolean(), events: z.array(z.string()), testMode: z.boolean() });
const done = z.object({ id: z.string(), message: z.string() });
const withSecret = done.extend({ secret: z.string().describe('The `whsec_` signing secret, shown this once') });
const log = recordAnswer({ webhookId: z.string(), event: z.string(), createdAt: z.number().int(), attempts: z.number().int(), status: z.string() });

/** The webhooks service's /v1 operations in the OpenAPI document (docs/webhooks-api.md). */
export const webhooksApi: ServiceApiDoc = {
  tag: 'webhooks',
  description: 'Outgoing webhooks: the event catalogue, a merchant\'s webhooks, their delivery logs and the platform\'s signing key (docs/webhooks-api.md).',
  errors: ['webhook_not_found'],
  operations: [
    { route: 'GET /v1/merchants/webhook-events', summary: 'The webhook event catalogue: [{name, value, typeName, payload}]', response: z.array(z.object({ name: z.string(), value: z.string(), typeName: z.string(), payload: z.record(z.string(), z.unknown()) })), public: true },
    { route: 'GET /v1/webhooks/public-key', summary: 'The platform public key (PEM) that verifies x-seatside-signature', produces: ['application/x-pem-file'], public: true },
    { route: 'GET /v1/webhooks/jwks.json', summary: 'The same key as a JWKS', response: jwksAnswer, public: true },
    { route: 'GET /v1/merchants/:merchantId/webhooks', summary: 'List webhooks of one mode, newest first', query: listQuerySchema.pick({ limit: true, cursor: true, q: true, testMode: true }), response: pageSchema(webhook) },
    { route: 'POST /v1/merchants/:merchantId/webhooks', summary: 'Create a webhook (answers its whsec_ secret once)', body: hooks.newWebhook, response: withSecret, status: 201, example: { body: { title: 'Kitchen display', url: 'https://example.com/hooks/seatside', events: ['order.paid'], active: false } } },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Read a webhook with its bearerToken', response: webhook },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Update a webhook', body: hooks.webhookChanges, response: done },
    { route: 'DELETE /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Delete a webhook', response: done },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId/secret', summary: 'Rotate the signing secret (the previous one signs 24 h more)', response: withSecret },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId/logs', summary: 'Delivery logs, newest first, paged', query: hooks.logsQuery, response: pageSchema(log) },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId/logs/:logId', summary: 'One delivery log entry', response: log },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId/logs/:logId/resend', summary: 'Send a logged message again', response: done },
  ],
};

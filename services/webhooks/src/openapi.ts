import type { ServiceApiDoc } from '@seatside/chassis';

/** The webhooks service's /v1 operations in the OpenAPI document (docs/webhooks-api.md). */
export const webhooksApi: ServiceApiDoc = {
  tag: 'webhooks',
  description: 'Outgoing webhooks: the event catalogue, a merchant\'s webhooks, their delivery logs and the platform\'s signing key (docs/webhooks-api.md).',
  errors: ['webhook_not_found'],
  operations: [
    { route: 'GET /v1/merchants/webhook-events', summary: 'The webhook event catalogue: [{name, value, typeName, payload}]', public: true },
    { route: 'GET /v1/webhooks/public-key', summary: 'The platform public key (PEM) that verifies x-seatside-signature', public: true },
    { route: 'GET /v1/webhooks/jwks.json', summary: 'The same key as a JWKS', public: true },
    { route: 'GET /v1/merchants/:merchantId/webhooks', summary: 'List webhooks of one mode' },
    { route: 'POST /v1/merchants/:merchantId/webhooks', summary: 'Create a webhook (answers its whsec_ secret once)' },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Read a webhook with its bearerToken' },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Update a webhook' },
    { route: 'DELETE /v1/merchants/:merchantId/webhooks/:webhookId', summary: 'Delete a webhook' },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId/secret', summary: 'Rotate the signing secret (the previous one signs 24 h more)' },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId/logs', summary: 'Delivery logs, newest first, paged' },
    { route: 'GET /v1/merchants/:merchantId/webhooks/:webhookId/logs/:logId', summary: 'One delivery log entry' },
    { route: 'POST /v1/merchants/:merchantId/webhooks/:webhookId/logs/:logId/resend', summary: 'Send a logged message again' },
  ],
};

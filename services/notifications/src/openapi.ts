import type { ServiceApiDoc } from '@seatside/chassis';

/**
 * The notifications service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const notificationsApi: ServiceApiDoc = {
  tag: 'notifications',
  description: 'Admin and merchant notifications, web push subscriptions.',
  operations: [
    { route: 'GET /v1/notifications', summary: 'List or read notifications' },
    { route: 'GET /v1/notifications/delete/:token', summary: 'Read one of delete' },
    { route: 'GET /v1/notifications/read-all/:token', summary: 'Read one of read all' },
    { route: 'GET /v1/notifications/read/:id', summary: 'Read one of read' },
    { route: 'POST /v1/webpush/admin/subscribe', summary: 'Subscribe (POST)' },
    { route: 'GET /v1/merchants/:id/notification-preferences', summary: "The caller's notification preferences for this merchant" },
    { route: 'POST /v1/merchants/:id/notification-preferences', summary: "Save the caller's notification preferences ('Preferences saved'; SMS needs consent)" },
    { route: 'GET /v1/merchants/:id/webpush/vapid-public-key', summary: 'The VAPID public key a browser subscribes with' },
    { route: 'POST /v1/merchants/:id/webpush/subscribe', summary: "Subscribe this browser to the merchant's notifications" },
    { route: 'POST /v1/merchants/:id/webpush/test', summary: "Send a test push to the caller's browsers ('Web Push notification sent')" },
    { route: 'GET /v1/webpush/admin/vapid-public-key', summary: 'List or read vapid public key' },
  ],
};

import { z } from 'zod';
import { messageAnswer, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { subscription } from './http';
import { preferencesBody, subscriptionBody } from './preferences';

const preferences = z.object({ appPushNotification: z.boolean(), webPush: z.boolean(), email: z.boolean(), sms: z.boolean(), smsConsent: z.boolean() });
const publicKey = z.object({ publicKey: z.string().describe('The VAPID public key (base64url)') });
const done = z.object({ id: z.string(), message: z.string() });

/**
 * The notifications service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const notificationsApi: ServiceApiDoc = {
  tag: 'notifications',
  description: 'Admin and merchant notifications, web push subscriptions.',
  operations: [
    { route: 'GET /v1/notifications', summary: 'The platform admin’s notifications, newest first, and how many are unread', response: z.object({ data: z.array(recordAnswer({ read: z.boolean(), createdAt: z.number().describe('Seconds since the epoch, milliseconds as the fraction') })), unread: z.number().int() }) },
    { route: 'GET /v1/notifications/delete/:token', summary: 'Delete one notification', response: done },
    { route: 'GET /v1/notifications/read-all/:token', summary: 'Mark every notification read', response: messageAnswer },
    { route: 'GET /v1/notifications/read/:id', summary: 'Mark one notification read', response: done },
    { route: 'POST /v1/webpush/admin/subscribe', summary: 'Subscribe this browser to the platform admin’s notifications', body: subscription, response: done, status: 201 },
    { route: 'GET /v1/merchants/:id/notification-preferences', summary: "The caller's notification preferences for this merchant", response: preferences },
    { route: 'POST /v1/merchants/:id/notification-preferences', summary: "Save the caller's notification preferences ('Preferences saved'; SMS needs consent)", body: preferencesBody, response: preferences.extend({ message: z.string() }) },
    { route: 'GET /v1/merchants/:id/webpush/vapid-public-key', summary: 'The VAPID public key a browser subscribes with', response: publicKey },
    { route: 'POST /v1/merchants/:id/webpush/subscribe', summary: "Subscribe this browser to the merchant's notifications", body: subscriptionBody, response: done, status: 201 },
    { route: 'POST /v1/merchants/:id/webpush/test', summary: "Send a test push to the caller's browsers ('Web Push notification sent')", response: messageAnswer },
    { route: 'GET /v1/webpush/admin/vapid-public-key', summary: 'The VAPID public key the platform admin’s browser subscribes with', response: publicKey },
  ],
};

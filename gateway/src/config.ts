import { z } from 'zod';
import { baseConfigSchema } from '@seatside/chassis/src/config';
import { DEFAULT_ACCEPT_SOCKETS } from '@seatside/chassis/src/http/listen';
import { catalogConfigFields } from '@seatside/catalog/src/options';
import { identityConfigFields } from '@seatside/identity/src/options';
import { mediaConfigFields } from '@seatside/media/src/options';
import { ordersConfigFields } from '@seatside/orders/src/payments/options';
import { chatConfigFields } from '@seatside/chat/src/chats/options';
import { webhooksConfigFields } from '@seatside/webhooks/src/options';
import { voiceConfigFields } from '@seatside/ai-voice/src/options';

const serviceUrls = z
  .string()
  .default('{}')
  .transform((raw, ctx) => {
    try {
      return z.record(z.string(), z.string().url()).parse(JSON.parse(raw));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'SERVICE_URLS must be a JSON object of service name to URL' });
      return z.NEVER;
    }
  });

export const gatewayConfigSchema = baseConfigSchema.extend({
  // The embedded topology runs the identity service in this process, so its settings are ours too.
  ...identityConfigFields,
  ...catalogConfigFields,
  ...mediaConfigFields,
  ...ordersConfigFields,
  ...chatConfigFields,
  ...webhooksConfigFields,
  ...voiceConfigFields,
  /** embedded: every service in this process; distributed: proxy to SERVICE_URLS. */
  TOPOLOGY: z.enum(['embedded', 'distributed']).default('embedded'),
  SERVICE_URLS: serviceUrls,
  /** Requests per client per minute on /v1 and /graphql. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** The folder holding each frontend's `dist` (`shell/dist` at /, `<remote>/dist` at /remotes/<remote>/). */
  FRONTENDS_DIR: z.string().default('frontends'),
  /** Seeds the two sample merchants (with products and menus) owned by a demo account on start. */
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /**
   * Admission control of order placement: at most ORDER_CONCURRENCY placed at once (fewer while their
   * 95th percentile time is over ORDER_LATENCY_TARGET_MS), ORDER_QUEUE more waiting, each at most
   * ORDER_QUEUE_WAIT_MS; the rest answer 503 with Retry-After.
   */
  ORDER_CONCURRENCY: z.coerce.number().int().positive().default(32),
  ORDER_LATENCY_TARGET_MS: z.coerce.number().int().positive().default(120),
  ORDER_QUEUE: z.coerce.number().int().min(0).default(64),
  ORDER_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(50),
  /** Listening sockets sharing PORT, each accepting one new connection per event-loop turn (chassis `listen`). */
  ACCEPT_SOCKETS: z.coerce.number().int().min(1).max(256).default(DEFAULT_ACCEPT_SOCKETS),
  /** GraphQL introspection at /graphql: unset, off in production (NODE_ENV=production) and on elsewhere. */
  GRAPHQL_INTROSPECTION: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1')),
  /** The platform's own host names, comma-separated: never looked up as a tenant's custom domain. */
  APP_HOSTS: z
    .string()
    .default('')
    .transform((raw) => raw.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Request logs of API-key calls (docs/identity-api.md "Request logs"): on unless 'false' (the bench compares both). */
  REQUEST_LOGS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  /** Port of the embedded PostgreSQL; 0 picks a free one at each start. */
  PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

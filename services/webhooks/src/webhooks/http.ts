import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, modeNeed, notFound, parseInput, parseListQuery, setVersionTag, TEXT_MAX, validationFailed,
  type DataKeyRing, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { catalogueItems, eventValues } from '../catalogue';
import type { Dispatcher } from '../deliveries/dispatcher';
import { newBearerToken, newSecret, type PlatformKey } from '../deliveries/signing';
import { logViewOf, type DeliveryStore } from '../deliveries/store';
import { projectWebhooks, webhooks, webhookViewOf, type WebhookDoc } from './projections';
import { webhookDecider, webhookMessages as m, webhookStream, type WebhookCommand, type WebhookFields } from './webhook';

/** Whether a receiver's address can be requested at all: a URL that parses, with a host (the scheme is checked first). */
const isRequestable = (url: string) => {
  try {
    return new URL(url).hostname !== '' && !/\s/.test(url);
  } catch {
    return false;
  }
};

const urlField = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(TEXT_MAX.url)
  .refine((u) => /^https?:\/\/[^\s/]+/i.test(u), { message: m.urlScheme, abort: true })
  // Otherwise every delivery would fail ('Invalid URL') for three days while the webhook looks fine.
  .refine(isRequestable, m.urlInvalid);

// A webhook with no event would receive nothing, ever, while it looks fine (seed 002 names no 'all events' meaning for an empty list).
const eventsField = z
  .array(z.string({ error: m.eventsList }), { error: m.eventsRequired })
  .min(1, m.eventsRequired)
  .refine((list) => list.every((e) => eventValues.has(e)), m.eventsInvalid)
  // An event ticked twice is one subscription.
  .transform((list) => [...new Set(list)]);
const activeField = z.boolean({ error: m.activeBoolean });
const testModeField = z.boolean({ error: m.testModeBoolean });

/** Seed 002 §7's body; the url is http(s) and an address a request can be sent to (no other format rule). */
const newWebhook = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200),
  url: urlField,
  active: activeField.default(true),
  events: eventsField,
  testMode: testModeField.optional(),
});

const webhookChanges = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200).optional(),
  url: urlField.optional(),
  active: activeField.optional(),
  events: eventsField.optional(),
  testMode: testModeField.optional(),
});

const logsQuery = z.object({
  limit: z.coerce.number({ error: m.limitNumber }).int(m.limitRange).min(1, m.limitRange).max(100, m.limitRange).default(20),
  page: z.coerce.number({ error: m.pageNumber }).int(m.pageNumber).min(1, m.pageFromOne).optional(),
  cursor: z.string().regex(/^\d+$/, m.badCursor).optional(),
});

/** The schemas the webhook routes validate with, for the OpenAPI document (src/openapi.ts). */
export const webhookSchemas = { newWebhook, webhookChanges, logsQuery };

export interface WebhookRoutesOptions {
  access: TenantAccess;
  store: DeliveryStore;
  dispatcher: Dispatcher;
  keys: () => DataKeyRing;
  platformKey: () => Promise<PlatformKey>;
}

/**
 * The webhooks API (docs/webhooks-api.md): the public event catalogue and platform key, and a
 * merchant's webhooks with their logs, for the merchant's admins or its API key of the same mode.
 * Another merchant's webhook, or one of the other mode for an API key, is not found / forbidden.
 */
export function webhooksRouter(deps: ServiceDeps, options: WebhookRoutesOptions): Router {
  const router = Router();
  const { access, store, dispatcher } = options;
  const project = projectWebhooks(deps.readModels);
  const docs = () => deps.readModels.collection<WebhookDoc>(webhooks);
  const at = () => deps.now().toISOString();
  const seal = (plain: string, webhookId: string) => options.keys().seal(plain, webhookId);
  const open = (sealed: string, webhookId: string) => options.keys().open(sealed, webhookId);
  const run = (req: Request, merchantId: string, webhookId: string, testMode: boolean, command: WebhookCommand, extra: { newStream?: boolean } = {}) =>
    handleCommand(deps.eventStore, webhookStream(webhookId), webhookDecider, command, {
      metadata: metadataFrom(req, { tenantId: merchantId, tenantCollection: 'merchants', testMode }),
      inline: [project],
      ...(extra.newStream ? { newStream: true } : { expectedVersion: ifMatchVersion(req) }),
    });

  const authorize = (req: Request, merchantId: string, testMode?: boolean) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'admin', mode: modeNeed(testMode) });

  /** This merchant's webhook, once the caller may see its mode; another merchant's is not found. */
  const existing = async (req: Request, merchantId: string, webhookId: string): Promise<WebhookDoc> => {
    await authorize(req, merchantId);
    const doc = await docs().get(webhookId);
    if (!doc || doc.merchantId !== merchantId) throw notFound(m.notFound, 'webhook_not_found');
    await authorize(req, merchantId, doc.testMode);
    return doc;
  };

  router.get('/v1/merchants/webhook-events', (_req, res) => {
    res.json(catalogueItems);
  });

  router.get('/v1/webhooks/public-key', async (_req, res) => {
    res.type('application/x-pem-file').send((await options.platformKey()).publicKeyPem);
  });

  router.get('/v1/webhooks/jwks.json', async (_req, res) => {
    res.json((await options.platformKey()).jwks);
  });

  const base = '/v1/merchants/:merchantId/webhooks';

  router.get(base, async (req, res) => {
    const { merchantId } = req.params;
    await authorize(req, merchantId);
    const { testMode: parsedMode, limit, cursor, q } = parseListQuery(req.query, {});
    const testMode = await access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'admin' }, req.query.testMode === undefined ? undefined : parsedMode);
    const page = await docs().find({ filter: { merchantId, testMode }, sort: 'createdAt', order: 'desc', limit, cursor, q });
    res.json({ ...page, data: page.data.map(webhookViewOf) });
  });

  router.post(base, async (req, res) => {
    const { merchantId } = req.params;
    await authorize(req, merchantId);
    const { testMode: explicit, ...fields } = parseInput(newWebhook, req.body ?? {});
    const testMode = await access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'admin' }, explicit);
    const webhookId = deps.newId();
    const secret = newSecret();
    const data = { merchantId, webhookId, testMode, ...fields, bearerToken: seal(newBearerToken(), webhookId), secret: seal(secret, webhookId), at: at() };
    const { nextExpectedVersion } = await run(req, merchantId, webhookId, testMode, { type: 'CreateWebhook', data }, { newStream: true });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: webhookId, message: m.created, secret });
  });

  router.get(`${base}/:webhookId`, async (req, res) => {
    const doc = await existing(req, req.params.merchantId, req.params.webhookId);
    setVersionTag(res, doc.version);
    res.json({ ...webhookViewOf(doc), bearerToken: open(doc.bearerToken, doc.id) });
  });

  router.post(`${base}/:webhookId`, async (req, res) => {
    const { merchantId, webhookId } = req.params;
    const doc = await existing(req, merchantId, webhookId);
    const { testMode, ...changes } = parseInput(webhookChanges, req.body ?? {});
    // A webhook keeps the mode it was created in.
    if (testMode !== undefined && testMode !== doc.testMode) throw validationFailed('A webhook keeps the mode it was created in', { testMode: 'A webhook keeps the mode it was created in' });
    const { nextExpectedVersion } = await run(req, merchantId, webhookId, doc.testMode, { type: 'UpdateWebhook', data: { merchantId, webhookId, changes: changes as Partial<WebhookFields>, at: at() } });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: webhookId, message: m.updated });
  });

  router.delete(`${base}/:webhookId`, async (req, res) => {
    const { merchantId, webhookId } = req.params;
    const doc = await existing(req, merchantId, webhookId);
    await run(req, merchantId, webhookId, doc.testMode, { type: 'DeleteWebhook', data: { merchantId, webhookId, at: at() } });
    await store.dropPending(deps.pool, webhookId);
    res.json({ id: webhookId, message: m.deleted });
  });

  /** A new signing secret, shown this once; the previous one keeps signing for 24 h. */
  router.post(`${base}/:webhookId/secret`, async (req, res) => {
    const { merchantId, webhookId } = req.params;
    const doc = await existing(req, merchantId, webhookId);
    const secret = newSecret();
    await run(req, merchantId, webhookId, doc.testMode, { type: 'RotateSecret', data: { merchantId, webhookId, secret: seal(secret, webhookId), at: at() } });
    res.json({ id: webhookId, message: m.secretRotated, secret });
  });

  router.get(`${base}/:webhookId/logs`, async (req, res) => {
    const doc = await existing(req, req.params.merchantId, req.params.webhookId);
    const { limit, page, cursor } = parseInput(logsQuery, req.query);
    const offset = cursor !== undefined ? Number(cursor) : ((page ?? 1) - 1) * limit;
    const { rows, total } = await store.page(deps.pool, doc.id, offset, limit);
    res.json({ data: rows.map(logViewOf), total, nextCursor: offset + rows.length < total ? String(offset + rows.length) : null });
  });

  router.get(`${base}/:webhookId/logs/:logId`, async (req, res) => {
    const doc = await existing(req, req.params.merchantId, req.params.webhookId);
    const row = await store.get(deps.pool, req.params.logId);
    if (!row || row.webhook_id !== doc.id) throw notFound(m.logNotFound, 'webhook_not_found');
    res.json(logViewOf(row));
  });

  router.post(`${base}/:webhookId/logs/:logId/resend`, async (req, res) => {
    const doc = await existing(req, req.params.merchantId, req.params.webhookId);
    const row = await store.get(deps.pool, req.params.logId);
    if (!row || row.webhook_id !== doc.id) throw notFound(m.logNotFound, 'webhook_not_found');
    await store.resend(deps.pool, row.id, deps.now());
    dispatcher.kick();
    res.json({ id: row.id, message: m.resent });
  });

  return router;
}

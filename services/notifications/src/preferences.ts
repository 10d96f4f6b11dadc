import { Router } from 'express';
import { z } from 'zod';
import { BUSY_LOG_READS, isVersionConflict, parseInput, requirePrincipal, validationFailed, TEXT_MAX, type CollectionSpec, type Logger, type ReadModelStore, type ServiceDeps, type TenantAccess, type Tx } from '@seatside/chassis';
import { ordersV1 } from '@seatside/proto';
import { formatMinor } from '@seatside/rules';
import { orderEmailsStream, type EmailRequestedEvent } from './published';
import { notificationMessages } from './http';
import { subscriptionId, type PushSender, type VapidKeys } from './webpush';

/** Seed 001 §3 Notification preferences: per merchant per user. */
export const notificationPreferences: CollectionSpec = { name: 'notification_preferences', filterable: ['merchantId'] };
export type PreferencesDoc = {
  /** `{merchantId}:{uid}` */
  id: string;
  merchantId: string;
  uid: string;
  appPushNotification: boolean;
  webPush: boolean;
  email: boolean;
  sms: boolean;
  smsConsent: boolean;
  updatedAt: string;
};

/** A browser's push subscription for one merchant's notifications (the admin's own are `push_subscriptions`). */
export const merchantPushSubscriptions: CollectionSpec = { name: 'merchant_push_subscriptions', filterable: ['merchantId', 'uid'] };
export type MerchantPushSubscriptionDoc = {
  /** `{merchantId}:{sha256(endpoint)}` */
  id: string;
  merchantId: string;
  uid: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
};

export const preferenceMessages = {
  saved: 'Preferences saved',
  smsConsent: 'Please consent to SMS notifications',
  testSent: 'Web Push notification sent',
  noSubscription: 'This browser is not subscribed to notifications yet',
  booleans: 'Preferences must be true or false',
} as const;

/**
 * SMS (seed 001 §3): a port, with no provider configured by default. Until one is, `send` says so
 * and sends nothing.
 */
export interface SmsPort {
  readonly configured: boolean;
  send(to: { uid: string }, text: string): Promise<{ sent: boolean; reason?: string }>;
}

export function unconfiguredSms(logger: Logger): SmsPort {
  return {
    configured: false,
    async send(to) {
      const reason = 'SMS not sent: no SMS provider is configured';
      logger.info({ uid: to.uid }, reason);
      return { sent: false, reason };
    },
  };
}

const flag = z.boolean({ error: preferenceMessages.booleans });
export const preferencesBody = z.object({
  appPushNotification: flag.optional().default(false),
  webPush: flag.optional().default(false),
  email: flag.optional().default(false),
  sms: flag.optional().default(false),
  smsConsent: flag.optional().default(false),
});
const key = z.string({ error: notificationMessages.invalidSubscription }).trim().min(1, notificationMessages.invalidSubscription).max(TEXT_MAX.indexed);
export const subscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: notificationMessages.invalidSubscription }).max(2000),
  keys: z.object({ p256dh: key, auth: key }, { error: notificationMessages.invalidSubscription }),
});

const view = (doc: PreferencesDoc | null) => ({
  appPushNotification: doc?.appPushNotification ?? false,
  webPush: doc?.webPush ?? false,
  email: doc?.email ?? false,
  sms: doc?.sms ?? false,
  smsConsent: doc?.smsConsent ?? false,
});

/** What a merchant's web push shows: `{title, options: {body, data: {url}}}`, as the admin's. */
export const merchantPushPayload = (title: string, body: string, url: string) => JSON.stringify({ title, options: { body, data: { url } } });

/**
 * Notification preferences and the merchant's web push (docs/notifications-api.md): the caller's own
 * preferences for a merchant it is a member of, its browser's subscription, and a test push.
 */
export function preferencesRouter(deps: ServiceDeps, access: TenantAccess, vapid: () => Promise<VapidKeys>, sender: PushSender): Router {
  const router = Router();
  const prefs = () => deps.readModels.collection<PreferencesDoc>(notificationPreferences);
  const subs = () => deps.readModels.collection<MerchantPushSubscriptionDoc>(merchantPushSubscriptions);
  const member = async (req: Parameters<TenantAccess['authorize']>[0]) => {
    const merchantId = String(req.params.id);
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: 'production' });
    const { uid } = requirePrincipal(req);
    return { merchantId, uid };
  };

  router.get('/v1/merchants/:id/notification-preferences', async (req, res) => {
    const { merchantId, uid } = await member(req);
    res.json(view(await prefs().get(`${merchantId}:${uid}`)));
  });

  router.post('/v1/merchants/:id/notification-preferences', async (req, res) => {
    const { merchantId, uid } = await member(req);
    const fields = parseInput(preferencesBody, req.body ?? {});
    if (fields.sms && !fields.smsConsent) throw validationFailed(preferenceMessages.smsConsent, { smsConsent: preferenceMessages.smsConsent });
    await prefs().put({ id: `${merchantId}:${uid}`, merchantId, uid, ...fields, updatedAt: deps.now().toISOString() });
    res.json({ ...view({ id: '', merchantId, uid, ...fields, updatedAt: '' }), message: preferenceMessages.saved });
  });

  router.get('/v1/merchants/:id/webpush/vapid-public-key', async (req, res) => {
    await member(req);
    res.json({ publicKey: (await vapid()).publicKey });
  });

  router.post('/v1/merchants/:id/webpush/subscribe', async (req, res) => {
    const { merchantId, uid } = await member(req);
    const { endpoint, keys } = parseInput(subscriptionBody, req.body ?? {});
    const id = `${merchantId}:${subscriptionId(endpoint)}`;
    await subs().put({ id, merchantId, uid, endpoint, keys, createdAt: deps.now().toISOString() });
    res.status(201).json({ id, message: notificationMessages.subscribed });
  });

  router.post('/v1/merchants/:id/webpush/test', async (req, res) => {
    const { merchantId, uid } = await member(req);
    const { data } = await subs().find({ filter: { merchantId, uid }, limit: 100 });
    if (data.length === 0) throw validationFailed(preferenceMessages.noSubscription);
    await sender.push(data, merchantPushPayload('Test notification', 'Web push works for this merchant.', `/dashboard/merchants/${merchantId}`), (id) => subs().delete(id).then(() => undefined));
    res.json({ message: preferenceMessages.testSent });
  });

  return router;
}

/** What a new order tells the merchant's users (by their chosen channels). */
export function orderNotice(message: { orderId: string; orderCode: string; merchantId: string }) {
  return {
    title: 'New order',
    body: `Order ${message.orderCode || message.orderId} was placed.`,
    url: `/dashboard/merchants/${encodeURIComponent(message.merchantId)}/orders/${encodeURIComponent(message.orderId)}`,
  };
}

/**
 * The e-mail a new order asks for (the identity service adds the link to the order page): its code,
 * its total in the order's currency (the merchant's at the time) and where it is to go, when known.
 */
export function orderEmail(message: ordersV1.OrderPlaced): { subject: string; text: string; link: string } {
  const code = message.orderCode || message.orderId;
  const total = formatMinor(Number(message.billingSummary?.totals?.amountDueMinor ?? 0n), message.billingSummary?.currency || 'USD');
  const location = message.location?.name || message.location?.tagCode || '';
  return {
    subject: `New order ${code}`,
    text: [`A new order arrived: ${code}.`, `Total: ${total}`, ...(location ? [`Location: ${location}`] : [])].join('\n'),
    link: orderNotice(message).url,
  };
}

/**
 * New orders notify the merchant's users by the channels they chose: web push to their browsers'
 * subscriptions for that merchant, SMS through the port (not sent while no provider is configured),
 * e-mail as `EmailRequested` on this service's published stream (one `order-emails-{orderId}` stream,
 * written once), which the identity service sends through its mailer.
 * Production orders only (a sandbox order is a test). Web push is sent after the read's commit.
 */
export function followOrders(deps: ServiceDeps & { readModels: ReadModelStore }, sender: PushSender, sms: SmsPort): void {
  const pending = new Map<string, Array<() => Promise<unknown>>>();
  /**
   * A merchant's preferences are read once per read of the orders stream (one transaction, many
   * orders of the same merchant under load), not once per order: nothing in the read changes them.
   * Read outside the transaction: the handler writes nothing through it, so a read opens none.
   */
  const preferencesIn = new WeakMap<Tx, Map<string, Promise<PreferencesDoc[]>>>();
  const preferencesOf = (tx: Tx, merchantId: string): Promise<PreferencesDoc[]> => {
    let read = preferencesIn.get(tx);
    if (!read) preferencesIn.set(tx, (read = new Map()));
    let found = read.get(merchantId);
    if (!found) {
      found = deps.readModels.collection<PreferencesDoc>(notificationPreferences).find({ filter: { merchantId }, limit: 1000 }).then((page) => page.data);
      read.set(merchantId, found);
    }
    return found;
  };
  deps.subscribePublished({
    name: 'merchant-order-notices',
    source: 'orders',
    // A busy orders stream is read every tenth of a second, not once per order.
    ...BUSY_LOG_READS,
    messages: [ordersV1.OrderPlacedSchema],
    async handle(message, tx, event) {
      if (message.envelope?.testMode) return;
      const data = await preferencesOf(tx, message.merchantId);
      const notice = orderNotice(message);
      const jobs: Array<() => Promise<unknown>> = [];
      for (const prefs of data) {
        if (prefs.webPush) {
          jobs.push(async () => {
            const subs = deps.readModels.collection<MerchantPushSubscriptionDoc>(merchantPushSubscriptions);
            const { data: browsers } = await subs.find({ filter: { merchantId: message.merchantId, uid: prefs.uid }, limit: 100 });
            if (browsers.length) await sender.push(browsers, merchantPushPayload(notice.title, notice.body, notice.url), (id) => subs.delete(id).then(() => undefined));
          });
        }
        if (prefs.sms && prefs.smsConsent) jobs.push(() => sms.send({ uid: prefs.uid }, `${notice.title}: ${notice.body}`));
      }
      await requestEmails(deps, message, event.eventId, data.filter((prefs) => prefs.email).map((prefs) => prefs.uid));
      if (jobs.length) pending.set(event.eventId, jobs);
    },
    committed(delivered) {
      for (const { event } of delivered) {
        for (const job of pending.get(event.eventId) ?? []) void job().catch((err: unknown) => deps.logger.warn({ err }, 'order notification failed'));
        pending.delete(event.eventId);
      }
    },
  });
}

/** Appends one `EmailRequested` per member who chose e-mail; a redelivered order finds its stream written and appends nothing. */
async function requestEmails(deps: ServiceDeps, message: ordersV1.OrderPlaced, causationId: string, uids: string[]): Promise<void> {
  if (uids.length === 0) return;
  const mail = orderEmail(message);
  const at = deps.now().toISOString();
  const events: EmailRequestedEvent[] = [...new Set(uids)].sort().map((uid) => ({
    type: 'EmailRequested',
    data: { uid, merchantId: message.merchantId, orderId: message.orderId, ...mail, at },
  }));
  const metadata = { tenantId: message.merchantId, causationId, correlationId: message.envelope?.correlationId ?? '' };
  try {
    await deps.eventStore.appendToStream(orderEmailsStream(message.orderId), events.map((event) => ({ ...event, metadata })), { expectedVersion: 'no_stream' });
  } catch (err) {
    if (!isVersionConflict(err)) throw err;
  }
}

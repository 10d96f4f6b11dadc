import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseInput, requirePlatformAdmin, requirePrincipal, type ServiceDeps, TEXT_MAX } from '@seatside/chassis';
import { NOTIFICATION_LIST_LIMIT } from './notices';
import { notifications, pushSubscriptions, type NotificationDoc, type PushSubscriptionDoc } from './store';
import { subscriptionId, type VapidKeys } from './webpush';

export const notificationMessages = {
  notFound: 'Notification not found',
  read: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  deleted: 'Notification deleted',
  subscribed: 'Subscribed to notifications',
  invalidSubscription: 'A push subscription needs an https endpoint and its p256dh and auth keys',
} as const;

const key = z.string({ error: notificationMessages.invalidSubscription }).trim().min(1, notificationMessages.invalidSubscription).max(TEXT_MAX.indexed);
export const subscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: notificationMessages.invalidSubscription }).max(2000),
  keys: z.object({ p256dh: key, auth: key }, { error: notificationMessages.invalidSubscription }),
});

/**
 * The seed's calls (000 §7), each on the caller's own notifications only: another user's id is 404,
 * as if it did not exist. `{token}` in `delete/` and `read-all/` is kept for the seed's shape; the
 * caller is the bearer token of the Authorization header (the web app sends `me` there, so no
 * credential ever sits in a URL), and `delete/{id}` deletes one notification.
 */
export function notificationsRouter(deps: ServiceDeps, vapid: () => Promise<VapidKeys>): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<NotificationDoc>(notifications);
  const own = async (userId: string, id: string) => {
    const doc = await docs().get(id);
    if (!doc || doc.userId !== userId) throw notFound(notificationMessages.notFound);
    return doc;
  };

  router.get('/v1/notifications', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const filter = { userId: uid, type: 'admin' };
    // One snapshot: the count agrees with the list beside it.
    const [page, unread] = await deps.readModels.snapshot(async (collection) => {
      const inSnapshot = collection<NotificationDoc>(notifications);
      return Promise.all([inSnapshot.find({ filter, sort: 'createdAt', order: 'desc', limit: NOTIFICATION_LIST_LIMIT }), inSnapshot.count({ ...filter, read: false })]);
    });
    res.json({ data: page.data.map(({ eventId: _eventId, ...doc }) => doc), unread });
  });

  router.get('/v1/notifications/read/:id', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const doc = await own(uid, req.params.id);
    if (!doc.read) await docs().patch(doc.id, { read: true });
    res.json({ id: doc.id, message: notificationMessages.read });
  });

  router.get('/v1/notifications/read-all/:token', async (req, res) => {
    const { uid } = requirePrincipal(req);
    for (;;) {
      const { data } = await docs().find({ filter: { userId: uid, read: false }, limit: 500 });
      if (data.length === 0) break;
      await docs().putMany(data.map((doc) => ({ ...doc, read: true })));
    }
    res.json({ message: notificationMessages.allRead });
  });

  router.get('/v1/notifications/delete/:token', async (req, res) => {
    const { uid } = requirePrincipal(req);
    const doc = await own(uid, req.params.token);
    await docs().delete(doc.id);
    res.json({ id: doc.id, message: notificationMessages.deleted });
  });

  router.get('/v1/webpush/admin/vapid-public-key', async (req, res) => {
    requirePlatformAdmin(req);
    res.json({ publicKey: (await vapid()).publicKey });
  });

  router.post('/v1/webpush/admin/subscribe', async (req, res) => {
    const { uid } = requirePlatformAdmin(req);
    const { endpoint, keys } = parseInput(subscription, req.body ?? {});
    const id = subscriptionId(endpoint);
    await deps.readModels.collection<PushSubscriptionDoc>(pushSubscriptions).put({ id, userId: uid, endpoint, keys, createdAt: deps.now().toISOString() });
    res.status(201).json({ id, message: notificationMessages.subscribed });
  });

  return router;
}

import type { Agent } from 'node:https';
import { Router } from 'express';
import { tenantAccess, tenantMemberships, type ServiceModule } from '@seatside/chassis';
import { identityV1 } from '@seatside/proto';
import { notificationsRouter } from './http';
import { noticeSources, type ChatStaff, type Notice } from './notices';
import { admins, notifications, pushSubscriptions, staffedChats, type AdminDoc, type NotificationDoc, type StaffedChatDoc } from './store';
import { createPushSender, loadVapidKeys, type VapidKeys } from './webpush';
import { notificationsApi } from './openapi';
import { notificationsMigrations } from './migrations';
import { notificationsPublications } from './published';
import { followOrders, merchantPushSubscriptions, notificationPreferences, preferencesRouter, unconfiguredSms, type SmsPort } from './preferences';

export { noticeSources, type Notice } from './notices';
export { notificationMessages } from './http';

export interface NotificationsOptions {
  /** VAPID subject (`mailto:` or an https URL); default `mailto:support@` the public host. */
  pushSubject?: string;
  /** Backoff of a failed push send (specs make it short). */
  pushFirstDelayMs?: number;
  /** The https.Agent for push services (specs trust a local push endpoint with it). */
  pushAgent?: Agent;
  /** SMS to merchants' users; none configured by default (nothing is sent, and the log says so). */
  sms?: SmsPort;
}

/** A protobuf Timestamp as an ISO time. */
const isoOf = (at: { seconds: bigint; nanos: number } | undefined) => new Date(at ? Number(at.seconds) * 1000 + Math.floor(at.nanos / 1e6) : 0).toISOString();

/**
 * Notifications (seed 000 §3, §4, §7): admin notifications made from the other services' events,
 * the admin's list and its read state, and web push to the admins' browsers.
 */
export function createNotificationsService(options: NotificationsOptions = {}): ServiceModule {
  return {
    name: 'notifications',
    api: notificationsApi,
    migrations: notificationsMigrations,
    publications: notificationsPublications,
    create(deps) {
      let keys: Promise<VapidKeys> | undefined;
      const vapid = () => (keys ??= loadVapidKeys(deps).catch((err: unknown) => {
        keys = undefined;
        throw err;
      }));
      const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost';
      const sender = createPushSender(deps, vapid, {
        subject: options.pushSubject ?? `mailto:support@${new URL(publicUrl).hostname}`,
        firstDelayMs: options.pushFirstDelayMs,
        agent: options.pushAgent,
      });
      const access = tenantAccess(deps, { subscription: 'notifications-memberships' });
      access.follow();
      followOrders(deps, sender, options.sms ?? unconfiguredSms(deps.logger));
      /** Notifications made in a read's transaction, pushed once it committed. */
      const made = new Map<string, NotificationDoc[]>();

      // The platform's admins, from identity's published stream: each gets every admin notification.
      deps.subscribePublished({
        name: 'admins',
        source: 'identity',
        messages: [identityV1.PlatformAdminGrantedSchema, identityV1.PlatformAdminRevokedSchema],
        async handle(message, tx) {
          const list = deps.readModels.collection<AdminDoc>(admins, tx);
          if (message.$typeName === 'seatside.identity.v1.PlatformAdminGranted') await list.put({ id: message.uid, since: isoOf(message.grantedAt) });
          else await list.delete(message.uid);
        },
      });

      for (const source of noticeSources()) {
        deps.subscribePublished({
          name: source.name,
          source: source.source,
          messages: source.messages,
          async handle(message, tx, event) {
            const chats = deps.readModels.collection<StaffedChatDoc>(staffedChats, tx);
            const current = async (chatId: string) => (await chats.get(chatId)) ?? { id: chatId, staff: [], fresh: false };
            const chatStaff: ChatStaff = {
              get: current,
              started: (chatId) => chats.put({ id: chatId, staff: [], fresh: true }),
              seen: async (chatId) => chats.put({ ...(await current(chatId)), fresh: false }),
              join: async (chatId, uid) => {
                const chat = await current(chatId);
                if (uid && !chat.staff.includes(uid)) await chats.put({ ...chat, staff: [...chat.staff, uid] });
              },
              leave: async (chatId, uid) => {
                const chat = await current(chatId);
                await chats.put({ ...chat, staff: chat.staff.filter((id) => id !== uid) });
              },
              forget: async (chatId) => {
                await chats.delete(chatId);
              },
            };
            const notice: Notice | undefined = await source.noticeOf(message, chatStaff);
            if (!notice) return;
            const { data: staff } = await deps.readModels.collection<AdminDoc>(admins, tx).find({ limit: 1000 });
            // Seconds with their milliseconds: a visitor's quick messages list in the order sent, not shuffled within their second.
            const createdAt = event.recordedAt.getTime() / 1000;
            const docs: NotificationDoc[] = staff.map((admin) => ({
              id: `${event.eventId}:${admin.id}`,
              userId: admin.id,
              type: 'admin',
              read: false,
              createdAt,
              notification: { webPush: { title: notice.title, options: { body: notice.body, data: { url: notice.url } } } },
              eventId: event.eventId,
            }));
            if (docs.length === 0) return;
            await deps.readModels.collection<NotificationDoc>(notifications, tx).putMany(docs);
            made.set(event.eventId, docs);
          },
          committed(delivered) {
            for (const { event } of delivered) {
              for (const doc of made.get(event.eventId) ?? []) sender.enqueue(doc);
              made.delete(event.eventId);
            }
          },
        });
      }

      return {
        name: 'notifications',
        router: Router().use(notificationsRouter(deps, vapid), preferencesRouter(deps, access, vapid, sender)),
        collections: [notifications, admins, staffedChats, pushSubscriptions, tenantMemberships, notificationPreferences, merchantPushSubscriptions],
        async start() {
          await vapid();
        },
        async stop() {
          await sender.stop();
        },
        /** For specs: resolves once queued pushes were sent or given up. */
        pushesSettled: () => sender.idle(),
      } as ReturnType<ServiceModule['create']>;
    },
  };
}

export const notificationsService: ServiceModule = createNotificationsService();

import type { CollectionSpec } from '@seatside/chassis';

/** Seed 000 §3 Notification: one per admin per event; `createdAt` in seconds, as the seed keeps it. */
export const notifications: CollectionSpec = {
  name: 'notifications',
  sortable: ['createdAt'],
  filterable: ['userId', 'type', 'read'],
};

export type NotificationDoc = {
  id: string;
  userId: string;
  type: 'admin';
  read: boolean;
  /** Seconds since the epoch, with milliseconds as the fraction (the list's order, newest first). */
  createdAt: number;
  notification: { webPush: { title: string; options: { body: string; data: { url: string } } } };
  /** The event it came from (`{eventId}:{userId}` is the id, so a redelivery changes nothing). */
  eventId: string;
};

/** Platform admins (the admin claim), followed from the identity log: who gets admin notifications. */
export const admins: CollectionSpec = { name: 'admins' };
export type AdminDoc = { id: string; since: string };

/** Who of the staff is in each chat (joined by opening it, gone by leaving): a client message there notifies no one. */
export const staffedChats: CollectionSpec = { name: 'staffed_chats' };
export type StaffedChatDoc = { id: string; staff: string[]; fresh: boolean };

/** Browsers' PushSubscriptions, by endpoint (its SHA-256 is the id). */
export const pushSubscriptions: CollectionSpec = { name: 'push_subscriptions', filterable: ['userId'] };
export type PushSubscriptionDoc = {
  id: string;
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
};

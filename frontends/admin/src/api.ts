import { api } from '@seatside/ui';

/** The admin area's calls (seed 000 §7), on the shared client (the signed-in admin's token). */

export interface AdminNotification {
  id: string;
  userId: string;
  type: 'admin';
  read: boolean;
  /** Seconds. */
  createdAt: number;
  notification: { webPush: { title: string; options: { body: string; data: { url: string } } } };
}

export const fetchNotifications = () => api.get<{ data: AdminNotification[]; unread: number }>('/notifications');
export const markNotificationRead = (id: string) => api.get(`/notifications/read/${encodeURIComponent(id)}`);
/** The seed's `read-all/{token}`: the caller is the Authorization header's token, so the web app sends `me`. */
export const markAllNotificationsRead = () => api.get('/notifications/read-all/me');

export const fetchVapidPublicKey = () => api.get<{ publicKey: string }>('/webpush/admin/vapid-public-key');
export const subscribeToPush = (subscription: unknown) => api.post('/webpush/admin/subscribe', subscription);

import type { StoredEvent } from '@seatside/chassis';

/**
 * What the notifications service makes of other services' events: an admin notification (seed 000
 * §3 Notification: `notification.webPush` with title and options {body, data.url}).
 */
export interface Notice {
  title: string;
  body: string;
  url: string;
}

/** A log the service follows, the event types it reads there, and what each becomes. */
export interface NoticeSource {
  /** The producing service (its log). */
  source: string;
  /** The subscription's (checkpoint's) name. */
  name: string;
  types: readonly string[];
  /** The admin notice an event makes, or undefined (say, a message in a chat staff already joined). */
  noticeOf(event: Pick<StoredEvent, 'type' | 'data'>, chat: ChatStaff): Promise<Notice | undefined> | Notice | undefined;
}

/** Which chats have staff in them, kept by the service from the chat log (support messages and joins). */
export interface ChatStaff {
  hasStaff(chatId: string): Promise<boolean>;
  markStaff(chatId: string): Promise<void>;
}

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const label = (data: Data, ...keys: string[]) => keys.map((key) => text(data[key])).find((value) => value.length > 0) ?? '';

const tenantNotice = (kind: 'merchant' | 'venue', collection: 'merchants' | 'venues') => (event: { data: unknown }): Notice => {
  const data = event.data as Data;
  const id = text(data.id);
  return {
    title: `New ${kind} registered`,
    body: `${label(data, 'name', 'handle')} (${label(data, 'handle', 'id')})`,
    url: `/admin/${collection}?q=${encodeURIComponent(label(data, 'handle', 'id'))}&id=${encodeURIComponent(id)}`,
  };
};

/**
 * The one place that says where the events come from. Today each producer's own log, read
 * directly (its internal event names); when the published integration streams (proto/, the
 * contracts issue) are on main, this function is what switches to them.
 */
export function noticeSources(): NoticeSource[] {
  return [
    {
      source: 'chat',
      name: 'admin-notices-chat',
      types: ['ContactSubmitted', 'ChatStarted', 'ChatMessageSent', 'MessageSent', 'SupportJoined', 'StaffJoined'],
      async noticeOf(event, chats) {
        const data = event.data as Data;
        const chatId = label(data, 'chatId', 'chat_id');
        switch (event.type) {
          case 'ContactSubmitted':
            return {
              title: 'New contact submission',
              body: `${text(data.fullname)}: ${text(data.message)}`,
              url: `/admin/contact-submissions/${encodeURIComponent(text(data.submissionId))}`,
            };
          case 'ChatStarted':
            return { title: 'New chat', body: `${label(data, 'name', 'email') || 'A visitor'} started a chat`, url: `/admin/chats/${encodeURIComponent(chatId)}` };
          case 'SupportJoined':
          case 'StaffJoined':
            if (chatId) await chats.markStaff(chatId);
            return undefined;
          default: {
            // A message: from staff, it marks the chat as staffed; from a client, it notifies only while no staff is in the chat.
            if (!chatId) return undefined;
            if (text(data.senderGroup) === 'support') {
              await chats.markStaff(chatId);
              return undefined;
            }
            if (text(data.senderGroup) !== 'client' || (await chats.hasStaff(chatId))) return undefined;
            return { title: `New message from ${label(data, 'name') || 'a visitor'}`, body: text(data.text), url: `/admin/chats/${encodeURIComponent(chatId)}` };
          }
        }
      },
    },
    {
      source: 'catalog',
      name: 'admin-notices-catalog',
      types: ['MerchantCreated', 'VenueCreated'],
      noticeOf: (event) => (event.type === 'MerchantCreated' ? tenantNotice('merchant', 'merchants')(event) : tenantNotice('venue', 'venues')(event)),
    },
  ];
}

/** The seed's list truncates a body to 37 characters (seed 000 §9); the web app does, this helps specs say so. */
export const NOTIFICATION_BODY_PREVIEW = 37;
export const NOTIFICATION_LIST_LIMIT = 100;

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

/**
 * Which chats have staff in them, kept by the service from the chat log: a staff member opening a
 * chat joins it (ChatReadByStaff), leaving it clears them (ChatLeftByStaff), as seed 000 §4 says.
 */
export interface ChatStaff {
  get(chatId: string): Promise<{ staff: string[]; fresh: boolean }>;
  started(chatId: string): Promise<void>;
  /** The chat's first client message was notified. */
  seen(chatId: string): Promise<void>;
  join(chatId: string, uid: string): Promise<void>;
  leave(chatId: string, uid: string): Promise<void>;
  forget(chatId: string): Promise<void>;
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
      types: ['ContactSubmitted', 'ChatStarted', 'ChatMessageSent', 'ChatReadByStaff', 'ChatLeftByStaff', 'ChatDeleted'],
      async noticeOf(event, chats) {
        const data = event.data as Data;
        const chatId = text(data.chatId);
        switch (event.type) {
          case 'ContactSubmitted':
            return {
              title: 'New contact submission',
              body: `${text(data.fullname)}: ${text(data.message)}`,
              url: `/admin/contact-submissions/${encodeURIComponent(text(data.submissionId))}`,
            };
          case 'ChatStarted':
            await chats.started(chatId);
            return undefined;
          case 'ChatReadByStaff':
            await chats.join(chatId, text((data.user as Data | undefined)?.id));
            return undefined;
          case 'ChatLeftByStaff':
            await chats.leave(chatId, text(data.userId));
            return undefined;
          case 'ChatDeleted':
            await chats.forget(chatId);
            return undefined;
          default: {
            // A client's message notifies only while no staff is in the chat; the chat's first one says it is new.
            if (text(data.senderGroup) !== 'client') return undefined;
            const chat = await chats.get(chatId);
            if (chat.staff.length > 0) return undefined;
            if (chat.fresh) await chats.seen(chatId);
            const who = label(data, 'name') || 'a visitor';
            return { title: chat.fresh ? `New chat from ${who}` : `New message from ${who}`, body: text(data.text), url: `/admin/chats/${encodeURIComponent(chatId)}` };
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

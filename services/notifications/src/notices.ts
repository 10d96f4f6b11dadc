import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { catalogV1, chatV1 } from '@seatside/proto';

/**
 * What the notifications service makes of other services' integration events: an admin notification
 * (seed 000 §3 Notification: `notification.webPush` with title and options {body, data.url}).
 */
export interface Notice {
  title: string;
  body: string;
  url: string;
}

/** A published stream the service follows, the messages it reads there, and what each becomes. */
export interface NoticeSource<Schemas extends DescMessage = DescMessage> {
  /** The producing service (its published stream). */
  source: string;
  /** The subscription's (checkpoint's) name: kept from the internal-log days, so positions carry on. */
  name: string;
  messages: readonly Schemas[];
  /** The admin notice a message makes, or undefined (say, a message in a chat staff already joined). */
  noticeOf(message: MessageShape<Schemas>, chat: ChatStaff): Promise<Notice | undefined> | Notice | undefined;
}

/**
 * Which chats have staff in them, kept by the service from the chat stream: a staff member opening a
 * chat joins it (ChatStaffJoined), leaving it clears them (ChatStaffLeft), as seed 000 §4 says.
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

const tenantNotice = (kind: 'merchant' | 'venue', collection: 'merchants' | 'venues', tenant: { id: string; name: string; handle: string }): Notice => ({
  title: `New ${kind} registered`,
  body: `${tenant.name || tenant.handle} (${tenant.handle || tenant.id})`,
  url: `/admin/${collection}?q=${encodeURIComponent(tenant.handle || tenant.id)}&id=${encodeURIComponent(tenant.id)}`,
});

const chatMessages = [
  chatV1.ContactSubmittedSchema, chatV1.ChatStartedSchema, chatV1.ChatMessageSentSchema, chatV1.ChatStaffJoinedSchema, chatV1.ChatStaffLeftSchema, chatV1.ChatDeletedSchema,
] as const;
type ChatMessage = MessageShape<(typeof chatMessages)[number]>;

/** The chat stream's messages → notices: a contact submission; a client's message while no staff is in the chat. */
export async function chatNotice(message: ChatMessage, chats: ChatStaff): Promise<Notice | undefined> {
  switch (message.$typeName) {
    case 'seatside.chat.v1.ContactSubmitted':
      return {
        title: 'New contact submission',
        body: `${message.fullname}: ${message.message}`,
        url: `/admin/contact-submissions/${encodeURIComponent(message.submissionId)}`,
      };
    case 'seatside.chat.v1.ChatStarted':
      await chats.started(message.chatId);
      return undefined;
    case 'seatside.chat.v1.ChatStaffJoined':
      await chats.join(message.chatId, message.uid);
      return undefined;
    case 'seatside.chat.v1.ChatStaffLeft':
      await chats.leave(message.chatId, message.uid);
      return undefined;
    case 'seatside.chat.v1.ChatDeleted':
      await chats.forget(message.chatId);
      return undefined;
    case 'seatside.chat.v1.ChatMessageSent': {
      // A client's message notifies only while no staff is in the chat; the chat's first one says it is new.
      if (message.senderGroup !== chatV1.SenderGroup.CLIENT) return undefined;
      const chat = await chats.get(message.chatId);
      if (chat.staff.length > 0) return undefined;
      if (chat.fresh) await chats.seen(message.chatId);
      const who = message.name || 'a visitor';
      return { title: chat.fresh ? `New chat from ${who}` : `New message from ${who}`, body: message.text, url: `/admin/chats/${encodeURIComponent(message.chatId)}` };
    }
  }
}

const catalogMessages = [catalogV1.MerchantCreatedSchema, catalogV1.VenueCreatedSchema] as const;
type CatalogMessage = MessageShape<(typeof catalogMessages)[number]>;

/** The catalog stream's messages → notices: a merchant or venue registered. */
export function catalogNotice(message: CatalogMessage): Notice | undefined {
  if (message.$typeName === 'seatside.catalog.v1.MerchantCreated') {
    const m = message.merchant;
    return m ? tenantNotice('merchant', 'merchants', { id: m.merchantId, name: m.name, handle: m.handle }) : undefined;
  }
  const v = message.venue;
  return v ? tenantNotice('venue', 'venues', { id: v.venueId, name: v.name, handle: v.handle }) : undefined;
}

/** The one place that says where the notices come from: the chat and catalog published streams. */
export function noticeSources(): NoticeSource[] {
  return [
    { source: 'chat', name: 'admin-notices-chat', messages: chatMessages, noticeOf: chatNotice } as NoticeSource<(typeof chatMessages)[number]>,
    { source: 'catalog', name: 'admin-notices-catalog', messages: catalogMessages, noticeOf: catalogNotice } as NoticeSource<(typeof catalogMessages)[number]>,
  ] as unknown as NoticeSource[];
}

/** The seed's list truncates a body to 37 characters (seed 000 §9); the web app does, this helps specs say so. */
export const NOTIFICATION_BODY_PREVIEW = 37;
export const NOTIFICATION_LIST_LIMIT = 100;

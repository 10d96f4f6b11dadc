import type { CollectionSpec, InlineProjection, ReadModelStore, Tx } from '@seatside/chassis';
import type { ChatEvent, ChatUser, SenderGroup } from './chat';

export const chats: CollectionSpec = {
  name: 'chats',
  sortable: ['lastInteracted', 'awaitingReplySince', 'createdAt'],
  filterable: ['ended', 'highlighted', 'awaitingReply', 'aiAutoResponse'],
};

export const chatMessagesCollection: CollectionSpec = {
  name: 'chat_messages',
  sortable: ['timestamp', 'seq'],
  filterable: ['chatId'],
};

/** Support staff who set their status (the widget's avatars and online dots). */
export const onlineStaff: CollectionSpec = {
  name: 'online_staff',
  sortable: ['lastOnline'],
  filterable: ['online'],
};

export type ChatUserDoc = ChatUser & { typing: boolean };

/** The spec's Chat, as the inbox and the widget read it. */
export interface ChatDoc {
  [key: string]: unknown;
  id: string;
  users: Record<string, ChatUserDoc>;
  startedBy: string;
  readBy: string[];
  lastInteracted: string;
  mostRecentMessage: string;
  ended: boolean;
  endedAt: string | null;
  highlighted: boolean;
  aiAutoResponse: boolean;
  createdAt: string;
  /** A client message awaits a support answer (since `awaitingReplySince`). */
  awaitingReply: boolean;
  awaitingReplySince: string | null;
  version: number;
}

/** The spec's Chat message. */
export interface ChatMessageDoc {
  [key: string]: unknown;
  id: string;
  chatId: string;
  text: string;
  clientId: string;
  timestamp: string;
  /** The order within the chat (its stream version): timestamps may tie. */
  seq: number;
  sentBy: string;
  senderGroup: SenderGroup;
  name: string;
  ai: boolean;
  edited: boolean;
}

/** The spec's Online staff record. */
export interface OnlineStaffDoc {
  [key: string]: unknown;
  id: string;
  online: boolean;
  lastOnline: string;
  name: string;
  avatar: string | null;
}

/** What a projected batch changed, for the realtime emits after commit. */
export interface ChatChanges {
  chat?: ChatDoc | null;
  messages: ChatMessageDoc[];
  removed: string[];
}

async function deleteMessagesOf(readModels: ReadModelStore, chatId: string, tx: Tx) {
  const messages = readModels.collection<ChatMessageDoc>(chatMessagesCollection, tx);
  for (;;) {
    const page = await messages.find({ filter: { chatId }, limit: 500 });
    if (page.data.length === 0) return;
    for (const message of page.data) await messages.delete(message.id);
  }
}

export const projectChats =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const chatsOf = readModels.collection<ChatDoc>(chats, tx);
    const messages = readModels.collection<ChatMessageDoc>(chatMessagesCollection, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ChatEvent;
      const { chatId, at } = event.data;
      const version = stored.streamVersion;
      if (event.type === 'ChatStarted') {
        await deleteMessagesOf(readModels, chatId, tx);
        const starter = event.data.startedBy;
        await chatsOf.put({
          id: chatId, users: { [starter.id]: { ...starter, typing: false } }, startedBy: starter.id, readBy: [starter.id], lastInteracted: at, mostRecentMessage: '',
          ended: false, endedAt: null, highlighted: false, aiAutoResponse: false, createdAt: at, awaitingReply: false, awaitingReplySince: null, version,
        });
        continue;
      }
      if (event.type === 'ChatDeleted') {
        await deleteMessagesOf(readModels, chatId, tx);
        await chatsOf.delete(chatId);
        continue;
      }
      const chat = await chatsOf.get(chatId);
      if (!chat) continue;
      switch (event.type) {
        case 'ChatMessageSent': {
          const { messageId, text, clientId, sentBy, senderGroup, name, ai } = event.data;
          await messages.put({ id: messageId, chatId, text, clientId, timestamp: at, seq: version, sentBy, senderGroup, name, ai: ai === true, edited: false });
          const fromClient = senderGroup === 'client';
          await chatsOf.patch(chatId, {
            lastInteracted: at, mostRecentMessage: text,
            // A client message is unread by every staff member; a support answer is read by its sender.
            readBy: fromClient ? [sentBy] : chat.readBy.includes(sentBy) ? chat.readBy : [...chat.readBy, sentBy],
            awaitingReply: fromClient, awaitingReplySince: fromClient ? (chat.awaitingReplySince ?? at) : null, version,
          });
          break;
        }
        case 'ChatMessageEdited':
          await messages.patch(event.data.messageId, { text: event.data.text, edited: true });
          await chatsOf.patch(chatId, { version });
          break;
        case 'ChatMessageUnsent':
          await messages.delete(event.data.messageId);
          await chatsOf.patch(chatId, { version });
          break;
        case 'ChatReadByStaff': {
          const { user } = event.data;
          await chatsOf.patch(chatId, {
            readBy: chat.readBy.includes(user.id) ? chat.readBy : [...chat.readBy, user.id],
            users: { ...chat.users, [user.id]: { ...user, typing: false } }, version,
          });
          break;
        }
        case 'ChatLeftByStaff': {
          const { [event.data.userId]: _gone, ...users } = chat.users;
          await chatsOf.patch(chatId, { users, version });
          break;
        }
        case 'ChatEnded':
          await chatsOf.patch(chatId, { ended: true, endedAt: at, version });
          break;
        case 'ChatReopened':
          await chatsOf.patch(chatId, { ended: false, endedAt: null, version });
          break;
        case 'ChatHighlightSet':
          await chatsOf.patch(chatId, { highlighted: event.data.highlighted, version });
          break;
        case 'ChatAiAutoResponseSet':
          await chatsOf.patch(chatId, { aiAutoResponse: event.data.enabled, version });
          break;
      }
    }
  };

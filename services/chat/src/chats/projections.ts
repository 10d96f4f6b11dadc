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

/** What a command's events wrote to one chat, for the realtime emits right after the commit (no read back). */
export interface ChatChange {
  /** The chat as written (null when deleted, or when there was none to change). */
  chat: ChatDoc | null;
  /** The chat before the command (undefined when not known). */
  previous?: ChatDoc | null;
  deleted: boolean;
  /** Messages sent or edited, as written, in stream order. */
  messages: ChatMessageDoc[];
  /** Ids of unsent messages. */
  removed: string[];
}

/**
 * The changes projected but not yet taken by the command that made them, by `chatChangeKey` (the
 * chat and its stream version after the append). An entry whose transaction then failed is never
 * taken: the oldest go beyond `CHANGES_KEPT`.
 */
export type ChatChanges = Map<string, ChatChange>;
const CHANGES_KEPT = 1000;
export const chatChangeKey = (chatId: string, version: number) => `${chatId}@${version}`;

/** The message an event sends, as the thread shows it (`seq`, its stream version, orders ties). */
export function messageDocOf(data: Extract<ChatEvent, { type: 'ChatMessageSent' }>['data'], version: number): ChatMessageDoc {
  const { chatId, at, messageId, text, clientId, sentBy, senderGroup, name, ai } = data;
  return { id: messageId, chatId, text, clientId, timestamp: at, seq: version, sentBy, senderGroup, name, ai: ai === true, edited: false };
}

/** A chat as its first event starts it. */
export function startedChat(data: Extract<ChatEvent, { type: 'ChatStarted' }>['data'], version: number): ChatDoc {
  const { chatId, at, startedBy } = data;
  return {
    id: chatId, users: { [startedBy.id]: { ...startedBy, typing: false } }, startedBy: startedBy.id, readBy: [startedBy.id], lastInteracted: at, mostRecentMessage: '',
    ended: false, endedAt: null, highlighted: false, aiAutoResponse: false, createdAt: at, awaitingReply: false, awaitingReplySince: null, version,
  };
}

/** A live chat after one of its events (not its start or deletion). */
export function chatAfter(chat: ChatDoc, event: ChatEvent, version: number): ChatDoc {
  const { at } = event.data;
  switch (event.type) {
    case 'ChatMessageSent': {
      const { sentBy, senderGroup, text } = event.data;
      const fromClient = senderGroup === 'client';
      return {
        ...chat, lastInteracted: at, mostRecentMessage: text,
        // A client message is unread by every staff member; a support answer is read by its sender.
        readBy: fromClient ? [sentBy] : chat.readBy.includes(sentBy) ? chat.readBy : [...chat.readBy, sentBy],
        awaitingReply: fromClient, awaitingReplySince: fromClient ? (chat.awaitingReplySince ?? at) : null, version,
      };
    }
    case 'ChatReadByStaff': {
      const { user } = event.data;
      return { ...chat, readBy: chat.readBy.includes(user.id) ? chat.readBy : [...chat.readBy, user.id], users: { ...chat.users, [user.id]: { ...user, typing: false } }, version };
    }
    case 'ChatLeftByStaff': {
      const { [event.data.userId]: _gone, ...users } = chat.users;
      return { ...chat, users, version };
    }
    case 'ChatEnded':
      return { ...chat, ended: true, endedAt: at, version };
    case 'ChatReopened':
      return { ...chat, ended: false, endedAt: null, version };
    case 'ChatHighlightSet':
      return { ...chat, highlighted: event.data.highlighted, version };
    case 'ChatAiAutoResponseSet':
      return { ...chat, aiAutoResponse: event.data.enabled, version };
    default:
      return { ...chat, version };
  }
}

async function deleteMessagesOf(readModels: ReadModelStore, chatId: string, tx: Tx) {
  const messages = readModels.collection<ChatMessageDoc>(chatMessagesCollection, tx);
  for (;;) {
    const page = await messages.find({ filter: { chatId }, limit: 500 });
    if (page.data.length === 0) return;
    for (const message of page.data) await messages.delete(message.id);
  }
}

interface Touched {
  previous: ChatDoc | null;
  chat: ChatDoc | null;
  messages: Map<string, ChatMessageDoc>;
  removed: string[];
  version: number;
  /** A message was edited or unsent: the chat's last message is read again once the messages are written. */
  previewStale: boolean;
}

/**
 * The chats and their messages, in the append's transaction. A batch (one command's events, or a
 * group commit's over many chats) costs a fixed few round trips: the chats read at once, the
 * messages and chats written at once. What it wrote goes to `changes` for the emits after commit.
 */
export const projectChats =
  (readModels: ReadModelStore, changes?: ChatChanges): InlineProjection =>
  async (events, tx) => {
    const chatsOf = readModels.collection<ChatDoc>(chats, tx);
    const messages = readModels.collection<ChatMessageDoc>(chatMessagesCollection, tx);
    const ids = [...new Set(events.map((stored) => (stored.data as { chatId: string }).chatId))];
    const current = new Map((await chatsOf.getMany(ids)).map((doc) => [doc.id, doc]));
    const touched = new Map<string, Touched>();
    const deletedMessages: string[] = [];
    const deletedChats = new Set<string>();
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ChatEvent;
      const { chatId } = event.data;
      const version = stored.streamVersion;
      const change: Touched = touched.get(chatId) ?? { previous: current.get(chatId) ?? null, chat: current.get(chatId) ?? null, messages: new Map(), removed: [], version, previewStale: false };
      touched.set(chatId, change);
      change.version = version;
      if (event.type === 'ChatStarted' || event.type === 'ChatDeleted') {
        await deleteMessagesOf(readModels, chatId, tx);
        change.messages.clear();
        change.chat = event.type === 'ChatStarted' ? startedChat(event.data, version) : null;
        if (event.type === 'ChatDeleted') deletedChats.add(chatId);
        else deletedChats.delete(chatId);
        continue;
      }
      if (!change.chat) continue;
      if (event.type === 'ChatMessageSent') {
        change.messages.set(event.data.messageId, messageDocOf(event.data, version));
      } else if (event.type === 'ChatMessageEdited') {
        const { messageId, text } = event.data;
        const message = change.messages.get(messageId) ?? (await messages.get(messageId));
        if (message) change.messages.set(messageId, { ...message, text, edited: true });
        change.previewStale = true;
      } else if (event.type === 'ChatMessageUnsent') {
        change.messages.delete(event.data.messageId);
        change.previewStale = true;
        change.removed.push(event.data.messageId);
        deletedMessages.push(event.data.messageId);
      }
      change.chat = chatAfter(change.chat, event, version);
    }
    for (const id of deletedMessages) await messages.delete(id);
    for (const id of deletedChats) await chatsOf.delete(id);
    const written = [...touched.values()].flatMap((change) => [...change.messages.values()]);
    if (written.length > 0) await messages.putMany(written);
    // The inbox's last message follows an edit or an unsend: the newest message left, as it reads now.
    for (const change of touched.values()) {
      if (!change.chat || !change.previewStale) continue;
      const newest = await messages.find({ filter: { chatId: change.chat.id }, sort: 'seq', order: 'desc', limit: 1 });
      change.chat = { ...change.chat, mostRecentMessage: newest.data[0]?.text ?? '' };
    }
    const kept = [...touched.values()].flatMap((change) => (change.chat ? [change.chat] : []));
    if (kept.length > 0) await chatsOf.putMany(kept);
    if (!changes) return;
    for (const [chatId, change] of touched) {
      changes.set(chatChangeKey(chatId, change.version), { chat: change.chat, previous: change.previous, deleted: deletedChats.has(chatId), messages: [...change.messages.values()], removed: change.removed });
    }
    for (const key of changes.keys()) {
      if (changes.size <= CHANGES_KEPT) break;
      changes.delete(key);
    }
  };

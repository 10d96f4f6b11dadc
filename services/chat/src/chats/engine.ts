import { createRealtimePublisher, handleCommand, type EventMetadata, type ReadModelStore, type ServiceDeps } from '@seatside/chassis';
import type { Ai } from '@seatside/chassis/src/ai';
import { answerConversation, groundingOf, questionOf, type ArticleSource } from './ai';
import { chatDecider, chatStream, type ChatCommand, type ChatEvent } from './chat';
import type { ChatAutoResponseOptions } from './options';
import { chatMessagesCollection, chats, onlineStaff, projectChats, type ChatDoc, type ChatMessageDoc, type OnlineStaffDoc } from './projections';

export const CHAT_NAMESPACE = '/chat';
/** Every socket of one chat: its client and the staff who opened it. */
export const chatRoom = (chatId: string) => `chat:${chatId}`;
/** Every staff socket (the inbox): new messages and chat changes of all chats. */
export const STAFF_ROOM = 'staff';

/** Server → client events of the `/chat` namespace. */
export const chatEvents = {
  message: 'message',
  messageRemoved: 'message-removed',
  chat: 'chat',
  chatDeleted: 'chat-deleted',
  typing: 'typing',
  staff: 'staff',
} as const;

/** What a chat's client may see of its chat: no staff e-mails, no read receipts of staff. */
export function publicChat(doc: ChatDoc) {
  return {
    id: doc.id,
    ended: doc.ended,
    staff: Object.values(doc.users).filter((u) => u.id !== doc.startedBy).map((u) => ({ id: u.id, name: u.name })),
  };
}

export const AI_NAME = 'Seatside AI';

export interface ChatEngine {
  run(chatId: string, command: ChatCommand, metadata?: EventMetadata): Promise<ChatEvent[]>;
  chat(chatId: string): Promise<ChatDoc | null>;
  messagesOf(chatId: string): Promise<ChatMessageDoc[]>;
  onlineStaffCount(): Promise<number>;
  emit(room: string, event: string, payload: unknown): Promise<void>;
  /** Answers, with the AI, every waiting chat whose time is up (or where no staff is online). */
  sweep(): Promise<void>;
  readModels: ReadModelStore;
}

export function createChatEngine(deps: ServiceDeps, ai: Ai, autoResponse: ChatAutoResponseOptions, articles?: ArticleSource): ChatEngine {
  const project = projectChats(deps.readModels);
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  const emit = (room: string, event: string, payload: unknown) => publisher.emit(CHAT_NAMESPACE, room, event, payload);
  const chatsOf = () => deps.readModels.collection<ChatDoc>(chats);
  const messagesOf = async (chatId: string) => {
    const all: ChatMessageDoc[] = [];
    let cursor: string | undefined;
    do {
      const page = await deps.readModels.collection<ChatMessageDoc>(chatMessagesCollection).find({ filter: { chatId }, sort: 'seq', order: 'asc', limit: 500, ...(cursor ? { cursor } : {}) });
      all.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  };
  const onlineStaffCount = () => deps.readModels.collection<OnlineStaffDoc>(onlineStaff).count({ online: true });

  /** Tells every socket what changed, after the commit (a lost emit is made good by the next read). */
  async function publish(chatId: string, events: ChatEvent[]) {
    const removedChat = events.some((e) => e.type === 'ChatDeleted');
    if (removedChat && events.at(-1)?.type === 'ChatDeleted') {
      await Promise.all([emit(chatRoom(chatId), chatEvents.chatDeleted, { id: chatId }), emit(STAFF_ROOM, chatEvents.chatDeleted, { id: chatId })]);
      return;
    }
    for (const event of events) {
      if (event.type === 'ChatMessageSent' || event.type === 'ChatMessageEdited') {
        const message = await deps.readModels.collection<ChatMessageDoc>(chatMessagesCollection).get(event.data.messageId);
        if (message) await Promise.all([emit(chatRoom(chatId), chatEvents.message, message), emit(STAFF_ROOM, chatEvents.message, message)]);
      } else if (event.type === 'ChatMessageUnsent') {
        const payload = { chatId, id: event.data.messageId };
        await Promise.all([emit(chatRoom(chatId), chatEvents.messageRemoved, payload), emit(STAFF_ROOM, chatEvents.messageRemoved, payload)]);
      }
    }
    const doc = await chatsOf().get(chatId);
    if (doc) await Promise.all([emit(chatRoom(chatId), chatEvents.chat, publicChat(doc)), emit(STAFF_ROOM, chatEvents.chat, doc)]);
  }

  const engine: ChatEngine = {
    readModels: deps.readModels,
    emit,
    chat: (chatId) => chatsOf().get(chatId),
    messagesOf,
    onlineStaffCount,
    async run(chatId, command, metadata) {
      const { newEvents } = await handleCommand(deps.eventStore, chatStream(chatId), chatDecider, command, { ...(metadata ? { metadata } : {}), inline: [project] });
      if (newEvents.length > 0) await publish(chatId, newEvents);
      if (command.type === 'SendClientMessage') void autoRespondIfAlone(chatId);
      return newEvents;
    },
    async sweep() {
      const waiting = await chatsOf().find({ filter: { awaitingReply: true, aiAutoResponse: true }, sort: 'awaitingReplySince', order: 'asc', limit: 50 });
      if (waiting.data.length === 0) return;
      const nobodyOnline = (await onlineStaffCount()) === 0;
      const now = deps.now().getTime();
      for (const chat of waiting.data) {
        if (!chat.awaitingReplySince || chat.ended) continue;
        if (nobodyOnline || now - Date.parse(chat.awaitingReplySince) >= autoResponse.delayMs) await answer(chat);
      }
    },
  };

  const failedAt = new Map<string, number>();
  /** Chats this process is answering now (the sweep and a new message may both find one). */
  const answering = new Set<string>();
  /** The AI answers a waiting chat; once per waiting message, even with several processes sweeping (the decider refuses a second). */
  async function answer(chat: ChatDoc) {
    if (!ai.configured || !chat.awaitingReplySince || answering.has(chat.id)) return;
    const since = chat.awaitingReplySince;
    const failed = failedAt.get(chat.id);
    if (failed !== undefined && deps.now().getTime() - failed < 30_000) return;
    answering.add(chat.id);
    try {
      const history = await messagesOf(chat.id);
      const text = await answerConversation(ai, await groundingOf(deps.readModels, questionOf(history), articles), history);
      if (!text) return;
      await engine.run(chat.id, {
        type: 'SendAiMessage',
        data: { chatId: chat.id, at: deps.now().toISOString(), awaitingSince: since, message: { messageId: deps.newId(), text, clientId: deps.newId(), sentBy: 'ai', senderGroup: 'support', name: AI_NAME } },
      });
      failedAt.delete(chat.id);
    } catch (err) {
      // Answered meanwhile (by staff or another process): nothing to do.
      if ((err as { kind?: string }).kind === 'Conflict') return;
      failedAt.set(chat.id, deps.now().getTime());
      deps.logger.warn({ err, chatId: chat.id }, 'AI auto-response failed; it is tried again later');
    } finally {
      answering.delete(chat.id);
    }
  }

  async function autoRespondIfAlone(chatId: string) {
    try {
      const chat = await chatsOf().get(chatId);
      if (!chat?.aiAutoResponse || !chat.awaitingReply) return;
      if ((await onlineStaffCount()) === 0) await answer(chat);
    } catch (err) {
      deps.logger.warn({ err, chatId }, 'AI auto-response failed');
    }
  }

  return engine;
}

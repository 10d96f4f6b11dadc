import { createRealtimePublisher, handleCommand, type EventMetadata, type ReadModelStore, type ServiceDeps, type StoredEvent } from '@seatside/chassis';
import type { Ai } from '@seatside/chassis/src/ai';
import { answerConversation, groundingOf, questionOf, type ArticleSource } from './ai';
import { chatDecider, chatStream, type ChatCommand, type ChatEvent } from './chat';
import type { ChatAutoResponseOptions } from './options';
import { chatChangeKey, chatMessagesCollection, chats, onlineStaff, projectChats, type ChatChange, type ChatChanges, type ChatDoc, type ChatMessageDoc, type OnlineStaffDoc } from './projections';

export const CHAT_NAMESPACE = '/chat';
/** Every socket of one chat: its client and the staff who opened it. */
export const chatRoom = (chatId: string) => `chat:${chatId}`;
/** Every staff socket (the inbox): new messages and chat changes of all chats. */
export const STAFF_ROOM = 'staff';
/** Every visitor's socket (the widget): the online-staff records as they change, for its avatars' dots. */
export const PRESENCE_ROOM = 'presence';

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
  emit(room: string | string[], event: string, payload: unknown): Promise<void>;
  /** Answers, with the AI, every waiting chat whose time is up (or where no staff is online). */
  sweep(): Promise<void>;
  readModels: ReadModelStore;
}

export function createChatEngine(deps: ServiceDeps, ai: Ai, autoResponse: ChatAutoResponseOptions, articles?: ArticleSource): ChatEngine {
  const changes: ChatChanges = new Map();
  const project = projectChats(deps.readModels, changes);
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  const emit = (room: string | string[], event: string, payload: unknown) => publisher.emit(CHAT_NAMESPACE, room, event, payload);
  const chatsOf = () => deps.readModels.collection<ChatDoc>(chats);
  const messagesCollection = () => deps.readModels.collection<ChatMessageDoc>(chatMessagesCollection);
  const messagesOf = async (chatId: string) => {
    const all: ChatMessageDoc[] = [];
    let cursor: string | undefined;
    do {
      const page = await messagesCollection().find({ filter: { chatId }, sort: 'seq', order: 'asc', limit: 500, ...(cursor ? { cursor } : {}) });
      all.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  };
  const onlineStaffCount = () => deps.readModels.collection<OnlineStaffDoc>(onlineStaff).count({ online: true });

  /**
   * What a command changed, read back: only when its projection's record is gone (it keeps the
   * newest thousand not yet taken), so the emits still go out.
   */
  async function readBack(chatId: string, events: StoredEvent[]): Promise<ChatChange> {
    const typed = events.map((e) => ({ type: e.type, data: e.data }) as ChatEvent);
    const ids = typed.flatMap((e) => (e.type === 'ChatMessageSent' || e.type === 'ChatMessageEdited' ? [e.data.messageId] : []));
    const [chat, messages] = await Promise.all([chatsOf().get(chatId), ids.length > 0 ? messagesCollection().getMany(ids) : Promise.resolve([])]);
    return {
      chat,
      deleted: typed.at(-1)?.type === 'ChatDeleted',
      messages: messages.sort((a, b) => a.seq - b.seq),
      removed: typed.flatMap((e) => (e.type === 'ChatMessageUnsent' ? [e.data.messageId] : [])),
    };
  }

  /**
   * Tells every socket what changed, right after the commit, from what the projection wrote (no
   * read back): the messages first, then the chat (to the chat's room only when its public part
   * changed). The publishes leave in this order on one Redis
   * connection, so a chat's sockets hear its changes in commit order from this process; messages
   * carry `seq` for the clients to order what came through different processes. A lost emit is
   * made good by the next read.
   */
  async function publish(chatId: string, change: ChatChange) {
    // The chat's sockets and the inbox in one message.
    const both = [chatRoom(chatId), STAFF_ROOM];
    if (change.deleted && !change.chat) {
      await emit(both, chatEvents.chatDeleted, { id: chatId });
      return;
    }
    const emits: Promise<void>[] = [];
    for (const message of change.messages) emits.push(emit(both, chatEvents.message, message));
    for (const id of change.removed) emits.push(emit(both, chatEvents.messageRemoved, { chatId, id }));
    if (change.chat) {
      // The chat's client sees only its public part: not emitted again when a message left it as it was.
      const visible = publicChat(change.chat);
      if (!change.previous || JSON.stringify(publicChat(change.previous)) !== JSON.stringify(visible)) emits.push(emit(chatRoom(chatId), chatEvents.chat, visible));
      emits.push(emit(STAFF_ROOM, chatEvents.chat, change.chat));
    }
    await Promise.all(emits);
  }

  const engine: ChatEngine = {
    readModels: deps.readModels,
    emit,
    chat: (chatId) => chatsOf().get(chatId),
    messagesOf,
    onlineStaffCount,
    async run(chatId, command, metadata) {
      const { newEvents, events } = await handleCommand(deps.eventStore, chatStream(chatId), chatDecider, command, { ...(metadata ? { metadata } : {}), inline: [project] });
      const last = events.at(-1);
      if (!last) return newEvents;
      const key = chatChangeKey(chatId, last.streamVersion);
      const change = changes.get(key) ?? (await readBack(chatId, events));
      changes.delete(key);
      await publish(chatId, change);
      if (command.type === 'SendClientMessage' && ai.configured && change.chat?.aiAutoResponse && change.chat.awaitingReply) void autoRespondIfAlone(change.chat);
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

  /** A client message in a chat the AI answers: at once when no staff is online (else the sweep, after the delay). */
  async function autoRespondIfAlone(chat: ChatDoc) {
    try {
      if ((await onlineStaffCount()) === 0) await answer(chat);
    } catch (err) {
      deps.logger.warn({ err, chatId: chat.id }, 'AI auto-response failed');
    }
  }

  return engine;
}

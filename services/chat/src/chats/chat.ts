import { conflict, forbidden, notFound, type Decider } from '@seatside/chassis';

export const chatMessages = {
  messageRequired: 'Message is required',
  typeInvalid: 'Type must be text',
  notFound: 'Chat not found',
  messageNotFound: 'Message not found',
  notYourMessage: 'You can only edit your own messages',
  noAccess: 'You do not have access to this chat',
  joinInvalid: 'Send the chat id in the connection auth',
  sent: 'Message sent',
  edited: 'Message edited',
  unsent: 'Message unsent',
  read: 'Chat read',
  left: 'Chat left',
  ended: 'Chat ended',
  highlighted: 'Chat bookmarked',
  unhighlighted: 'Chat unbookmarked',
  deleted: 'Chat deleted',
  faqCreated: 'FAQ created',
  faqPairInvalid: 'Pick a client question and a support answer',
  autoResponseOn: 'AI auto-response on',
  autoResponseOff: 'AI auto-response off',
  statusSaved: 'Online status saved',
} as const;

export type SenderGroup = 'client' | 'support';

/** How staff are named to visitors (messages, typing): the name of their status record, else their e-mail's local part. */
export const staffName = (recorded: string | null | undefined, email: string | undefined): string => recorded || (email ?? '').split('@')[0] || 'Support';

export interface ChatUser {
  id: string;
  name: string;
  email: string;
  authenticated: boolean;
}

export interface ChatMessageFields {
  messageId: string;
  text: string;
  clientId: string;
  sentBy: string;
  senderGroup: SenderGroup;
  name: string;
  /** An answer of the AI (auto-response), shown as such. */
  ai?: boolean;
}

type At = { chatId: string; at: string };

export type ChatEvent =
  | { type: 'ChatStarted'; data: At & { startedBy: ChatUser } }
  | { type: 'ChatMessageSent'; data: At & ChatMessageFields }
  | { type: 'ChatMessageEdited'; data: At & { messageId: string; text: string } }
  | { type: 'ChatMessageUnsent'; data: At & { messageId: string } }
  | { type: 'ChatReadByStaff'; data: At & { user: ChatUser } }
  | { type: 'ChatLeftByStaff'; data: At & { userId: string } }
  | { type: 'ChatEnded'; data: At }
  | { type: 'ChatReopened'; data: At }
  | { type: 'ChatHighlightSet'; data: At & { highlighted: boolean } }
  | { type: 'ChatAiAutoResponseSet'; data: At & { enabled: boolean } }
  | { type: 'ChatDeleted'; data: At };

export type ChatCommand =
  | { type: 'SendClientMessage'; data: At & { user: ChatUser; message: ChatMessageFields } }
  | { type: 'SendSupportMessage'; data: At & { message: ChatMessageFields } }
  /** The AI answers the client message awaiting a reply since `awaitingSince` (refused once answered). */
  | { type: 'SendAiMessage'; data: At & { message: ChatMessageFields; awaitingSince: string } }
  | { type: 'EditMessage'; data: At & { messageId: string; text: string; by: string } }
  | { type: 'UnsendMessage'; data: At & { messageId: string } }
  | { type: 'ReadChat'; data: At & { user: ChatUser } }
  | { type: 'LeaveChat'; data: At & { userId: string } }
  | { type: 'EndChat'; data: At }
  | { type: 'SetHighlight'; data: At & { highlighted: boolean } }
  | { type: 'SetAiAutoResponse'; data: At & { enabled: boolean } }
  | { type: 'DeleteChat'; data: At };

interface MessageState {
  sentBy: string;
  senderGroup: SenderGroup;
  text: string;
}

export type ChatState =
  | { status: 'none' | 'deleted' }
  | {
      status: 'open' | 'ended';
      messages: Record<string, MessageState>;
      /** When the oldest client message without a support answer arrived; undefined when answered. */
      awaitingSince?: string;
      users: string[];
      highlighted: boolean;
      aiAutoResponse: boolean;
    };

type Live = Extract<ChatState, { status: 'open' | 'ended' }>;

const live = (state: ChatState): Live => {
  if (state.status !== 'open' && state.status !== 'ended') throw notFound(chatMessages.notFound);
  return state;
};

const sent = (data: At & ChatMessageFields): ChatEvent => ({ type: 'ChatMessageSent', data });

export const chatDecider: Decider<ChatCommand, ChatEvent, ChatState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const { chatId, at } = command.data;
    switch (command.type) {
      case 'SendClientMessage': {
        const events: ChatEvent[] = [];
        // A new chat (or a fresh one after staff deleted the last), or an ended one reopened by its client.
        if (state.status === 'none' || state.status === 'deleted') events.push({ type: 'ChatStarted', data: { chatId, at, startedBy: command.data.user } });
        else if (state.status === 'ended') events.push({ type: 'ChatReopened', data: { chatId, at } });
        events.push(sent({ chatId, at, ...command.data.message }));
        return events;
      }
      case 'SendSupportMessage':
        live(state);
        return [sent({ chatId, at, ...command.data.message })];
      case 'SendAiMessage': {
        const chat = live(state);
        if (chat.awaitingSince !== command.data.awaitingSince) throw conflict('This message was answered already');
        return [sent({ chatId, at, ...command.data.message, ai: true })];
      }
      case 'EditMessage': {
        const message = live(state).messages[command.data.messageId];
        if (!message) throw notFound(chatMessages.messageNotFound);
        if (message.sentBy !== command.data.by || message.senderGroup !== 'support') throw forbidden(chatMessages.notYourMessage);
        return [{ type: 'ChatMessageEdited', data: { chatId, at, messageId: command.data.messageId, text: command.data.text } }];
      }
      case 'UnsendMessage':
        if (!live(state).messages[command.data.messageId]) throw notFound(chatMessages.messageNotFound);
        return [{ type: 'ChatMessageUnsent', data: { chatId, at, messageId: command.data.messageId } }];
      case 'ReadChat':
        live(state);
        return [{ type: 'ChatReadByStaff', data: { chatId, at, user: command.data.user } }];
      case 'LeaveChat':
        // Leaving a chat one is not in (the page's leave after its closed connection's) changes nothing.
        if (!live(state).users.includes(command.data.userId)) return [];
        return [{ type: 'ChatLeftByStaff', data: { chatId, at, userId: command.data.userId } }];
      case 'EndChat':
        if (live(state).status === 'ended') return [];
        return [{ type: 'ChatEnded', data: { chatId, at } }];
      case 'SetHighlight':
        if (live(state).highlighted === command.data.highlighted) return [];
        return [{ type: 'ChatHighlightSet', data: { chatId, at, highlighted: command.data.highlighted } }];
      case 'SetAiAutoResponse':
        if (live(state).aiAutoResponse === command.data.enabled) return [];
        return [{ type: 'ChatAiAutoResponseSet', data: { chatId, at, enabled: command.data.enabled } }];
      case 'DeleteChat':
        live(state);
        return [{ type: 'ChatDeleted', data: { chatId, at } }];
    }
  },
  evolve(state, event) {
    if (event.type === 'ChatStarted') return { status: 'open', messages: {}, users: [event.data.startedBy.id], highlighted: false, aiAutoResponse: false };
    if (event.type === 'ChatDeleted') return { status: 'deleted' };
    if (state.status !== 'open' && state.status !== 'ended') return state;
    switch (event.type) {
      case 'ChatMessageSent': {
        const { messageId, sentBy, senderGroup, text } = event.data;
        const awaitingSince = senderGroup === 'client' ? (state.awaitingSince ?? event.data.at) : undefined;
        return { ...state, messages: { ...state.messages, [messageId]: { sentBy, senderGroup, text } }, awaitingSince };
      }
      case 'ChatMessageEdited': {
        const message = state.messages[event.data.messageId];
        return message ? { ...state, messages: { ...state.messages, [event.data.messageId]: { ...message, text: event.data.text } } } : state;
      }
      case 'ChatMessageUnsent': {
        const { [event.data.messageId]: _gone, ...messages } = state.messages;
        return { ...state, messages };
      }
      case 'ChatReadByStaff':
        return state.users.includes(event.data.user.id) ? state : { ...state, users: [...state.users, event.data.user.id] };
      case 'ChatLeftByStaff':
        return { ...state, users: state.users.filter((id) => id !== event.data.userId) };
      case 'ChatEnded':
        return { ...state, status: 'ended' };
      case 'ChatReopened':
        return { ...state, status: 'open' };
      case 'ChatHighlightSet':
        return { ...state, highlighted: event.data.highlighted };
      case 'ChatAiAutoResponseSet':
        return { ...state, aiAutoResponse: event.data.enabled };
      default:
        return state;
    }
  },
};

export const chatStream = (chatId: string) => `chat-${chatId}`;

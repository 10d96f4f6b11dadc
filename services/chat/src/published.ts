import { protoTimestamp as time, publication, published, type Publications } from '@seatside/chassis';
import { chatV1 } from '@seatside/proto';
import { chatDecider, type ChatEvent, type ChatState, type SenderGroup } from './chats/chat';
import { contactDecider, type ContactEvent, type ContactState } from './contact/contact';

/**
 * The chat service's published stream (docs/ARCHITECTURE.md, Published streams): one pure mapping
 * per domain event to the integration events of `seatside.chat.v1`. Platform-level: the envelope
 * names no tenant. The notifications service follows it to alert support staff.
 */

const senderGroup: Record<SenderGroup, chatV1.SenderGroup> = {
  client: chatV1.SenderGroup.CLIENT,
  support: chatV1.SenderGroup.SUPPORT,
};

export const contactPublication = publication<ContactEvent, ContactState>({
  streamPrefix: 'contact-',
  decider: contactDecider,
  map: {
    ContactSubmitted: ({ data }) =>
      published(chatV1.ContactSubmittedSchema, {
        envelope: {},
        submissionId: data.submissionId,
        fullname: data.fullname,
        email: data.email,
        phone: data.phone,
        message: data.message,
      }),
  },
});

export const chatPublication = publication<ChatEvent, ChatState>({
  streamPrefix: 'chat-',
  decider: chatDecider,
  map: {
    ChatStarted: ({ data }, state) =>
      published(chatV1.ChatStartedSchema, {
        envelope: {},
        chatId: data.chatId,
        startedBy: data.startedBy.id,
        name: data.startedBy.name,
        email: data.startedBy.email,
        authenticated: data.startedBy.authenticated,
        aiAutoResponse: state.status === 'open' || state.status === 'ended' ? state.aiAutoResponse : false,
        createdAt: time(data.at),
      }),
    ChatMessageSent: ({ data }) =>
      published(chatV1.ChatMessageSentSchema, {
        envelope: {},
        chatId: data.chatId,
        messageId: data.messageId,
        text: data.text,
        clientId: data.clientId,
        sentBy: data.sentBy,
        senderGroup: senderGroup[data.senderGroup] ?? chatV1.SenderGroup.UNSPECIFIED,
        name: data.name,
        aiGenerated: data.ai === true,
        sentAt: time(data.at),
      }),
    ChatReadByStaff: ({ data }) => published(chatV1.ChatStaffJoinedSchema, { envelope: {}, chatId: data.chatId, uid: data.user.id, name: data.user.name }),
    ChatLeftByStaff: ({ data }) => published(chatV1.ChatStaffLeftSchema, { envelope: {}, chatId: data.chatId, uid: data.userId }),
    ChatEnded: ({ data, metadata }) => published(chatV1.ChatEndedSchema, { envelope: {}, chatId: data.chatId, endedBy: metadata?.actorId ?? '', endedAt: time(data.at) }),
    ChatDeleted: ({ data, metadata }) => published(chatV1.ChatDeletedSchema, { envelope: {}, chatId: data.chatId, deletedBy: metadata?.actorId ?? '' }),
    // Edits, unsends, bookmarks and the AI switch are the inbox's own business: not published.
  },
});

/** Raise `version` when a mapping starts publishing events it did not before (chassis Publications). */
export const chatPublications: Publications = {
  version: 1,
  streams: [contactPublication, chatPublication],
};

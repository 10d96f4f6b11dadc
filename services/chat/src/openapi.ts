import { z } from 'zod';
import { itemsAnswer, listQuerySchema, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';
import { articleSchemas as articles } from './articles/http';
import { chatSchemas as chats } from './chats/http';
import { contactForm } from './contact/http';
import { faqSchemas as faqs } from './faqs/http';

/** What a write answers: the record it touched and the spec's text. */
const done = z.object({ id: z.string(), message: z.string() });
const faq = recordAnswer({ question: z.string(), answer: z.string(), scope: z.string(), createdAt: z.string(), updatedAt: z.string() });
const article = recordAnswer({
  title: z.string(),
  description: z.string(),
  markdown: z.string(),
  image: z.string().describe('A media upload’s /v1/media/… path or an https URL; empty for none'),
  published: z.boolean(),
  news: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
/** Staff see the edit version too (its ETag). */
const draft = article.extend({ version: z.number().int() });
const submission = recordAnswer({ fullname: z.string(), email: z.string(), phone: z.string(), message: z.string(), source: z.enum(['page', 'widget']), submittedAt: z.string() });
const chatUser = z.object({ id: z.string(), name: z.string(), email: z.string(), authenticated: z.boolean() }).loose();
const message = recordAnswer({
  chatId: z.string(),
  text: z.string(),
  clientId: z.string(),
  timestamp: z.string(),
  seq: z.number().int(),
  sentBy: z.string(),
  senderGroup: z.enum(['client', 'support']),
  name: z.string(),
  ai: z.boolean(),
  edited: z.boolean(),
});
/** A chat as the support inbox reads it. */
const inboxChat = recordAnswer({
  users: z.record(z.string(), chatUser),
  startedBy: z.string(),
  lastInteracted: z.string(),
  mostRecentMessage: z.string(),
  ended: z.boolean(),
  highlighted: z.boolean(),
  aiAutoResponse: z.boolean(),
  awaitingReply: z.boolean(),
  createdAt: z.string(),
  unread: z.boolean().describe('Not read by the caller'),
});
/** What the widget sees of its chat. */
const visitorChat = z.object({ id: z.string(), ended: z.boolean(), staff: z.array(z.object({ id: z.string(), name: z.string() })) });
const staff = recordAnswer({ online: z.boolean(), lastOnline: z.string().nullable(), name: z.string(), avatar: z.string().nullable() });
const liveSession = z.object({
  channel: z.string(),
  token: z.string(),
  uid: z.string(),
  provider: z.enum(['livekit', 'p2p']).describe('`livekit`: join `url` with `token`; `p2p`: WebRTC signalled over the /chat socket'),
  url: z.string().optional(),
});

/**
 * The chat service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const chatApi: ServiceApiDoc = {
  tag: 'chat',
  description: 'Contact forms, FAQs, the support chat and its live calls, articles (docs/chat-api.md).',
  operations: [
    { route: 'GET /v1/admin/articles', summary: 'List articles, drafts and published (support staff)', query: listQuerySchema, response: pageSchema(draft) },
    { route: 'POST /v1/admin/articles', summary: 'Write an article in markdown (support staff)', body: articles.createArticle, response: done, status: 201, example: { body: { title: 'Ordering from your seat', description: 'Scan, order, pay.', markdown: '# Ordering\n\nScan the code on your table.', published: true } } },
    { route: 'GET /v1/admin/articles/:articleId', summary: 'Read one article with its edit version (support staff)', response: draft },
    { route: 'POST /v1/admin/articles/:articleId', summary: 'Change an article; publishing makes it public (support staff)', body: articles.updateArticle, response: done, status: 200, errors: ['version_conflict'], example: { body: { published: true } } },
    { route: 'DELETE /v1/admin/articles/:articleId', summary: 'Delete an article (support staff)', response: done, errors: ['version_conflict'] },
    { route: 'GET /v1/articles', summary: 'List published articles, newest first (`news=true`: the News ones)', query: listQuerySchema.extend(articles.articleFilter.shape), response: pageSchema(article), public: true },
    { route: 'GET /v1/articles/:articleId', summary: 'Read one published article', response: article, public: true },
    { route: 'GET /v1/admin/chats', summary: 'The support inbox: open, ended or bookmarked chats, latest first (support staff)', query: chats.inboxQuery, response: pageSchema(inboxChat) },
    { route: 'DELETE /v1/admin/chats/:chatId', summary: 'Delete a chat (support staff)', response: done },
    { route: 'GET /v1/admin/chats/:chatId', summary: 'Read a chat with its messages (support staff)', response: inboxChat.extend({ messages: z.array(message) }) },
    { route: 'POST /v1/admin/chats/:chatId/ai-auto-response', summary: 'Let the AI answer this chat when no staff does, or stop it (support staff)', body: chats.autoResponse, response: done, status: 200, errors: ['ai_not_configured'], example: { body: { enabled: false } } },
    { route: 'POST /v1/admin/chats/:chatId/end', summary: 'End a chat (support staff)', response: done, status: 200 },
    { route: 'POST /v1/admin/chats/:chatId/faq', summary: 'Make an FAQ of a client question and a support answer in the chat (support staff)', body: chats.faqPair, response: done.extend({ question: z.string(), answer: z.string() }), status: 201, example: { body: { questionMessageId: 'message-1', answerMessageId: 'message-2' } } },
    { route: 'POST /v1/admin/chats/:chatId/highlight', summary: 'Bookmark a chat (support staff)', response: done, status: 200 },
    { route: 'POST /v1/admin/chats/:chatId/leave', summary: 'Leave a chat (support staff)', response: done, status: 200 },
    { route: 'POST /v1/admin/chats/:chatId/messages', summary: 'Answer in a chat (support staff)', body: chats.staffMessage, response: done, status: 201, example: { body: { text: 'Hello! How can we help?' } } },
    { route: 'DELETE /v1/admin/chats/:chatId/messages/:messageId', summary: 'Unsend a message (support staff)', response: done },
    { route: 'POST /v1/admin/chats/:chatId/messages/:messageId', summary: 'Edit your own message (support staff)', body: chats.staffMessage, response: done, status: 200, example: { body: { text: 'Hello! How can we help you today?' } } },
    { route: 'POST /v1/admin/chats/:chatId/read', summary: 'Mark a chat read (support staff)', response: done, status: 200 },
    { route: 'POST /v1/admin/chats/:chatId/unhighlight', summary: 'Remove a chat’s bookmark (support staff)', response: done, status: 200 },
    { route: 'GET /v1/admin/contact-submissions', summary: 'The contact forms sent, newest first (support staff)', query: listQuerySchema, response: pageSchema(submission) },
    { route: 'GET /v1/admin/contact-submissions/:id', summary: 'Read one contact form (support staff)', response: submission },
    { route: 'POST /v1/admin/online-staff', summary: 'Set your online status, name and avatar for the widget (support staff)', body: chats.onlineStatus, response: staff.extend({ message: z.string() }), status: 200, example: { body: { online: true, name: 'Support' } } },
    { route: 'GET /v1/admin/online-staff/me', summary: 'Your online status (support staff)', response: staff },
    { route: 'GET /v1/chat', summary: 'The visitor’s chat id (an anonymous visitor gets its cookie)', response: z.object({ id: z.string() }), public: true },
    { route: 'POST /v1/chat', summary: 'Send a message to support from the widget', body: chats.clientMessage, response: done.extend({ chatId: z.string() }), status: 201, public: true, example: { body: { message: 'Hello, is the kitchen still open?' } } },
    { route: 'GET /v1/chat/messages', summary: 'The visitor’s chat and its messages', response: z.object({ id: z.string(), chat: visitorChat.nullable(), data: z.array(message) }), public: true },
    { route: 'POST /v1/chat/respond', summary: 'Draft an answer to a question with the AI (support staff)', body: chats.draftRequest, response: z.object({ message: z.string().describe('The drafted answer') }), status: 200, errors: ['ai_not_configured'], example: { body: { message: 'Do you take card payments?' } } },
    { route: 'GET /v1/chat/staff', summary: 'The support staff, most recently online first, for the widget’s avatars', response: itemsAnswer(staff), public: true },
    {
      route: 'POST /v1/contact',
      summary: 'Send a contact form (the /contact page’s, or the widget’s with `source: widget`, which also needs an e-mail and a phone)',
      body: contactForm,
      response: done,
      status: 201,
      public: true,
      example: { body: { fullname: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you support table service?' } },
    },
    { route: 'GET /v1/contact-submissions', summary: 'The contact forms sent (the older name of /v1/admin/contact-submissions)', query: listQuerySchema, response: pageSchema(submission) },
    { route: 'GET /v1/faqs', summary: 'List the FAQs (`scope=pricing`: the pricing page’s)', query: listQuerySchema.extend(faqs.faqFilter.shape), response: pageSchema(faq), public: true },
    { route: 'POST /v1/faqs', summary: 'Write an FAQ (support staff)', body: faqs.createFaq, response: done, status: 201, example: { body: { question: 'Can I pay at the table?', answer: 'Yes, by card or in cash.', scope: 'general' } } },
    { route: 'DELETE /v1/faqs/:faqId', summary: 'Delete an FAQ (support staff)', response: done, errors: ['version_conflict'] },
    { route: 'GET /v1/faqs/:faqId', summary: 'Read one FAQ', response: faq, public: true, example: { params: { faqId: 'seed-1' } } },
    { route: 'POST /v1/faqs/:faqId', summary: 'Change an FAQ (support staff)', body: faqs.updateFaq, response: done, status: 200, errors: ['version_conflict'], example: { body: { answer: 'Yes, by card, phone or in cash.' } } },
    { route: 'POST /v1/live/:chatId', summary: 'Start a live call in a chat: a session for the chat’s visitor or support staff', response: liveSession, status: 200, public: true },
  ],
};

import { z } from 'zod';
import { itemsAnswer, listQuerySchema, pageSchema, recordAnswer, type ServiceApiDoc } from '@seatside/chassis';

const faq = recordAnswer({ question: z.string(), answer: z.string(), scope: z.string() });

/**
 * The chat service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
export const chatApi: ServiceApiDoc = {
  tag: 'chat',
  description: 'Contact submissions, FAQs, chats, articles and subscribers.',
  operations: [
    { route: 'GET /v1/admin/articles', summary: 'List articles (drafts and published; admins)' },
    { route: 'POST /v1/admin/articles', summary: 'Create an article (admins)' },
    { route: 'GET /v1/admin/articles/:articleId', summary: 'Read one article (admins)' },
    { route: 'POST /v1/admin/articles/:articleId', summary: 'Update an article (admins)' },
    { route: 'DELETE /v1/admin/articles/:articleId', summary: 'Delete an article (admins)' },
    { route: 'GET /v1/articles', summary: 'List published articles', query: listQuerySchema, response: pageSchema(recordAnswer({})), public: true },
    { route: 'GET /v1/articles/:articleId', summary: 'Read one published article', public: true },
    { route: 'GET /v1/admin/chats', summary: 'List or read chats' },
    { route: 'DELETE /v1/admin/chats/:chatId', summary: 'Delete one of chats' },
    { route: 'GET /v1/admin/chats/:chatId', summary: 'Read one of chats' },
    { route: 'POST /v1/admin/chats/:chatId/ai-auto-response', summary: 'Ai auto response (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/end', summary: 'End (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/faq', summary: 'Faq (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/highlight', summary: 'Highlight (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/leave', summary: 'Leave (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/messages', summary: 'Messages (POST)' },
    { route: 'DELETE /v1/admin/chats/:chatId/messages/:messageId', summary: 'Delete one of messages' },
    { route: 'POST /v1/admin/chats/:chatId/messages/:messageId', summary: 'Update one of messages' },
    { route: 'POST /v1/admin/chats/:chatId/read', summary: 'Read (POST)' },
    { route: 'POST /v1/admin/chats/:chatId/unhighlight', summary: 'Unhighlight (POST)' },
    { route: 'GET /v1/admin/contact-submissions', summary: 'List or read contact submissions' },
    { route: 'GET /v1/admin/contact-submissions/:id', summary: 'Read one of contact submissions' },
    { route: 'POST /v1/admin/online-staff', summary: 'Online staff (POST)' },
    { route: 'GET /v1/admin/online-staff/me', summary: 'List or read me' },
    { route: 'GET /v1/chat', summary: 'The visitor’s chat id', response: z.object({ id: z.string() }) },
    { route: 'POST /v1/chat', summary: 'Chat (POST)' },
    { route: 'GET /v1/chat/messages', summary: 'The visitor’s chat and its messages', response: z.object({ id: z.string(), chat: z.object({}).loose().nullable(), data: z.array(z.object({}).loose()) }) },
    { route: 'POST /v1/chat/respond', summary: 'Respond (POST)' },
    { route: 'GET /v1/chat/staff', summary: 'The support staff online now', response: itemsAnswer(z.object({}).loose()) },
    { route: 'POST /v1/contact', summary: 'Contact (POST)', public: true },
    { route: 'GET /v1/contact-submissions', summary: 'List or read contact submissions' },
    { route: 'GET /v1/faqs', summary: 'List the FAQs', query: listQuerySchema, response: pageSchema(faq), public: true },
    { route: 'POST /v1/faqs', summary: 'Faqs (POST)' },
    { route: 'DELETE /v1/faqs/:faqId', summary: 'Delete one of faqs' },
    { route: 'GET /v1/faqs/:faqId', summary: 'Read one FAQ', response: faq, public: true },
    { route: 'POST /v1/faqs/:faqId', summary: 'Update one of faqs' },
    { route: 'POST /v1/live/:chatId', summary: 'Update one of live' },
  ],
};

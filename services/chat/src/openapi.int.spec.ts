import { z } from 'zod';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createChatService } from './index';
import { chatApi } from './openapi';

/**
 * The gateway's contract walk (gateway/src/openapi.int.spec.ts) calls each operation once as a
 * tenant member, so it never sees staff answers or a record's own page. Here support staff and a
 * visitor go through every chat operation with real ids, and each success answer must be what the
 * operation's `response` in src/openapi.ts says.
 */
describe('chat OpenAPI answers (src/openapi.ts)', () => {
  let svc: TestService;
  let staff: string;
  let diner: string;

  beforeAll(async () => {
    svc = await startTestService(createChatService({ seedFaqs: [] }));
    staff = `Bearer ${await svc.tokenFor({ uid: 'staff', email: 'support@example.com', claims: { admin: true } })}`;
    diner = `Bearer ${await svc.tokenFor({ uid: 'diner', email: 'diner@example.com' })}`;
  });
  afterAll(() => svc.stop());

  const called = new Set<string>();
  /** Calls a documented operation; answers its body once the status and the answer are as documented. */
  async function call(route: string, as: string, params: Record<string, string> = {}, body?: object): Promise<{ id: string; chatId: string }> {
    const operation = chatApi.operations.find((o) => o.route === route);
    if (!operation?.response) throw new Error(`${route} is not documented with a response`);
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
    let req = svc.http()[method.toLowerCase() as 'get'](url).set('authorization', as);
    if (body) req = req.send(body);
    const res = await req;
    const checked = operation.response.safeParse(res.body);
    called.add(route);
    expect([route, res.status, checked.success ? 'as documented' : z.prettifyError(checked.error)]).toEqual([route, operation.status ?? 200, 'as documented']);
    return res.body as { id: string; chatId: string };
  }

  it('given a visitor’s chat answered by support staff, then every chat, inbox and staff answer is as documented', async () => {
    const question = await call('POST /v1/chat', diner, {}, { message: 'Do you take cards?' });
    const chatId = question.chatId;
    await call('GET /v1/chat', diner);
    await call('POST /v1/admin/online-staff', staff, {}, { online: true, name: 'Sam' });
    await call('GET /v1/admin/online-staff/me', staff);
    await call('GET /v1/chat/staff', diner);
    await call('GET /v1/admin/chats', staff);
    const answer = await call('POST /v1/admin/chats/:chatId/messages', staff, { chatId }, { text: 'We do.' });
    await call('POST /v1/admin/chats/:chatId/messages/:messageId', staff, { chatId, messageId: answer.id }, { text: 'We do, every card.' });
    await call('GET /v1/chat/messages', diner);
    await call('GET /v1/admin/chats/:chatId', staff, { chatId });
    for (const step of ['read', 'highlight', 'unhighlight', 'leave']) await call(`POST /v1/admin/chats/:chatId/${step}`, staff, { chatId });
    await call('POST /v1/admin/chats/:chatId/ai-auto-response', staff, { chatId }, { enabled: false });
    await call('POST /v1/admin/chats/:chatId/faq', staff, { chatId }, { questionMessageId: question.id, answerMessageId: answer.id });
    await call('POST /v1/live/:chatId', diner, { chatId });
    await call('DELETE /v1/admin/chats/:chatId/messages/:messageId', staff, { chatId, messageId: answer.id });
    await call('POST /v1/admin/chats/:chatId/end', staff, { chatId });
    await call('DELETE /v1/admin/chats/:chatId', staff, { chatId });
  });

  it('given a contact form, an article and an FAQ, then their writes and reads answer as documented', async () => {
    const form = await call('POST /v1/contact', diner, {}, { fullname: 'Ada Lovelace', message: 'Table service?' });
    await call('GET /v1/admin/contact-submissions', staff);
    await call('GET /v1/contact-submissions', staff);
    await call('GET /v1/admin/contact-submissions/:id', staff, { id: form.id });

    const article = await call('POST /v1/admin/articles', staff, {}, { title: 'Ordering from your seat', markdown: '# Scan' });
    await call('POST /v1/admin/articles/:articleId', staff, { articleId: article.id }, { published: true, news: true });
    await call('GET /v1/admin/articles', staff);
    await call('GET /v1/admin/articles/:articleId', staff, { articleId: article.id });
    await call('GET /v1/articles', diner);
    await call('GET /v1/articles/:articleId', diner, { articleId: article.id });
    await call('DELETE /v1/admin/articles/:articleId', staff, { articleId: article.id });

    const faq = await call('POST /v1/faqs', staff, {}, { question: 'Can I pay at the table?', answer: 'Yes.' });
    await call('POST /v1/faqs/:faqId', staff, { faqId: faq.id }, { answer: 'Yes, by card.' });
    await call('GET /v1/faqs', diner);
    await call('GET /v1/faqs/:faqId', diner, { faqId: faq.id });
    await call('DELETE /v1/faqs/:faqId', staff, { faqId: faq.id });
  });

  it('given both walks, then every operation with an answer schema was called but the AI draft (503 without an AI)', () => {
    const documented = chatApi.operations.filter((o) => o.response).map((o) => o.route);
    expect(documented.filter((route) => !called.has(route))).toEqual(['POST /v1/chat/respond']);
  });
});

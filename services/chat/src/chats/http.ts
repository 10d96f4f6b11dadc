import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, metadataFrom, notFound, parseInput, requirePlatformAdmin, requiredText, validationFailed, TEXT_MAX, type Principal, type ServiceDeps,
} from '@seatside/chassis';
import { aiNotConfigured, type Ai } from '@seatside/chassis/src/ai';
import { faqDecider, faqStream } from '../faqs/faq';
import { projectFaqs } from '../faqs/projections';
import { draftReply, groundingOf, type ArticleSource } from './ai';
import { chatMessages as m, staffName, type ChatUser } from './chat';
import { chatEvents, PRESENCE_ROOM, publicChat, STAFF_ROOM, type ChatEngine } from './engine';
import type { LivePort } from './live';
import { chats, onlineStaff, type ChatDoc, type OnlineStaffDoc } from './projections';
import { accessTo, visitorFor, visitorOf } from './visitor';

const MESSAGE_MAX = TEXT_MAX.long;

const clientMessage = z.object({
  message: requiredText(m.messageRequired).max(MESSAGE_MAX),
  type: z.literal('text', { error: m.typeInvalid }).optional().default('text'),
  clientId: z.string().trim().max(TEXT_MAX.id).optional(),
});
const staffMessage = z.object({ text: requiredText(m.messageRequired).max(MESSAGE_MAX), clientId: z.string().trim().max(TEXT_MAX.id).optional() });
const draftRequest = z.object({ message: requiredText(m.messageRequired).max(MESSAGE_MAX) });
const faqPair = z.object({ questionMessageId: requiredText(m.faqPairInvalid).max(TEXT_MAX.id), answerMessageId: requiredText(m.faqPairInvalid).max(TEXT_MAX.id) });
const tabs = z.enum(['open', 'ended', 'bookmarked']).default('open');
const inboxQuery = z.object({ tab: tabs, cursor: z.string().max(TEXT_MAX.url).optional() });
const autoResponse = z.object({ enabled: z.boolean({ error: 'Enabled must be true or false' }) });
const onlineStatus = z.object({
  online: z.boolean({ error: 'Online must be true or false' }),
  name: z.string().trim().max(TEXT_MAX.name).optional(),
  avatar: z.string().trim().max(2048).url().optional().or(z.literal('')),
});

/** The schemas the chat routes validate with, for the OpenAPI document (src/openapi.ts). */
export const chatSchemas = { clientMessage, staffMessage, draftRequest, faqPair, inboxQuery, autoResponse, onlineStatus };

export interface ChatRouterOptions {
  ai: Ai;
  live: LivePort;
  articles?: ArticleSource;
}

/**
 * The widget's chat (`/v1/chat…`, the visitor's own chat by account or cookie), the admin inbox
 * (`/v1/admin/chats…`, the admin claim), online staff and live-call tokens (docs/chat-api.md).
 */
export function chatRouter(deps: ServiceDeps, engine: ChatEngine, options: ChatRouterOptions): Router {
  const router = Router();
  const staffOf = () => deps.readModels.collection<OnlineStaffDoc>(onlineStaff);
  const at = () => deps.now().toISOString();

  const staffUser = async (principal: Principal): Promise<ChatUser> => {
    const record = await staffOf().get(principal.uid);
    const email = principal.email ?? '';
    return { id: principal.uid, name: staffName(record?.name, email), email, authenticated: true };
  };
  const existingChat = async (chatId: string) => {
    const chat = await engine.chat(chatId);
    if (!chat) throw notFound(m.notFound);
    return chat;
  };

  // ---- The widget (a visitor: an account, or the anonymous cookie) ----

  router.get('/v1/chat', (req, res) => {
    const visitor = visitorFor(req, res);
    res.json({ id: visitor.chatId });
  });

  router.get('/v1/chat/messages', async (req, res) => {
    const visitor = visitorFor(req, res);
    const chat = await engine.chat(visitor.chatId);
    res.json({ id: visitor.chatId, chat: chat ? publicChat(chat) : null, data: chat ? await engine.messagesOf(visitor.chatId) : [] });
  });

  router.post('/v1/chat', async (req, res) => {
    const body = parseInput(clientMessage, req.body ?? {});
    const visitor = visitorFor(req, res);
    const messageId = deps.newId();
    await engine.run(
      visitor.chatId,
      {
        type: 'SendClientMessage',
        data: {
          chatId: visitor.chatId, at: at(), user: visitor.user,
          message: { messageId, text: body.message, clientId: body.clientId ?? messageId, sentBy: visitor.user.id, senderGroup: 'client', name: visitor.user.name },
        },
      },
      metadataFrom(req),
    );
    res.status(201).json({ id: messageId, chatId: visitor.chatId, message: m.sent });
  });

  /** The widget's staff avatars and online dots. */
  router.get('/v1/chat/staff', async (_req, res) => {
    const page = await staffOf().find({ sort: 'lastOnline', order: 'desc', limit: 20 });
    res.json({ data: page.data });
  });

  router.post('/v1/chat/respond', async (req, res) => {
    requirePlatformAdmin(req);
    const { message } = parseInput(draftRequest, req.body ?? {});
    if (!options.ai.configured) throw aiNotConfigured();
    const draft = await draftReply(options.ai, await groundingOf(deps.readModels, message, options.articles), message);
    res.json({ message: draft });
  });

  /** A live-call session for the chat's client or staff (the seed sends no auth; ours needs the cookie or an admin). */
  router.post('/v1/live/:chatId', async (req, res) => {
    const { chatId } = req.params;
    const access = accessTo(chatId, req.principal, req.headers.cookie);
    await existingChat(chatId);
    const identity = access.role === 'staff' ? access.principal.uid : access.visitor.user.id;
    const name = access.role === 'staff' ? (await staffUser(access.principal)).name : access.visitor.user.name;
    res.json(await options.live.session(chatId, identity, name));
  });

  // ---- The admin inbox (support staff) ----

  router.get('/v1/admin/chats', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const { tab, cursor } = parseInput(inboxQuery, req.query ?? {});
    const filter: Record<string, boolean> = tab === 'bookmarked' ? { highlighted: true } : { ended: tab === 'ended' };
    const page = await deps.readModels.collection<ChatDoc>(chats).find({ filter, sort: 'lastInteracted', order: 'desc', limit: 50, ...(cursor ? { cursor } : {}) });
    res.json({ ...page, data: page.data.map((chat) => ({ ...chat, unread: !chat.readBy.includes(admin.uid) })) });
  });

  router.get('/v1/admin/chats/:chatId', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const chat = await existingChat(req.params.chatId);
    res.json({ ...chat, unread: !chat.readBy.includes(admin.uid), messages: await engine.messagesOf(chat.id) });
  });

  const staffCommand = (path: string, build: (req: Request, chatId: string, admin: Principal) => Promise<Parameters<ChatEngine['run']>[1]>, message: string) =>
    router.post(path, async (req, res) => {
      const admin = requirePlatformAdmin(req);
      const { chatId } = req.params as { chatId: string };
      await engine.run(chatId, await build(req, chatId, admin), metadataFrom(req));
      res.json({ id: chatId, message });
    });

  router.post('/v1/admin/chats/:chatId/messages', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const body = parseInput(staffMessage, req.body ?? {});
    const { chatId } = req.params;
    const user = await staffUser(admin);
    const messageId = deps.newId();
    await engine.run(chatId, { type: 'SendSupportMessage', data: { chatId, at: at(), message: { messageId, text: body.text, clientId: body.clientId ?? messageId, sentBy: admin.uid, senderGroup: 'support', name: user.name } } }, metadataFrom(req));
    res.status(201).json({ id: messageId, message: m.sent });
  });

  router.post('/v1/admin/chats/:chatId/messages/:messageId', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const body = parseInput(staffMessage, req.body ?? {});
    const { chatId, messageId } = req.params;
    await engine.run(chatId, { type: 'EditMessage', data: { chatId, at: at(), messageId, text: body.text, by: admin.uid } }, metadataFrom(req));
    res.json({ id: messageId, message: m.edited });
  });

  router.delete('/v1/admin/chats/:chatId/messages/:messageId', async (req, res) => {
    requirePlatformAdmin(req);
    const { chatId, messageId } = req.params;
    await engine.run(chatId, { type: 'UnsendMessage', data: { chatId, at: at(), messageId } }, metadataFrom(req));
    res.json({ id: messageId, message: m.unsent });
  });

  staffCommand('/v1/admin/chats/:chatId/read', async (_req, chatId, admin) => ({ type: 'ReadChat', data: { chatId, at: at(), user: await staffUser(admin) } }), m.read);
  staffCommand('/v1/admin/chats/:chatId/leave', async (_req, chatId, admin) => ({ type: 'LeaveChat', data: { chatId, at: at(), userId: admin.uid } }), m.left);
  staffCommand('/v1/admin/chats/:chatId/end', async (_req, chatId) => ({ type: 'EndChat', data: { chatId, at: at() } }), m.ended);
  staffCommand('/v1/admin/chats/:chatId/highlight', async (_req, chatId) => ({ type: 'SetHighlight', data: { chatId, at: at(), highlighted: true } }), m.highlighted);
  staffCommand('/v1/admin/chats/:chatId/unhighlight', async (_req, chatId) => ({ type: 'SetHighlight', data: { chatId, at: at(), highlighted: false } }), m.unhighlighted);

  router.post('/v1/admin/chats/:chatId/ai-auto-response', async (req, res) => {
    requirePlatformAdmin(req);
    const { enabled } = parseInput(autoResponse, req.body ?? {});
    if (enabled && !options.ai.configured) throw aiNotConfigured();
    const { chatId } = req.params;
    await engine.run(chatId, { type: 'SetAiAutoResponse', data: { chatId, at: at(), enabled } }, metadataFrom(req));
    res.json({ id: chatId, message: enabled ? m.autoResponseOn : m.autoResponseOff });
    if (enabled) void engine.sweep().catch((err: unknown) => deps.logger.warn({ err }, 'AI auto-response sweep failed'));
  });

  router.post('/v1/admin/chats/:chatId/faq', async (req, res) => {
    requirePlatformAdmin(req);
    const pair = parseInput(faqPair, req.body ?? {});
    const chat = await existingChat(req.params.chatId);
    const messages = await engine.messagesOf(chat.id);
    const question = messages.find((x) => x.id === pair.questionMessageId);
    const answer = messages.find((x) => x.id === pair.answerMessageId);
    if (!question || question.senderGroup !== 'client' || !answer || answer.senderGroup !== 'support') throw validationFailed(m.faqPairInvalid);
    const faqId = deps.newId();
    await handleCommand(deps.eventStore, faqStream(faqId), faqDecider, {
      type: 'CreateFaq',
      data: { faqId, question: question.text.slice(0, TEXT_MAX.indexed), answer: answer.text, scope: 'general', at: at() },
    }, { metadata: metadataFrom(req), inline: [projectFaqs(deps.readModels)], newStream: true });
    res.status(201).json({ id: faqId, message: m.faqCreated, question: question.text, answer: answer.text });
  });

  router.delete('/v1/admin/chats/:chatId', async (req, res) => {
    requirePlatformAdmin(req);
    const { chatId } = req.params;
    await engine.run(chatId, { type: 'DeleteChat', data: { chatId, at: at() } }, metadataFrom(req));
    res.json({ id: chatId, message: m.deleted });
  });

  // ---- Online staff ----

  router.get('/v1/admin/online-staff/me', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const record = await staffOf().get(admin.uid);
    res.json(record ?? { id: admin.uid, online: false, lastOnline: null, name: (await staffUser(admin)).name, avatar: null });
  });

  router.post('/v1/admin/online-staff', async (req, res) => {
    const admin = requirePlatformAdmin(req);
    const body = parseInput(onlineStatus, req.body ?? {});
    const previous = await staffOf().get(admin.uid);
    const email = admin.email ?? '';
    const record: OnlineStaffDoc = {
      id: admin.uid,
      online: body.online,
      lastOnline: at(),
      name: staffName(body.name || previous?.name, email),
      avatar: body.avatar === undefined ? (previous?.avatar ?? null) : body.avatar || null,
    };
    await staffOf().put(record);
    await engine.emit([STAFF_ROOM, PRESENCE_ROOM], chatEvents.staff, record);
    res.json({ ...record, message: m.statusSaved });
    if (!body.online) void engine.sweep().catch((err: unknown) => deps.logger.warn({ err }, 'AI auto-response sweep failed'));
  });

  return router;
}

export { visitorOf };

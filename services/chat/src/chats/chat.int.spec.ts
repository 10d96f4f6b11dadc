import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { createLogger } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { startFakeOpenAi, lastUserText, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { listenWithRealtime, received, arrival, type RealtimeTestServer } from '@seatside/chassis/src/realtime/testing';
import { createChatService } from '../index';
import { CHAT_COOKIE } from './visitor';

type Message = { id: string; chatId: string; text: string; senderGroup: string; name: string; ai: boolean; edited: boolean };

/**
 * The support chat over its REST API and the `/chat` socket (docs/chat-api.md): a visitor's chat by
 * cookie, the admin inbox, live delivery both ways, who may see what, AI drafts and auto-answers
 * against a fake OpenAI driven by the real SDK, and live-call sessions.
 */
describe('support chat', () => {
  let clock = new Date('2026-11-27T10:00:00.000Z');
  let svc: TestService;
  let server: RealtimeTestServer;
  let fake: FakeOpenAi;
  let admin: string;
  let admin2: string;
  let user: string;
  const sockets: ClientSocket[] = [];

  const connect = (auth: Record<string, unknown>, cookie?: string) =>
    new Promise<ClientSocket>((resolve, reject) => {
      const socket = connectClient(`${server.url}/chat`, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth, ...(cookie ? { extraHeaders: { cookie } } : {}) });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err: Error & { data?: unknown }) => reject(Object.assign(new Error(err.message), { data: err.data })));
    });

  /** A new anonymous visitor: its cookie and chat id. */
  const visitor = async () => {
    const res = await svc.http().get('/v1/chat');
    expect(res.status).toBe(200);
    const setCookie = String(res.headers['set-cookie']?.[0] ?? '');
    expect(setCookie).toMatch(new RegExp(`^${CHAT_COOKIE}=[A-Za-z0-9_-]{43};.*HttpOnly`, 'i'));
    return { cookie: setCookie.split(';')[0]!, chatId: res.body.id as string };
  };
  const send = (cookie: string, message: unknown) => svc.http().post('/v1/chat').set('Cookie', cookie).send({ message, type: 'text' });
  const asAdmin = (token = admin) => ({
    get: (path: string) => svc.http().get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) => svc.http().post(path).set('Authorization', `Bearer ${token}`).send(body),
    del: (path: string) => svc.http().delete(path).set('Authorization', `Bearer ${token}`),
  });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    svc = await startTestService(
      createChatService({
        seedFaqs: [{ id: 'faq-hours', question: 'When is support open?', answer: 'Support answers every day from 9 to 5.', scope: 'general' }],
        ai: { apiKey: fake.apiKey, baseURL: fake.url, model: 'gpt-test' },
        autoResponse: { sweepEveryMs: 20 },
      }),
      { now: () => clock },
    );
    server = await listenWithRealtime(svc.app, { verifiers: svc.verifiers, pubsub: svc.started.deps.kv.pubsub, logger: createLogger({ service: 'chat-spec', level: 'silent' }), services: [svc.started.service] });
    admin = await svc.tokenFor({ uid: 'staff-ann', email: 'ann@seatside.test', claims: { admin: true } });
    admin2 = await svc.tokenFor({ uid: 'staff-bob', email: 'bob@seatside.test', claims: { admin: true } });
    user = await svc.tokenFor({ uid: 'diner-dan', email: 'dan@example.test', claims: {} });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
    await svc.stop();
    await fake.close();
  });

  it('given a visitor, when they send blank or whitespace-only text, then nothing is sent: 400 "Message is required" on the field', async () => {
    const v = await visitor();
    for (const message of ['', '   \n\t', undefined]) {
      const res = await send(v.cookie, message);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ message: 'Message is required' });
    }
    expect((await svc.http().get('/v1/chat/messages').set('Cookie', v.cookie)).body).toEqual({ id: v.chatId, chat: null, data: [] });
    expect((await svc.http().post('/v1/chat').set('Cookie', v.cookie).send({ message: 'hi', type: 'image' })).body.errors).toEqual({ type: 'Type must be text' });
  });

  it('given two anonymous visitors writing at once, then staff see each by a name of its own (the start of its chat id), in the inbox and on its messages', async () => {
    const [first, second] = [await visitor(), await visitor()];
    for (const v of [first, second]) expect((await send(v.cookie, 'Which gate is closest to section 114?')).status).toBe(201);
    const inbox = (await asAdmin().get('/v1/admin/chats?tab=open')).body.data as { id: string; startedBy: string; users: Record<string, { name: string }> }[];
    const nameOf = (chatId: string) => {
      const chat = inbox.find((c) => c.id === chatId)!;
      return chat.users[chat.startedBy]!.name;
    };
    expect([nameOf(first.chatId), nameOf(second.chatId)]).toEqual([`Visitor ${first.chatId.slice(1, 5)}`, `Visitor ${second.chatId.slice(1, 5)}`]);
    expect(nameOf(first.chatId)).not.toBe(nameOf(second.chatId));
    const messages = (await asAdmin().get(`/v1/admin/chats/${first.chatId}`)).body.messages as { name: string }[];
    expect(messages.map((m) => m.name)).toEqual([`Visitor ${first.chatId.slice(1, 5)}`]);
  });

  it('given a visitor and an admin, when the visitor writes, then the inbox shows it unread, opening reads it, typing and the reply arrive live on the other side', async () => {
    const v = await visitor();
    const inbox = await connect({ token: admin });
    const inboxMessages = received<Message>(inbox, 'message');
    const sent = await send(v.cookie, 'Hello, my tag does not scan');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ chatId: v.chatId, message: 'Message sent' });
    await arrival(inboxMessages, (msg) => msg.chatId === v.chatId && msg.text === 'Hello, my tag does not scan');

    const list = await asAdmin().get('/v1/admin/chats?tab=open');
    const row = list.body.data.find((c: { id: string }) => c.id === v.chatId);
    expect(row).toMatchObject({ unread: true, mostRecentMessage: 'Hello, my tag does not scan', ended: false, highlighted: false });

    const visitorSocket = await connect({ chatId: v.chatId }, v.cookie);
    const atVisitor = received<Message>(visitorSocket, 'message');
    const typingAtVisitor = received<{ typing: boolean; senderGroup: string; name: string }>(visitorSocket, 'typing');
    const staffSocket = await connect({ token: admin, chatId: v.chatId });
    const typingAtStaff = received<{ typing: boolean; senderGroup: string }>(staffSocket, 'typing');

    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/read`)).status).toBe(200);
    const opened = await asAdmin().get(`/v1/admin/chats/${v.chatId}`);
    expect(opened.body).toMatchObject({ unread: false, users: { 'staff-ann': { name: 'ann', typing: false } } });
    expect(opened.body.messages.map((x: Message) => x.text)).toEqual(['Hello, my tag does not scan']);
    expect((await asAdmin(admin2).get(`/v1/admin/chats/${v.chatId}`)).body.unread).toBe(true);

    visitorSocket.emit('typing', { typing: true });
    await arrival(typingAtStaff, (t) => t.typing && t.senderGroup === 'client');
    staffSocket.emit('typing', { typing: true });
    await arrival(typingAtVisitor, (t) => t.typing && t.senderGroup === 'support' && t.name === 'ann');

    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages`, { text: 'Let me look' })).status).toBe(201);
    const reply = await arrival(atVisitor, (msg) => msg.text === 'Let me look');
    expect(reply).toMatchObject({ senderGroup: 'support', name: 'ann', ai: false });

    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/leave`)).status).toBe(200);
    expect((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.users['staff-ann']).toBeUndefined();
  });

  it('given a visitor sending several messages at once, then the chat socket and the inbox hear each once, in the chat order, as stored; the inbox hears the chat after its message', async () => {
    const v = await visitor();
    await send(v.cookie, 'first');
    const visitorSocket = await connect({ chatId: v.chatId }, v.cookie);
    const atVisitor = received<Message & { seq: number }>(visitorSocket, 'message');
    const inbox = await connect({ token: admin });
    const inboxEvents: { event: string; payload: { id: string; chatId?: string; mostRecentMessage?: string } }[] = [];
    inbox.onAny((event: string, payload: { id: string; chatId?: string }) => {
      if (payload?.chatId === v.chatId || payload?.id === v.chatId) inboxEvents.push({ event, payload });
    });
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const answers = await Promise.all(texts.map((text) => send(v.cookie, text)));
    expect(answers.map((res) => res.status)).toEqual(texts.map(() => 201));
    await arrival(atVisitor, () => atVisitor.length === texts.length);

    const stored = (await svc.http().get('/v1/chat/messages').set('Cookie', v.cookie)).body.data as (Message & { seq: number })[];
    // What the sockets heard is what a read answers afterwards, in the same order (seq ascending).
    expect(atVisitor).toEqual(stored.slice(1));
    expect(atVisitor.map((m) => m.seq)).toEqual([...atVisitor.map((m) => m.seq)].sort((a, b) => a - b));
    expect(new Set(atVisitor.map((m) => m.text))).toEqual(new Set(texts));
    await arrival(inboxEvents, () => inboxEvents.filter((e) => e.event === 'chat').length === texts.length);
    // Each message reaches the inbox before the chat row it changed.
    const order = inboxEvents.map((e) => (e.event === 'message' ? `m:${(e.payload as unknown as Message).text}` : `c:${e.payload.mostRecentMessage}`));
    for (const text of texts) expect(order.indexOf(`m:${text}`)).toBeLessThan(order.indexOf(`c:${text}`));
  });

  it('given a chat, then staff edit their own message, unsend any, make an FAQ from a question and an answer, bookmark, end and delete it', async () => {
    const v = await visitor();
    await send(v.cookie, 'Do you support Square?');
    const answer = await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages`, { text: 'Yes, Square and Stripe.' });
    const detail = async () => (await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body as { messages: Message[]; highlighted: boolean; ended: boolean; endedAt: string | null };
    const question = (await detail()).messages[0]!;

    expect((await asAdmin(admin2).post(`/v1/admin/chats/${v.chatId}/messages/${answer.body.id}`, { text: 'hijack' })).body.message).toBe('You can only edit your own messages');
    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages/${answer.body.id}`, { text: 'Yes: Square and Stripe.' })).status).toBe(200);
    expect((await detail()).messages[1]).toMatchObject({ text: 'Yes: Square and Stripe.', edited: true });

    const faq = await asAdmin().post(`/v1/admin/chats/${v.chatId}/faq`, { questionMessageId: question.id, answerMessageId: answer.body.id });
    expect(faq.status).toBe(201);
    expect((await svc.http().get(`/v1/faqs/${faq.body.id}`)).body).toMatchObject({ question: 'Do you support Square?', answer: 'Yes: Square and Stripe.' });
    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/faq`, { questionMessageId: answer.body.id, answerMessageId: question.id })).status).toBe(400);

    expect((await asAdmin().del(`/v1/admin/chats/${v.chatId}/messages/${question.id}`)).status).toBe(200);
    expect((await detail()).messages.map((x) => x.text)).toEqual(['Yes: Square and Stripe.']);

    await asAdmin().post(`/v1/admin/chats/${v.chatId}/highlight`);
    expect((await asAdmin().get('/v1/admin/chats?tab=bookmarked')).body.data.map((c: { id: string }) => c.id)).toContain(v.chatId);
    await asAdmin().post(`/v1/admin/chats/${v.chatId}/unhighlight`);
    expect((await asAdmin().get('/v1/admin/chats?tab=bookmarked')).body.data.map((c: { id: string }) => c.id)).not.toContain(v.chatId);
    await asAdmin().post(`/v1/admin/chats/${v.chatId}/end`);
    expect(await detail()).toMatchObject({ ended: true, endedAt: clock.toISOString() });
    expect((await asAdmin().get('/v1/admin/chats?tab=ended')).body.data.map((c: { id: string }) => c.id)).toContain(v.chatId);
    expect((await asAdmin().get('/v1/admin/chats?tab=open')).body.data.map((c: { id: string }) => c.id)).not.toContain(v.chatId);

    expect((await asAdmin().del(`/v1/admin/chats/${v.chatId}`)).status).toBe(200);
    expect((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).status).toBe(404);
    expect((await svc.http().get('/v1/chat/messages').set('Cookie', v.cookie)).body.data).toEqual([]);
    // The visitor may write again: a new chat starts.
    expect((await send(v.cookie, 'Back again')).status).toBe(201);
    expect((await detail()).messages.map((x) => x.text)).toEqual(['Back again']);
  });

  it('given someone typing, when their connection goes (a closed tab, a lost network), then the other side hears that they stopped', async () => {
    const v = await visitor();
    await send(v.cookie, 'One more question');
    const staffSocket = await connect({ token: admin, chatId: v.chatId });
    const typingAtStaff = received<{ typing: boolean; senderGroup: string }>(staffSocket, 'typing');
    const visitorSocket = await connect({ chatId: v.chatId }, v.cookie);

    visitorSocket.emit('typing', { typing: true });
    await arrival(typingAtStaff, (t) => t.typing && t.senderGroup === 'client');
    visitorSocket.close();
    await arrival(typingAtStaff, (t) => !t.typing && t.senderGroup === 'client');

    const again = await connect({ chatId: v.chatId }, v.cookie);
    const typingAgain = received<{ typing: boolean; senderGroup: string }>(again, 'typing');
    staffSocket.emit('typing', { typing: true });
    await arrival(typingAgain, (t) => t.typing && t.senderGroup === 'support');
    staffSocket.close();
    await arrival(typingAgain, (t) => !t.typing && t.senderGroup === 'support');
  });

  it('given staff who set their name with their status, then the visitor sees them typing under that name, as their messages are signed', async () => {
    const v = await visitor();
    await send(v.cookie, 'Hello?');
    expect((await asAdmin().post('/v1/admin/online-staff', { online: false, name: 'Ann Support' })).status).toBe(200);
    const visitorSocket = await connect({ chatId: v.chatId }, v.cookie);
    const typingAtVisitor = received<{ typing: boolean; senderGroup: string; name: string }>(visitorSocket, 'typing');
    const atVisitor = received<Message>(visitorSocket, 'message');
    const staffSocket = await connect({ token: admin, chatId: v.chatId });

    staffSocket.emit('typing', { typing: true });
    const typing = await arrival(typingAtVisitor, (t) => t.typing && t.senderGroup === 'support');
    await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages`, { text: 'Ann here' });
    const reply = await arrival(atVisitor, (msg) => msg.text === 'Ann here');
    expect([typing.name, reply.name]).toEqual(['Ann Support', 'Ann Support']);
  });

  it("given a visitor's widget socket, when staff go online or offline, then it hears their record live (the avatars' dots), as the inbox does", async () => {
    const v = await visitor();
    const widget = await connect({ chatId: v.chatId }, v.cookie);
    const inbox = await connect({ token: admin2 });
    type Staff = { id: string; online: boolean; name: string; avatar: string | null; lastOnline: string };
    const atWidget = received<Staff>(widget, 'staff');
    const atInbox = received<Staff>(inbox, 'staff');
    expect((await asAdmin().post('/v1/admin/online-staff', { online: true })).status).toBe(200);
    expect(await arrival(atWidget, (r) => r.id === 'staff-ann' && r.online)).toEqual((await svc.http().get('/v1/chat/staff')).body.data.find((r: Staff) => r.id === 'staff-ann'));
    await arrival(atInbox, (r) => r.id === 'staff-ann' && r.online);
    await asAdmin().post('/v1/admin/online-staff', { online: false });
    await arrival(atWidget, (r) => r.id === 'staff-ann' && !r.online);
  });

  it('given staff in a chat, when their last connection to it goes (a closed tab), then they have left it; another of theirs still open keeps them in', async () => {
    const v = await visitor();
    await send(v.cookie, 'Is anyone there?');
    const usersOf = async () => Object.keys((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.users as Record<string, unknown>);
    const first = await connect({ token: admin, chatId: v.chatId });
    const second = await connect({ token: admin, chatId: v.chatId });
    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/read`)).status).toBe(200);
    expect(await usersOf()).toContain('staff-ann');

    first.close();
    // The other tab is still on the chat: a later read shows Ann in it yet.
    await asAdmin(admin2).post(`/v1/admin/chats/${v.chatId}/read`);
    expect(await usersOf()).toEqual(expect.arrayContaining(['staff-ann', 'staff-bob']));

    second.close();
    for (;;) {
      const users = await usersOf();
      if (!users.includes('staff-ann')) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await usersOf()).toEqual(expect.arrayContaining(['staff-bob']));
    // Leaving twice (the page's own leave after the socket's) changes nothing.
    const before = (await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.version as number;
    expect((await asAdmin().post(`/v1/admin/chats/${v.chatId}/leave`)).status).toBe(200);
    expect((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.version).toBe(before);
  });

  it("given a chat's last message, when staff edit or unsend it, then the inbox's last message follows (the edited text, else the one before; none left: empty)", async () => {
    const v = await visitor();
    await send(v.cookie, 'My card was charged twice');
    const answer = await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages`, { text: 'Sorry, I will lok at it' });
    const preview = async () => ((await asAdmin().get('/v1/admin/chats?tab=open')).body.data as { id: string; mostRecentMessage: string }[]).find((c) => c.id === v.chatId)?.mostRecentMessage;
    expect(await preview()).toBe('Sorry, I will lok at it');

    await asAdmin().post(`/v1/admin/chats/${v.chatId}/messages/${answer.body.id}`, { text: 'Sorry, I will look at it' });
    expect(await preview()).toBe('Sorry, I will look at it');

    // An older message unsent leaves the preview as it is.
    const rude = await send(v.cookie, 'this is a rude word');
    const question = ((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.messages as Message[])[0]!;
    expect((await asAdmin().del(`/v1/admin/chats/${v.chatId}/messages/${question.id}`)).status).toBe(200);
    expect(await preview()).toBe('this is a rude word');

    expect((await asAdmin().del(`/v1/admin/chats/${v.chatId}/messages/${rude.body.id}`)).status).toBe(200);
    expect(await preview()).toBe('Sorry, I will look at it');
    expect((await asAdmin().del(`/v1/admin/chats/${v.chatId}/messages/${answer.body.id}`)).status).toBe(200);
    expect(await preview()).toBe('');
  });

  describe('security', () => {
    it('given a visitor, then another chat is out of reach: its socket room (403), its messages, its live token; a signed-in user has a chat of their own', async () => {
      const alice = await visitor();
      const mallory = await visitor();
      await send(alice.cookie, 'private');
      await expect(connect({ chatId: alice.chatId }, mallory.cookie)).rejects.toMatchObject({ data: { status: 403, message: 'You do not have access to this chat' } });
      await expect(connect({ chatId: alice.chatId })).rejects.toMatchObject({ data: { status: 403 } });
      await expect(connect({})).rejects.toMatchObject({ data: { status: 400 } });
      const malloryUser = await connect({ chatId: mallory.chatId }, mallory.cookie);
      await expect(malloryUser.emitWithAck('join', { chatId: alice.chatId })).resolves.toMatchObject({ ok: false, status: 403 });
      expect((await svc.http().get('/v1/chat/messages').set('Cookie', mallory.cookie)).body.data).toEqual([]);
      expect((await svc.http().post(`/v1/live/${alice.chatId}`).set('Cookie', mallory.cookie).send({})).status).toBe(403);
      expect((await svc.http().post(`/v1/live/${alice.chatId}`).send({})).status).toBe(403);
      // A forged cookie is a new visitor, not a way in.
      expect((await svc.http().post(`/v1/live/${alice.chatId}`).set('Cookie', `${CHAT_COOKIE}=${'A'.repeat(43)}`).send({})).status).toBe(403);

      const mine = await svc.http().get('/v1/chat').set('Authorization', `Bearer ${user}`);
      expect(mine.body.id).toMatch(/^u[0-9a-f]{32}$/);
      expect(mine.headers['set-cookie']).toBeUndefined();
    });

    it('given a non-admin, then every admin chat API is refused (401 anonymous, 403 signed in), and drafting too', async () => {
      const v = await visitor();
      await send(v.cookie, 'x');
      const calls: [string, string][] = [
        ['get', '/v1/admin/chats'], ['get', `/v1/admin/chats/${v.chatId}`], ['post', `/v1/admin/chats/${v.chatId}/messages`], ['post', `/v1/admin/chats/${v.chatId}/messages/m1`],
        ['delete', `/v1/admin/chats/${v.chatId}/messages/m1`], ...['read', 'leave', 'end', 'highlight', 'unhighlight', 'faq', 'ai-auto-response'].map((a): [string, string] => ['post', `/v1/admin/chats/${v.chatId}/${a}`]),
        ['delete', `/v1/admin/chats/${v.chatId}`], ['get', '/v1/admin/online-staff/me'], ['post', '/v1/admin/online-staff'], ['post', '/v1/chat/respond'],
      ];
      for (const [method, path] of calls) {
        const anonymous = await (svc.http() as unknown as Record<string, (p: string) => { send(b: object): Promise<{ status: number }> }>)[method]!(path).send({ text: 'x', message: 'x' });
        expect([path, anonymous.status]).toEqual([path, 401]);
        const signedIn = await (svc.http() as unknown as Record<string, (p: string) => { set(h: string, v: string): { send(b: object): Promise<{ status: number }> } }>)[method]!(path).set('Authorization', `Bearer ${user}`).send({ text: 'x', message: 'x' });
        expect([path, signedIn.status]).toEqual([path, 403]);
      }
      await expect(connect({ token: user })).rejects.toMatchObject({ data: { status: 400 } });
    });
  });

  describe('live calls', () => {
    it("given the chat's visitor or staff, then POST /v1/live/{chatId} answers a peer-to-peer session {channel, token, uid} for the chat's room; signalling reaches the other side only", async () => {
      const v = await visitor();
      await send(v.cookie, 'Can we talk?');
      const mine = await svc.http().post(`/v1/live/${v.chatId}`).set('Cookie', v.cookie).send({});
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ channel: `chat-${v.chatId}`, provider: 'p2p', uid: expect.stringMatching(/^visitor-/), token: expect.any(String) });
      expect((await asAdmin().post(`/v1/live/${v.chatId}`)).body).toMatchObject({ channel: `chat-${v.chatId}`, uid: 'staff-ann' });

      const other = await visitor();
      await send(other.cookie, 'another chat');
      const bystander = await connect({ chatId: other.chatId }, other.cookie);
      const heardByBystander = received(bystander, 'adminPickUp');
      const visitorSocket = await connect({ chatId: v.chatId }, v.cookie);
      const staffSocket = await connect({ token: admin, chatId: v.chatId });
      const pickUps = received<{ chatId: string; offer: { type: string; sdp: string }; from: string }>(visitorSocket, 'adminPickUp');
      const accepts = received<{ chatId: string }>(staffSocket, 'admin-accept-call');
      staffSocket.emit('adminPickUp', { chatId: 'ignored', offer: { type: 'offer', sdp: 'v=0' } });
      const pickUp = await arrival(pickUps, () => true);
      expect(pickUp).toMatchObject({ chatId: v.chatId, offer: { type: 'offer', sdp: 'v=0' }, from: staffSocket.id });
      // A visitor cannot pretend to be support.
      visitorSocket.emit('adminPickUp', { offer: { type: 'offer', sdp: 'forged' } });
      visitorSocket.emit('admin-accept-call', {});
      await arrival(accepts, (a) => a.chatId === v.chatId);
      expect(pickUps.filter((p) => p.offer.sdp === 'forged')).toEqual([]);
      expect(heardByBystander).toEqual([]);
    });
  });

  describe('AI', () => {
    it("given the fake model, when staff draft with AI, then the model's answer comes back and the prompt holds the FAQs and the client's message", async () => {
      fake.enqueue({ content: 'We answer every day from 9 to 5.' });
      const res = await asAdmin().post('/v1/chat/respond', { message: 'When can I reach you?' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'We answer every day from 9 to 5.' });
      const [request] = fake.chatRequests();
      expect(request?.model).toBe('gpt-test');
      expect(String(request?.messages[0]?.content)).toContain('Q: When is support open?\nA: Support answers every day from 9 to 5.');
      expect(lastUserText(request!)).toBe('When can I reach you?');
      expect((await asAdmin().post('/v1/chat/respond', { message: '  ' })).body.errors).toEqual({ message: 'Message is required' });
    });

    it('given published articles, when staff draft with AI or the AI answers, then the prompt holds the articles that speak to the question (not the unrelated, not drafts)', async () => {
      const article = (body: object) => asAdmin().post('/v1/admin/articles', body);
      await article({ title: 'Ordering from a stadium seat', description: 'Scan the tag on your seat.', markdown: 'Fans at the stadium order from the NFC tag on their seat; runners bring it over.', published: true });
      await article({ title: 'Payouts', description: 'When merchants are paid.', markdown: 'Payouts arrive every Monday.', published: true });
      await article({ title: 'Stadium secrets (draft)', markdown: 'Not published yet: stadium roadmap.', published: false });
      fake.enqueue({ content: 'Scan the tag on your seat.' });
      expect((await asAdmin().post('/v1/chat/respond', { message: 'How do I order at the stadium?' })).body).toEqual({ message: 'Scan the tag on your seat.' });
      const prompt = String(fake.chatRequests()[0]?.messages[0]?.content);
      expect(prompt).toContain('## Ordering from a stadium seat\nScan the tag on your seat.\n\nFans at the stadium order from the NFC tag on their seat; runners bring it over.');
      expect(prompt).not.toContain('Payouts');
      expect(prompt).not.toContain('stadium roadmap');

      // The auto-answer is grounded on the conversation's latest client messages.
      fake.reset();
      fake.enqueue({ content: 'Payouts arrive every Monday.' });
      const v = await visitor();
      await send(v.cookie, 'When are payouts made?');
      await asAdmin().post(`/v1/admin/chats/${v.chatId}/ai-auto-response`, { enabled: true });
      await asAdmin().post('/v1/admin/online-staff', { online: false });
      await send(v.cookie, 'Hello?');
      // Wait for an AI answer stored after 'Hello?' (a request still on its way when the test ends
      // would reach the next test's model). Either the sweep answered the first question before
      // 'Hello?' was sent, and 'Hello?' gets an answer of its own; or the sweep's answer to the
      // first question was being written as 'Hello?' arrived, and that one answer stands for both
      // (the chat no longer awaits a reply, so no second request comes). The last request is the one.
      const helloAnswered = async () => ((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.messages as Message[]).some((x, i, all) => x.ai && all.slice(0, i).some((y) => y.text === 'Hello?'));
      while (!(await helloAnswered())) await new Promise((resolve) => setTimeout(resolve, 20));
      const answered = String(fake.chatRequests().at(-1)?.messages[0]?.content);
      expect(answered).toContain('## Payouts\nWhen merchants are paid.\n\nPayouts arrive every Monday.');
      expect(answered).not.toContain('stadium');
    });

    it('given no OPENAI_API_KEY, then drafting and switching auto-response on answer 503 "AI is not configured", and no model is asked', async () => {
      const plain = await startTestService(createChatService({ seedFaqs: [] }));
      try {
        const token = await plain.tokenFor({ uid: 'staff-ann', claims: { admin: true } });
        const res = await plain.http().post('/v1/chat/respond').set('Authorization', `Bearer ${token}`).send({ message: 'Hi from the plain service' });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'ai_not_configured', message: 'AI is not configured' });
        const cookie = String((await plain.http().get('/v1/chat')).headers['set-cookie']?.[0]).split(';')[0]!;
        await plain.http().post('/v1/chat').set('Cookie', cookie).send({ message: 'hi from the plain service', type: 'text' });
        const chatId = (await plain.http().get('/v1/chat').set('Cookie', cookie)).body.id;
        const toggle = await plain.http().post(`/v1/admin/chats/${chatId}/ai-auto-response`).set('Authorization', `Bearer ${token}`).send({ enabled: true });
        expect([toggle.status, toggle.body.message]).toEqual([503, 'AI is not configured']);
        // The shared service's own sweeper may still ask the fake about an earlier spec's chat: only this service's texts count.
        expect(fake.requests.filter((request) => /from the plain service/i.test(JSON.stringify(request)))).toEqual([]);
      } finally {
        await plain.stop();
      }
    });

    it('given aiAutoResponse and staff online, when a client message gets no staff reply for 60 s, then the AI answers, marked as AI; with nobody online it answers at once', async () => {
      await asAdmin().post('/v1/admin/online-staff', { online: true, name: 'Ann', avatar: 'https://example.test/ann.png' });
      expect((await svc.http().get('/v1/chat/staff')).body.data).toEqual([{ id: 'staff-ann', online: true, lastOnline: clock.toISOString(), name: 'Ann', avatar: 'https://example.test/ann.png' }]);
      fake.replier((request) => ({ content: `AI: ${lastUserText(request)}` }));
      const v = await visitor();
      await send(v.cookie, 'first');
      await asAdmin().post(`/v1/admin/chats/${v.chatId}/ai-auto-response`, { enabled: true });
      const socket = await connect({ chatId: v.chatId }, v.cookie);
      const heard = received<Message>(socket, 'message');
      await send(v.cookie, 'anyone there?');
      const texts = async () => ((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.messages as Message[]).map((x) => `${x.ai ? 'AI ' : ''}${x.text}`);

      // 59 s later: still waiting for staff (a few sweeps pass: the chat's version does not move).
      clock = new Date(clock.getTime() + 59_000);
      const before = (await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.version;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await asAdmin().get(`/v1/admin/chats/${v.chatId}`)).body.version).toBe(before);
      expect(fake.chatRequests()).toEqual([]);

      clock = new Date(clock.getTime() + 2_000);
      const answer = await arrival(heard, (x) => x.ai);
      expect(answer).toMatchObject({ text: 'AI: anyone there?', senderGroup: 'support', name: 'Seatside AI', ai: true });
      expect(await texts()).toEqual(['first', 'anyone there?', 'AI AI: anyone there?']);
      expect(fake.chatRequests()).toHaveLength(1);

      // Staff go offline: the next client message is answered at once.
      await asAdmin().post('/v1/admin/online-staff', { online: false });
      await send(v.cookie, 'hello?');
      await arrival(heard, (x) => x.ai && x.text === 'AI: hello?');
      expect(fake.chatRequests()).toHaveLength(2);
    });
  });
});

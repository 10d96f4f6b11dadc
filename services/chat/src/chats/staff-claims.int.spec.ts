import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { createLogger, protoTimestamp } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { listenWithRealtime, received, arrival, closedWithin, type RealtimeTestServer } from '@seatside/chassis/src/realtime/testing';
import { identityV1 } from '@seatside/proto';
import { createChatService } from '../index';
import { revokedStaff, type RevokedStaffDoc } from './staff-claims';

type Message = { chatId: string; text: string };
type Refusal = { status: number; code: string; message: string };

/**
 * A platform admin whose claim is revoked while their inbox is open (docs/chat-api.md, Realtime):
 * identity's PlatformAdminRevoked, as its published stream carries it, ends their `/chat` sockets on
 * the spot, and their earlier token (which keeps the claim until it expires) opens none again.
 */
describe('support chat: an admin whose claim is revoked', () => {
  let svc: TestService;
  let server: RealtimeTestServer;
  const sockets: ClientSocket[] = [];

  const connect = (auth: Record<string, unknown>) =>
    new Promise<ClientSocket>((resolve, reject) => {
      const socket = connectClient(`${server.url}/chat`, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err: Error & { data?: Refusal }) => reject(Object.assign(new Error(err.message), { data: err.data })));
    });
  const refusalOf = (auth: Record<string, unknown>) => connect(auth).then(() => 'connected', (err: { data?: Refusal }) => err.data);

  /** A new anonymous visitor: its cookie and chat id. */
  const visitor = async () => {
    const res = await svc.http().get('/v1/chat');
    return { cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]!, chatId: res.body.id as string };
  };
  const send = (cookie: string, message: string) => svc.http().post('/v1/chat').set('Cookie', cookie).send({ message, type: 'text' });

  const revoke = (uid: string) => svc.publish('identity', identityV1.PlatformAdminRevokedSchema, { uid, revokedBy: 'staff-boss', revokedAt: protoTimestamp(new Date()) });
  const grant = (uid: string) => svc.publish('identity', identityV1.PlatformAdminGrantedSchema, { uid, grantedBy: 'staff-boss', grantedAt: protoTimestamp(new Date()) });
  const revocationOf = (uid: string) => svc.started.deps.readModels.collection<RevokedStaffDoc>(revokedStaff).get(uid);

  beforeAll(async () => {
    svc = await startTestService(createChatService({ seedFaqs: [] }), { sources: ['identity'] });
    server = await listenWithRealtime(svc.app, { verifiers: svc.verifiers, pubsub: svc.started.deps.kv.pubsub, logger: createLogger({ service: 'chat-spec', level: 'silent' }), services: [svc.started.service] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
    await svc.stop();
  });

  it('given an admin with the inbox and a chat open, when identity revokes their claim, then the server closes both sockets within a second, and a visitor message after it reaches the other admins, not them', async () => {
    const ann = await svc.tokenFor({ uid: 'staff-ann', email: 'ann@seatside.test', claims: { admin: true } });
    const bob = await svc.tokenFor({ uid: 'staff-bob', email: 'bob@seatside.test', claims: { admin: true } });
    const v = await visitor();
    expect((await send(v.cookie, 'My order 114 never came')).status).toBe(201);
    const annInbox = await connect({ token: ann });
    const annChat = await connect({ token: ann, chatId: v.chatId });
    const bobInbox = await connect({ token: bob });
    const heard = { annInbox: received<Message>(annInbox, 'message'), annChat: received<Message>(annChat, 'message'), bobInbox: received<Message>(bobInbox, 'message') };
    expect((await send(v.cookie, 'Section 114, seat 9')).status).toBe(201);
    for (const list of Object.values(heard)) await arrival(list, (m) => m.text === 'Section 114, seat 9');

    const closed = Promise.all([closedWithin(annInbox, 1_000), closedWithin(annChat, 1_000)]);
    await revoke('staff-ann');
    await expect(closed).resolves.toEqual(['io server disconnect', 'io server disconnect']);

    expect((await send(v.cookie, 'My card ends in 4242')).status).toBe(201);
    await arrival(heard.bobInbox, (m) => m.text === 'My card ends in 4242');
    expect(bobInbox.connected).toBe(true);
    expect([...heard.annInbox, ...heard.annChat].map((m) => m.text)).not.toContain('My card ends in 4242');
  });

  it('given the claim revoked, when they connect again with their earlier token (unexpired, still saying admin), then the inbox and a visitor\'s chat are refused as for any account without the claim; granted again, the token opens the inbox again', async () => {
    const cat = await svc.tokenFor({ uid: 'staff-cat', email: 'cat@seatside.test', claims: { admin: true } });
    const v = await visitor();
    const inbox = await connect({ token: cat });
    const closed = closedWithin(inbox, 1_000);
    await revoke('staff-cat');
    await expect(closed).resolves.toBe('io server disconnect');

    await expect(refusalOf({ token: cat })).resolves.toEqual({ status: 400, code: 'validation_failed', message: 'Send the chat id in the connection auth' });
    await expect(refusalOf({ token: cat, chatId: v.chatId })).resolves.toEqual({ status: 403, code: 'forbidden', message: 'You do not have access to this chat' });

    await grant('staff-cat');
    while (await revocationOf('staff-cat')) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(refusalOf({ token: cat })).resolves.toBe('connected');
  });
});

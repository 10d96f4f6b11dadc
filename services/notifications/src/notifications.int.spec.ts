import { protoTimestamp } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogV1, chatV1, identityV1 } from '@seatside/proto';
import { createNotificationsService } from './index';
import { startPushEndpoint, type PushEndpoint } from './push-endpoint.testkit';
import { admins, pushSubscriptions, type NotificationDoc } from './store';

type Listed = { data: (Omit<NotificationDoc, 'eventId'>)[]; unread: number };

describe('notifications: admin notifications from other services\' published streams, the seed\'s calls, web push', () => {
  let svc: TestService;
  let push: PushEndpoint;
  let admin: string;
  let otherAdmin: string;
  let user: string;

  const grantAdmin = (uid: string) => svc.publish('identity', identityV1.PlatformAdminGrantedSchema, { uid, grantedBy: 'cli', grantedAt: protoTimestamp(new Date()) });
  const client = chatV1.SenderGroup.CLIENT;
  const contact = (submissionId: string, fullname: string, message: string) => svc.publish('chat', chatV1.ContactSubmittedSchema, { submissionId, fullname, email: '', phone: '', message });
  const list = async (token: string) => (await svc.http().get('/v1/notifications').set('authorization', `Bearer ${token}`)).body as Listed;
  const listWhen = async (token: string, settled: (l: Listed) => boolean) => {
    for (;;) {
      const listed = await list(token);
      if (settled(listed)) return listed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const settled = () => (svc.started.service as unknown as { pushesSettled(): Promise<void> }).pushesSettled();

  beforeAll(async () => {
    push = await startPushEndpoint();
    svc = await startTestService(createNotificationsService({ pushFirstDelayMs: 5, pushAgent: push.agent, pushSubject: 'mailto:support@seatside.test' }), {
      sources: ['identity', 'chat', 'catalog'],
    });
    admin = await svc.tokenFor({ uid: 'staff-1', claims: { admin: true } });
    otherAdmin = await svc.tokenFor({ uid: 'staff-2', claims: { admin: true } });
    user = await svc.tokenFor({ uid: 'diner' });
    await grantAdmin('staff-1');
    await grantAdmin('staff-2');
    // Notifications go to the admins known when the event is handled: wait until both are.
    while ((await svc.started.deps.readModels.collection(admins).count()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await svc.publish('catalog', catalogV1.MerchantCreatedSchema, { merchant: { merchantId: 'm1', name: 'Section 114 Nachos', handle: 'nachos-114' } });
    await listWhen(admin, (l) => l.data.length === 1);
  });
  afterAll(async () => {
    await svc.stop();
    await push.close();
  });

  it('given a new merchant, then each admin has an unread admin notification linking to it', async () => {
    const { data, unread } = await listWhen(otherAdmin, (l) => l.data.length === 1);
    expect(unread).toBe(1);
    expect(data[0]).toMatchObject({
      userId: 'staff-2', type: 'admin', read: false, createdAt: expect.any(Number),
      notification: { webPush: { title: 'New merchant registered', options: { body: 'Section 114 Nachos (nachos-114)', data: { url: '/admin/merchants?q=nachos-114&id=m1' } } } },
    });
    expect(data[0]!.createdAt).toBeLessThan(Date.now() / 1000 + 1);
  });

  it('given a contact submission, a chat started and client messages, then notifications come newest first; a client message while staff is in the chat notifies no one', async () => {
    await contact('s1', 'Ada', 'Table 12 needs help with the order');
    await svc.publish('chat', chatV1.ChatStartedSchema, { chatId: 'c1', startedBy: 'v1', name: 'Grace' });
    const sent = (text: string, senderGroup = client, name = 'Grace') => svc.publish('chat', chatV1.ChatMessageSentSchema, { chatId: 'c1', text, senderGroup, name });
    await sent('Hello?');
    await sent('Anyone there?');
    await svc.publish('chat', chatV1.ChatStaffJoinedSchema, { chatId: 'c1', uid: 'staff-1', name: 'Staff' });
    await sent('Hi Grace', chatV1.SenderGroup.SUPPORT, 'Staff');
    await sent('Thanks');
    await svc.publish('chat', chatV1.ChatStaffLeftSchema, { chatId: 'c1', uid: 'staff-1' });
    await sent('One more thing');
    const { data, unread } = await listWhen(admin, (l) => l.data.length === 5);
    expect(unread).toBe(5);
    expect(data.map((n) => `${n.notification.webPush.title}: ${n.notification.webPush.options.body}`).sort()).toEqual([
      'New chat from Grace: Hello?', 'New contact submission: Ada: Table 12 needs help with the order', 'New merchant registered: Section 114 Nachos (nachos-114)',
      'New message from Grace: Anyone there?', 'New message from Grace: One more thing',
    ]);
    expect(data.find((n) => n.notification.webPush.title === 'New chat from Grace')!.notification.webPush.options.data.url).toBe('/admin/chats/c1');
    expect(data.find((n) => n.notification.webPush.title === 'New contact submission')!.notification.webPush.options.data.url).toBe('/admin/contact-submissions/s1');
    const times = data.map((n) => n.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('given a visitor\'s messages sent a few milliseconds apart within the same second, then they list newest first in the order sent', async () => {
    await svc.publish('chat', chatV1.ChatStartedSchema, { chatId: 'c2', startedBy: 'v2', name: 'Linus' });
    const texts = ['hi there', 'I need help', 'with my order 123', 'it never came', 'please'];
    // Within one second, as a visitor's quick messages are (a second boundary between them would sort them anyway).
    while (Date.now() % 1000 > 500) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const text of texts) {
      await svc.publish('chat', chatV1.ChatMessageSentSchema, { chatId: 'c2', text, senderGroup: client, name: 'Linus' });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { data } = await listWhen(otherAdmin, (l) => l.data.filter((n) => n.notification.webPush.options.data.url === '/admin/chats/c2').length === texts.length);
    const mine = data.filter((n) => n.notification.webPush.options.data.url === '/admin/chats/c2');
    expect(mine.map((n) => n.notification.webPush.options.body)).toEqual([...texts].reverse());
    expect(new Set(mine.map((n) => Math.floor(n.createdAt))).size).toBeLessThanOrEqual(2);
  });

  it('given another admin\'s notification, then read, delete and read-all leave it alone (404 for its id)', async () => {
    const theirs = (await list(otherAdmin)).data[0]!;
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    expect((await svc.http().get(`/v1/notifications/read/${theirs.id}`).set(auth(admin))).status).toBe(404);
    expect((await svc.http().get(`/v1/notifications/delete/${theirs.id}`).set(auth(admin))).status).toBe(404);
    expect((await svc.http().get('/v1/notifications/read-all/me').set(auth(admin))).status).toBe(200);
    expect((await list(otherAdmin)).data.find((n) => n.id === theirs.id)).toMatchObject({ read: false });
    expect((await list(admin)).unread).toBe(0);
  });

  it('given its own notification, then read marks it read, delete removes it; anonymous is 401', async () => {
    const auth = { authorization: `Bearer ${otherAdmin}` };
    const [first, second] = (await list(otherAdmin)).data;
    const before = (await list(otherAdmin)).unread;
    const read = await svc.http().get(`/v1/notifications/read/${first!.id}`).set(auth);
    expect(read.status).toBe(200);
    expect((await list(otherAdmin)).unread).toBe(before - 1);
    expect((await svc.http().get(`/v1/notifications/delete/${second!.id}`).set(auth)).status).toBe(200);
    expect((await list(otherAdmin)).data.map((n) => n.id)).not.toContain(second!.id);
    expect((await svc.http().get('/v1/notifications')).status).toBe(401);
    expect((await list(user))).toEqual({ data: [], unread: 0 });
  });

  it('given an admin\'s browser subscribed, when a notification is made, then the push endpoint gets a VAPID-signed aes128gcm message with {title, options: {body, data.url}}; a 410 deletes the subscription', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    expect((await svc.http().post('/v1/webpush/admin/subscribe').set(auth).send({ endpoint: 'not a url' })).status).toBe(400);
    expect((await svc.http().post('/v1/webpush/admin/subscribe').set('authorization', `Bearer ${user}`).send(push.subscription('/x'))).status).toBe(403);
    const { publicKey } = (await svc.http().get('/v1/webpush/admin/vapid-public-key').set(auth)).body as { publicKey: string };
    const browser = push.subscription('/push/staff-1');
    const subscribed = await svc.http().post('/v1/webpush/admin/subscribe').set(auth).send(browser);
    expect(subscribed.status).toBe(201);

    await svc.publish('catalog', catalogV1.VenueCreatedSchema, { venue: { venueId: 'v1', name: 'Stadium', handle: 'stadium-one' } });
    await listWhen(admin, (l) => l.data.some((n) => n.notification.webPush.title === 'New venue registered'));
    await settled();
    expect(push.rejected).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message!.vapidPublicKey).toBe(publicKey);
    expect(message!.jwt.claims).toMatchObject({ aud: push.url, sub: 'mailto:support@seatside.test' });
    expect(JSON.parse(message!.payload)).toEqual({ title: 'New venue registered', options: { body: 'Stadium (stadium-one)', data: { url: '/admin/venues?q=stadium-one&id=v1' } } });

    // The push service says the subscription is gone: it is deleted, and the next event sends nothing.
    push.answer = () => 410;
    await contact('s2', 'Bob', 'Hi');
    await listWhen(admin, (l) => l.data.some((n) => n.notification.webPush.options.data.url === '/admin/contact-submissions/s2'));
    await settled();
    expect(await svc.started.deps.readModels.collection(pushSubscriptions).count({ userId: 'staff-1' })).toBe(0);
  });

  it('given a push service failing with 503, then the send is retried with backoff until it is accepted', async () => {
    const browser = push.subscription('/push/staff-2');
    await svc.http().post('/v1/webpush/admin/subscribe').set('authorization', `Bearer ${otherAdmin}`).send(browser);
    let failures = 2;
    push.answer = () => (failures-- > 0 ? 503 : 201);
    const before = push.received.length;
    await contact('s3', 'Cy', 'Retry me');
    await listWhen(otherAdmin, (l) => l.data.some((n) => n.notification.webPush.options.data.url === '/admin/contact-submissions/s3'));
    await settled();
    expect(failures).toBe(-1);
    expect(push.received.slice(before).map((m) => JSON.parse(m.payload).options.body)).toEqual(['Cy: Retry me']);
  });
});

import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { notificationsV1, ordersV1 } from '@seatside/proto';
import { notificationsPublications } from './published';
import { createNotificationsService } from './index';
import { startPushEndpoint, type PushEndpoint } from './push-endpoint.testkit';
import { preferenceMessages, type SmsPort } from './preferences';

describe('notification preferences and the merchant\'s web push', () => {
  let svc: TestService;
  let push: PushEndpoint;
  let ada: string;
  let bob: string;
  let stranger: string;
  const texts: { uid: string; text: string }[] = [];
  const sms: SmsPort = {
    configured: true,
    async send(to, text) {
      texts.push({ uid: to.uid, text });
      return { sent: true };
    },
  };

  beforeAll(async () => {
    push = await startPushEndpoint();
    svc = await startTestService(createNotificationsService({ pushFirstDelayMs: 5, pushAgent: push.agent, pushSubject: 'mailto:support@seatside.test', sms }), {
      sources: ['identity', 'chat', 'catalog', 'orders'],
    });
    ada = await svc.tokenFor({ uid: 'ada' });
    bob = await svc.tokenFor({ uid: 'bob' });
    stranger = await svc.tokenFor({ uid: 'eve' });
    await svc.grant({ uid: 'ada', tenantId: 'm1', role: 'admin' });
    await svc.grant({ uid: 'bob', tenantId: 'm1' });
  });
  afterAll(async () => {
    await svc.stop();
    await push.close();
  });

  const http = () => svc.http();
  const prefs = (token: string) => http().get('/v1/merchants/m1/notification-preferences').set('authorization', `Bearer ${token}`);
  const save = (token: string, body: object) => http().post('/v1/merchants/m1/notification-preferences').set('authorization', `Bearer ${token}`).send(body);
  const settled = () => (svc.started.service as unknown as { pushesSettled(): Promise<void> }).pushesSettled();

  it('given a member who saved nothing, then every channel is off; saving answers "Preferences saved" and is kept per user', async () => {
    expect((await prefs(ada)).body).toEqual({ appPushNotification: false, webPush: false, email: false, sms: false, smsConsent: false });
    const res = await save(ada, { webPush: true, email: true });
    expect([res.status, res.body.message]).toEqual([200, preferenceMessages.saved]);
    expect((await prefs(ada)).body).toEqual({ appPushNotification: false, webPush: true, email: true, sms: false, smsConsent: false });
    expect((await prefs(bob)).body.webPush).toBe(false);
  });

  it('given SMS without the consent box, then 400 "Please consent to SMS notifications" and nothing is saved', async () => {
    const res = await save(bob, { sms: true });
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Please consent to SMS notifications', { smsConsent: 'Please consent to SMS notifications' }]);
    expect((await prefs(bob)).body.sms).toBe(false);
    expect((await save(bob, { sms: true, smsConsent: true })).body.message).toBe('Preferences saved');
  });

  it('given a stranger or a bad value, then 403 or 400', async () => {
    expect((await prefs(stranger)).status).toBe(403);
    expect((await save(ada, { webPush: 'yes' })).status).toBe(400);
    expect((await http().get('/v1/merchants/m1/notification-preferences')).status).toBe(401);
  });

  it('given a subscribed browser, when the member sends a test, then "Web Push notification sent" and the push service received it with VAPID', async () => {
    const key = await http().get('/v1/merchants/m1/webpush/vapid-public-key').set('authorization', `Bearer ${ada}`);
    expect(key.body.publicKey).toEqual(expect.any(String));
    expect((await http().post('/v1/merchants/m1/webpush/test').set('authorization', `Bearer ${ada}`)).status).toBe(400);
    const sub = await http().post('/v1/merchants/m1/webpush/subscribe').set('authorization', `Bearer ${ada}`).send(push.subscription('/push/ada-m1'));
    expect(sub.status).toBe(201);
    const before = push.received.length;
    const res = await http().post('/v1/merchants/m1/webpush/test').set('authorization', `Bearer ${ada}`);
    expect([res.status, res.body.message]).toEqual([200, 'Web Push notification sent']);
    const received = push.received.slice(before);
    expect(received.map((r) => r.path)).toEqual(['/push/ada-m1']);
    expect(received[0]!.vapidPublicKey).toBe(key.body.publicKey);
    expect(JSON.parse(received[0]!.payload)).toMatchObject({ title: 'Test notification' });
  });

  it('given a new production order, then members are told by the channels they chose: web push for Ada, SMS for Bob; a sandbox order tells no one', async () => {
    await http().post('/v1/merchants/m1/webpush/subscribe').set('authorization', `Bearer ${bob}`).send(push.subscription('/push/bob-m1'));
    const before = push.received.length;
    await svc.publish('orders', ordersV1.OrderPlacedSchema, { envelope: { tenantId: 'm1', testMode: true }, orderId: 'o0', orderCode: 'T0', merchantId: 'm1' }, { streamId: 'order-o0' });
    await svc.publish('orders', ordersV1.OrderPlacedSchema, { envelope: { tenantId: 'm1' }, orderId: 'o1', orderCode: 'A7', merchantId: 'm1' }, { streamId: 'order-o1' });
    while (texts.length === 0 || push.received.length === before) await new Promise((resolve) => setTimeout(resolve, 20));
    await settled();
    const received = push.received.slice(before);
    expect(received.map((r) => r.path)).toEqual(['/push/ada-m1']);
    expect(JSON.parse(received[0]!.payload)).toEqual({ title: 'New order', options: { body: 'Order A7 was placed.', data: { url: '/dashboard/merchants/m1/orders/o1' } } });
    expect(texts).toEqual([{ uid: 'bob', text: 'New order: Order A7 was placed.' }]);
  });

  it('given the order of the last test (Ada chose e-mail, Bob did not), then one EmailRequested for Ada on the published stream, with its code, total and location; the order delivered again and a sandbox order ask for none', async () => {
    const emails = async () => (await svc.published()).filter((row) => row.type === 'seatside.notifications.v1.EmailRequested');
    await svc.publish('orders', ordersV1.OrderPlacedSchema, {
      envelope: { tenantId: 'm1' }, orderId: 'o2', orderCode: 'B8', merchantId: 'm1',
      billingSummary: { currency: 'EUR', totals: { amountDueMinor: 1250n } }, location: { name: 'Section 112 Row F Seat 4' },
    }, { streamId: 'order-o2' });
    while ((await emails()).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    // Delivered again (the same order, as a replayed stream would give it) and a sandbox order: nothing more.
    await svc.publish('orders', ordersV1.OrderPlacedSchema, { envelope: { tenantId: 'm1' }, orderId: 'o2', orderCode: 'B8', merchantId: 'm1' }, { streamId: 'order-o2' });
    const last = await svc.publish('orders', ordersV1.OrderPlacedSchema, { envelope: { tenantId: 'm1', testMode: true }, orderId: 'o3', orderCode: 'T3', merchantId: 'm1' }, { streamId: 'order-o3' });
    while ((await svc.started.deps.checkpoints.load('merchant-order-notices')) < last) await new Promise((resolve) => setTimeout(resolve, 20));
    const rows = await emails();
    expect(rows.map((row) => row.streamId)).toEqual(['order-emails-o1', 'order-emails-o2']);
    const o1 = fromBinary(notificationsV1.EmailRequestedSchema, rows[0]!.payload);
    expect(o1).toMatchObject({ userId: 'ada', subject: 'New order A7', text: 'A new order arrived: A7.\nTotal: $0.00', link: '/dashboard/merchants/m1/orders/o1', envelope: { tenantId: 'm1' } });
    const o2 = fromBinary(notificationsV1.EmailRequestedSchema, rows[1]!.payload);
    expect(o2).toMatchObject({ userId: 'ada', subject: 'New order B8', text: 'A new order arrived: B8.\nTotal: €12.50\nLocation: Section 112 Row F Seat 4', link: '/dashboard/merchants/m1/orders/o2' });
    const { pool, schema } = svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), notificationsPublications)).toEqual(await svc.published());
  });
});

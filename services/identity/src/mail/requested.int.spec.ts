import { randomUUID } from 'node:crypto';
import { notificationsV1 } from '@seatside/proto';
import { startIdentity, type SignedUp } from '../accounts/testing';
import { readMailbox } from './index';

describe('e-mails the notifications service requests (EmailRequested), sent through identity\'s mailer', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  let ada: SignedUp;

  beforeAll(async () => {
    svc = await startIdentity({}, { sources: ['notifications'] });
    ada = await svc.signUp({ email: 'ada.orders@example.com' });
  });
  afterAll(() => svc.stop());

  const caughtUp = async (position: number) => {
    while ((await svc.started.deps.checkpoints.load('requested-mails')) < position) await new Promise((resolve) => setTimeout(resolve, 20));
    await svc.settled();
  };
  const request = { envelope: { tenantId: 'm1' }, subject: 'New order B8', text: 'A new order arrived: B8.\nTotal: €12.50\nLocation: Section 112 Row F Seat 4', link: '/dashboard/merchants/m1/orders/o2' };
  const ordersMail = async () => (await readMailbox(svc.dataDir)).filter((mail) => mail.subject.startsWith('New order'));

  it('given a request for Ada, delivered twice with the same event id, then one mail to her address in the dev mailbox, with the text and the link under the public URL', async () => {
    const eventId = randomUUID();
    await svc.publish('notifications', notificationsV1.EmailRequestedSchema, { ...request, userId: ada.id }, { streamId: 'order-emails-o2', eventId });
    await caughtUp(await svc.publish('notifications', notificationsV1.EmailRequestedSchema, { ...request, userId: ada.id }, { streamId: 'order-emails-o2', eventId }));
    const mails = await ordersMail();
    expect(mails.map((mail) => [mail.to, mail.subject, mail.text, mail.links])).toEqual([
      ['ada.orders@example.com', 'New order B8', `${request.text}\n\nhttp://app.test/dashboard/merchants/m1/orders/o2`, ['http://app.test/dashboard/merchants/m1/orders/o2']],
    ]);
    // The mailbox's HTTP view (dev only) shows it too.
    const listed = await svc.http().get('/v1/dev/mailbox.json');
    expect((listed.body as { subject: string }[]).filter((mail) => mail.subject === 'New order B8')).toHaveLength(1);
  });

  it('given a request for an account that does not exist, then no mail and the consumer goes on', async () => {
    const before = (await ordersMail()).length;
    await caughtUp(await svc.publish('notifications', notificationsV1.EmailRequestedSchema, { ...request, userId: 'nobody' }, { streamId: 'order-emails-o3' }));
    await caughtUp(await svc.publish('notifications', notificationsV1.EmailRequestedSchema, { ...request, subject: 'New order C9', userId: ada.id }, { streamId: 'order-emails-o4' }));
    const mails = await ordersMail();
    expect(mails.slice(0, mails.length - before).map((mail) => [mail.to, mail.subject])).toEqual([['ada.orders@example.com', 'New order C9']]);
  });
});

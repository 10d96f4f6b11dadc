import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { chatV1 } from '@seatside/proto';
import { createChatService } from './index';
import { chatPublications } from './published';

describe('the chat published stream (seatside.chat.v1)', () => {
  let svc: TestService;
  let chatId: string;

  beforeAll(async () => {
    svc = await startTestService(createChatService({ seedFaqs: [] }));
    expect((await svc.http().post('/v1/contact').send({ fullname: 'Ada Lovelace', email: 'ada@example.com', message: 'Seat ordering for 40,000 seats' })).status).toBe(201);
    // A chat as the widget and the inbox make it: a signed-in visitor's message, staff reading it, leaving it, ending it.
    const staff = `Bearer ${await svc.tokenFor({ uid: 'staff-1', claims: { admin: true } })}`;
    const visitor = `Bearer ${await svc.tokenFor({ uid: 'diner-1' })}`;
    const started = await svc.http().post('/v1/chat').set('authorization', visitor).send({ message: 'Hello?', clientId: 'c-1' });
    expect(started.status).toBe(201);
    chatId = started.body.chatId as string;
    for (const step of ['read', 'leave', 'end']) expect((await svc.http().post(`/v1/admin/chats/${chatId}/${step}`).set('authorization', staff).send({})).status).toBe(200);
  });
  afterAll(() => svc.stop());

  it('given a contact submission and a chat, then ContactSubmitted, ChatStarted, ChatMessageSent (a client\'s), ChatStaffJoined, ChatStaffLeft and ChatEnded, at their events\' positions', async () => {
    const rows = await svc.published();
    const types = rows.map((r) => r.type.replace('seatside.chat.v1.', ''));
    expect(types).toEqual(['ContactSubmitted', 'ChatStarted', 'ChatMessageSent', 'ChatStaffJoined', 'ChatStaffLeft', 'ChatEnded']);
    expect(fromBinary(chatV1.ChatStaffJoinedSchema, rows[3]!.payload)).toMatchObject({ chatId, uid: 'staff-1' });
    expect(fromBinary(chatV1.ChatEndedSchema, rows[5]!.payload)).toMatchObject({ chatId, endedBy: 'staff-1' });
    expect(fromBinary(chatV1.ContactSubmittedSchema, rows[0]!.payload)).toMatchObject({ fullname: 'Ada Lovelace', email: 'ada@example.com', message: 'Seat ordering for 40,000 seats', envelope: { tenantId: '' } });
    expect(fromBinary(chatV1.ChatMessageSentSchema, rows[2]!.payload)).toMatchObject({ chatId, text: 'Hello?', senderGroup: chatV1.SenderGroup.CLIENT });
    const events = await svc.committed();
    for (const row of rows) expect(events.find((e) => e.globalPosition === row.globalPosition)?.eventId).toBe(row.eventId);
  });

  it('given the whole log replayed from position 0, then the same published stream, byte for byte', async () => {
    const { pool, schema } = svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), chatPublications)).toEqual(await svc.published());
  });
});

import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createChatService } from '../index';

const chatService = createChatService({ seedFaqs: [] });

describe('FAQs API', () => {
  let svc: TestService;
  let admin: string;
  beforeAll(async () => {
    svc = await startTestService(chatService);
    admin = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
  });
  afterAll(() => svc.stop());

  const create = (body: object) => svc.http().post('/v1/faqs').set('authorization', admin).send(body);

  it('given a visitor, when they try to create an FAQ, then 401 and nothing is stored', async () => {
    const res = await svc.http().post('/v1/faqs').send({ question: 'Q', answer: 'A' });
    expect(res.status).toBe(401);
    expect((await svc.http().get('/v1/faqs')).body.total).toBe(0);
  });

  it('given staff, when question and answer are missing, then 400 with per-field messages', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ question: 'Question is required', answer: 'Answer is required' });
  });

  it('given FAQs of two scopes, when listed by scope pricing, then only those, in the order written', async () => {
    const a = await create({ question: 'How much does it cost?', answer: '0.99 USD per order.', scope: 'pricing' });
    const b = await create({ question: 'Is the digital menu free?', answer: 'Yes.' });
    const c = await create({ question: 'Is there a free trial?', answer: 'No.', scope: 'pricing' });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    const pricing = await svc.http().get('/v1/faqs?scope=pricing');
    expect(pricing.body.data.map((f: { id: string }) => f.id)).toEqual([a.body.id, c.body.id]);
    const all = await svc.http().get('/v1/faqs');
    expect(all.body.total).toBe(3);
    expect(all.body.data[1]).toMatchObject({ question: 'Is the digital menu free?', scope: 'general' });
  });

  it('when an FAQ is updated, then the read model shows the change; when deleted, then it is gone (404)', async () => {
    const { body } = await create({ question: 'Old?', answer: 'Old.' });
    const updated = await svc.http().post(`/v1/faqs/${body.id}`).set('authorization', admin).send({ answer: 'New.' });
    expect(updated.body).toEqual({ id: body.id, message: 'FAQ updated' });
    expect((await svc.http().get(`/v1/faqs/${body.id}`)).body).toMatchObject({ question: 'Old?', answer: 'New.' });
    const deleted = await svc.http().delete(`/v1/faqs/${body.id}`).set('authorization', admin);
    expect(deleted.body.message).toBe('FAQ deleted');
    const gone = await svc.http().get(`/v1/faqs/${body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('FAQ not found');
  });

  it('when an FAQ that does not exist is updated, then 404 and no stream is created', async () => {
    const res = await svc.http().post('/v1/faqs/nope').set('authorization', admin).send({ answer: 'x' });
    expect(res.status).toBe(404);
    expect(await svc.started.deps.eventStore.readStream('faq-nope')).toEqual([]);
  });
});

describe('FAQ updates with If-Match', () => {
  let svc: TestService;
  let admin: string;
  beforeAll(async () => {
    svc = await startTestService(chatService);
    admin = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
  });
  afterAll(() => svc.stop());

  it('given two editors of version 1, when both save with If-Match, then the second gets 412 and the first edit stands', async () => {
    const created = await svc.http().post('/v1/faqs').set('authorization', admin).send({ question: 'Q?', answer: 'A.' });
    expect(created.headers.etag).toBe('"1"');
    const read = await svc.http().get(`/v1/faqs/${created.body.id}`);
    expect(read.headers.etag).toBe('"1"');

    const first = await svc.http().post(`/v1/faqs/${created.body.id}`).set('authorization', admin).set('if-match', '"1"').send({ answer: 'First.' });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const second = await svc.http().post(`/v1/faqs/${created.body.id}`).set('authorization', admin).set('if-match', '"1"').send({ answer: 'Second.' });
    expect(second.status).toBe(412);
    expect(second.body.message).toBe('This record was changed by someone else. Reload it and try again.');
    expect((await svc.http().get(`/v1/faqs/${created.body.id}`)).body.answer).toBe('First.');
  });

  it('given a malformed If-Match, then 400', async () => {
    const res = await svc.http().post('/v1/faqs/x').set('authorization', admin).set('if-match', 'banana').send({ answer: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'If-Match': 'Invalid version' });
  });
});

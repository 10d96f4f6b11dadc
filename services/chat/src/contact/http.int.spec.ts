import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { chatService } from '../index';

describe('POST /v1/contact', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(chatService, { now: () => new Date('2026-11-22T12:00:00.000Z') });
  });
  afterAll(() => svc.stop());

  it('given the contact page form without name and message, then 400 with the spec messages per field', async () => {
    const res = await svc.http().post('/v1/contact').send({ email: '', phone: '' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      status: 400,
      message: 'Name is required',
      errors: { fullname: 'Name is required', message: 'Message is required' },
    });
  });

  it('given the widget form with nothing filled, then every widget message appears', async () => {
    const res = await svc.http().post('/v1/contact').send({ source: 'widget' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      fullname: 'First name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('given the widget form with a malformed email, then "Invalid email address"', async () => {
    const res = await svc.http().post('/v1/contact').send({ source: 'widget', fullname: 'Ada', email: 'ada@', phone: '555', message: 'Hi' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: 'Invalid email address' });
  });

  it('given a source that is neither the page nor the widget, then 400 on source', async () => {
    const res = await svc.http().post('/v1/contact').send({ source: 'fax', fullname: 'Ada', message: 'Hi' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: { source: 'Source must be page or widget' } });
  });

  it('given a body that is not JSON, then a 400 problem', async () => {
    const res = await svc.http().post('/v1/contact').set('content-type', 'application/json').send('{"fullname":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('given a valid page form, then 201 { id, message }, one ContactSubmitted event and the submission listed for staff', async () => {
    const res = await svc.http().post('/v1/contact').set('x-request-id', 'req-1')
      .send({ fullname: ' Ada Lovelace ', email: 'ada@example.com', phone: '555-0100', message: 'Table 12 needs help' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "Thanks for reaching out! We'll get back to you soon." });

    const events = await svc.started.deps.eventStore.readStream(`contact-${res.body.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ContactSubmitted', metadata: { correlationId: 'req-1' }, data: { fullname: 'Ada Lovelace', source: 'page' } });

    const admin = await svc.tokenFor({ uid: 'staff', claims: { admin: true } });
    const list = await svc.http().get('/v1/contact-submissions').set('authorization', `Bearer ${admin}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      nextCursor: null,
      data: [{ id: res.body.id, fullname: 'Ada Lovelace', email: 'ada@example.com', phone: '555-0100', message: 'Table 12 needs help', submittedAt: '2026-11-22T12:00:00.000Z' }],
    });
  });

  it('given no token, when the submissions are listed, then 401; given a non-admin, then 403', async () => {
    expect((await svc.http().get('/v1/contact-submissions')).status).toBe(401);
    const user = await svc.tokenFor({ uid: 'diner' });
    const res = await svc.http().get('/v1/contact-submissions').set('authorization', `Bearer ${user}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this page.');
  });
});

import { readMailbox } from '../mail';
import { startIdentity, type SignedUp } from '../accounts/testing';

describe('admin: users and newsletter subscribers', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  let admin: string;
  const people: SignedUp[] = [];

  beforeAll(async () => {
    svc = await startIdentity();
    admin = await svc.tokenFor({ uid: 'staff', claims: { admin: true } });
    for (const name of ['carol', 'alice', 'bob', 'dave', 'erin']) people.push(await svc.signUp({ email: `${name}@example.com`, firstName: name }));
  });
  afterAll(() => svc.stop());

  const get = (path: string) => svc.http().get(path).set('authorization', `Bearer ${admin}`);

  it('given users, when listed by email both ways and paged by pageToken, then {data, nextPageToken, total} in that order', async () => {
    const asc = await get('/v1/admin/users?sort=email&order=asc&limit=2');
    expect(asc.status).toBe(200);
    expect(asc.body.total).toBe(5);
    expect(asc.body.data.map((u: { email: string }) => u.email)).toEqual(['alice@example.com', 'bob@example.com']);
    expect(asc.body.data[0]).toEqual({
      uid: expect.any(String), id: expect.any(String), email: 'alice@example.com', displayName: expect.any(String), photoURL: null, emailVerified: false, claims: {}, createdAt: expect.any(String),
    });
    const next = await get(`/v1/admin/users?sort=email&order=asc&limit=2&pageToken=${encodeURIComponent(asc.body.nextPageToken)}`);
    expect(next.body.data.map((u: { email: string }) => u.email)).toEqual(['carol@example.com', 'dave@example.com']);
    const desc = await get('/v1/admin/users?sort=email&order=desc&limit=2');
    expect(desc.body.data.map((u: { email: string }) => u.email)).toEqual(['erin@example.com', 'dave@example.com']);
    const search = await get('/v1/admin/users?q=CAR');
    expect(search.body.data.map((u: { email: string }) => u.email)).toEqual(['carol@example.com']);
    expect((await get('/v1/admin/users?sort=password')).status).toBe(400);
  });

  it('given a user, when the admin claim is granted and revoked, then the user\'s page shows it, and the change is an event by the admin', async () => {
    const bob = people.find((p) => p.email === 'bob@example.com')!;
    const grant = await svc.http().post(`/v1/admin/users/${bob.id}/claims`).set('authorization', `Bearer ${admin}`).send({ admin: true });
    expect(grant.status).toBe(200);
    expect((await get(`/v1/admin/users/${bob.id}`)).body).toMatchObject({ uid: bob.id, claims: { admin: true }, merchants: [], venues: [], apps: [] });
    const events = await svc.started.deps.eventStore.readStream(`user-${bob.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'PlatformAdminGranted', data: { by: 'staff' } });
    await svc.http().post(`/v1/admin/users/${bob.id}/claims`).set('authorization', `Bearer ${admin}`).send({ admin: false });
    expect((await get(`/v1/admin/users/${bob.id}`)).body.claims).toEqual({});
    expect((await svc.http().post(`/v1/admin/users/${bob.id}/claims`).set('authorization', `Bearer ${admin}`).send({ admin: 'yes' })).status).toBe(400);
    expect((await get('/v1/admin/users/nobody')).status).toBe(404);
  });

  it('given a footer sign-up, then a confirmation mail with an unsubscribe link; confirming lists the subscriber as confirmed; unsubscribing marks it; CSV export lists it', async () => {
    expect((await svc.http().post('/v1/subscribers').send({ email: 'nope' })).body.errors).toEqual({ email: 'Invalid email address' });
    const res = await svc.http().post('/v1/subscribers').send({ email: 'Reader@Example.com' });
    expect(res.status).toBe(202);
    await svc.settled();
    const mail = (await readMailbox(svc.dataDir)).find((m) => m.to === 'Reader@Example.com')!;
    expect(mail.subject).toBe('Confirm your Seatside newsletter subscription');
    const [confirm, unsubscribe] = mail.links!;
    expect(confirm).toMatch(/^http:\/\/app\.test\/v1\/subscribers\/confirm\?token=/);
    expect(unsubscribe).toMatch(/^http:\/\/app\.test\/v1\/subscribers\/unsubscribe\?token=/);
    expect(mail.text).toContain(unsubscribe);

    let list = await get('/v1/admin/subscribers');
    expect(list.body.data).toEqual([expect.objectContaining({ email: 'Reader@Example.com', status: 'pending' })]);
    expect(list.body.data[0].tokenHash).toBeUndefined();

    const page = await svc.http().get(new URL(confirm!).pathname + new URL(confirm!).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your subscription is confirmed.');
    list = await get('/v1/admin/subscribers');
    expect(list.body.data[0]).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });

    const csv = await get('/v1/admin/subscribers/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('email,status,subscribedAt,confirmedAt,unsubscribedAt');
    expect(csv.text).toContain('"Reader@Example.com","confirmed"');

    const off = await svc.http().get(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search).set('accept', 'application/json');
    expect(off.body).toEqual({ message: 'You are unsubscribed and will get no more newsletters.' });
    expect((await get('/v1/admin/subscribers')).body.data[0].status).toBe('unsubscribed');
    expect((await get('/v1/admin/subscribers?status=unsubscribed')).body.data.map((s: { email: string }) => s.email)).toEqual(['Reader@Example.com']);
    expect((await get('/v1/admin/subscribers?status=confirmed')).body.data).toEqual([]);
    const unknown = await get('/v1/admin/subscribers?status=gone');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', errors: { status: 'status must be pending, confirmed or unsubscribed' } });
    expect((await svc.http().get('/v1/subscribers/confirm?token=forged')).status).toBe(404);
  });

  it('given a visitor who signed up twice before confirming, then the links of both mails work: the first confirms, and its unsubscribe link unsubscribes', async () => {
    for (let i = 0; i < 2; i++) expect((await svc.http().post('/v1/subscribers').send({ email: 'twice@example.com' })).status).toBe(202);
    await svc.settled();
    const mails = (await readMailbox(svc.dataDir)).filter((m) => m.to === 'twice@example.com');
    expect(mails).toHaveLength(2);
    const [first, second] = [mails[0]!.links!, mails[1]!.links!];
    expect(first[0]).not.toBe(second[0]);
    const open = (link: string) => svc.http().get(new URL(link).pathname + new URL(link).search).set('accept', 'application/json');

    const confirmed = await open(first[0]!);
    expect([confirmed.status, confirmed.body]).toEqual([200, { message: 'Your subscription is confirmed. Thanks for subscribing!' }]);
    expect((await open(second[0]!)).status).toBe(200);
    const subscriber = (await get('/v1/admin/subscribers?q=twice')).body.data;
    expect(subscriber.map((s: { status: string }) => s.status)).toEqual(['confirmed']);

    const off = await open(first[1]!);
    expect([off.status, off.body]).toEqual([200, { message: 'You are unsubscribed and will get no more newsletters.' }]);
    expect((await get('/v1/admin/subscribers?q=twice')).body.data.map((s: { status: string }) => s.status)).toEqual(['unsubscribed']);
  });
});

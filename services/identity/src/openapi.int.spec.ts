import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { pngOf } from '@seatside/chassis/src/testkit/images';
import { lastMailTo, sessionCookieOf, startIdentity } from './accounts/testing';
import { identityApi } from './openapi';

type Answer = { id: string; uid: string; token: string; apiKey: string; headers: Record<string, string | string[]> };

/**
 * The gateway's contract walk (gateway/src/openapi.int.spec.ts) calls each operation once, as one
 * member, with static examples: it never follows a mailed code, a session cookie, a key it created
 * or a platform admin's page. Here an account, its merchant's admin and a platform admin go through
 * them with real codes, cookies and ids, and each success answer must be what the operation's
 * `response` in src/openapi.ts says.
 */
describe('identity OpenAPI answers (src/openapi.ts)', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  let staff: string;
  const called = new Set<string>();

  beforeAll(async () => {
    svc = await startIdentity({}, { sources: ['catalog'] });
    staff = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
  });
  afterAll(() => svc.stop());

  /** Calls a documented operation; answers its body once the status and the answer are as documented (a Buffer body is sent as an image). */
  async function call(route: string, as: { auth?: string; cookie?: string }, params: Record<string, string> = {}, body?: object, query = ''): Promise<Answer> {
    const operation = identityApi.operations.find((o) => o.route === route);
    if (!operation?.response) throw new Error(`${route} is not documented with a response`);
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? '')) + query;
    let req = svc.http()[method.toLowerCase() as 'get'](url).set('accept', 'application/json');
    if (as.auth) req = req.set('authorization', as.auth);
    if (as.cookie) req = req.set('cookie', as.cookie);
    if (Buffer.isBuffer(body)) req = req.set('content-type', 'image/png');
    if (body) req = req.send(body);
    const res = await req;
    const checked = operation.response.safeParse(res.body);
    called.add(route);
    expect([route, res.status, checked.success ? 'as documented' : z.prettifyError(checked.error)]).toEqual([route, operation.status ?? 200, 'as documented']);
    return { ...(res.body as Answer), headers: res.headers as Answer['headers'] };
  }
  const codeMailedTo = async (email: string) => {
    await svc.settled();
    return (await lastMailTo(svc.dataDir, email))?.oobCode ?? 'no mail';
  };

  it('given an account, then signing up and in, its sessions, settings and mailed links answer as documented', async () => {
    const ada = { email: 'ada@example.com', password: 'secret-1' };
    const signedUp = await call('POST /v1/auth/sign-up', {}, {}, { ...ada, firstName: 'Ada', lastName: 'Lovelace' });
    await call('POST /v1/auth/sign-in', {}, {}, ada);
    const login = await call('POST /v1/auth/login', {}, {}, { token: signedUp.token });
    const refreshed = await call('POST /v1/auth/refresh', { cookie: sessionCookieOf(login.headers['set-cookie'])?.pair ?? 'no cookie' });
    let auth = `Bearer ${refreshed.token}`;
    await call('GET /v1/auth/me', { auth });
    await call('GET /v1/auth/jwks.json', {});
    await call('GET /v1/auth/providers', {});
    await call('POST /v1/users/me/profile', { auth }, {}, { firstName: 'Ada', lastName: 'King', phone: '+44 20 0000' });
    await call('POST /v1/users/me/display-name', { auth }, {}, { displayName: 'Ada K.' });
    const { photoURL } = (await call('POST /v1/users/me/photo', { auth }, {}, await pngOf())) as Answer & { photoURL: string };
    const photo = await svc.http().get(photoURL);
    expect([photo.status, photo.headers['content-type']]).toEqual([200, 'image/png']);
    auth = `Bearer ${(await call('POST /v1/users/me/password', { auth }, {}, { currentPassword: ada.password, newPassword: 'secret-2', confirmPassword: 'secret-2' })).token}`;
    auth = `Bearer ${(await call('POST /v1/users/me/email', { auth }, {}, { email: 'ada.king@example.com', currentPassword: 'secret-2' })).token}`;
    await call('POST /v1/auth/email/recover', {}, {}, { oobCode: await codeMailedTo(ada.email) });

    await call('POST /v1/users/forget-password', {}, {}, { email: ada.email });
    const reset = await codeMailedTo(ada.email);
    await call('POST /v1/auth/reset/verify', {}, {}, { oobCode: reset });
    await call('POST /v1/auth/reset/confirm', {}, {}, { oobCode: reset, password: 'secret-3' });
    await call('POST /v1/auth/email-link', {}, {}, { email: 'grace@example.com' });
    await call('POST /v1/auth/email-link/sign-in', {}, {}, { email: 'grace@example.com', oobCode: await codeMailedTo('grace@example.com') });
    await call('POST /v1/auth/logout', {});
    await call('GET /v1/dev/mailbox.json', {});
  });

  it('given a merchant and its admin, then its team users, API keys and request logs answer as documented', async () => {
    const owner = await svc.signUp({ email: 'owner@example.com' });
    const auth = `Bearer ${owner.token}`;
    await svc.sourceLog('catalog').appendToStream('merchant-m1', [{
      type: 'MerchantCreated',
      data: { id: 'm1', name: 'Shop', description: '', handle: 'shop', googlePlaceId: '', timeZone: 'UTC', branding: { banner: null, icon: null }, createdBy: owner.id, at: new Date().toISOString() },
    }], { expectedVersion: 'any' });
    while ((await svc.http().get('/v1/merchants/m1/users').set('authorization', auth)).status === 403) await sleep(20);
    const tenant = { collection: 'merchants', id: 'm1' };

    const added = await call('POST /v1/:collection/:id/users/add', { auth }, tenant, { firstName: 'Lin', lastName: 'Runner', email: 'lin@example.com', role: 'teamMember' });
    await call('POST /v1/:collection/:id/users/:uid/set-role', { auth }, { ...tenant, uid: added.uid }, { role: 'runner' });
    await call('GET /v1/:collection/:id/users', { auth }, tenant);
    await call('DELETE /v1/:collection/:id/users/:uid', { auth }, { ...tenant, uid: added.uid });

    const key = await call('POST /v1/:collection/:id/api-keys', { auth }, tenant, { title: 'Till', testMode: true });
    await call('GET /v1/:collection/:id/api-keys/:apiKeyId', { auth }, { ...tenant, apiKeyId: key.id });
    await call('POST /v1/:collection/:id/api-keys/:apiKeyId', { auth }, { ...tenant, apiKeyId: key.id }, { title: 'Till 2' });
    await call('GET /v1/:collection/:id/api-keys', { auth }, tenant, undefined, '?testMode=true');
    await call('POST /v1/auth/api-key-token', {}, {}, { apiKey: key.apiKey });
    await call('DELETE /v1/:collection/:id/api-keys/:apiKeyId', { auth }, { ...tenant, apiKeyId: key.id });
    await call('GET /v1/:collection/:id/logs', { auth }, tenant);
  });

  it('given a platform admin, then the users table, the admin claim and the newsletter answer as documented', async () => {
    const reader = await svc.signUp({ email: 'reader@example.com' });
    await call('GET /v1/admin/users', { auth: staff });
    await call('GET /v1/admin/users/:uid', { auth: staff }, { uid: reader.id });
    await call('POST /v1/admin/users/:uid/claims', { auth: staff }, { uid: reader.id }, { admin: true });
    await call('POST /v1/subscribers', {}, {}, { email: reader.email });
    await svc.settled();
    const [confirmLink = '', unsubscribeLink = ''] = (await lastMailTo(svc.dataDir, reader.email))?.mail.links ?? [];
    const tokenOf = (link: string) => `?token=${link.split('token=')[1] ?? ''}`;
    await call('GET /v1/admin/subscribers', { auth: staff });
    await call('GET /v1/subscribers/confirm', {}, {}, undefined, tokenOf(confirmLink));
    await call('GET /v1/subscribers/unsubscribe', {}, {}, undefined, tokenOf(unsubscribeLink));
    await call('POST /v1/subscribers/unsubscribe', {}, {}, undefined, tokenOf(unsubscribeLink));
  });

  it('given the walks above, then every operation with an answer schema was called but a stored request log (the edge writes them)', () => {
    const documented = identityApi.operations.filter((o) => o.response).map((o) => o.route);
    expect(documented.filter((route) => !called.has(route))).toEqual(['GET /v1/:collection/:id/logs/:logId']);
  });
});

import { authMessages } from '@seatside/chassis';
import type { Test } from 'supertest';
import { pngOf } from '@seatside/chassis/src/testkit/images';
import { startMediaTestService, type MediaTestService } from './testing';

describe('media authorization: every tenant route, before its body is read', () => {
  let svc: MediaTestService;
  let png: Buffer;
  const merchant = 'm-guarded';
  const other = 'm-neighbour';

  /** Each media tenant route with a valid body, as `auth` (or anonymous). */
  const attempts = (auth: string | undefined, id = merchant): [string, Test][] => {
    const as = (req: Test) => (auth ? req.set('authorization', auth) : req);
    return [
      ['brand', as(svc.http().post(`/v1/merchants/${id}/brand`)).field('key', 'logo').attach('file', png, 'logo.png')],
      ['uploads', as(svc.http().post(`/v1/merchants/${id}/uploads`)).attach('file', png, 'photo.png')],
      ['upload', as(svc.http().post(`/v1/merchants/${id}/upload`)).send({ filename: 'a.png', contentType: 'image/png' })],
      ['objects', as(svc.http().get(`/v1/merchants/${id}/objects`))],
    ];
  };
  const snapshot = async () => ({
    objects: (await svc.http().get(`/v1/merchants/${merchant}/objects`).set('authorization', await svc.bearer('alice'))).body,
    head: await svc.started.deps.eventStore.headPosition(),
  });
  const expectRefused = async (auth: string | undefined, status: number, message: string) => {
    const before = await snapshot();
    for (const [route, attempt] of attempts(auth)) {
      const res = await attempt;
      expect([route, res.status, res.body.message]).toEqual([route, status, message]);
    }
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    png = await pngOf();
    svc = await startMediaTestService();
    await svc.grant('alice', 'merchants', merchant);
    await svc.grant('bob', 'merchants', other);
    await svc.http().post(`/v1/merchants/${merchant}/uploads`).set('authorization', await svc.bearer('alice')).attach('file', png, 'first.png').expect(200);
  });
  afterAll(() => svc.stop());

  it('given no token, then 401 "Sign in required" everywhere and nothing changes', async () => {
    await expectRefused(undefined, 401, 'Sign in required');
  });

  it('given a user of another merchant, then 403 "You do not have access to this page." and nothing changes', async () => {
    await expectRefused(await svc.bearer('bob'), 403, 'You do not have access to this page.');
  });

  it('given another merchant’s API key, then 403 and nothing changes', async () => {
    await expectRefused(await svc.bearer('apikey:neighbour', { collection: 'merchants', id: other, testMode: false }), 403, 'You do not have access to this page.');
  });

  it('given a venue’s API key with the same id, then 403: the collection is part of the tenant', async () => {
    await expectRefused(await svc.bearer('apikey:venue', { collection: 'venues', id: merchant, testMode: false }), 403, 'You do not have access to this page.');
  });

  it('given a platform admin who is not a member, then 403 and nothing changes', async () => {
    await expectRefused(await svc.bearer('support', undefined, { admin: true }), 403, 'You do not have access to this page.');
  });

  it('given a non-member sending a broken form, then 403, not 400: the caller is checked before the body is read', async () => {
    const res = await svc.http().post(`/v1/merchants/${merchant}/uploads`).set('authorization', await svc.bearer('bob'))
      .set('content-type', 'multipart/form-data; boundary=nothing').send('this is not a form');
    expect(res.status).toBe(403);
  });

  it('given the production API key of this merchant, then every route answers', async () => {
    const key = await svc.bearer('apikey:own-production', { collection: 'merchants', id: merchant, testMode: false });
    for (const [route, attempt] of attempts(key)) expect([route, (await attempt).status]).toEqual([route, 200]);
  });

  it('given the sandbox API key of this merchant, then a brand image is 403 problem+json and nothing is stored; the other routes answer', async () => {
    const key = await svc.bearer('apikey:own-sandbox', { collection: 'merchants', id: merchant, testMode: true });
    const [[, brand], ...others] = attempts(key) as [[string, Test], ...[string, Test][]];
    const before = await snapshot();
    const refused = await brand;
    expect([refused.status, refused.type, refused.body.message]).toEqual([403, 'application/problem+json', authMessages.sandboxKeyCannotChangeStorefront]);
    expect(await snapshot()).toEqual(before);
    for (const [route, attempt] of others) expect([route, (await attempt).status]).toEqual([route, 200]);
  });

  it('given a team member granted by identity, then every route answers', async () => {
    await svc.grant('carol', 'merchants', merchant);
    for (const [route, attempt] of attempts(await svc.bearer('carol'))) expect([route, (await attempt).status]).toEqual([route, 200]);
  });
});

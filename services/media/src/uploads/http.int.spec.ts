import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exifOf, gifOf, jpegOf, jpegWithExif, pngOf, polyglots, sizeOf } from '@seatside/chassis/src/testkit/images';
import { startTestService } from '@seatside/chassis/src/testkit/service';
import { localBlobStore } from '../blobs/local';
import { IMAGE_MAX_BYTES } from '../images';
import { createMediaService } from '../index';
import { defaultMediaOptions } from '../options';
import { PUBLIC_URL, startMediaTestService, type MediaTestService } from '../testing';
import { POLICY_TTL_MS } from './policy';

type StepOne = { url: string; fields: Record<string, string>; key: string };

describe('media API: the two-step upload', () => {
  let svc: MediaTestService;
  let alice: string;
  let lateBy = 0;
  const merchant = 'm-two-step';
  const stepOne = (body: object, auth = alice, collection = 'merchants', id = merchant) =>
    svc.http().post(`/v1/${collection}/${id}/upload`).set('authorization', auth).send(body);
  const policyFor = async (contentType = 'image/jpeg'): Promise<StepOne> => (await stepOne({ filename: 'me.jpg', contentType }).expect(200)).body;
  /** Step two as a browser does it: the fields in order, then the file, to the answered URL, without a token. */
  const stepTwo = (answer: Pick<StepOne, 'url' | 'fields'>, file?: Buffer, filename = 'me.jpg') => {
    const req = svc.http().post(svc.pathOf(answer.url));
    for (const [name, value] of Object.entries(answer.fields)) req.field(name, value);
    return file ? req.attach('file', file, filename) : req;
  };
  const gallery = async () => (await svc.http().get(`/v1/merchants/${merchant}/objects`).set('authorization', alice)).body as { data: { key: string; url: string }[]; total: number };
  const served = (key: string) =>
    svc.http().get(`/v1/media/${key}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  beforeAll(async () => {
    svc = await startMediaTestService({ now: () => new Date(Date.now() + lateBy) });
    alice = await svc.bearer('alice');
    await svc.grant('alice', 'merchants', merchant);
    await svc.grant('alice', 'apps', 'a-app');
  });
  afterEach(() => {
    lateBy = 0;
  });
  afterAll(() => svc.stop());

  it('given step one, then a url on PUBLIC_URL, the signed fields and a key under files/', async () => {
    const answer = await policyFor('image/png');
    expect(answer.url).toBe('http://media.test/v1/media/form-upload');
    expect(answer.key).toMatch(new RegExp(`^merchants/${merchant}/files/[0-9a-f-]{36}\\.png$`));
    expect(answer.fields).toEqual({ key: answer.key, 'Content-Type': 'image/png', policy: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const policy = JSON.parse(Buffer.from(answer.fields.policy!, 'base64').toString('utf8'));
    expect(policy).toEqual({ key: answer.key, contentType: 'image/png', maxBytes: IMAGE_MAX_BYTES, expiresAt: expect.any(String) });
    expect(Date.parse(policy.expiresAt) - Date.now()).toBeGreaterThan(POLICY_TTL_MS - 60_000);
  });

  it('given both steps, then 204, the object in the gallery and its URL serving the re-encoded jpeg without EXIF', async () => {
    const answer = await policyFor('image/jpeg');
    expect((await gallery()).data.map((o) => o.key)).not.toContain(answer.key);
    const posted = await stepTwo(answer, await jpegWithExif(40, 20));
    expect(posted.status).toBe(204);
    const [newest] = (await gallery()).data;
    expect(newest).toMatchObject({ key: answer.key, url: `http://media.test/v1/media/${answer.key}` });
    const bytes = await served(answer.key);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(await exifOf(bytes.body as Buffer)).toBeUndefined();
    expect(await sizeOf(bytes.body as Buffer)).toMatchObject({ width: 20, height: 40, format: 'jpeg' });
  });

  it('given a policy used once, when it is posted again, then 409 "This upload link was already used." and the first bytes stay', async () => {
    const answer = await policyFor('image/png');
    expect((await stepTwo(answer, await pngOf(10, 10), 'a.png')).status).toBe(204);
    const again = await stepTwo(answer, await pngOf(20, 20), 'b.png');
    expect([again.status, again.body.message]).toEqual([409, 'This upload link was already used.']);
    expect(await sizeOf((await served(answer.key)).body as Buffer)).toMatchObject({ width: 10, height: 10 });
  });

  it('given one policy posted twice at once, then one 204 and one 409', async () => {
    const answer = await policyFor('image/png');
    const statuses = (await Promise.all([stepTwo(answer, await pngOf(), 'a.png'), stepTwo(answer, await pngOf(), 'b.png')])).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 409]);
  });

  it.each<[string, (fields: Record<string, string>) => Record<string, string>]>([
    ['a policy allowing more bytes', (f) => {
      const policy = JSON.parse(Buffer.from(f.policy!, 'base64').toString('utf8'));
      return { ...f, policy: Buffer.from(JSON.stringify({ ...policy, maxBytes: 1e9 })).toString('base64') };
    }],
    ['another key', (f) => ({ ...f, key: f.key!.replace(merchant, 'm-victim') })],
    ['a forged signature', (f) => ({ ...f, signature: '0'.repeat(64) })],
    ['no signature', ({ signature: _, ...f }) => f],
  ])('given %s, then 403 "This upload link is not valid." and nothing is stored', async (_, tamper) => {
    const answer = await policyFor('image/jpeg');
    const before = (await gallery()).total;
    const res = await stepTwo({ url: answer.url, fields: tamper(answer.fields) }, await jpegOf());
    expect([res.status, res.body.message]).toEqual([403, 'This upload link is not valid.']);
    expect((await gallery()).total).toBe(before);
    expect((await served(answer.key)).status).toBe(404);
  });

  it('given a policy older than 10 minutes, then 403 "This upload link has expired. Please upload the image again."', async () => {
    const answer = await policyFor('image/jpeg');
    lateBy = POLICY_TTL_MS + 1000;
    const res = await stepTwo(answer, await jpegOf());
    expect([res.status, res.body.message]).toEqual([403, 'This upload link has expired. Please upload the image again.']);
    lateBy = 0;
    expect((await stepTwo(answer, await jpegOf())).status).toBe(204);
  });

  it.each([
    [{ filename: 'anim.gif', contentType: 'image/gif' }],
    [{ filename: 'doc.pdf', contentType: 'application/pdf' }],
    [{ filename: 'me.jpg' }],
  ])('given step one with %p, then 400 "Please upload a PNG or JPEG image"', async (body) => {
    const res = await stepOne(body);
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Please upload a PNG or JPEG image', { contentType: 'Please upload a PNG or JPEG image' }]);
  });

  it.each([
    ['a png for a jpeg policy', () => pngOf()],
    ['a gif', () => gifOf()],
  ])('given %s, then 400 "Please upload a PNG or JPEG image"', async (_, file) => {
    const res = await stepTwo(await policyFor('image/jpeg'), await file());
    expect([res.status, res.body.message]).toEqual([400, 'Please upload a PNG or JPEG image']);
  });

  it('given the fields without a file, then 400 "Please choose a file"', async () => {
    const res = await stepTwo(await policyFor('image/jpeg'));
    expect([res.status, res.body.message]).toEqual([400, 'Please choose a file']);
  });

  it('given a file over 10 MB, then 413 "The image is too large (at most 10 MB)"', async () => {
    const tooBig = Buffer.concat([await jpegOf(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await stepTwo(await policyFor('image/jpeg'), tooBig);
    expect([res.status, res.body.message]).toEqual([413, 'The image is too large (at most 10 MB)']);
  });

  it('given an app, then step one answers a key under apps/{id}/files/', async () => {
    const res = await stepOne({ contentType: 'image/png' }, alice, 'apps', 'a-app');
    expect(res.body.key).toMatch(/^apps\/a-app\/files\/[0-9a-f-]{36}\.png$/);
  });
});

describe('media API: the two-step upload over a store that offers presigned POSTs (S3)', () => {
  it('given step one, then still the service\'s own form-upload (never a direct post to the bucket), so a polyglot is refused', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-spec-'));
    const options = defaultMediaOptions({ dataDir, publicUrl: PUBLIC_URL });
    const presignedPost = jest.fn();
    const svc = await startTestService(createMediaService(options, { ...localBlobStore(path.join(dataDir, 'media')), presignedPost }), { sources: ['identity'] });
    try {
      await svc.grant({ uid: 'alice', tenantId: 'm-s3', role: 'admin' });
      const auth = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
      const answer = (await svc.http().post('/v1/merchants/m-s3/upload').set('authorization', auth).send({ contentType: 'image/png' }).expect(200)).body;
      expect(answer.url).toBe(`${PUBLIC_URL}/v1/media/form-upload`);
      expect(presignedPost).not.toHaveBeenCalled();
      const post = svc.http().post('/v1/media/form-upload');
      for (const [name, value] of Object.entries(answer.fields as Record<string, string>)) post.field(name, value);
      const res = await post.attach('file', (await polyglots())['a valid PNG with HTML after its end'], 'me.png');
      expect([res.status, res.body.message]).toEqual([400, 'Please upload a PNG or JPEG image']);
    } finally {
      await svc.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

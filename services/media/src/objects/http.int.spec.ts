import path from 'node:path';
import sharp from 'sharp';
import { exifOf, gifOf, jpegOf, jpegWithExif, pngOf, polyglots, sizeOf } from '@seatside/chassis/src/testkit/images';
import { localBlobStore } from '../blobs/local';
import { IMAGE_MAX_BYTES } from '../images';
import { startMediaTestService, type MediaTestService } from '../testing';

describe('media API: brand images, uploads, the gallery and the served bytes', () => {
  let svc: MediaTestService;
  let alice: string;
  const merchant = 'm-trattoria';
  const other = 'm-other';
  const post = (route: string, auth = alice) => svc.http().post(route).set('authorization', auth);
  const brand = (file: Buffer | undefined, key: string | undefined, collection = 'merchants', id = merchant) => {
    const req = post(`/v1/${collection}/${id}/brand`);
    if (key !== undefined) req.field('key', key);
    return file ? req.attach('file', file, 'image.png') : req.field('note', 'no file');
  };
  const upload = (file: Buffer, id = merchant, filename = 'photo.jpg') => post(`/v1/merchants/${id}/uploads`).attach('file', file, filename);
  const gallery = (query = '', id = merchant) => svc.http().get(`/v1/merchants/${id}/objects${query}`).set('authorization', alice);
  const served = (url: string) => svc.http().get(svc.pathOf(url)).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

  beforeAll(async () => {
    let tick = Date.parse('2026-11-22T12:00:00.000Z');
    // One second per call, so "newest first" does not depend on the machine's speed.
    svc = await startMediaTestService({ now: () => new Date((tick += 1000)) });
    alice = await svc.bearer('alice');
    await svc.grant('alice', 'merchants', merchant);
    await svc.grant('alice', 'merchants', other);
    await svc.grant('alice', 'venues', 'v-hall');
  });
  afterAll(() => svc.stop());

  describe('POST /v1/{collection}/{id}/brand', () => {
    it('given a png and the key banner, then 200 text/plain with its URL under brand/banner-{uuid}.png, serving a re-encoded png', async () => {
      const res = await brand(await pngOf(30, 20), 'banner');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toMatch(new RegExp(`^http://media\\.test/v1/media/merchants/${merchant}/brand/banner-[0-9a-f-]{36}\\.png$`));
      const bytes = await served(res.text);
      expect(bytes.status).toBe(200);
      expect(bytes.headers).toMatchObject({
        'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff',
        'content-disposition': `inline; filename="${res.text.split('/').pop()}"`, 'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(await sizeOf(bytes.body as Buffer)).toMatchObject({ width: 30, height: 20, format: 'png' });
    });

    it.each(['icon', 'logo', 'logoDark'])('given the key %s of a venue, then the URL names it', async (key) => {
      const res = await brand(await jpegOf(), key, 'venues', 'v-hall');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(new RegExp(`/v1/media/venues/v-hall/brand/${key}-[0-9a-f-]{36}\\.jpg$`));
    });

    it.each([['avatar'], [''], [undefined]])('given the key %p, then 400 "Please choose which image this is"', async (key) => {
      const res = await brand(await pngOf(), key);
      expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Please choose which image this is', { key: 'Please choose which image this is' }]);
    });

    it('given no file, then 400 "Please choose a file"', async () => {
      const res = await brand(undefined, 'logo');
      expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Please choose a file', { file: 'Please choose a file' }]);
    });

    it('given neither a file nor a key, then 400 with both messages, the file first', async () => {
      const res = await brand(undefined, undefined);
      expect(res.body).toMatchObject({ message: 'Please choose a file', errors: { file: 'Please choose a file', key: 'Please choose which image this is' } });
    });

    it('given a JSON body instead of a form, then 400 "Please choose a file" as problem+json', async () => {
      const res = await post(`/v1/merchants/${merchant}/brand`).send({ key: 'logo' });
      expect([res.status, res.body.message]).toEqual([400, 'Please choose a file']);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('given a gif with the key logo, then 400 "Please upload a PNG or JPEG image"', async () => {
      const res = await brand(await gifOf(), 'logo');
      expect([res.status, res.body.message]).toEqual([400, 'Please upload a PNG or JPEG image']);
    });
  });

  describe('POST /v1/{collection}/{id}/uploads', () => {
    it('given a jpeg with EXIF, then its URL serves a jpeg without EXIF, upright', async () => {
      const original = await jpegWithExif(40, 20);
      expect(await exifOf(original)).toBeDefined();
      const res = await upload(original);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(new RegExp(`/v1/media/merchants/${merchant}/uploads/[0-9a-f-]{36}\\.jpg$`));
      const bytes = (await served(res.text)).body as Buffer;
      expect(await exifOf(bytes)).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('Secret Photographer');
      expect(await sizeOf(bytes)).toMatchObject({ width: 20, height: 40, format: 'jpeg' });
    });

    it.each([
      ['a gif', gifOf],
      ['a text file named .png', async () => Buffer.from('<script>alert(1)</script>')],
    ])('given %s, then 400 "Please upload a PNG or JPEG image" and nothing is stored', async (_, bytes) => {
      const before = (await gallery()).body.total;
      const res = await upload(await bytes(), merchant, 'image.png');
      expect([res.status, res.body.message]).toEqual([400, 'Please upload a PNG or JPEG image']);
      expect((await gallery()).body.total).toBe(before);
    });

    it('given an image over 10 MB, then 413 "The image is too large (at most 10 MB)" and nothing is stored', async () => {
      const before = (await gallery()).body.total;
      const tooBig = Buffer.concat([await pngOf(), Buffer.alloc(IMAGE_MAX_BYTES)]);
      const res = await upload(tooBig, merchant, 'huge.png');
      expect([res.status, res.body.message]).toEqual([413, 'The image is too large (at most 10 MB)']);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await gallery()).body.total).toBe(before);
    });

    it('given an image over 40 megapixels, then 400 "The image is too large (at most 40 megapixels)"', async () => {
      const res = await upload(await pngOf(8000, 5001), merchant, 'wide.png');
      expect([res.status, res.body.message]).toEqual([400, 'The image is too large (at most 40 megapixels)']);
    });

    it('given an image over 4096 px, then the stored image is 4096 px on its longest side', async () => {
      const big = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
      const res = await upload(big);
      expect(await sizeOf((await served(res.text)).body as Buffer)).toMatchObject({ width: 4096, height: 2048 });
    });
  });

  describe('POST /v1/admin/media/uploads (an article image of the admin area)', () => {
    const adminUpload = (auth: string | undefined, file?: Buffer) => {
      const req = svc.http().post('/v1/admin/media/uploads');
      if (auth) req.set('authorization', auth);
      return file ? req.attach('file', file, 'cover.png') : req.field('note', 'no file');
    };

    it('given a platform admin and a png, then 200 with its URL under platform/articles/uploads, serving the re-encoded png', async () => {
      const res = await adminUpload(await svc.bearer('staff', undefined, { admin: true }), await pngOf(32, 16));
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/^http:\/\/media\.test\/v1\/media\/platform\/articles\/uploads\/[0-9a-f-]{36}\.png$/);
      const bytes = await served(res.text);
      expect([bytes.status, bytes.headers['content-type']]).toEqual([200, 'image/png']);
      expect(await sizeOf(bytes.body as Buffer)).toMatchObject({ width: 32, height: 16, format: 'png' });
    });

    it('given a text file named .png, then 400 "Please upload a PNG or JPEG image"; given no file, then 400', async () => {
      const staff = await svc.bearer('staff', undefined, { admin: true });
      const text = await adminUpload(staff, Buffer.from('<script>alert(1)</script>'));
      expect([text.status, text.body.message]).toEqual([400, 'Please upload a PNG or JPEG image']);
      expect((await adminUpload(staff)).status).toBe(400);
    });

    it('given a tenant member without the admin claim, then 403; given no token, then 401', async () => {
      expect((await adminUpload(alice, await pngOf())).status).toBe(403);
      expect((await adminUpload(undefined, await pngOf())).status).toBe(401);
    });
  });

  describe('GET /v1/merchants/{id}/objects', () => {
    const otherUrls: string[] = [];
    beforeAll(async () => {
      for (let n = 0; n < 3; n++) otherUrls.push((await upload(await pngOf(n + 1, 1), other)).text);
    });

    it('given three uploads, then {data, nextCursor, total} newest first with key, url, size and lastModified', async () => {
      const res = await gallery('', other);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expect.any(Array), nextCursor: null, total: 3 });
      expect(res.body.data.map((o: { url: string }) => o.url)).toEqual([...otherUrls].reverse());
      const [newest] = res.body.data;
      expect(newest).toEqual({ key: svc.pathOf(otherUrls[2]!).replace('/v1/media/', ''), url: otherUrls[2], size: expect.any(Number), lastModified: expect.any(String) });
      expect(newest.size).toBe((await served(otherUrls[2]!)).body.length);
    });

    it('given limit 2, then two and a cursor to the last one', async () => {
      const first = await gallery('?limit=2', other);
      expect(first.body).toMatchObject({ total: 3, nextCursor: expect.any(String) });
      const second = await gallery(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, other);
      expect(second.body).toMatchObject({ total: 3, nextCursor: null });
      expect([...first.body.data, ...second.body.data].map((o: { url: string }) => o.url)).toEqual([...otherUrls].reverse());
    });

    it('given another merchant, then only its own objects', async () => {
      const keys = (await gallery()).body.data.map((o: { key: string }) => o.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key: string) => key.startsWith(`merchants/${merchant}/`))).toBe(true);
    });

    it('given a bad limit, then 400', async () => {
      expect((await gallery('?limit=0')).status).toBe(400);
    });
  });

  describe('GET /v1/media/{key}', () => {
    it.each([
      '/v1/media/merchants/m-trattoria/uploads/00000000-0000-0000-0000-000000000000.png',
      '/v1/media/..%2F..%2Fetc%2Fpasswd',
      '/v1/media/merchants/%2E%2E/%2E%2E/types/x',
    ])('given %s, then 404', async (path) => {
      expect((await svc.http().get(path)).status).toBe(404);
    });

    it('given a stored key, then anyone may read it without a token', async () => {
      const url = (await brand(await pngOf(), 'icon')).text;
      expect((await svc.http().get(svc.pathOf(url))).status).toBe(200);
    });

    it('given a polyglot that reached the store without the pipeline (a direct bucket post of old), then 404, never its bytes', async () => {
      const store = localBlobStore(path.join(svc.options.dataDir, 'media'));
      const polyglot = (await polyglots())['a valid PNG with HTML after its end'];
      await store.put('merchants/m-trattoria/files/00000000-0000-4000-8000-000000000001.png', polyglot, 'image/png');
      await store.put('merchants/m-trattoria/files/00000000-0000-4000-8000-000000000002.png', await pngOf(), 'image/png');
      expect((await svc.http().get('/v1/media/merchants/m-trattoria/files/00000000-0000-4000-8000-000000000001.png')).status).toBe(404);
      expect((await svc.http().get('/v1/media/merchants/m-trattoria/files/00000000-0000-4000-8000-000000000002.png')).status).toBe(200);
    });
  });
});

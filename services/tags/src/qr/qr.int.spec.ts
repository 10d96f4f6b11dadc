import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { startTagsTestService, type TagsTestService } from '../testing';
import express from 'express';
import type { TagDoc } from '../tags/projections';
import { writeTagsZip, type DownloadOutcome } from './http';
import { QR_DEFAULTS } from './params';
import { renderQrPng } from './render';
import { qrMessages } from './messages';
import { readStoredZip } from './zip';

const shop = { collection: 'merchants', id: 'm-qr' } as const;
const other = { collection: 'merchants', id: 'm-qr-other' } as const;
const PUBLIC_URL = 'https://app.seatside.test';

/** The text a PNG's QR code carries. */
async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

/** supertest keeps a binary body as a Buffer with this parser. */
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('QR images and tags.zip', () => {
  let svc: TagsTestService;
  let alice: string;
  let mallory: string;
  const path = (rest = '') => `/v1/merchants/${shop.id}/tags${rest}`;
  const create = async (body: object) => (await svc.http().post(path()).set('authorization', alice).send(body)).body.id as string;
  const codeOf = async (id: string) => (await svc.http().get(path(`/${id}`)).set('authorization', alice)).body.code as string;
  const qr = (rest: string) => svc.http().get(rest).buffer(true).parse(binary as never);
  let code: string;

  beforeAll(async () => {
    svc = await startTagsTestService({ publicUrl: PUBLIC_URL });
    alice = await svc.bearer('alice');
    mallory = await svc.bearer('mallory');
    await svc.grant('alice', shop);
    await svc.grant('mallory', other);
    code = await codeOf(await create({ name: 'Table 1' }));
  });
  afterAll(() => svc.stop());

  it('given a tag, when its QR is fetched without sign-in, then a PNG that decodes to its public link, long-cached with a strong ETag', async () => {
    const res = await qr(`/qr/${code}`);
    expect([res.status, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    expect(res.headers.etag).toMatch(/^"[^W]/);
    expect(await decode(res.body as Buffer)).toBe(`${PUBLIC_URL}/tag/${code}`);
    expect((await sharp(res.body as Buffer).metadata()).width).toBeGreaterThanOrEqual(500);
  });

  it('given a tag named by its id (/qr/{tagId}), then the same image of its public link by its code; an unknown id is 404', async () => {
    const id = await create({ name: 'Table 9' });
    const byId = await qr(`/qr/${id}`);
    expect([byId.status, byId.headers['content-type']]).toEqual([200, 'image/png']);
    expect(await decode(byId.body as Buffer)).toBe(`${PUBLIC_URL}/tag/${await codeOf(id)}`);
    expect((await qr('/qr/0d6f3e0c-1b1a-4c5e-9b7e-2f1f0c9e8a11')).status).toBe(404);
  });

  it('given the ETag it has, when asked again, then 304; other parameters have another ETag', async () => {
    const first = await qr(`/qr/${code}?margin=3`);
    const again = await svc.http().get(`/qr/${code}?margin=3`).set('if-none-match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect((await qr(`/qr/${code}?margin=4`)).headers.etag).not.toBe(first.headers.etag);
  });

  it('given each QR parameter, when changed, then the image bytes change; format=svg answers SVG', async () => {
    const base = (await qr(`/qr/${code}`)).body as Buffer;
    const variants = ['color=ff0000', 'background=0f0', 'margin=0', 'errorCorrectionLevel=H', 'size=256', 'color=00000080'];
    for (const query of variants) {
      const res = await qr(`/qr/${code}?${query}`);
      expect([query, res.status, Buffer.compare(res.body as Buffer, base) !== 0]).toEqual([query, 200, true]);
    }
    const highLevel = (await qr(`/qr/${code}?errorCorrectionLevel=h&margin=2`)).body as Buffer;
    expect(await decode(highLevel)).toBe(`${PUBLIC_URL}/tag/${code}`);
    const red = await sharp((await qr(`/qr/${code}?color=ff0000&margin=0`)).body as Buffer).raw().toBuffer();
    expect([red[0], red[1], red[2]]).toEqual([255, 0, 0]);
    const svg = await qr(`/qr/${code}?format=svg&color=123456`);
    expect([svg.status, svg.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    const text = (svg.body as Buffer).toString('utf8');
    expect(text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('#123456');
  });

  it('given download, then an attachment named after the tag', async () => {
    const id = await create({ name: 'Patio / Seat "2"' });
    const res = await qr(`/qr/${await codeOf(id)}?download`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Patio Seat 2.png"; filename*=UTF-8''Patio%20Seat%202.png`);
  });

  it('given bad parameters, then one 400 problem naming each of them, never a 500', async () => {
    const res = await svc.http().get(`/qr/${code}?color=red&background=12345&errorCorrectionLevel=X&margin=11&size=10&format=gif`);
    expect([res.status, res.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
    expect(res.body.errors).toEqual({
      color: qrMessages.color, background: qrMessages.color, errorCorrectionLevel: qrMessages.errorCorrectionLevel,
      margin: qrMessages.margin, size: qrMessages.size, format: qrMessages.format,
    });
    for (const query of ['margin=-1', 'margin=1.5', 'size=99999999', 'margin=1&margin=2', 'color=fff&color=000', 'size=%00', 'format=']) {
      const bad = await svc.http().get(`/qr/${code}?${query}`);
      expect([query, bad.status]).toEqual([query, 400]);
    }
  });

  it('given an unknown code, then 404', async () => {
    const res = await svc.http().get('/qr/nope000000');
    expect([res.status, res.body.message]).toEqual([404, 'Tag not found']);
  });

  it('given ?url=, then any http(s) URL renders; javascript:, other schemes, a missing or a too long URL are 400', async () => {
    const ok = await qr(`/qr/?url=${encodeURIComponent('https://example.com/menu?x=1')}&margin=2`);
    expect(ok.status).toBe(200);
    expect(await decode(ok.body as Buffer)).toBe('https://example.com/menu?x=1');
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'not a url', '', `https://example.com/${'a'.repeat(2048)}`]) {
      const res = await svc.http().get(`/qr?url=${encodeURIComponent(url)}`);
      expect([url.slice(0, 30), res.status, res.body.errors]).toEqual([url.slice(0, 30), 400, { url: qrMessages.url }]);
    }
    expect((await svc.http().get('/qr/')).status).toBe(400);
  });

  describe('tags.zip', () => {
    const tenant = { collection: 'venues', id: 'v-zip' } as const;
    const zipPath = `/v1/venues/${tenant.id}/qr-download`;
    const make = (body: object) => svc.http().post(`/v1/venues/${tenant.id}/tags`).set('authorization', alice).send(body);
    const names = ['Table 2', 'Table 2', 'Table 10', 'TABLE 10', 'a/b:c*?', 'CON', '...'];
    let sandboxCode: string;

    beforeAll(async () => {
      await svc.grant('alice', tenant);
      for (const name of names) await make({ name });
      const sandbox = await make({ name: 'Sandbox Seat', testMode: true });
      sandboxCode = (await svc.http().get(`/v1/venues/${tenant.id}/tags/${sandbox.body.id}`).set('authorization', alice)).body.code;
    });

    it('given a member, then one PNG per production tag, named safely and uniquely, each decoding to its tag link', async () => {
      const res = await qr(`${zipPath}?color=333333`).set('authorization', alice);
      expect([res.status, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'application/zip', expect.stringMatching(/^attachment; filename="tags.zip"/)]);
      const entries = readStoredZip(res.body as Buffer);
      // Unique as a case-insensitive file system sees them.
      expect(entries.map((e) => e.name.toLowerCase()).sort()).toEqual(['_con.png', 'a b c.png', 'tag.png', 'table 10 (2).png', 'table 10.png', 'table 2 (2).png', 'table 2.png'].sort());
      expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['Table 2.png', 'Table 2 (2).png', '_CON.png']));
      const list = (await svc.http().get(`/v1/venues/${tenant.id}/tags?limit=100`).set('authorization', alice)).body.data as { code: string }[];
      const decoded = await Promise.all(entries.map((e) => decode(e.data)));
      expect(decoded.sort()).toEqual(list.map((t) => `${PUBLIC_URL}/tag/${t.code}`).sort());
    });

    it('given a sandbox request, then the zip holds only the sandbox tags', async () => {
      const res = await qr(`${zipPath}?testMode=true`).set('authorization', alice);
      const entries = readStoredZip(res.body as Buffer);
      expect(entries.map((e) => e.name)).toEqual(['Sandbox Seat.png']);
      expect(await decode(entries[0]!.data)).toBe(`${PUBLIC_URL}/tag/${sandboxCode}`);
      const key = await svc.bearer('key', { key: { ...tenant, testMode: true } });
      expect(readStoredZip((await qr(zipPath).set('authorization', key)).body as Buffer).map((e) => e.name)).toEqual(['Sandbox Seat.png']);
    });

    it("given another tenant's member, no sign-in or bad settings, then 403, 401 and 400 before any byte of a zip", async () => {
      expect((await svc.http().get(zipPath).set('authorization', mallory)).status).toBe(403);
      expect((await svc.http().get(zipPath)).status).toBe(401);
      const bad = await svc.http().get(`${zipPath}?margin=99`).set('authorization', alice);
      expect([bad.status, bad.body.errors]).toEqual([400, { margin: qrMessages.margin }]);
    });
  });

  it('given a client that goes away mid-download, then the work stops: an endless list of tags stops being rendered', async () => {
    // The route's own writer over an endless source: only a stop can end it.
    let rendered = 0;
    const outcomes: DownloadOutcome[] = [];
    const app = express();
    app.get('/zip', async (_req, res) => {
      const page = Array.from({ length: 10 }, (_, i) => ({ name: `Seat ${i}`, code: `code${i}` }) as TagDoc);
      outcomes.push(await writeTagsZip(res, {
        pages: async () => ({ data: page, nextCursor: 'more' }),
        render: async (tag) => {
          rendered++;
          return renderQrPng(`${PUBLIC_URL}/tag/${tag.code}`, { ...QR_DEFAULTS, errorCorrectionLevel: 'L' });
        },
        logger: svc.started.deps.logger,
      }));
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ port, path: '/zip' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      });
      while (!outcomes.length) await new Promise((resolve) => setTimeout(resolve, 20));
      const stoppedAt = rendered;
      expect(outcomes).toEqual([{ entries: expect.any(Number), complete: false }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rendered).toBe(stoppedAt);
    } finally {
      server.close();
    }
  });
});

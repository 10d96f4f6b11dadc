import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-tpl' } as const;
const other = { collection: 'merchants', id: 'm-tpl-other' } as const;
const hall = { collection: 'venues', id: 'v-tpl' } as const;
type Tenant = { collection: string; id: string };
const PUBLIC_URL = 'https://app.seatside.test';

const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Each page's text and decoded QR code (test/read-pdf.mjs: pdf.js, rendered at 150 DPI, jsQR). */
async function readPdf(pdf: Buffer): Promise<{ pages: { text: string; qr: string | null; size: [number, number] }[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'print-'));
  const file = path.join(dir, 'print.pdf');
  await writeFile(file, pdf);
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, '../../test/read-pdf.mjs'), file], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

const textLayer = (options: object = {}, box: object = {}) => ({ type: 'text', title: 'Label', x: 20, y: 20, width: 300, height: 60, options: { text: 'Table {{Table}}', ...options }, ...box });
const qrLayer = (options: object = {}) => ({ type: 'qr', title: 'QR', x: 92, y: 120, width: 200, height: 200, options: { url: '{{url}}', ...options } });

describe('templates API', () => {
  let svc: TagsTestService;
  let alice: string;
  let mallory: string;
  const base = (tenant: Tenant = shop) => `/v1/${tenant.collection}/${tenant.id}/templates`;
  const create = (body: object, tenant: Tenant = shop, auth = alice) => svc.http().post(base(tenant)).set('authorization', auth).send(body);
  const one = (id: string, tenant: Tenant = shop, auth = alice) => svc.http().get(`${base(tenant)}/${id}`).set('authorization', auth);
  const update = (id: string, body: object, tenant: Tenant = shop) => svc.http().post(`${base(tenant)}/${id}`).set('authorization', alice).send(body);
  const list = (query = '', tenant: Tenant = shop) => svc.http().get(`${base(tenant)}${query}`).set('authorization', alice);
  const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((t) => t.title);
  const tag = async (name: string, metadata: object[], tenant: Tenant = shop, testMode = false) => {
    const res = await svc.http().post(`/v1/${tenant.collection}/${tenant.id}/tags`).set('authorization', alice).send({ name, metadata, testMode });
    const view = await svc.http().get(`/v1/${tenant.collection}/${tenant.id}/tags/${res.body.id}`).set('authorization', alice);
    return view.body as { id: string; code: string };
  };

  beforeAll(async () => {
    svc = await startTagsTestService({ publicUrl: PUBLIC_URL });
    alice = await svc.bearer('alice');
    mallory = await svc.bearer('mallory');
    for (const tenant of [shop, hall]) await svc.grant('alice', tenant);
    await svc.grant('mallory', other);
  });
  afterAll(() => svc.stop());

  it('given a title and layers, then 201 "Template Created"; it reads back with defaults filled; an update changes what is sent; delete', async () => {
    const res = await create({ title: 'Table card', width: 384, height: 384, payload: { variables: [{ key: 'Table', value: '1' }] }, layers: [textLayer(), qrLayer()] });
    expect([res.status, res.body]).toEqual([201, { id: expect.any(String), message: 'Template Created' }]);
    const got = await one(res.body.id);
    expect(got.body).toMatchObject({
      id: res.body.id, collection: 'merchants', documentId: shop.id, title: 'Table card', width: 384, height: 384, testMode: false, version: 1,
      payload: { variables: [{ key: 'Table', value: '1' }], gridLines: 0 },
      layers: [
        { type: 'text', id: expect.any(String), x: 20, y: 20, width: 300, height: 60, options: { text: 'Table {{Table}}', fontFamily: 'Roboto', fontSize: 32, opacity: 1, rotate: 0, topLeftBorder: 0 } },
        { type: 'qr', options: { url: '{{url}}', errorCorrectionLevel: 'L', margin: 1, background: '#ffffff', color: '#000000' } },
      ],
    });
    expect(got.headers.etag).toBe('"1"');
    const changed = await update(res.body.id, { title: 'Seat card' });
    expect([changed.status, changed.body]).toEqual([200, { id: res.body.id, message: 'Template Updated' }]);
    expect((await one(res.body.id)).body).toMatchObject({ title: 'Seat card', width: 384, layers: got.body.layers, version: 2 });
    const gone = await svc.http().delete(`${base()}/${res.body.id}`).set('authorization', alice);
    expect([gone.status, gone.body]).toEqual([200, { id: res.body.id, message: 'Template Deleted' }]);
    expect([(await one(res.body.id)).status, (await one(res.body.id)).body.message]).toEqual([404, 'Template not found']);
  });

  it('given no title, then 400 "Title is required" on title', async () => {
    const res = await create({ title: ' ' });
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Title is required', { title: 'Title is required' }]);
  });

  // Seed 002 §5: every slider's range and every enum, refused outside its bounds, named by its path.
  const refused: [string, object, string, string][] = [
    ['font size above 400', textLayer({ fontSize: 401 }), 'options.fontSize', 'Font size must be between 0 and 400'],
    ['font size below 0', textLayer({ fontSize: -1 }), 'options.fontSize', 'Font size must be between 0 and 400'],
    ['line height above 400', textLayer({ lineHeight: 401 }), 'options.lineHeight', 'Line height must be between 0 and 400'],
    ['a fractional line height', textLayer({ lineHeight: 20.5 }), 'options.lineHeight', 'Line height must be a whole number'],
    ['line height below 0', textLayer({ lineHeight: -1 }), 'options.lineHeight', 'Line height must be between 0 and 400'],
    ['letter spacing above 400', textLayer({ letterSpacing: 401 }), 'options.letterSpacing', 'Letter spacing must be between 0 and 400'],
    ['font weight 950', textLayer({ fontWeight: 950 }), 'options.fontWeight', 'Font weight must be between 100 and 900 in steps of 100'],
    ['a font that is not one of the five', textLayer({ fontFamily: 'Comic Sans' }), 'options.fontFamily', 'Font family must be one of Roboto, Open Sans, Lato, Montserrat, Poppins'],
    ['font style oblique', textLayer({ fontStyle: 'oblique' }), 'options.fontStyle', 'Font style must be one of normal, italic'],
    ['text align justify', textLayer({ textAlign: 'justify' }), 'options.textAlign', 'Text align must be one of left, center, right'],
    ['text transform capitalize', textLayer({ textTransform: 'capitalize' }), 'options.textTransform', 'Text transform must be one of none, uppercase, lowercase'],
    ['colour red', textLayer({ color: 'red' }), 'options.color', 'Color must be a hex colour such as #000000'],
    ['opacity 2', textLayer({ opacity: 2 }), 'options.opacity', 'Opacity must be between 0 and 1'],
    ['a radius below 0', textLayer({ topLeftBorder: -4 }), 'options.topLeftBorder', 'Top left border must be between 0 and 5000'],
    ['error correction X', qrLayer({ errorCorrectionLevel: 'X' }), 'options.errorCorrectionLevel', 'Error correction level must be one of L, M, Q, H'],
    ['QR margin 11', qrLayer({ margin: 11 }), 'options.margin', 'Margin must be between 0 and 10'],
    ['image fit fill', { type: 'image', width: 10, height: 10, options: { objectFit: 'fill' } }, 'options.objectFit', 'Object fit must be one of contain, cover'],
    ['app clip logo text', { type: 'appclip', width: 10, height: 10, options: { logo: 'text' } }, 'options.logo', 'Logo must be one of badge, none'],
    ['app clip type ar', { type: 'appclip', width: 10, height: 10, options: { type: 'ar' } }, 'options.type', 'Type must be one of nfc, cam'],
    ['an icon that is not a path', { type: 'icon', width: 10, height: 10, options: { icon: '<script>' } }, 'options.icon', 'Icon must be an SVG path'],
    ['gradient type conic', { type: 'shape', width: 10, height: 10, options: { gradient: true, gradientSchema: { type: 'conic-gradient' } } }, 'options.gradientSchema.type', 'Gradient type must be one of linear-gradient, radial-gradient'],
    ['linear angle 361', { type: 'shape', width: 10, height: 10, options: { gradientSchema: { deg: 361 } } }, 'options.gradientSchema.deg', 'Angle must be between 0 and 360'],
    ['radial size 5010', { type: 'shape', width: 10, height: 10, options: { gradientSchema: { px: 5010 } } }, 'options.gradientSchema.px', 'Size must be between 0 and 5000 in steps of 10'],
    ['radial size 15 (not a step of 10)', { type: 'shape', width: 10, height: 10, options: { gradientSchema: { px: 15 } } }, 'options.gradientSchema.px', 'Size must be between 0 and 5000 in steps of 10'],
    ['one gradient colour', { type: 'shape', width: 10, height: 10, options: { gradientSchema: { colors: ['#fff'] } } }, 'options.gradientSchema.colors', 'A gradient has 2 to 10 colours'],
    ['a layer type hologram', { type: 'hologram', width: 10, height: 10 }, 'type', 'Type must be one of text, image, qr, icon, appclip, shape'],
    ['a layer without a width', { type: 'shape', height: 10 }, 'width', 'Width must be a number'],
  ];
  it.each(refused)('given a layer with %s, then 400 naming the field path (layers.3.…), and nothing is stored', async (_case, bad, field, message) => {
    const layers = [textLayer(), qrLayer(), textLayer(), bad];
    const res = await create({ title: 'Refused', layers });
    expect([res.status, res.body.errors]).toEqual([400, { [`layers.3.${field}`]: message }]);
    expect((await list('?q=Refused')).body.total).toBe(0);
  });

  it('given the bounds themselves, then they are taken (0 and 400, 0 and 360, 0 and 5000, grid lines 10)', async () => {
    const layers = [
      textLayer({ fontSize: 400, lineHeight: 0, letterSpacing: 400 }), textLayer({ fontSize: 0, lineHeight: 400, letterSpacing: 0 }),
      { type: 'shape', width: 10, height: 10, options: { gradient: true, gradientSchema: { type: 'linear-gradient', deg: 360, px: 5000, colors: ['#1677ff', '#fff'] } } },
      { type: 'shape', width: 10, height: 10, options: { gradientSchema: { deg: 0, px: 0 } } },
    ];
    expect((await create({ title: 'Bounds', layers, payload: { variables: [], gridLines: 10 } })).status).toBe(201);
    const grid = await create({ title: 'Grid', payload: { variables: [], gridLines: 11 } });
    expect([grid.status, grid.body.errors]).toEqual([400, { 'payload.gridLines': 'Grid lines must be between 0 and 10' }]);
  });

  it('given another tenant’s template, then 404 on read, update, delete, preview stays public; a stranger is 403', async () => {
    const theirs = (await create({ title: 'Theirs' }, other, mallory)).body.id as string;
    for (const res of [await one(theirs), await update(theirs, { title: 'Mine' }), await svc.http().delete(`${base()}/${theirs}`).set('authorization', alice), await one(theirs, hall)]) {
      expect([res.status, res.body.message]).toEqual([404, 'Template not found']);
    }
    expect((await one(theirs, other, mallory)).body).toMatchObject({ title: 'Theirs', version: 1 });
    expect((await svc.http().get(base(other)).set('authorization', alice)).status).toBe(403);
  });

  it('given sandbox and production templates, then each list holds only its mode', async () => {
    await create({ title: 'Live menu card' });
    await create({ title: 'Sandbox menu card', testMode: true });
    expect(titles(await list('?q=menu'))).toEqual([]);
    expect(titles(await list('?q=live'))).toEqual(['Live menu card']);
    expect(titles(await list('?q=sandbox'))).toEqual([]);
    expect(titles(await list('?q=sandbox&testMode=true'))).toEqual(['Sandbox menu card']);
    expect(titles(await list('?testMode=true'))).toEqual(['Sandbox menu card']);
  });

  it('given many templates, then a list pages by cursor, and search starts at 3 characters', async () => {
    for (let i = 1; i <= 5; i++) await create({ title: `Gate ${i}` }, hall);
    const first = await list('?limit=2&sort=title', hall);
    expect(titles(first)).toEqual(['Gate 1', 'Gate 2']);
    expect(first.body.total).toBe(5);
    const second = await list(`?limit=2&sort=title&cursor=${encodeURIComponent(first.body.nextCursor)}`, hall);
    expect(titles(second)).toEqual(['Gate 3', 'Gate 4']);
    expect((await list('?q=Ga', hall)).body.total).toBe(5);
    expect(titles(await list('?q=gat&sort=title', hall))).toEqual(['Gate 1', 'Gate 2', 'Gate 3', 'Gate 4', 'Gate 5']);
    expect(titles(await list('?q=xyz', hall))).toEqual([]);
  });

  it('given a template, then its preview is a PNG of its pixel size, the same bytes each time, with the cache asked for', async () => {
    const table = await tag('Table 7', [{ key: 'Table', value: '7' }]);
    const id = (await create({ title: 'Preview', width: 300, height: 420, tagId: table.id, layers: [{ type: 'shape', width: 300, height: 420, options: { gradient: true } }, textLayer(), qrLayer()] })).body.id;
    const get = () => svc.http().get(`/api/template/?id=${id}&cache=3000`).buffer(true).parse(binary as never);
    const [a, b] = [await get(), await get()];
    expect([a.status, a.headers['content-type'], a.headers['cache-control']]).toEqual([200, 'image/png', 'public, max-age=3000']);
    expect(await sharp(a.body as Buffer).metadata()).toMatchObject({ width: 300, height: 420 });
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
    expect((await svc.http().get(`/api/template/?id=nope`)).status).toBe(404);
  });

  it('given 3 tags, when a template is printed for them, then a PDF with one label each: its own table number and a QR code of its own link', async () => {
    const tags = [await tag('Table 1', [{ key: 'Table', value: '1' }]), await tag('Table 2', [{ key: 'Table', value: '2' }]), await tag('Table 3', [{ key: 'Table', value: '3' }])];
    const id = (await create({ title: 'Print me', width: 384, height: 384, layers: [textLayer(), qrLayer()] })).body.id;
    const res = await svc.http().post(`${base()}/${id}/print`).set('authorization', alice).send({ tagIds: tags.map((t) => t.id), paper: 'A4' }).buffer(true).parse(binary as never);
    expect([res.status, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Print me.pdf"/);
    const { pages } = await readPdf(res.body as Buffer);
    expect(pages.map((p) => [p.text, p.qr])).toEqual(tags.map((t, i) => [`Table ${i + 1}`, `${PUBLIC_URL}/tag/${t.code}`]));
    expect(pages[0]!.size.map(Math.round)).toEqual([595, 842]);

    const sheet = await svc.http().post(`${base()}/${id}/print`).set('authorization', alice).send({ tagIds: tags.map((t) => t.id), paper: 'label', bleed: 3 }).buffer(true).parse(binary as never);
    expect((await readPdf(sheet.body as Buffer)).pages.map((p) => p.size.map(Math.round))).toEqual(tags.map(() => [Math.round(288 + 6 * 72 / 25.4), Math.round(288 + 6 * 72 / 25.4)]));
  });

  it('given no tags or another tenant’s tag, then 400 before any byte', async () => {
    const id = (await create({ title: 'Print refused' })).body.id;
    const none = await svc.http().post(`${base()}/${id}/print`).set('authorization', alice).send({});
    expect([none.status, none.body.errors]).toEqual([400, { tagIds: 'Choose the tags to print' }]);
    const theirs = await tag('Elsewhere', [], hall);
    const foreign = await svc.http().post(`${base()}/${id}/print`).set('authorization', alice).send({ tagIds: [theirs.id] });
    expect([foreign.status, foreign.body.errors]).toEqual([400, { 'tagIds.0': 'Tag not found' }]);
    const paper = await svc.http().post(`${base()}/${id}/print`).set('authorization', alice).send({ all: true, paper: 'A3', perPage: 0 });
    expect([paper.status, paper.body.errors]).toEqual([400, { paper: 'Paper must be one of A4, Letter, label', perPage: 'Per page must be between 1 and 100' }]);
  });

  it('given a tag code, then /appclip/{code} is a PNG badge; a bad colour is a 400 naming it; an unknown code 404', async () => {
    const t = await tag('Clip', []);
    const res = await svc.http().get(`/appclip/${t.code}?background=ffffff&foreground=1677ff&logo=none&type=cam&size=256`).buffer(true).parse(binary as never);
    expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 256, height: 256 });
    const bad = await svc.http().get(`/appclip/${t.code}?foreground=blue&type=ar`);
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['foreground', 'type']]);
    expect((await svc.http().get('/appclip/nope')).status).toBe(404);
  });
});

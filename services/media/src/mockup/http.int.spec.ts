import sharp from 'sharp';
import { pngOf } from '@seatside/chassis/src/testkit/images';
import { startMediaTestService, type MediaTestService } from '../testing';
import { mediaMessages as m } from '../messages';
import { BEZEL } from './frame';

/** A screenshot whose every pixel differs from its neighbours, so a shifted or scaled copy cannot pass. */
const patterned = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = x % 256;
      raw[i + 1] = y % 256;
      raw[i + 2] = (x * 7 + y * 13) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
};

const rawOf = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)] };
};

describe('media API: the mockup tool (POST /api/mockup)', () => {
  let svc: MediaTestService;
  const upload = (file: Buffer, filename: string, color?: string) => {
    const req = svc.http().post('/api/mockup');
    if (color !== undefined) req.field('color', color);
    return req.attach('file', file, filename).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  };

  beforeAll(async () => {
    svc = await startMediaTestService();
  });
  afterAll(() => svc.stop());

  it('given a 1179×2556 screenshot and Space Black, when it is uploaded without signing in, then an iPhone 15 portrait PNG answers whose screen holds the screenshot pixel for pixel', async () => {
    const shot = await patterned(1179, 2556);
    const res = await upload(shot, 'screen.png', 'Space Black');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.device).toBe('iPhone 15');
    expect(res.headers.orientation).toBe('portrait');
    const out = await rawOf(res.body as Buffer);
    expect([out.width, out.height]).toEqual([1179 + 2 * BEZEL, 2556 + 2 * BEZEL]);
    const source = await rawOf(shot);
    // Samples across the screen, away from the rounded corners and the Dynamic Island at the top.
    let sampled = 0;
    for (let y = 300; y < 2556 - 200; y += 97) {
      for (let x = 10; x < 1179 - 10; x += 53) {
        expect([x, y, ...out.at(x + BEZEL, y + BEZEL)]).toEqual([x, y, ...source.at(x, y)]);
        sampled += 1;
      }
    }
    expect(sampled).toBeGreaterThan(400);
    // The frame around the screen is the Space Black body, not the screenshot.
    expect(out.at(BEZEL / 2, out.height / 2)).toEqual([0x2b, 0x2b, 0x2d]);
  });

  it('given a 2532×1170 screenshot and no colour, then it is an iPhone 14 landscape in the default colour', async () => {
    const res = await upload(await pngOf(2532, 1170), 'wide.png');
    expect(res.status).toBe(200);
    expect([res.headers.device, res.headers.orientation]).toEqual(['iPhone 14', 'landscape']);
    const out = await rawOf(res.body as Buffer);
    expect([out.width, out.height]).toEqual([2532 + 2 * BEZEL, 1170 + 2 * BEZEL]);
  });

  it('given another colour of the model, then the body takes it; a colour the model does not come in is refused with a message', async () => {
    const shot = await pngOf(1179, 2556);
    const pink = await upload(shot, 'screen.png', 'Pink');
    expect(pink.status).toBe(200);
    expect((await rawOf(pink.body as Buffer)).at(BEZEL / 2, 1300)).toEqual([0xf2, 0xdd, 0xe1]);
    const refused = await upload(shot, 'screen.png', 'Gold');
    expect(refused.status).toBe(400);
    const problem = JSON.parse((refused.body as Buffer).toString('utf8'));
    expect(problem).toMatchObject({ code: 'validation_failed', message: 'iPhone 15 comes in Space Black, Black, Blue, Green, Yellow, Pink' });
  });

  it('given a text file, or no file, then it is refused with a message as JSON and no image', async () => {
    const text = await upload(Buffer.from('just some notes\n'), 'notes.txt', 'Space Black');
    expect(text.status).toBe(400);
    expect(text.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse((text.body as Buffer).toString('utf8'))).toMatchObject({ message: m.notAnImage, errors: { file: m.notAnImage } });
    const none = await svc.http().post('/api/mockup').field('color', 'Space Black');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: m.fileRequired });
  });
});

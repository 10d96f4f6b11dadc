import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { Router, type Express, type RequestHandler } from 'express';
import { encodedPage, pageOf } from '@seatside/catalog/src/storefront/pages';
import type { GatewayOptions } from './app';
import { testGateway } from './testing';

/** One request over a socket, the body as the bytes on the wire (supertest would inflate them). */
async function raw(app: Express, target: string, headers: Record<string, string> = {}, method = 'GET') {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const brotli = (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzip = (data: Buffer) => zlib.gzipSync(data, { level: 9 });

/** A built web app as the frontend builds write it: each text file with its .br and .gz beside it. */
function builtFrontends() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-frontends-'));
  const files: Record<string, Buffer> = {};
  const write = (relative: string, text: string, variants: Array<'.br' | '.gz'> = ['.br', '.gz']) => {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const data = Buffer.from(text);
    fs.writeFileSync(file, data);
    files[relative] = data;
    if (variants.includes('.br')) fs.writeFileSync(`${file}.br`, (files[`${relative}.br`] = brotli(data)));
    if (variants.includes('.gz')) fs.writeFileSync(`${file}.gz`, (files[`${relative}.gz`] = gzip(data)));
  };
  const js = `console.log(${JSON.stringify('the menu, '.repeat(400))});\n`;
  write('shell/dist/index.html', `<!doctype html><html lang="en"><head><title>Seatside</title><script defer src="/static/js/index.0123abcd89.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>`);
  write('shell/dist/static/js/index.0123abcd89.js', js);
  write('shell/dist/static/js/only-gzip.0123abcd89.js', js, ['.gz']);
  write('storefront/dist/static/js/async/menu.fedcba9876.js', js);
  write('shell/secret.js', js);
  return { dir, files };
}

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Stadium nachos ${i}` })) };

function gateway(overrides: Partial<GatewayOptions> = {}) {
  const service = Router();
  service.get('/v1/echo/big', (_req, res) => res.json(big));
  service.get('/v1/echo/small', (_req, res) => res.json({ seat: '2C' }));
  service.get('/v1/echo/streamed', (_req, res) => {
    res.type('application/json');
    res.write('[');
    for (let i = 0; i < 200; i += 1) res.write(`${i ? ',' : ''}"row ${i}"`);
    res.end(']');
  });
  service.get('/v1/echo/events', (_req, res) => {
    res.type('text/event-stream');
    res.end(`data: ${'x'.repeat(5000)}\n\n`);
  });
  // As the catalog's storefront route sends its prebuilt document (services/catalog/src/storefront/http.ts).
  const page = pageOf('v1', big);
  service.get('/v1/echo/storefront', (req, res) => {
    const { body, coding } = encodedPage(page, req.headers['accept-encoding']);
    if (coding) res.setHeader('Content-Encoding', coding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  });
  return {
    page,
    app: testGateway(service, {
      rateLimit: { limit: 1000, windowMs: 60_000 },
      graphql: (_req, res) => {
        res.json({ data: big });
      },
      ...overrides,
    }),
  };
}

describe('compressed delivery: the web app\'s precompressed files', () => {
  const built = builtFrontends();
  const { app } = gateway({ frontendsDir: built.dir });
  const js = '/static/js/index.0123abcd89.js';
  const jsFile = 'shell/dist/static/js/index.0123abcd89.js';
  afterAll(() => fs.rmSync(built.dir, { recursive: true, force: true }));

  it('given Accept-Encoding br, when a fingerprinted JS file is fetched, then its Brotli file\'s bytes as br, immutable, with Vary', async () => {
    const res = await raw(app, js, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toEqual(built.files[`${jsFile}.br`]);
    expect(zlib.brotliDecompressSync(res.body)).toEqual(built.files[jsFile]);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-length']).toBe(String(built.files[`${jsFile}.br`]!.length));
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toEqual(expect.any(String));
  });

  it('given gzip only (or br refused with q=0), then the gzip file\'s bytes', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await raw(app, js, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body).toEqual(built.files[`${jsFile}.gz`]);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('given no Accept-Encoding (or every coding refused), then the identity bytes, with Vary and the same cache header', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Array<Record<string, string>>) {
      const res = await raw(app, js, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toEqual(built.files[jsFile]);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('given an ETag per encoding, when revalidated with the matching one, then 304; another encoding\'s ETag does not match', async () => {
    const br = await raw(app, js, { 'accept-encoding': 'br' });
    const gz = await raw(app, js, { 'accept-encoding': 'gzip' });
    const identity = await raw(app, js);
    expect(new Set([br.headers.etag, gz.headers.etag, identity.headers.etag]).size).toBe(3);
    const again = await raw(app, js, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw(app, js, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! })).status).toBe(200);
    expect((await raw(app, js, { 'if-none-match': identity.headers.etag! })).status).toBe(304);
  });

  it('given a file whose Brotli was not written, when br and gzip are accepted, then its gzip', async () => {
    const res = await raw(app, '/static/js/only-gzip.0123abcd89.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body)).toEqual(built.files[jsFile]);
  });

  it('given a remote\'s chunk, then its Brotli too', async () => {
    const res = await raw(app, '/remotes/storefront/static/js/async/menu.fedcba9876.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toEqual(built.files['storefront/dist/static/js/async/menu.fedcba9876.js.br']);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('given a deep link, then the shell\'s page as its Brotli file, never cached without revalidation', async () => {
    const res = await raw(app, '/section-114', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.body)).toEqual(built.files['shell/dist/index.html']);
    const identity = await raw(app, '/section-114', { accept: 'text/html' });
    expect(identity.body).toEqual(built.files['shell/dist/index.html']);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('given a path that leaves the build folder, then no file', async () => {
    for (const target of ['/static/../../secret.js', '/static/%2e%2e/%2e%2e/secret.js', '/..%2fsecret.js']) {
      const res = await raw(app, target, { accept: 'application/javascript', 'accept-encoding': 'br' });
      expect(res.status).toBe(404);
      expect(res.body).not.toEqual(built.files['shell/secret.js.br']);
    }
  });
});

describe('compressed delivery: API answers', () => {
  const { app, page } = gateway();

  it('given an answer over 1 KB, then Brotli for br, gzip for gzip, the same JSON once decoded', async () => {
    const br = await raw(app, '/v1/echo/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(big);
    const gz = await raw(app, '/v1/echo/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(big);
    const identity = await raw(app, '/v1/echo/big');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(big);
    expect(br.body.length).toBeLessThan(identity.body.length / 4);
  });

  it('given an answer under 1 KB, then it goes as it is', async () => {
    const res = await raw(app, '/v1/echo/small', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ seat: '2C' });
  });

  it('given a streamed answer of unknown length, then it is compressed as it streams', async () => {
    const res = await raw(app, '/v1/echo/streamed', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toHaveLength(200);
  });

  it('given a GraphQL answer over 1 KB, then compressed too', async () => {
    const res = await raw(app, '/graphql?query=%7B__typename%7D', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual({ data: big });
  });

  it('given an event stream or a HEAD, then never compressed', async () => {
    expect((await raw(app, '/v1/echo/events', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBeUndefined();
    expect((await raw(app, '/v1/echo/big', { 'accept-encoding': 'br, gzip' }, 'HEAD')).headers['content-encoding']).toBeUndefined();
  });

  it('given the storefront document, already encoded, then its prebuilt bytes pass untouched: never compressed twice', async () => {
    const br = await raw(app, '/v1/echo/storefront', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(page.br);
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gz = await raw(app, '/v1/echo/storefront', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(page.gzip);
  });

  it('given a service behind a proxy (the distributed topology), then its large answer is compressed at the edge and its own encoding passes untouched', async () => {
    const service = express();
    service.get('/v1/echo/big', (_req, res) => res.json(big));
    service.get('/v1/echo/storefront', (req, res) => {
      const { body, coding } = encodedPage(page, req.headers['accept-encoding']);
      if (coding) res.setHeader('Content-Encoding', coding);
      res.type('application/json').send(body);
    });
    const server = service.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      // As http-proxy forwards an answer: its status and headers set one by one, then its body piped.
      const port = (server.address() as AddressInfo).port;
      const proxy: RequestHandler = (req, res) => {
        http.get({ host: '127.0.0.1', port, path: req.originalUrl, headers: req.headers }, (upstream) => {
          res.statusCode = upstream.statusCode ?? 502;
          for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined) res.setHeader(name, value);
          upstream.pipe(res);
        });
      };
      const { app: edge } = gateway({ targets: { echo: proxy } });
      const big1 = await raw(edge, '/v1/echo/big', { 'accept-encoding': 'br' });
      expect(big1.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(big1.body).toString())).toEqual(big);
      const prebuilt = await raw(edge, '/v1/echo/storefront', { 'accept-encoding': 'gzip' });
      expect(prebuilt.headers['content-encoding']).toBe('gzip');
      expect(prebuilt.body).toEqual(page.gzip);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

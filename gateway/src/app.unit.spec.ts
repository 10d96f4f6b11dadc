import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import request from 'supertest';
import { unauthorized } from '@seatside/chassis';
import type { GatewayOptions } from './app';
import { testGateway } from './testing';

function gateway(overrides: Partial<GatewayOptions> = {}) {
  const service = Router();
  service.post('/v1/echo', (req, res) => {
    res.json({ body: req.body, principal: req.principal ?? null });
  });
  return testGateway(service, overrides);
}

describe('gateway app', () => {
  it('given a path in the route table, then the owning service answers with the body intact', async () => {
    const res = await request(gateway()).post('/v1/echo').send({ seat: '2C' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: { seat: '2C' }, principal: null });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('given a request id from the caller, then it is kept', async () => {
    const res = await request(gateway()).post('/v1/echo').set('x-request-id', 'abc-123').send({});
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('given a path no service owns, then a problem+json 404', async () => {
    const res = await request(gateway()).get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found', message: 'No route for GET /v1/nope' });
  });

  it('given a client over its limit, then the public QR images are refused too (each is an encode)', async () => {
    const qr = Router().get('/qr/:code', (_req, res) => {
      res.type('png').send(Buffer.from('png'));
    });
    const app = gateway({ rateLimit: { limit: 1, windowMs: 60_000 }, routes: [{ service: 'tags', prefixes: ['/qr'] }], targets: { tags: qr } });
    expect((await request(app).get('/qr/abc')).status).toBe(200);
    expect((await request(app).get('/qr/abc')).status).toBe(429);
  });

  it('given a client over its limit, then 429 with Retry-After, while another client still passes', async () => {
    const app = gateway({ rateLimit: { limit: 2, windowMs: 60_000 }, trustProxy: ['loopback'] });
    expect((await request(app).post('/v1/echo').send({})).headers['ratelimit-remaining']).toBe('1');
    expect((await request(app).post('/v1/echo').send({})).status).toBe(200);
    const refused = await request(app).post('/v1/echo').send({});
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect(refused.body.message).toBe('Too many requests, please try again later');
    const other = await request(app).post('/v1/echo').set('x-forwarded-for', '10.0.0.9').send({});
    expect(other.status).toBe(200);
  });

  it('given a rate limiter whose store (Redis) cannot be reached, then requests pass uncounted instead of failing; a fault of the limiter itself still fails', async () => {
    // node-redis's ClientOfflineError (chassis problem.unit.spec maps the class itself).
    const offline = gateway({ limiter: { hit: async () => Promise.reject(new Error('The client is offline')), reset: async () => undefined } });
    const passed = await request(offline).post('/v1/echo').send({ seat: '2C' });
    expect([passed.status, passed.body.body, passed.headers['ratelimit-limit']]).toEqual([200, { seat: '2C' }, undefined]);
    const broken = gateway({ limiter: { hit: async () => Promise.reject(new TypeError('a bug')), reset: async () => undefined } });
    expect((await request(broken).post('/v1/echo').send({})).status).toBe(500);
  });

  it('given no TRUST_PROXY, when a client names another address in X-Forwarded-For, then it is still counted as itself', async () => {
    const app = gateway({ rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await request(app).post('/v1/echo').set('x-forwarded-for', '10.0.0.1').send({})).status).toBe(200);
    expect((await request(app).post('/v1/echo').set('x-forwarded-for', '10.0.0.2').send({})).status).toBe(429);
  });

  it('given a bad bearer token, then 401 problem before any service runs', async () => {
    const reached = jest.fn();
    const verifier = {
      verify: async () => {
        throw unauthorized('Invalid or expired token');
      },
    };
    const app = gateway({ verifiers: [verifier], graphql: reached });
    const res = await request(app).post('/v1/echo').set('authorization', 'Bearer x.y.z').send({});
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid or expired token');
    await request(app).post('/graphql').set('authorization', 'Bearer x.y.z').send({});
    expect(reached).not.toHaveBeenCalled();
  });

  it('given a built web app, then deep links get the shell index.html and shell and remote assets are served', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontends-'));
    fs.mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'admin', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><title>Shell</title>');
    fs.writeFileSync(path.join(dir, 'shell', 'dist', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'admin', 'dist', 'mf-manifest.json'), '{"id":"admin"}');
    const app = gateway({ frontendsDir: dir });
    const deep = await request(app).get('/dashboard/merchants/x/coupons').set('accept', 'text/html');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('<title>Shell</title>');
    const asset = await request(app).get('/app.js');
    expect(asset.text).toBe('console.log(1)');
    const manifest = await request(app).get('/remotes/admin/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ id: 'admin' });
    const missingAsset = await request(app).get('/missing.js').set('accept', 'application/javascript');
    expect(missingAsset.status).toBe(404);
    // A miss under /remotes/ is a 404 even for a browser that accepts HTML: never the shell's page.
    for (const miss of ['/remotes/admin/nothing.js', '/remotes/nobody/mf-manifest.json', '/remotes/shell/index.html']) {
      const res = await request(app).get(miss).set('accept', 'text/html,*/*');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<title>Shell</title>');
    }
    fs.rmSync(dir, { recursive: true });
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import request from 'supertest';
import type { GatewayOptions } from './app';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';
import { testGateway } from './testing';

function gateway(frontendsDir: string, overrides: Partial<GatewayOptions> = {}) {
  const service = Router().get('/v1/echo', (_req, res) => {
    res.json({ ok: true });
  });
  return testGateway(service, { graphql: (_req, res) => void res.json({ data: {} }), frontendsDir, ...overrides });
}

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  const inline = 'window.__boot = 1;';
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontends-csp-'));
    fs.mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), `<!doctype html><title>Shell</title><script>${inline}</script><script src="/a.js"></script>`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('given an API call and a page, then both carry CSP, nosniff, Referrer-Policy and frame denial, and no HSTS over plain HTTP', async () => {
    const app = gateway(dir);
    for (const res of [await request(app).get('/v1/echo'), await request(app).get('/dashboard').set('accept', 'text/html'), await request(app).get('/v1/nope')]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('given a script, style or font fetch, then no CSP nor frame denial (browsers ignore them there), and a referrer policy only for a style; a worker script and a document keep the CSP', async () => {
    const app = gateway(dir);
    for (const dest of ['script', 'style', 'font']) {
      const res = await request(app).get('/v1/echo').set('sec-fetch-dest', dest);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe(dest === 'style' ? 'strict-origin-when-cross-origin' : undefined);
    }
    for (const dest of ['serviceworker', 'worker', 'document', 'iframe', 'empty']) {
      expect((await request(app).get('/v1/echo').set('sec-fetch-dest', dest)).headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('given a request that came over TLS through a trusted proxy, then HSTS', async () => {
    const res = await request(gateway(dir, { trustProxy: ['loopback'] })).get('/v1/echo').set('x-forwarded-proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('given the shell page has an inline script, then the policy allows exactly its hash, not inline scripts in general', async () => {
    const policy = (await request(gateway(dir)).get('/').set('accept', 'text/html')).headers['content-security-policy'] as string;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(directive(policy, 'script-src')).toContain(hash);
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(policy, 'script-src')).not.toContain('unsafe-eval');
  });

  it("given the voice ordering page, then only its policy lets WebAssembly compile ('wasm-unsafe-eval'), still with no eval nor inline scripts", async () => {
    const app = gateway(dir);
    const voice = directive((await request(app).get('/section-114/voice').set('accept', 'text/html')).headers['content-security-policy'] as string, 'script-src');
    expect(voice.split(' ')).toContain("'wasm-unsafe-eval'");
    expect(voice.split(' ')).not.toContain("'unsafe-eval'");
    expect(voice).not.toContain('unsafe-inline');
    for (const other of ['/section-114', '/section-114/checkout', '/section-114/voice/more', '/dashboard']) {
      expect(directive((await request(app).get(other).set('accept', 'text/html')).headers['content-security-policy'] as string, 'script-src')).not.toContain('wasm');
    }
  });

  it('then the policy lets the storefront load Stripe.js and Square, and talk to their APIs and frames', () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, 'script-src')).toEqual(expect.stringContaining('https://js.stripe.com'));
    expect(directive(policy, 'script-src')).toEqual(expect.stringContaining('https://web.squarecdn.com'));
    expect(directive(policy, 'script-src')).toEqual(expect.stringContaining('https://sandbox.web.squarecdn.com'));
    expect(directive(policy, 'connect-src')).toEqual(expect.stringContaining('https://api.stripe.com'));
    expect(directive(policy, 'connect-src')).toEqual(expect.stringContaining('https://pci-connect.squareup.com'));
    expect(directive(policy, 'frame-src')).toEqual(expect.stringContaining('https://hooks.stripe.com'));
    expect(directive(policy, 'frame-src')).toEqual(expect.stringContaining('https://js.stripe.com'));
    expect(policy).toContain("object-src 'none'");
  });

  it('given scripts with and without src, then only inline bodies are hashed', () => {
    expect(inlineScriptHashes('<script src="/x.js"></script><script type="module">a()</script><script></script>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
    ]);
  });
});

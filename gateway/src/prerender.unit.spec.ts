import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import request from 'supertest';
import { composePage, httpStorefrontDocuments, type StorefrontDocuments } from './prerender';
import { testGateway } from './testing';

// Over 1 KB, so that a composed page is worth compressing.
const INDEX = `<!doctype html><html lang="en"><head><title>Seatside</title><meta name="description" content="${'Ordering for venues. '.repeat(60)}"><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>`;

/**
 * A built web app whose prerender bundles stand in for the frontends' (frontends/ui/build/prerender.mjs):
 * the storefront's renders the merchant's name (escaped, as React does) and declines a venue; the
 * marketing one renders `/`.
 */
function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontends-prerender-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('shell/dist/index.html', INDEX);
  const escape = "(t) => t.replace(/[&<>\"']/g, (c) => '&#' + c.charCodeAt(0) + ';')";
  write(
    'storefront/dist/server/prerender.cjs',
    `const escape = ${escape};
exports.prerender = (doc) => doc && doc.merchant ? { title: doc.merchant.name, head: '<style id="sf-css">.sf{}</style>', body: '<h1>' + escape(doc.merchant.name) + '</h1><p class="sf-desc">' + escape(doc.merchant.description) + '</p>' } : undefined;`,
  );
  write('marketing/dist/server/prerender.cjs', `exports.prerender = (path) => path === '/' ? { head: '<style>.mk{}</style>', body: '<p class="mk-lead">Ordering for everyone</p>' } : undefined;`);
  return dir;
}

const merchant = { merchant: { name: 'Joe\'s <script>alert("x")</script> Grill', description: 'Burgers & <b>fries</b>' } };

describe('prerendered pages (the first view in the served HTML)', () => {
  let dir: string;
  let reads: string[];
  const documents: StorefrontDocuments = async (handle, testMode) => {
    reads.push(`${handle}:${testMode}`);
    if (handle === 'joes-grill') return merchant;
    if (handle === 'the-arena') return { type: 'venue', venue: { name: 'The Arena' } };
    return undefined;
  };
  const gateway = () => testGateway(Router(), { frontendsDir: dir, storefrontDocuments: documents });
  beforeEach(() => {
    dir = builtApp();
    reads = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("given a merchant's page, when a browser opens it, then its name and description are in the HTML, escaped, before the app's root, and no script was added", async () => {
    const res = await request(gateway()).get('/joes-grill').set('accept', 'text/html').set('accept-encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="prerender" data-remote="storefront" inert><h1>Joe&#39;s &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Grill</h1><p class="sf-desc">Burgers &#38; &#60;b&#62;fries&#60;/b&#62;</p></div><div id="root"></div>');
    expect(res.text).toContain('<style>#prerender~#root{display:none}</style><style id="sf-css">.sf{}</style></head>');
    expect(res.text).toContain('<title>Joe&#39;s &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Grill</title>');
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text).not.toContain('<script>');
    expect(res.text.match(/<script/g)).toHaveLength(1);
    // The policy is the one every page gets: no inline script is allowed by it.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
  });

  it('given a browser that takes Brotli, then the page comes Brotli-encoded, with an ETag that answers 304', async () => {
    const app = gateway();
    // supertest inflates the body: what arrives is the page, sent as Brotli.
    const res = await request(app).get('/joes-grill').set('accept', 'text/html').set('accept-encoding', 'br, gzip');
    expect([res.headers['content-encoding'], res.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(res.text).toContain('<p class="sf-desc">Burgers &#38; &#60;b&#62;fries&#60;/b&#62;</p>');
    const again = await request(app).get('/joes-grill').set('accept', 'text/html').set('if-none-match', String(res.headers.etag));
    expect(again.status).toBe(304);
  });

  it('given the landing page, then its first view is in the HTML, rendered once for every visitor', async () => {
    const app = gateway();
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get('/').set('accept', 'text/html');
      expect(res.text).toContain('<div id="prerender" data-remote="marketing" inert><p class="mk-lead">Ordering for everyone</p></div><div id="root"></div>');
    }
    expect(reads).toEqual([]);
  });

  it('given a page with no first view (no such handle, a venue, a deeper path), then the shell\'s page as it is', async () => {
    const app = gateway();
    for (const url of ['/no-such-place', '/the-arena', '/joes-grill/checkout', '/dashboard']) {
      const res = await request(app).get(url).set('accept', 'text/html');
      expect([url, res.status, res.text]).toEqual([url, 200, INDEX]);
    }
  });

  it('given the sandbox site, then the sandbox document is read; a page is read once for a few seconds', async () => {
    const app = gateway();
    await request(app).get('/joes-grill?testMode=true').set('accept', 'text/html');
    await request(app).get('/joes-grill').set('accept', 'text/html');
    await request(app).get('/Joes-Grill').set('accept', 'text/html');
    expect(reads).toEqual(['joes-grill:true', 'joes-grill:false']);
  });

  it('given a bundle that throws, or no bundles built, then the shell\'s page as it is', async () => {
    fs.writeFileSync(path.join(dir, 'storefront/dist/server/prerender.cjs'), 'exports.prerender = () => { throw new Error("broken"); };');
    fs.rmSync(path.join(dir, 'marketing/dist/server'), { recursive: true });
    const app = gateway();
    expect((await request(app).get('/joes-grill').set('accept', 'text/html')).text).toBe(INDEX);
    expect((await request(app).get('/').set('accept', 'text/html')).text).toBe(INDEX);
  });

  it('given a request for a remote\'s prerender bundle, then 404: it is the gateway\'s, never served', async () => {
    for (const url of ['/remotes/storefront/server/prerender.cjs', '/remotes/marketing/SERVER/prerender.cjs']) {
      expect((await request(gateway()).get(url)).status).toBe(404);
    }
  });

  it('given a page without a root or a head, then it is not composed', () => {
    expect(composePage('<html><body></body></html>', { head: '', body: 'x' }, 'storefront')).toBeUndefined();
    expect(composePage('<div id="root"></div></head>', { head: '', body: 'x' }, 'storefront')).toBeUndefined();
  });

  it('given the catalog over HTTP, then the document of the handle in its mode; none for a 404', async () => {
    const calls: string[] = [];
    const fake = (async (url: string) => {
      calls.push(url);
      return url.includes('/joes-grill') ? new Response(JSON.stringify(merchant), { status: 200 }) : new Response('{}', { status: 404 });
    }) as unknown as typeof fetch;
    const http = httpStorefrontDocuments(() => 'http://catalog.internal/', fake);
    expect(await http('joes-grill', true)).toEqual(merchant);
    expect(await http('nobody', false)).toBeUndefined();
    expect(calls).toEqual(['http://catalog.internal/v1/storefront/joes-grill?testMode=true', 'http://catalog.internal/v1/storefront/nobody']);
  });
});
